"""Tridagon links: a tridagon with exactly two guardians proves that one of them is true, a
strong link between two candidates that need not share a cell or house, for kraken
branches to cross (:mod:`techniques.krakens.pattern_links`).

A tridagon (:mod:`techniques.patterns.tridagon`) is twelve cells of four boxes that cannot
hold only their three digits, so one of their other candidates (the guardians) is true.
With two guardians, if one is false the other is true. (With one, the Tridagon places it;
with two that see a common candidate, the Tridagon removes it; Kraken Tridagon follows a
chain from each guardian. Here the two are one link inside a longer chain.)
"""

from __future__ import annotations

from typing import Final

from engine.cache import per_grid_version
from engine.cells import CELL_NAMES, MASK_DIGITS
from engine.grid import Grid
from engine.step import Candidate
from techniques.hodoku_chains.link_graph import candidate_node
from techniques.krakens.pattern_links import LinkedGraph, Pattern, PatternLink
from techniques.patterns.tridagon import pattern_words, tridagons
from techniques.shared import true_literal

#: At most this many tridagons of one position add their links (a bound on work).
MAX_TRIDAGONS: Final = 8


@per_grid_version(size=2)
def tridagon_graph(grid: Grid) -> LinkedGraph | None:
    """The grid's kraken graph with the strong link of each tridagon with two guardians;
    None without one (cached per grid version; read-only)."""
    linked: LinkedGraph | None = None
    seen: set[tuple[object, ...]] = set()
    for digits, pattern in tridagons(grid, 2):  # two guardians: at most two guardian cells
        guardians = tuple(sorted(g for d in pattern for g in d.guardians))
        if len(guardians) != 2 or guardians in seen:
            continue
        seen.add(guardians)
        if linked is None:
            linked = LinkedGraph.of(grid)
        cells = tuple(c for d in pattern for c in d.cells)
        members = tuple(Candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & digits])
        shown = Pattern(pattern_words(digits, pattern), cells, members + guardians)
        index = linked.built.graph.index
        first, second = (true_literal(index[candidate_node(g.digit, g.cell)]) for g in guardians)
        names = " and ".join(f"{g.digit} in {CELL_NAMES[g.cell]}" for g in guardians)
        why = PatternLink(f"one of the tridagon's two guardians, {names}, is true", shown)
        linked.add(first ^ 1, second, why, why)
        if len(seen) >= MAX_TRIDAGONS:
            break
    return linked


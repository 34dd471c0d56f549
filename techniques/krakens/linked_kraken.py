"""Exocet Kraken and Tridagon Link Kraken: a Kraken Cell or House whose branches may cross
links that a pattern proves.

After an Exocet or a tridagon has done what it can on its own, the strong players keep
using what it proved in their chains: an Exocet's targets hold different digits, a
target's digit is in a base cell and in the target's mirror, a base cell's digit is in a
target (:mod:`techniques.krakens.exocet_links`); of a tridagon's two guardians one is true
(:mod:`techniques.krakens.tridagon_links`). These techniques are the Kraken Cell and
Kraken House (:mod:`techniques.krakens.kraken`) with those links added to the branches:
one of a cell's candidates or of a digit's places in a house is true, and a short chain
from each reaches the same conclusion, some chain through the pattern. They report only
what the plain krakens cannot (a conclusion some branch reaches only through a pattern
link), so they come right after them in the ``full`` profile. The step first states the
pattern, each crossing of one of its links says why in words, and the picture shows the
pattern's cells (and a mirror the branches use) beside the branches. No uniqueness is
assumed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Iterator

from engine.grid import Grid
from engine.step import Candidate, Highlights
from engine.technique import Declaration
from techniques.hodoku_chains.link_graph import Node
from techniques.hodoku_chains.notation import Chain
from techniques.krakens.branches import Branches, branches
from techniques.krakens.exocet_links import exocet_graph
from techniques.krakens.kraken import Kraken, _explain
from techniques.krakens.pattern_links import GraphOf, LinkedGraph, PatternLink, linked_branches
from techniques.krakens.tridagon_links import tridagon_graph
from techniques.krakens.truths import TruthSet, TruthSource, cell_truths, house_truths


def cell_and_house_truths(grid: Grid) -> Iterator[TruthSet]:
    """The truth sets of Kraken Cell, then those of Kraken House."""
    yield from cell_truths(grid)
    yield from house_truths(grid)


class LinkedKraken(Kraken):
    """Kraken Cell and House over the kraken graph with one kind of pattern links."""

    def __init__(self, declaration: Declaration, source: TruthSource, graph_of: GraphOf) -> None:
        super().__init__(declaration, source)
        self.graph_of = graph_of

    def branches(self, grid: Grid) -> Branches | None:
        return linked_branches(grid, self.graph_of)

    def known(self, grid: Grid, truth: TruthSet) -> int:
        """What the plain branches reach from every member: Kraken Cell or House's."""
        plain = branches(grid)
        common = -1
        for member in truth.members:
            common &= plain.reach(member)
        return common

    def _linked(self, grid: Grid) -> LinkedGraph:
        built = self.graph_of(grid)
        assert built is not None  # the step's search was built from it
        return built

    def explain(
        self, search: Branches, truth: TruthSet, chains: list[Chain], placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...]
    ) -> str:
        built = self._linked(search.grid)
        index = search.graph.index

        def because(before: tuple[Node, bool], after: tuple[Node, bool]) -> str | None:
            link = built.links.get((index[before[0]] << 1 | (not before[1]), index[after[0]] << 1 | (not after[1])))
            return None if link is None else link.reason

        patterns = dict.fromkeys(link.pattern for link in links_crossed(built, search, chains))
        intro = " ".join(pattern.words for pattern in patterns)
        return f"{intro} {_explain(search, truth, chains, placements, eliminations, because)}"

    def highlights(self, grid: Grid, chains: list[Chain], drawn: Highlights) -> Highlights:
        built = self._linked(grid)
        search = self.branches(grid)
        assert search is not None
        crossed = links_crossed(built, search, chains)
        patterns = list(dict.fromkeys(link.pattern for link in crossed))
        truth = set(drawn.pattern)  # the truth set keeps its own colour where the pattern meets it
        alt = tuple(c for pattern in patterns for c in pattern.candidates if c not in truth)
        shown = [c for pattern in patterns for c in pattern.cells] + [c for link in crossed for c in link.shows]
        return replace(drawn, alt=tuple(dict.fromkeys((*drawn.alt, *alt))), cells=tuple(dict.fromkeys((*drawn.cells, *shown))))


def links_crossed(built: LinkedGraph, search: Branches, chains: list[Chain]) -> list[PatternLink]:
    """The pattern links the chains cross, in the order first crossed."""
    index = search.graph.index
    crossed: dict[PatternLink, None] = {}
    for chain in chains:
        literals = [index[node] << 1 | (not true) for node, true in chain]
        for a, b in zip(literals, literals[1:]):
            link = built.links.get((a, b))
            if link is not None:
                crossed[link] = None
    return list(crossed)


EXOCET_KRAKEN: Final = LinkedKraken(Declaration("Exocet Kraken", "kex"), cell_and_house_truths, exocet_graph)
TRIDAGON_LINK_KRAKEN: Final = LinkedKraken(Declaration("Tridagon Link Kraken", "ktl"), cell_and_house_truths, tridagon_graph)

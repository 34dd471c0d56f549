"""Exocet Kraken: a Kraken Cell or House whose branches may cross an Exocet's links.

After an Exocet has done what it can on its own (its targets hold the two digits of its
base cells, one each: :mod:`techniques.patterns.exocet`), the strong players keep using it
in their chains: if one target is 6 the other is not; a target's digit must be in a base
cell, and in the target's mirror; a base cell's digit must be in a target
(:mod:`techniques.krakens.exocet_links`).
This technique is the Kraken Cell and Kraken House (:mod:`techniques.krakens.kraken`) with
those links added to the branches: one of a cell's candidates or of a digit's places in a
house is true, and a short chain from each reaches the same conclusion, some chain through
the Exocet. It reports only what the plain krakens cannot (a conclusion some branch
reaches only through an Exocet link), so it comes right after them in the ``full``
profile. Each crossing of an Exocet link says why in words, and the picture shows the
Exocet's base cells and targets (and a mirror the branches use) beside the branches. No uniqueness is assumed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from engine.cells import CELL_NAMES, MASK_DIGITS
from engine.grid import Grid
from engine.notation import words_list
from engine.step import Candidate, Highlights
from engine.technique import Declaration
from techniques.hodoku_chains.link_graph import Node
from techniques.hodoku_chains.notation import Chain
from techniques.krakens.branches import Branches, branches
from techniques.krakens.exocet_links import ExocetGraph, ExocetLink, exocet_branches, exocet_graph
from techniques.krakens.kraken import Kraken, _explain
from techniques.krakens.truths import TruthSet, cell_truths, house_truths
from techniques.patterns.exocet import Exocet
from techniques.shared import digit_words


def cell_and_house_truths(grid: Grid) -> Iterator[TruthSet]:
    """The truth sets of Kraken Cell, then those of Kraken House."""
    yield from cell_truths(grid)
    yield from house_truths(grid)


class ExocetKraken(Kraken):
    """Kraken Cell and House over the kraken graph with the position's Exocet links."""

    def branches(self, grid: Grid) -> Branches | None:
        return exocet_branches(grid)

    def known(self, grid: Grid, truth: TruthSet) -> int:
        """What the plain branches reach from every member: Kraken Cell or House's."""
        plain = branches(grid)
        common = -1
        for member in truth.members:
            common &= plain.reach(member)
        return common

    def explain(
        self, search: Branches, truth: TruthSet, chains: list[Chain], placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...]
    ) -> str:
        built = exocet_graph(search.grid)
        assert built is not None  # this search was built from it
        index = search.graph.index

        def because(before: tuple[Node, bool], after: tuple[Node, bool]) -> str | None:
            link = built.links.get((index[before[0]] << 1 | (not before[1]), index[after[0]] << 1 | (not after[1])))
            return None if link is None else link.reason

        used = dict.fromkeys(link.exocet for link in _links_crossed(built, search, chains))
        intro = " ".join(exocet_words(exocet) for exocet in used)
        return f"{intro} {_explain(search, truth, chains, placements, eliminations, because)}"

    def highlights(self, grid: Grid, chains: list[Chain], drawn: Highlights) -> Highlights:
        built = exocet_graph(grid)
        assert built is not None
        search = exocet_branches(grid)
        assert search is not None
        crossed = _links_crossed(built, search, chains)
        used = list(dict.fromkeys(link.exocet for link in crossed))
        alt = tuple(
            Candidate(d, c) for exocet in used for c in (*exocet.base, *exocet.targets) for d in MASK_DIGITS[grid.cands[c] & exocet.digits]
        )
        shown = [c for exocet in used for c in (*exocet.base, *exocet.targets)] + [c for link in crossed for c in link.shows]
        cells = tuple(dict.fromkeys((*drawn.cells, *shown)))
        return replace(drawn, alt=tuple(dict.fromkeys((*drawn.alt, *alt))), cells=cells)


def _links_crossed(built: ExocetGraph, search: Branches, chains: list[Chain]) -> list[ExocetLink]:
    """The Exocet links the chains cross, in the order first crossed."""
    index = search.graph.index
    crossed: dict[ExocetLink, None] = {}
    for chain in chains:
        literals = [index[node] << 1 | (not true) for node, true in chain]
        for a, b in zip(literals, literals[1:]):
            link = built.links.get((a, b))
            if link is not None:
                crossed[link] = None
    return list(crossed)


def exocet_words(exocet: Exocet) -> str:
    """``r1c2 and r1c3 are the base cells of a Junior Exocet ... one each.``"""
    kind = "Junior" if exocet.junior else "Senior"
    base = words_list([CELL_NAMES[c] for c in exocet.base])
    targets = words_list([CELL_NAMES[c] for c in exocet.targets])
    digits = digit_words(MASK_DIGITS[exocet.digits])
    return (
        f"{base} (digits {digits}) are the base cells of a {kind} Exocet with targets {targets}: "
        f"the targets hold the two digits of the base cells, one each (see {kind} Exocet)."
    )


EXOCET_KRAKEN = ExocetKraken(Declaration("Exocet Kraken", "kex"), cell_and_house_truths)

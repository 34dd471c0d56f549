"""Pattern links: implications a pattern proves between two candidates that no house or
cell links, for kraken branches to cross.

Some patterns of the hardest puzzles prove more than their own eliminations: an Exocet
that its targets hold the base cells' two digits (:mod:`techniques.krakens.exocet_links`),
a tridagon with two guardians that one of them is true
(:mod:`techniques.krakens.tridagon_links`). The strong players draw such facts as links in
their chains. Each is added to a copy of the kraken graph (:mod:`techniques.krakens.graph`)
as an implication and its contrapositive, with the words that say why and the pattern it
comes from (stated once in a step that uses it, and drawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.cache import per_grid_version
from engine.cells import Cell
from engine.grid import Grid
from engine.step import Candidate
from techniques.hodoku_chains.implications import LiteralGraph
from techniques.krakens.branches import Branches
from techniques.krakens.graph import KrakenGraph, kraken_graph


@dataclass(frozen=True)
class Pattern:
    """What a step says and shows of the pattern a link comes from."""

    words: str  # whole sentences: the pattern and what it proves
    cells: tuple[Cell, ...]  # its cells (shaded)
    candidates: tuple[Candidate, ...]  # its candidates (the second pattern colour)


@dataclass(frozen=True)
class PatternLink:
    """Why one literal implies another, and the pattern that proves it."""

    reason: str
    pattern: Pattern
    shows: tuple[Cell, ...] = ()  # more cells the picture adds (an Exocet's mirror)


@dataclass
class LinkedGraph:
    """The kraken graph with pattern links added (the same nodes and literal numbers), and
    per added implication (premise literal, conclusion literal) its link."""

    built: KrakenGraph
    links: dict[tuple[int, int], PatternLink]

    @classmethod
    def of(cls, grid: Grid) -> LinkedGraph:
        """A copy of the grid's kraken graph, to add links to."""
        plain = kraken_graph(grid)
        return cls(KrakenGraph(plain.graph.copy(), plain.hidden), {})

    def add(self, a: int, b: int, why: PatternLink, back: PatternLink) -> None:
        """a implies b (``why``), so not b implies not a (``back``); implications the graph
        has already (an ordinary link) are left as they are."""
        graph: LiteralGraph = self.built.graph
        for premise, conclusion, link in ((a, b, why), (b ^ 1, a ^ 1, back)):
            if not graph.out[premise] >> conclusion & 1:
                graph.imply(premise, conclusion)
                self.links.setdefault((premise, conclusion), link)


#: A function giving a grid's linked graph (None: the grid has no such pattern).
GraphOf = Callable[[Grid], "LinkedGraph | None"]


@per_grid_version(size=4)
def linked_branches(grid: Grid, graph_of: GraphOf) -> Branches | None:
    """Branch searches over ``graph_of(grid)`` (None when it is None)."""
    built = graph_of(grid)
    return None if built is None else Branches(grid, built.built)

"""Colouring: Simple Colors (Trap, Wrap) and Multi Colors (1, 2).

For one digit, join the two cells of every conjugate pair (a house where the digit has just
two places). In a connected cluster of such pairs the cells alternate: colour them in two
colours and exactly one colour holds the digit everywhere. networkx finds the clusters and
the 2-colouring. Simple Colors uses one cluster: a cell that sees both colours loses the
digit (Trap), and a colour with two cells in one house is false (Wrap). Multi Colors uses
two clusters: a colour that sees both colours of the other cluster is false (type 2); when
a colour of one cluster sees a colour of the other, cells that see the two opposite colours
lose the digit (type 1). HoDoKu's codes: sc1/sc2 (0500/0501), mc1/mc2 (0502/0503).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import networkx as nx

from engine.cells import CELL_NAMES, PEER_MASK, CellSet, Digit, cells_of, first_cell
from engine.grid import Grid
from engine.step import Highlights, Step
from engine.technique import BaseTechnique, Level
from techniques._shared import candidates, cell_names
from techniques.links import Node, conjugate_graphs


@dataclass(frozen=True)
class Cluster:
    """A connected cluster of conjugate pairs, 2-coloured: ``on`` holds the lowest cell."""

    on: CellSet
    off: CellSet


def clusters(graph: nx.Graph[Node]) -> list[Cluster]:
    """The 2-coloured clusters of one digit's conjugate graph, by lowest cell (HoDoKu's
    order). A cluster that cannot be 2-coloured (only in broken positions) is skipped."""
    out = []
    for component in nx.connected_components(graph):
        sub = graph.subgraph(component)
        if not nx.is_bipartite(sub):
            continue
        colour = nx.bipartite.color(sub)
        lowest: Node = min(component, key=lambda n: n.cell)
        sets = [0, 0]
        for node in component:
            sets[colour[node] ^ colour[lowest]] |= node.cells
        out.append(Cluster(sets[0], sets[1]))
    return sorted(out, key=lambda c: first_cell(c.on))


def sees(cells: CellSet) -> CellSet:
    """Cells that see at least one of ``cells``."""
    seen = 0
    for c in cells_of(cells):
        seen |= PEER_MASK[c]
    return seen


def sees_each_other(a: CellSet, b: CellSet) -> bool:
    """Some cell of ``a`` shares a house with some cell of ``b``."""
    return bool(sees(a) & b)


def has_wrap(cells: CellSet) -> bool:
    return any(PEER_MASK[c] & cells for c in cells_of(cells))


def colour_text(sets: tuple[CellSet, ...]) -> str:
    """HoDoKu's colour listing: ``(r1c2,r3c5) / (r2c2,r4c5)``, pairs joined by ``, ``."""
    groups = ["(" + ",".join(CELL_NAMES[c] for c in cells_of(s)) + ")" for s in sets]
    return ", ".join(" / ".join(groups[i : i + 2]) for i in range(0, len(groups), 2))


_TRAP = (
    "Colour the conjugate pairs of {d} (houses where {d} has only two places): either every cell of "
    "{a} is {d} or every cell of {b} is. {targets} each see a cell of both colours, so either way "
    "they cannot be {d}."
)
_WRAP = (
    "Colour the conjugate pairs of {d} (houses where {d} has only two places): either every cell of "
    "{a} is {d} or every cell of {b} is. {pair} share a house but have the same colour, so that colour "
    "cannot be {d}: remove {d} from {false}."
)
_MC2 = (
    "Two separate colour clusters of {d} (chains of houses where {d} has only two places): either "
    "{a} or {b} is all {d}, and either {c} or {e} is. {false} sees a cell of {c} and a cell of {e}, "
    "one of which is {d}, so that colour cannot be {d}: remove {d} from it."
)
_MC1 = (
    "Two separate colour clusters of {d} (chains of houses where {d} has only two places): either "
    "{a} or {b} is all {d}, and either {c} or {e} is. {x} and {y} see each other, so they cannot both "
    "be {d}: {xo} or {yo} holds {d}. {targets} see a cell of each, so they cannot be {d}."
)


def colour_words(cells: CellSet) -> str:
    return f"colour ({cell_names(cells)})"


class SimpleColors(BaseTechnique):
    """One cluster of conjugate pairs, 2-coloured: a cell seeing both colours loses the
    digit (Trap); a colour seen twice in one house is false (Wrap)."""

    def __init__(self) -> None:
        super().__init__("Simple Colors", "sc", 5330, 150, Level.HARD, subcodes=("sc1", "sc2"))

    def find(self, grid: Grid) -> Iterator[Step]:
        graphs = conjugate_graphs(grid)
        for digit in sorted(graphs):
            for cluster in clusters(graphs[digit]):
                yield from self._wrap(grid, digit, cluster)
                yield from self._trap(grid, digit, cluster)

    def _wrap(self, grid: Grid, digit: Digit, cluster: Cluster) -> Iterator[Step]:
        false = (cluster.on if has_wrap(cluster.on) else 0) | (cluster.off if has_wrap(cluster.off) else 0)
        if not false:
            return
        pair = next(
            (c, first_cell(PEER_MASK[c] & s))
            for s in (cluster.on, cluster.off)
            if s & false
            for c in cells_of(s)
            if PEER_MASK[c] & s
        )
        text = _WRAP.format(
            d=digit, a=colour_words(cluster.on), b=colour_words(cluster.off), pair=cell_names(list(pair)), false=cell_names(false)
        )
        yield self._step(grid, digit, cluster, false, text, "Simple Colors Wrap", "sc2")

    def _trap(self, grid: Grid, digit: Digit, cluster: Cluster) -> Iterator[Step]:
        targets = grid.cells_with[digit] & _both_seen(cluster.on, cluster.off)
        if targets:
            text = _TRAP.format(d=digit, a=colour_words(cluster.on), b=colour_words(cluster.off), targets=cell_names(targets))
            yield self._step(grid, digit, cluster, targets, text, "Simple Colors Trap", "sc1")

    def _step(self, grid: Grid, digit: Digit, cluster: Cluster, targets: CellSet, text: str, name: str, code: str) -> Step:
        return self.step(
            f"{digit} {colour_text((cluster.on, cluster.off))}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=Highlights(pattern=candidates(grid, digit, cluster.on), alt=candidates(grid, digit, cluster.off)),
            digits=(digit,),
            name=name,
            code=code,
        )


def _both_seen(a: CellSet, b: CellSet) -> CellSet:
    """Cells that see a cell of ``a`` and a cell of ``b``."""
    return sees(a) & sees(b)


class MultiColors(BaseTechnique):
    """Two clusters of conjugate pairs of one digit: a colour seeing both colours of the
    other cluster is false (type 2); two colours seeing each other make the two opposite
    colours a strong pair, and cells seeing both lose the digit (type 1)."""

    def __init__(self) -> None:
        super().__init__("Multi Colors", "mc", 5360, 200, Level.HARD, subcodes=("mc1", "mc2"))

    def find(self, grid: Grid) -> Iterator[Step]:
        graphs = conjugate_graphs(grid)
        for digit in sorted(graphs):
            found = clusters(graphs[digit])
            # Both orders: "a colour of the first sees both colours of the second" is not
            # symmetric, so HoDoKu checks every ordered pair.
            for first in found:
                for second in found:
                    if first is not second:
                        yield from self._type2(grid, digit, first, second)
                        yield from self._type1(grid, digit, first, second)

    def _type2(self, grid: Grid, digit: Digit, first: Cluster, second: Cluster) -> Iterator[Step]:
        false = 0
        for colour in (first.on, first.off):
            if sees_each_other(colour, second.on) and sees_each_other(colour, second.off):
                false |= colour
        if false:
            text = _MC2.format(d=digit, false=colour_words(false), **_names(first, second))
            yield self._step(grid, digit, first, second, false, text, "Multi Colors 2", "mc2")

    def _type1(self, grid: Grid, digit: Digit, first: Cluster, second: Cluster) -> Iterator[Step]:
        targets = 0
        seeing: tuple[CellSet, CellSet] | None = None
        for x, xo in ((first.on, first.off), (first.off, first.on)):
            for y, yo in ((second.on, second.off), (second.off, second.on)):
                if sees_each_other(x, y):
                    targets |= grid.cells_with[digit] & _both_seen(xo, yo)
                    seeing = seeing or (x, y)
        if not targets or seeing is None:
            return
        x, y = seeing
        xo = first.off if x == first.on else first.on
        yo = second.off if y == second.on else second.on
        text = _MC1.format(
            d=digit, x=colour_words(x), y=colour_words(y), xo=colour_words(xo), yo=colour_words(yo),
            targets=cell_names(targets), **_names(first, second),
        )
        yield self._step(grid, digit, first, second, targets, text, "Multi Colors 1", "mc1")

    def _step(
        self, grid: Grid, digit: Digit, first: Cluster, second: Cluster, targets: CellSet, text: str, name: str, code: str
    ) -> Step:
        return self.step(
            f"{digit} {colour_text((first.on, first.off, second.on, second.off))}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=Highlights(
                pattern=candidates(grid, digit, first.on | second.on), alt=candidates(grid, digit, first.off | second.off)
            ),
            digits=(digit,),
            name=name,
            code=code,
        )


def _names(first: Cluster, second: Cluster) -> dict[str, str]:
    return {
        "a": colour_words(first.on),
        "b": colour_words(first.off),
        "c": colour_words(second.on),
        "e": colour_words(second.off),
    }


SIMPLE_COLORS = SimpleColors()
MULTI_COLORS = MultiColors()


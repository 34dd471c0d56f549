"""Colouring: Simple Colors (Trap, Wrap) and Multi Colors (1, 2).

For one digit, join the two cells of every conjugate pair (a house where the digit has just
two places). In a connected cluster of such pairs the cells alternate: colour them in two
colours (a breadth-first walk over cell sets) and exactly one colour holds the digit
everywhere. Simple Colors uses one cluster: a cell that sees both colours loses the
digit (Trap), and a colour with two cells in one house is false (Wrap). Multi Colors uses
two clusters: a colour that sees both colours of the other cluster is false (type 2); when
a colour of one cluster sees a colour of the other, cells that see the two opposite colours
lose the digit (type 1). HoDoKu's codes: sc1/sc2 (0500/0501), mc1/mc2 (0502/0503).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterator

from engine.cells import CELL_NAMES, PEER_MASK, UNITS, Cell, CellSet, Digit, cells_of, first_cell
from engine.cache import StateMemo
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, cell_names

@dataclass(frozen=True)
class Cluster:
    """A connected cluster of conjugate pairs, 2-coloured: ``on`` holds the lowest cell."""

    on: CellSet
    off: CellSet


def conjugate_links(grid: Grid) -> dict[Digit, dict[Cell, CellSet]]:
    """Per digit (those with any), its conjugate pairs (a house where it has two places)
    as the cells each cell is paired with."""
    out: dict[Digit, dict[Cell, CellSet]] = {}
    for digit in range(1, 10):
        links = digit_links(grid, digit)
        if links:
            out[digit] = links
    return out


def digit_links(grid: Grid, digit: Digit) -> dict[Cell, CellSet]:
    """One digit's conjugate pairs, as the cells each cell is paired with."""
    links: dict[Cell, CellSet] = {}
    for unit in UNITS:
        if grid.place_count(digit, unit) != 2:  # the grid's count: no cell set made
            continue
        places = grid.cells_with[digit] & unit.mask
        if places:
            a = first_cell(places)
            b = first_cell(places & ~(1 << a))
            links[a] = links.get(a, 0) | 1 << b
            links[b] = links.get(b, 0) | 1 << a
    return links


def digit_steps(technique: SimpleColors | MultiColors, grid: Grid, digit: Digit) -> tuple[Step, ...]:
    """A colouring technique's steps on one digit. They depend on nothing but the digit's
    candidates (and, in a position that breaks the rules, the houses where it is placed):
    remembered, since most steps leave most digits alone."""
    placed = 0
    for unit in UNITS:
        placed = placed << 1 | grid.placed_mask(unit) >> (digit - 1) & 1
    key = (technique.declaration.code, digit, placed, grid.cells_with[digit])
    steps = _DIGIT_STEPS.get(key)
    if steps is None:
        links = digit_links(grid, digit)
        steps = tuple(technique.cluster_steps(grid, digit, clusters(links))) if links else ()
        _DIGIT_STEPS.put(key, steps)
    return steps


_DIGIT_STEPS: Final[StateMemo[tuple[str, Digit, int, CellSet], tuple[Step, ...]]] = StateMemo()


def clusters(links: dict[Cell, CellSet]) -> list[Cluster]:
    """The 2-coloured clusters of one digit's conjugate pairs (connected by pairs), by
    lowest cell (HoDoKu's order). A cluster that cannot be 2-coloured (only in broken
    positions) is skipped."""
    out = []
    done = 0
    for start in sorted(links):
        if done >> start & 1:
            continue
        sets = [1 << start, 0]  # the start's colour, the other
        front, colour, broken = 1 << start, 0, 0
        while front:
            reached = 0
            for cell in cells_of(front):
                reached |= links[cell]
            broken |= reached & sets[colour]  # a pair inside one colour: an odd loop
            front = reached & ~sets[1 - colour]
            sets[1 - colour] |= front
            colour = 1 - colour
        done |= sets[0] | sets[1]
        if not broken:
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


_CLUSTER: Final = (
    "The houses where {d} has only two places link {a_all} and {b_all} in one chain: along it the "
    "cells take turns, so {d} is either in {a_every} or in {b_every}."
)
_TRAP: Final = _CLUSTER + " {targets} {see} a cell of both groups, so {they} cannot be {d}."
_WRAP: Final = _CLUSTER + (
    " But {pair} are in the same group and share a house, so they cannot both be {d}: that group is "
    "not {d}. Remove {d} from {false}."
)
_TWO: Final = (
    "The houses where {d} has only two places make two separate chains: {d} is either in {a_every} "
    "or in {b_every}, and either in {c_every} or in {e_every}."
)
_MC2: Final = _TWO + (
    " Cells of {false_words} see a cell of {c_short} and a cell of {e_short}, one of which holds {d}, "
    "so that group cannot hold {d}."
)
_MC1: Final = _TWO + (
    " {x} and {y} have cells that see each other, so they are not both {d}: {d} is in {xo} or in "
    "{yo}. {targets} {see} a cell of both those groups, so {they} cannot be {d}."
)


def every(cells: CellSet) -> str:
    """``r1c3``, ``both r1c3 and r2c6``, ``all of r1c3, r2c6 and r4c4``."""
    n = cells.bit_count()
    names = cell_names(cells)
    return names if n == 1 else f"both {names}" if n == 2 else f"all of {names}"


def words(cells: CellSet) -> str:
    return cell_names(cells)


def group_words(**groups: CellSet) -> dict[str, str]:
    """Template fields: ``{k}_every``, ``{k}_all`` and ``{k}_short`` for each group."""
    out = {}
    for key, cells in groups.items():
        out[f"{key}_every"] = every(cells)
        out[f"{key}_all"] = f"({cell_names(cells)})"
        out[f"{key}_short"] = cell_names(cells)
    return out


class SimpleColors(BaseTechnique):
    """One cluster of conjugate pairs, 2-coloured: a cell seeing both colours loses the
    digit (Trap); a colour seen twice in one house is false (Wrap)."""

    declaration = Declaration(
        "Simple Colors", "sc", subcodes={"sc1": "0500", "sc2": "0501"}, subnames={"sc1": "Simple Colors Trap", "sc2": "Simple Colors Wrap"}
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit in range(1, 10):
            yield from digit_steps(self, grid, digit)

    def cluster_steps(self, grid: Grid, digit: Digit, found: list[Cluster]) -> Iterator[Step]:
        """The steps of one digit's clusters (see :func:`digit_steps`)."""
        for cluster in found:
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
            d=digit, pair=cell_names(list(pair)), false=cell_names(false), **group_words(a=cluster.on, b=cluster.off)
        )
        yield self._step(grid, digit, cluster, false, text, "Simple Colors Wrap", "sc2")

    def _trap(self, grid: Grid, digit: Digit, cluster: Cluster) -> Iterator[Step]:
        targets = grid.cells_with[digit] & _both_seen(cluster.on, cluster.off)
        if targets:
            text = _TRAP.format(
                d=digit,
                targets=cell_names(targets),
                see=_see(targets),
                they=_they(targets),
                **group_words(a=cluster.on, b=cluster.off),
            )
            yield self._step(grid, digit, cluster, targets, text, "Simple Colors Trap", "sc1")

    def _step(self, grid: Grid, digit: Digit, cluster: Cluster, targets: CellSet, text: str, name: str, code: str) -> Step:
        return self.step(
            f"{digit} {colour_text((cluster.on, cluster.off))}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=Highlights(
                pattern=candidates(grid, digit, cluster.on),
                alt=candidates(grid, digit, cluster.off),
                colors=(candidates(grid, digit, cluster.on), candidates(grid, digit, cluster.off)),
            ),
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

    declaration = Declaration(
        "Multi Colors", "mc", subcodes={"mc1": "0502", "mc2": "0503"}, subnames={"mc1": "Multi Colors 1", "mc2": "Multi Colors 2"}
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit in range(1, 10):
            yield from digit_steps(self, grid, digit)

    def cluster_steps(self, grid: Grid, digit: Digit, found: list[Cluster]) -> Iterator[Step]:
        """The steps of one digit's clusters (see :func:`digit_steps`); a step's
        eliminations are of its digit, so steps of two digits never repeat each other."""
        seen: set[tuple[str, tuple[Candidate, ...]]] = set()
        # Both orders: "a colour of the first sees both colours of the second" is not
        # symmetric, so HoDoKu checks every ordered pair (type 1 is, hence the dedup).
        for first in found:
            for second in found:
                if first is second:
                    continue
                for step in (*self._type2(grid, digit, first, second), *self._type1(grid, digit, first, second)):
                    if (step.code, step.eliminations) not in seen:
                        seen.add((step.code, step.eliminations))
                        yield step

    def _type2(self, grid: Grid, digit: Digit, first: Cluster, second: Cluster) -> Iterator[Step]:
        false = 0
        for colour in (first.on, first.off):
            if sees_each_other(colour, second.on) and sees_each_other(colour, second.off):
                false |= colour
        if false:
            text = _MC2.format(d=digit, false_words=words(false), **_names(first, second))
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
            d=digit,
            x=f"({words(x)})",
            y=f"({words(y)})",
            xo=every(xo),
            yo=every(yo),
            targets=cell_names(targets),
            see=_see(targets),
            they=_they(targets),
            **_names(first, second),
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
                pattern=candidates(grid, digit, first.on | second.on),
                alt=candidates(grid, digit, first.off | second.off),
                colors=tuple(candidates(grid, digit, side) for side in (first.on, first.off, second.on, second.off)),
            ),
            digits=(digit,),
            name=name,
            code=code,
        )


def _names(first: Cluster, second: Cluster) -> dict[str, str]:
    return group_words(a=first.on, b=first.off, c=second.on, e=second.off)


def _they(cells: CellSet) -> str:
    return "it" if cells.bit_count() == 1 else "they"


def _see(cells: CellSet) -> str:
    return "sees" if cells.bit_count() == 1 else "each see"


SIMPLE_COLORS: Final = SimpleColors()
MULTI_COLORS: Final = MultiColors()


"""Pointing and Claiming as Sudoku Explainer finds them, and its Direct Pointing/Claiming.

SE tries the pairs (block, column), (block, row), (column, block), (row, block) in that
order, houses by index, digits ascending: when every place of a digit in the first house
lies in the second, the digit goes from the rest of the second house. Pointing (the first
house a block) is 2.6, Claiming 2.8.

The direct forms (Direct Pointing 1.7, Direct Claiming 1.9) are the same pattern taken
only when its removals would leave the digit with one place in another house of the first
house's type that crosses the second: SE then places the digit there, and only that
(serate applies no removal for a direct step).
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import CELL_NAMES, UNITS, Cell, first_cell
from engine.grid import Grid
from engine.position import Position
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import BLOCK_UNITS, COL_UNITS, ROW_UNITS
from techniques.se_places import cells_at, house_positions, kept_places
from techniques.shared import candidates, cell_names

_LOCKED: Final = (
    "In {first}, {digit} can only go in cells that are also in {second} ({places}), so {second} gets "
    "its {digit} there: {digit} cannot go anywhere else in {second}. Remove it from {targets}."
)
_DIRECT: Final = (
    "In {first}, {digit} can only go in cells that are also in {second} ({places}), so {second} gets its "
    "{digit} there and nowhere else. That leaves {cell} as the only place for {digit} in {third}: it is {digit}."
)

#: (first house type, second house type) in SE's order.
_PAIRS: Final = ((BLOCK_UNITS, COL_UNITS), (BLOCK_UNITS, ROW_UNITS), (COL_UNITS, BLOCK_UNITS), (ROW_UNITS, BLOCK_UNITS))


def _crossing(first: tuple[int, ...], second: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(a, b) for a in first for b in second if UNITS[a].mask & UNITS[b].mask]


#: For a crossing (first, second): the other houses of the first one's type crossing the second.
_THIRDS: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    (a, b): tuple(c for c in kinds[0] if c != a and UNITS[c].mask & UNITS[b].mask)
    for kinds in _PAIRS
    for a, b in _crossing(*kinds)
}


#: ``_THIRDS`` by ``first * 27 + second`` (an index, not a tuple key to build).
_THIRDS_OF: Final[tuple[tuple[int, ...], ...]] = tuple(_THIRDS.get((a, b), ()) for a in range(27) for b in range(27))
#: By ``h * 27 + g``: the positions in house ``h`` of its cells outside house ``g``.
_OUTSIDE: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i, c in enumerate(UNITS[h].cells) if not UNITS[g].mask >> c & 1) for h in range(27) for g in range(27)
)


#: SE's four phases: the first houses, and for each cell the house of the second kind
#: holding it (the one a set of places in the first house would have to lie in).
_PHASES: Final[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = tuple(
    (first, tuple(next(u for u in second if UNITS[u].mask >> c & 1) for c in range(81))) for first, second in _PAIRS
)


def locked_sets(grid: Position, only: list[int] | None = None) -> Iterator[tuple[int, int, int, int]]:
    """(first house, second house, digit, places) for every digit locked in an
    intersection, in SE's order; places has two or more cells. ``only[digit]``: a cell set;
    skip a digit whose first house has none of those cells."""
    if only is None and isinstance(grid, Grid):
        yield from _locked_positions(house_positions(grid))
        return
    if not isinstance(grid, Grid):
        table = kept_places(grid)
        if table is not None:  # a nested run's (changed in place: never remembered)
            for first, second, digit, at in _locked_found(table):
                if only is None or only[digit] & UNITS[first].mask:
                    yield first, second, digit, cells_at(first, at)
            return
    cells_with = grid.cells_with
    for firsts, second_of in _PHASES:
        for first in firsts:
            first_mask = UNITS[first].mask
            found: list[tuple[int, int, int]] = []
            for digit in range(1, 10):
                if only is not None and not only[digit] & first_mask:
                    continue
                places = cells_with[digit] & first_mask
                if places & (places - 1):
                    second = second_of[(places & -places).bit_length() - 1]
                    if not places & ~UNITS[second].mask:
                        found.append((second, digit, places))
            if len(found) > 1:
                found.sort()  # SE visits the crossings of a house in order, then the digits
            for second, digit, places in found:
                yield first, second, digit, places


def _groups(first: int, second_kind: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The houses of the second kind crossing ``first``, each with its cells' positions in
    ``first``."""
    out = []
    for second in second_kind:
        positions = sum(1 << i for i, c in enumerate(UNITS[first].cells) if UNITS[second].mask >> c & 1)
        if positions:
            out.append((second, positions))
    return tuple(out)


#: ``locked_sets``' four phases on positions: the first houses, and for each, the houses
#: of the second kind crossing it with the positions they cover.
_GROUPS: Final[tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...]] = tuple(
    tuple((first, _groups(first, second)) for first in firsts) for firsts, second in _PAIRS
)


def _locked_positions(table: list[int]) -> Iterator[tuple[int, int, int, int]]:
    """``locked_sets`` read from a grid's places as positions (``se_places``)."""
    for first, second, digit, at in _locked_of(table):
        yield first, second, digit, cells_at(first, at)


def _group_at(within: tuple[int, ...]) -> bytes:
    """Per set of positions (nine bits): the index of the group of ``within`` (three sets
    of positions) holding all of it when it has two or more, else 3."""
    return bytes(
        next((k for k, group in enumerate(within) if not at & ~group), 3) if at & (at - 1) else 3 for at in range(512)
    )


#: Per phase of ``_GROUPS``: ``_group_at`` of its crossings' positions, which are the same
#: for every first house of the phase (a block's columns at positions 0, 3, 6, ...; a
#: block's rows or a line's blocks at 0-2, 3-5, 6-8).
_KINDS: Final[tuple[bytes, ...]] = tuple(_group_at(tuple(positions for _, positions in phase[0][1])) for phase in _GROUPS)


def _locked_in(table: list[int], first: int, groups: tuple[tuple[int, int], ...], kind: bytes) -> list[tuple[int, int, int]]:
    """(second house, digit, positions in ``first``) of the digits locked in ``first``'s
    crossings with ``groups`` (``_GROUPS``, the group of positions ``kind`` says), in SE's order."""
    found: list[tuple[int, int, int]] = []
    base = first * 9
    for digit in range(1, 10):
        at = table[base + digit - 1]
        k = kind[at]
        if k < 3:
            found.append((groups[k][0], digit, at))
    if len(found) > 1:
        found.sort()  # SE visits the crossings of a house in order, then the digits
    return found


class _LastLocked:
    """The locked sets of the last table read (``_locked_of``): the direct and the plain
    producers ask about the same position in turn."""

    __slots__ = ("table", "found")

    def __init__(self, table: list[int], found: list[tuple[int, int, int, int]]) -> None:
        self.table = table  # held, so never another table at the same address
        self.found = found


_LAST_LOCKED: Final[list[_LastLocked]] = [_LastLocked([], [])]


def _locked_of(table: list[int]) -> list[tuple[int, int, int, int]]:
    """(first, second, digit, positions in the first) of every digit locked in an
    intersection of a grid's places table (``se_places``: never changed once made), in
    SE's order."""
    last = _LAST_LOCKED[0]
    if last.table is table:
        return last.found
    found = _locked_found(table)
    _LAST_LOCKED[0] = _LastLocked(table, found)
    return found


def _locked_found(table: list[int]) -> list[tuple[int, int, int, int]]:
    """``_locked_of`` read afresh from any places table."""
    found: list[tuple[int, int, int, int]] = []
    for phase, kind in zip(_GROUPS, _KINDS):
        for first, groups in phase:
            for second, digit, at in _locked_in(table, first, groups, kind):
                found.append((first, second, digit, at))
    return found


def _hits(table: list[int], direct: bool) -> list[tuple[int, int, int, int, int, int]]:
    """(first, second, digit, positions in the first, targets' positions in the second,
    the direct form's single as ``third * 81 + cell`` or -1) of every step, in SE's order."""
    out: list[tuple[int, int, int, int, int, int]] = []
    for first, second, digit, at in _locked_of(table):
        if not direct:
            targets = table[second * 9 + digit - 1] & _OUTSIDE[second * 27 + first]
            if targets:
                out.append((first, second, digit, at, targets, -1))
            continue
        for third in _THIRDS_OF[first * 27 + second]:
            here = table[third * 9 + digit - 1]
            left = here & _OUTSIDE[third * 27 + second]
            if here & (here - 1) and left and not left & (left - 1):
                out.append((first, second, digit, at, 0, third * 81 + UNITS[third].cells[left.bit_length() - 1]))
    return out


class SeLocking(BaseTechnique):
    """A digit whose places in one house all lie in a crossing house is removed from the
    rest of that house (SE's Pointing and Claiming; ``direct``: only when that leaves a
    hidden single, which is then placed)."""

    def __init__(self, direct: bool) -> None:
        if direct:
            super().__init__(Declaration("Direct Pointing and Claiming", "dpt", subcodes={"dcl": None}, subnames={"dcl": "Direct Claiming"}, profile="se"))
        else:
            super().__init__(Declaration("Pointing and Claiming (SE)", "spt", subcodes={"scl": None}, subnames={"scl": "Claiming (SE)"}, profile="se"))
        self.direct = direct

    def find(self, grid: Position) -> Iterator[Step]:
        if isinstance(grid, Grid):
            yield from self._found(grid, house_positions(grid))
            return
        for first, second, digit, places in locked_sets(grid):
            targets = grid.cells_with[digit] & UNITS[second].mask & ~UNITS[first].mask
            pointing = first < 9
            if not self.direct:
                if targets:
                    yield self._step(grid, first, second, digit, places, targets, rating=2.6 if pointing else 2.8)
                continue
            for third in _THIRDS[first, second]:
                here = grid.cells_with[digit] & UNITS[third].mask
                left = here & ~UNITS[second].mask
                if here & (here - 1) and left and not left & (left - 1):
                    yield self._step(grid, first, second, digit, places, targets, (third, first_cell(left)), 1.7 if pointing else 1.9)

    def _found(self, grid: Grid, table: list[int]) -> Iterator[Step]:
        """``find`` on a grid's places as positions (``se_places``): the same steps, the
        locked sets read straight from the table in a plain function (most lock nothing
        worth a step: their cells are worked out only for a step)."""
        for first, second, digit, at, targets, single in _hits(table, self.direct):
            pointing = first < 9
            if single < 0:
                yield self._step(grid, first, second, digit, cells_at(first, at), cells_at(second, targets), rating=2.6 if pointing else 2.8)
            else:
                yield self._step(grid, first, second, digit, cells_at(first, at), 0, (single // 81, single % 81), 1.7 if pointing else 1.9)

    def _step(
        self, grid: Position, first: int, second: int, digit: int, places: int, targets: int,
        single: tuple[int, Cell] | None = None, rating: float = 0.0,
    ) -> Step:
        pointing = first < 9
        words = {"first": UNITS[first].long_name, "second": UNITS[second].long_name, "digit": digit}
        words["places"] = cell_names(places).replace(" and ", " or ")
        placements: tuple[Candidate, ...] = ()
        if single is None:
            text = _LOCKED.format(targets=cell_names(targets), **words)
        else:
            third, cell = single
            text = _DIRECT.format(cell=CELL_NAMES[cell], third=UNITS[third].long_name, **words)
            placements = (Candidate(digit, cell),)
            targets = 0
        name = ("Direct " if single else "") + ("Pointing" if pointing else "Claiming")
        code = ("d" if single else "s") + ("pt" if pointing else "cl")
        return self.step(
            f"{digit} in {UNITS[first].name}",
            placements=placements,
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=Highlights(pattern=candidates(grid, digit, places), units=(first, second)),
            digits=(digit,),
            name=name,
            code=code,
            rating=rating,
        )


SE_DIRECT_LOCKING: Final = SeLocking(direct=True)
SE_LOCKING: Final = SeLocking(direct=False)

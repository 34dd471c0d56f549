"""Singles: Full House, Naked Single, Hidden Single.

These read the grid's incremental indexes (houses with one empty cell, cells with one
candidate, house/digit pairs with one place), so finding the next single costs no scan.
``find`` lists the singles in house and cell order (boxes first); ``oldest_first`` lists
the same singles in the order they appeared while solving (``engine.appearance``), the
order HoDoKu takes them in.
"""

from __future__ import annotations

from typing import Final, Iterable, Iterator

from engine.cells import ALL_DIGITS, CELL_NAMES, SINGLE_DIGIT, UNITS, Cell, first_cell
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration

_FULL_HOUSE: Final = "{cell} is the last empty cell of {house}, and {digit} is the only digit {house} is still missing."
_NAKED_SINGLE: Final = "{cell} has only one candidate left: every digit but {digit} is already ruled out there."
_HIDDEN_SINGLE: Final = "{House} still needs a {digit}, and {cell} is the only cell of {house} where {digit} can go."


class FullHouse(BaseTechnique):
    """The last empty cell of a house takes the one digit the house is missing."""

    declaration = Declaration("Full House", "fh", library="0000")

    def find(self, grid: Grid) -> Iterator[Step]:
        done = 0
        for u in grid.full_house_units():
            cell = next(c for c in UNITS[u].cells if not grid.values[c])
            if not done >> cell & 1:
                done |= 1 << cell  # one step per cell, whichever houses it completes
                yield from self._step(grid, cell, u)

    def oldest_first(self, grid: Grid) -> Iterator[Step]:
        """The full houses among the naked singles, oldest first."""
        if not grid.has_full_house():
            return
        for cell in grid.naked_singles_by_age():
            u = grid.full_house_of(cell)
            if u is not None:
                yield from self._step(grid, cell, u)

    def oldest_step(self, grid: Grid) -> Step | None:
        """The first step of :meth:`oldest_first` (the hodoku profile's), without a generator."""
        if not grid.has_full_house():
            return None
        for cell in grid.naked_singles_by_age():
            u = grid.full_house_of(cell)
            if u is not None:
                step = self._make(grid, cell, u)
                if step is not None:
                    return step
        return None

    def _step(self, grid: Grid, cell: Cell, u: int) -> Iterator[Step]:
        step = self._make(grid, cell, u)
        if step is not None:
            yield step

    def _make(self, grid: Grid, cell: Cell, u: int) -> Step | None:
        unit = UNITS[u]
        digit = SINGLE_DIGIT[ALL_DIGITS & ~grid.placed_mask(unit)]
        if not grid.cands[cell] >> (digit - 1) & 1:
            return None  # a broken pencil-mark state
        text = _FULL_HOUSE.format(cell=CELL_NAMES[cell], house=unit.long_name, digit=digit)
        return _placement(self, digit, cell, text, Highlights(units=(u,), cells=(cell,)))


class NakedSingle(BaseTechnique):
    """A cell with one candidate left takes it."""

    declaration = Declaration("Naked Single", "n1", library="0003")

    def find(self, grid: Grid) -> Iterator[Step]:
        return self._steps(grid, grid.naked_single_cells())

    def oldest_first(self, grid: Grid) -> Iterator[Step]:
        return self._steps(grid, grid.naked_singles_by_age())

    def oldest_step(self, grid: Grid) -> Step | None:
        """The first step of :meth:`oldest_first` (the hodoku profile's), without a generator."""
        cell = grid.oldest_naked_single()
        return None if cell is None else self._make(grid, cell)

    def _steps(self, grid: Grid, cells: Iterable[Cell]) -> Iterator[Step]:
        for cell in cells:
            yield self._make(grid, cell)

    def _make(self, grid: Grid, cell: Cell) -> Step:
        digit = SINGLE_DIGIT[grid.cands[cell]]
        text = _NAKED_SINGLE.format(cell=CELL_NAMES[cell], digit=digit)
        return _placement(self, digit, cell, text, Highlights(cells=(cell,)))


class HiddenSingle(BaseTechnique):
    """A digit with one place left in a house goes there."""

    declaration = Declaration("Hidden Single", "h1", library="0002")

    def find(self, grid: Grid) -> Iterator[Step]:
        return self._steps(grid, grid.hidden_single_keys())

    def oldest_first(self, grid: Grid) -> Iterator[Step]:
        return self._steps(grid, grid.hidden_singles_by_age())

    def oldest_step(self, grid: Grid) -> Step | None:
        """The first step of :meth:`oldest_first` (the hodoku profile's), without a generator."""
        key = grid.oldest_hidden_single()
        return None if key is None else self._make(grid, key[0], key[1], first_cell(grid.cells_with[key[1]] & UNITS[key[0]].mask))

    def _steps(self, grid: Grid, keys: Iterable[tuple[int, int]]) -> Iterator[Step]:
        done: set[tuple[int, int]] = set()
        for u, digit in keys:
            cell = first_cell(grid.cells_with[digit] & UNITS[u].mask)
            if (cell, digit) in done:
                continue  # one step per cell, as HoDoKu records it
            done.add((cell, digit))
            yield self._make(grid, u, digit, cell)

    def _make(self, grid: Grid, u: int, digit: int, cell: Cell) -> Step:
        house = UNITS[u].long_name
        text = _HIDDEN_SINGLE.format(House=house.capitalize(), house=house, cell=CELL_NAMES[cell], digit=digit)
        return _placement(self, digit, cell, text, Highlights(pattern=(Candidate(digit, cell),), units=(u,)))


def _placement(technique: BaseTechnique, digit: int, cell: Cell, text: str, highlights: Highlights) -> Step:
    """A single's step: what ``technique.step`` makes of one placement, built here at
    once (a solve takes some sixty singles per puzzle; the compiled build calls the step
    class directly)."""
    return Step(
        technique=technique.name,
        code=technique.code,
        placements=(Candidate(digit, cell),),
        explanation=text,
        highlights=highlights,
        digits=(digit,),
    )


FULL_HOUSE: Final = FullHouse()
NAKED_SINGLE: Final = NakedSingle()
HIDDEN_SINGLE: Final = HiddenSingle()

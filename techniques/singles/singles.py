"""Singles: Full House, Naked Single, Hidden Single.

These read the grid's incremental indexes (houses with one empty cell, cells with one
candidate, house/digit pairs with one place), so finding the next single costs no scan.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import ALL_DIGITS, CELL_NAMES, SINGLE_DIGIT, UNITS, first_cell
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration

_FULL_HOUSE = "{cell} is the last empty cell of {house}, and {digit} is the only digit {house} is still missing."
_NAKED_SINGLE = "{cell} has only one candidate left: every digit but {digit} is already ruled out there."
_HIDDEN_SINGLE = "{House} still needs a {digit}, and {cell} is the only cell of {house} where {digit} can go."


class FullHouse(BaseTechnique):
    """The last empty cell of a house takes the one digit the house is missing."""

    declaration = Declaration("Full House", "fh", library="0000")

    def find(self, grid: Grid) -> Iterator[Step]:
        done = 0
        for u in grid.full_house_units():
            unit = UNITS[u]
            cell = next(c for c in unit.cells if not grid.values[c])
            digit = SINGLE_DIGIT[ALL_DIGITS & ~grid.placed_mask(unit)]
            if done >> cell & 1 or not grid.cands[cell] >> (digit - 1) & 1:
                continue  # already reported via another house, or a broken pencil-mark state
            done |= 1 << cell
            text = _FULL_HOUSE.format(cell=CELL_NAMES[cell], house=unit.long_name, digit=digit)
            yield self.step(
                placements=(Candidate(digit, cell),),
                explanation=text,
                highlights=Highlights(units=(u,), cells=(cell,)),
                digits=(digit,),
            )


class NakedSingle(BaseTechnique):
    """A cell with one candidate left takes it."""

    declaration = Declaration("Naked Single", "n1", library="0003")

    def find(self, grid: Grid) -> Iterator[Step]:
        for cell in grid.naked_single_cells():
            digit = SINGLE_DIGIT[grid.cands[cell]]
            yield self.step(
                placements=(Candidate(digit, cell),),
                explanation=_NAKED_SINGLE.format(cell=CELL_NAMES[cell], digit=digit),
                highlights=Highlights(cells=(cell,)),
                digits=(digit,),
            )


class HiddenSingle(BaseTechnique):
    """A digit with one place left in a house goes there."""

    declaration = Declaration("Hidden Single", "h1", library="0002")

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[int, int]] = set()
        for u, digit in grid.hidden_single_keys():
            unit = UNITS[u]
            cell = first_cell(grid.cells_with[digit] & unit.mask)
            if (cell, digit) in done:
                continue  # one step per cell, as HoDoKu records it
            done.add((cell, digit))
            house = unit.long_name
            text = _HIDDEN_SINGLE.format(House=house.capitalize(), house=house, cell=CELL_NAMES[cell], digit=digit)
            yield self.step(
                placements=(Candidate(digit, cell),),
                explanation=text,
                highlights=Highlights(pattern=(Candidate(digit, cell),), units=(u,)),
                digits=(digit,),
            )


FULL_HOUSE = FullHouse()
NAKED_SINGLE = NakedSingle()
HIDDEN_SINGLE = HiddenSingle()

"""Bivalue Universal Grave + 1 (BUG+1), HoDoKu's definition.

A "bivalue universal grave" is a grid where every open cell has exactly two candidates and
every digit has exactly two places in each house it still needs: such a grid has no
solution or at least two. If exactly one cell has a third candidate, and one digit has
three places in that cell's row, column and box (and exactly two everywhere else), that
cell must hold that digit, or the grid would be a grave. So the cell loses its other
candidates. The step relies on the puzzle having a single solution.

"Exactly" matters: a cell with one candidate or a digit with one place in a house (a
pending single) is no part of a grave, and the conclusion does not hold there.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import MASK_COUNT, MASK_DIGITS, UNITS, UNITS_OF, Cell, Digit
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import digit_words

_BUG = (
    "Every open cell except {cell} has exactly two candidates, and every digit has exactly two places in "
    "each house where it is missing, except {digit}, which has three in row {row}, column {col} and box {box}. If {cell} were not "
    "{digit}, every cell and house would be down to pairs, a pattern that always leaves the puzzle with at "
    "least two solutions. This step relies on the puzzle having a single solution, so {cell} is {digit}: "
    "remove {others} from it."
)


def _third_cell(grid: Grid) -> Cell | None:
    """The one open cell with three candidates, when all others have exactly two."""
    found = None
    for cell in grid.empty_cells():
        count = MASK_COUNT[grid.cands[cell]]
        if count != 2 and count != 3:
            return None
        if count == 3:
            if found is not None:
                return None
            found = cell
    return found


def _third_digit(grid: Grid) -> tuple[Digit, tuple[int, int, int]] | None:
    """The one digit with three places in a house, with one such house of each kind
    (box, row, column numbers), when every other digit and house has exactly two."""
    digit = 0
    houses: dict[int, int] = {}
    for unit in UNITS:
        for d in grid.missing_digits(unit):
            count = grid.place_count(d, unit)
            if count != 2 and count != 3:
                return None
            if count == 3:
                kind = unit.number // 9
                if kind in houses or (digit and digit != d):
                    return None
                digit = d
                houses[kind] = unit.number
    if len(houses) != 3:
        return None
    return digit, (houses[0], houses[1], houses[2])


class BugPlusOne(BaseTechnique):
    """One cell with three candidates in an otherwise bivalue grid takes the digit that has
    three places in its houses."""

    declaration = Declaration("Bivalue Universal Grave + 1", "bug1", library="0610", uniqueness=True)

    def find(self, grid: Grid) -> Iterator[Step]:
        cell = _third_cell(grid)
        if cell is None:
            return
        found = _third_digit(grid)
        if found is None:
            return
        digit, houses = found
        if houses != UNITS_OF[cell] or not grid.cands[cell] >> (digit - 1) & 1:
            return
        others = tuple(d for d in MASK_DIGITS[grid.cands[cell]] if d != digit)
        box, row, col = (UNITS[u].index + 1 for u in houses)
        text = _BUG.format(cell=f"r{row}c{col}", digit=digit, row=row, col=col, box=box, others=digit_words(others))
        yield self.step(
            eliminations=tuple(Candidate(d, cell) for d in others),
            explanation=text,
            highlights=Highlights(pattern=(Candidate(digit, cell),), units=houses, cells=(cell,)),
            digits=(digit,),
        )


BUG_PLUS_1 = BugPlusOne()

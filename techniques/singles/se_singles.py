"""Hidden Single and Naked Single as Sudoku Explainer finds and rates them.

SE looks for singles house by house: first the houses with one empty cell left (its
"last empty cell", 1.0), then every house for a digit with one place left (1.2 in a
block, 1.5 in a row or column), blocks first, then columns, then rows, digits ascending.
Naked Single (2.3) comes later in SE's order, after its direct pointing and direct hidden
pair. Both read the grid's incremental indexes, so finding the next single costs no scan.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import CELL_NAMES, SINGLE_DIGIT, UNITS, UnitKind, first_cell
from engine.grid import Grid
from engine.rated import RatedStep
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Level
from techniques.se_order import BLOCK_COL_ROW

_LAST_CELL = "{cell} is the last empty cell of {house}, so it takes the digit {house} is missing, {digit}."
_HIDDEN = "{House} still needs a {digit}, and {cell} is the only cell of {house} where {digit} can go."
_NAKED = "{cell} has only one candidate left: every digit but {digit} is already ruled out there."

#: SE's rank of each house number (blocks, then columns, then rows).
_RANK = {u: rank for rank, u in enumerate(BLOCK_COL_ROW)}


class SeHiddenSingle(BaseTechnique):
    """A digit with one place left in a house goes there (SE's Hidden Single, which
    includes the last empty cell of a house)."""

    def __init__(self) -> None:
        super().__init__("Hidden Single", "h1", 300, 14, Level.EASY, ("fh",))

    def find(self, grid: Grid) -> Iterator[Step]:
        return (rated.step for rated in self.rated(grid))

    def rated(self, grid: Grid) -> Iterator[RatedStep]:
        keys = grid.hidden_single_keys()
        alone = [(_RANK[u], d, u) for u, d in keys if grid.empty_in(u) == 1]
        hidden = [(_RANK[u], d, u) for u, d in keys if grid.empty_in(u) > 1]
        for _, digit, u in sorted(alone):
            yield RatedStep(self._step(grid, u, digit, True), 1.0)
        for _, digit, u in sorted(hidden):
            value = 1.2 if UNITS[u].kind is UnitKind.BOX else 1.5
            yield RatedStep(self._step(grid, u, digit, False), value)

    def _step(self, grid: Grid, u: int, digit: int, alone: bool) -> Step:
        unit = UNITS[u]
        cell = first_cell(grid.cells_with[digit] & unit.mask)
        house = unit.long_name
        template = _LAST_CELL if alone else _HIDDEN
        text = template.format(House=house.capitalize(), house=house, cell=CELL_NAMES[cell], digit=digit)
        return self.step(
            placements=(Candidate(digit, cell),),
            explanation=text,
            highlights=Highlights(pattern=(Candidate(digit, cell),), units=(u,)),
            digits=(digit,),
            code="fh" if alone else "h1",
        )


class SeNakedSingle(BaseTechnique):
    """A cell with one candidate left takes it; cells in row order."""

    def __init__(self) -> None:
        super().__init__("Naked Single", "n1", 200, 4, Level.EASY)

    def find(self, grid: Grid) -> Iterator[Step]:
        return (rated.step for rated in self.rated(grid))

    def rated(self, grid: Grid) -> Iterator[RatedStep]:
        for cell in grid.naked_single_cells():
            digit = SINGLE_DIGIT[grid.cands[cell]]
            step = self.step(
                placements=(Candidate(digit, cell),),
                explanation=_NAKED.format(cell=CELL_NAMES[cell], digit=digit),
                highlights=Highlights(cells=(cell,)),
                digits=(digit,),
            )
            yield RatedStep(step, 2.3)


SE_HIDDEN_SINGLE = SeHiddenSingle()
SE_NAKED_SINGLE = SeNakedSingle()

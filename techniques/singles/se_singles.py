"""Hidden Single and Naked Single as Sudoku Explainer finds and rates them.

SE looks for singles house by house: first the houses with one empty cell left (its
"last empty cell", 1.0), then every house for a digit with one place left (1.2 in a
block, 1.5 in a row or column), blocks first, then columns, then rows, digits ascending.
Naked Single (2.3) comes later in SE's order, after its direct pointing and direct hidden
pair. Both read the grid's incremental indexes, so finding the next single costs no scan.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import CELL_NAMES, SINGLE_DIGIT, UNITS, UnitKind, first_cell
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import BLOCK_COL_ROW

_LAST_CELL: Final = "{cell} is the last empty cell of {house}, so it takes the digit {house} is missing, {digit}."
_HIDDEN: Final = "{House} still needs a {digit}, and {cell} is the only cell of {house} where {digit} can go."
_NAKED: Final = "{cell} has only one candidate left: every digit but {digit} is already ruled out there."

#: SE's rank of each house number (blocks, then columns, then rows).
_RANK: Final[tuple[int, ...]] = tuple(BLOCK_COL_ROW.index(u) for u in range(27))
#: Words for each house number, and SE's value of a hidden single there.
_HOUSE: Final[tuple[str, ...]] = tuple(unit.long_name for unit in UNITS)
_VALUE: Final[tuple[float, ...]] = tuple(1.2 if unit.kind is UnitKind.BOX else 1.5 for unit in UNITS)
#: The hidden single steps made so far, by house, cell, digit and kind (at most 8,748).
_STEPS: Final[dict[int, Step]] = {}


class SeHiddenSingle(BaseTechnique):
    """A digit with one place left in a house goes there (SE's Hidden Single, which
    includes the last empty cell of a house)."""

    declaration = Declaration("Hidden Single (SE)", "sh1", subcodes={"sfh": None}, subnames={"sfh": "Hidden Single (SE, last cell of a house)"}, profile="se")

    def find(self, grid: Grid) -> Iterator[Step]:
        # the houses with one empty cell first, then SE's house order, then digits
        codes = grid.hidden_single_codes()
        if not codes:
            return
        best = _first_single(grid, codes)
        u, digit, alone = BLOCK_COL_ROW[best >> 4 & 0xFF], (best & 15) + 1, not best >> 12
        yield _hidden_single(grid, u, digit, alone)
        found = [(grid.empty_in(u) > 1, _RANK[u], d, u) for u, d in grid.hidden_singles_by_age()]
        found.remove((not alone, _RANK[u], digit, u))
        found.sort()
        for many, _, d, house in found:
            yield _hidden_single(grid, house, d, not many)


def _first_single(grid: Grid, codes: list[int]) -> int:
    """The first of the hidden singles ``codes`` (``house * 9 + digit - 1``) in SE's order,
    as one int (not alone in its house << 12 | SE's rank of the house << 4 | digit - 1): the
    solver takes only the first, so no tuple per single and no sort."""
    best = -1
    for k in codes:
        u = k // 9
        key = (grid.empty_in(u) > 1) << 12 | _RANK[u] << 4 | k % 9
        if best < 0 or key < best:
            best = key
    return best


def _hidden_single(grid: Grid, u: int, digit: int, alone: bool) -> Step:
    """The step (one made per house, cell, digit and kind, then shared: a Step never
    changes)."""
    cell = first_cell(grid.cells_with[digit] & UNITS[u].mask)
    key = (u * 81 + cell) * 20 + digit * 2 + alone
    step = _STEPS.get(key)
    if step is None:
        step = _STEPS[key] = _made(u, cell, digit, alone)
    return step


def _made(u: int, cell: int, digit: int, alone: bool) -> Step:
    house = _HOUSE[u]
    template = _LAST_CELL if alone else _HIDDEN
    text = template.format(House=house.capitalize(), house=house, cell=CELL_NAMES[cell], digit=digit)
    placed = Candidate(digit, cell)
    return Step(
        technique="Hidden Single",
        code="sfh" if alone else "sh1",
        placements=(placed,),
        explanation=text,
        highlights=Highlights(pattern=(placed,), units=(u,)),
        digits=(digit,),
        rating=1.0 if alone else _VALUE[u],
    )


class SeNakedSingle(BaseTechnique):
    """A cell with one candidate left takes it; cells in row order."""

    declaration = Declaration("Naked Single (SE)", "sn1", profile="se")

    def find(self, grid: Grid) -> Iterator[Step]:
        for cell in grid.naked_single_cells():
            digit = SINGLE_DIGIT[grid.cands[cell]]
            yield self.step(
                placements=(Candidate(digit, cell),),
                explanation=_NAKED.format(cell=CELL_NAMES[cell], digit=digit),
                highlights=Highlights(cells=(cell,)),
                digits=(digit,),
                name="Naked Single",
                rating=2.3,
            )


SE_HIDDEN_SINGLE: Final = SeHiddenSingle()
SE_NAKED_SINGLE: Final = SeNakedSingle()

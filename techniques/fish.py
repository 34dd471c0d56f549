"""Basic fish: X-Wing, Swordfish, Jellyfish (sizes 2-4).

For one digit, take n rows (the base) whose candidates all lie in the same n columns (the
cover). Each base row needs the digit once, in a different cover column, so those n columns
get their digit inside the base rows: it leaves every other cell of the cover columns.
The same with rows and columns swapped.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator, Sequence

from engine.cells import COLS, ROWS, Unit, cells_of
from engine.grid import Grid
from engine.notation import unit_names
from engine.step import Highlights, Step
from engine.technique import BaseTechnique, Level
from techniques._shared import candidates, cell_names

_FISH = (
    "In {bases}, {digit} can only go in {covers}. Each of those {n} {base_kind} needs its {digit} in a "
    "different one of these {n} {cover_kind}, so the {cover_kind} get their {digit} inside {bases_short}: "
    "{digit} cannot go anywhere else in {covers}. Remove it from {targets}."
)

_META = {
    2: ("X-Wing", "bf2", 2200, 140),
    3: ("Swordfish", "bf3", 2300, 150),
    4: ("Jellyfish", "bf4", 2400, 160),
}


def line_index(unit: Unit, cell: int) -> int:
    """The column of a cell when ``unit`` is a row, its row when ``unit`` is a column."""
    return cell % 9 if unit.number < 18 else cell // 9


def cover_lines(base: Unit) -> tuple[Unit, ...]:
    """The lines crossing a base line: columns for a row, rows for a column."""
    return COLS if base.number < 18 else ROWS


def words(units: Sequence[Unit]) -> str:
    kind = "rows" if units[0].number < 18 else "columns"
    numbers = [str(u.index + 1) for u in units]
    return f"{kind} " + (", ".join(numbers[:-1]) + " and " + numbers[-1] if len(numbers) > 1 else numbers[0])


class BasicFish(BaseTechnique):
    """n base lines whose candidates for a digit lie in n cover lines."""

    def __init__(self, size: int) -> None:
        super().__init__(*_META[size], Level.HARD)
        self.size = size

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit in range(1, 10):
            for lines in (ROWS, COLS):
                bases = [u for u in lines if 0 < grid.place_count(digit, u) <= self.size]
                for combo in combinations(bases, self.size):
                    step = self._try(grid, digit, combo)
                    if step is not None:
                        yield step

    def _try(self, grid: Grid, digit: int, bases: tuple[Unit, ...]) -> Step | None:
        base_cells = 0
        for u in bases:
            base_cells |= grid.cells_with[digit] & u.mask
        crossing = cover_lines(bases[0])
        covers = tuple(crossing[i] for i in sorted({line_index(bases[0], c) for c in cells_of(base_cells)}))
        if len(covers) != self.size:
            return None
        cover_mask = 0
        for u in covers:
            cover_mask |= u.mask
        targets = grid.cells_with[digit] & cover_mask & ~base_cells
        if not targets:
            return None
        base_kind, cover_kind = ("rows", "columns") if bases[0].number < 18 else ("columns", "rows")
        text = _FISH.format(
            bases=words(bases),
            bases_short=words(bases),
            covers=words(covers),
            digit=digit,
            n=("two", "three", "four")[self.size - 2],
            base_kind=base_kind,
            cover_kind=cover_kind,
            targets=cell_names(targets),
        )
        return self.step(
            f"{digit} {unit_names(u.number for u in bases)} {unit_names(u.number for u in covers)}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=Highlights(
                pattern=candidates(grid, digit, base_cells),
                units=tuple(u.number for u in bases),
                cover_units=tuple(u.number for u in covers),
            ),
            digits=(digit,),
        )


X_WING = BasicFish(2)
SWORDFISH = BasicFish(3)
JELLYFISH = BasicFish(4)

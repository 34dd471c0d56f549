"""Intersections: Locked Candidates Type 1 (Pointing) and Type 2 (Claiming).

Locked Pair and Locked Triple are naked subsets that also sit in one box and one line;
they live with the subsets in subsets.py.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import BOX_OF, BOXES, COL_OF, COLS, LINES, ROW_OF, ROWS, Unit, first_cell
from engine.grid import Grid
from engine.step import Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, cell_names

_POINTING: Final = (
    "In {box}, {digit} can only go in {line} ({places}), so {line} gets its {digit} inside {box}: "
    "{digit} cannot go anywhere else in {line}. Remove it from {targets}."
)
_CLAIMING: Final = (
    "In {line}, {digit} can only go in {box} ({places}), so {box} gets its {digit} inside {line}: "
    "{digit} cannot go anywhere else in {box}. Remove it from {targets}."
)


class LockedCandidates(BaseTechnique):
    """Pointing: a digit confined to one line within a box is removed from the rest of that
    line. Claiming: a digit confined to one box within a line is removed from the rest of
    that box."""

    def __init__(self, declaration: Declaration, pointing: bool) -> None:
        super().__init__(declaration)
        self.pointing = pointing

    def find(self, grid: Grid) -> Iterator[Step]:
        for base in BOXES if self.pointing else LINES:
            for digit in grid.missing_digits(base):
                if grid.place_count(digit, base) not in (2, 3):  # the grid's count: no cell set made
                    continue
                places = grid.cells_with[digit] & base.mask
                other = self._other_house(base, places)
                if other is None:
                    continue
                targets = grid.cells_with[digit] & other.mask & ~base.mask
                if targets:
                    yield self._make(grid, base, other, digit, places, targets)

    def _other_house(self, base: Unit, places: int) -> Unit | None:
        """The line (for a box) or box (for a line) that holds every place, if any."""
        cell = first_cell(places)
        if self.pointing:
            for line in (ROWS[ROW_OF[cell]], COLS[COL_OF[cell]]):
                if places & ~line.mask == 0:
                    return line
            return None
        box = BOXES[BOX_OF[cell]]
        return box if places & ~box.mask == 0 else None

    def _make(self, grid: Grid, base: Unit, other: Unit, digit: int, places: int, targets: int) -> Step:
        box, line = (base, other) if self.pointing else (other, base)
        text = (_POINTING if self.pointing else _CLAIMING).format(
            box=box.long_name,
            line=line.long_name,
            digit=digit,
            places=cell_names(places).replace(" and ", " or "),
            targets=cell_names(targets),
        )
        return self.step(
            f"{digit} in {base.name}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=Highlights(pattern=candidates(grid, digit, places), units=(base.number, other.number)),
            digits=(digit,),
        )


LOCKED_CANDIDATES_1: Final = LockedCandidates(Declaration("Locked Candidates Type 1 (Pointing)", "lc1", library="0100"), pointing=True)
LOCKED_CANDIDATES_2: Final = LockedCandidates(Declaration("Locked Candidates Type 2 (Claiming)", "lc2", library="0101"), pointing=False)

"""XY-Wing (4.2) and XYZ-Wing (4.4) as Sudoku Explainer finds them.

SE takes pivot cells in row order and, for each, wing cells among the cells the pivot
sees, in its own order (block, row, column): the first wing shares one digit with the
pivot, the second the other, and both share the digit z. An XY-Wing pivot has two
candidates (xy, xz, yz); an XYZ-Wing pivot has three (xyz, xz, yz). z goes from the cells
that see both wings (and the pivot, for XYZ).
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, SINGLE_DIGIT, Cell
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import HOUSE_CELLS
from techniques.shared import cell_names

_WING: Final = (
    "{pivot} is {pivot_digits}. If it is {x}, {wing1} is {z}; if it is {y}, {wing2} is {z}{third}. "
    "Either way one of them holds {z}, so {z} cannot go in a cell that sees {who}: remove it from {targets}."
)


class SeWing(BaseTechnique):
    """A pivot and two wings that force z into a wing (or the pivot): z leaves every cell
    seeing all of them."""

    def __init__(self, xyz: bool) -> None:
        if xyz:
            super().__init__(Declaration("XYZ-Wing (SE)", "sxyz", profile="se"))
        else:
            super().__init__(Declaration("XY-Wing (SE)", "sxy", profile="se"))
        self.xyz = xyz

    def find(self, grid: Grid) -> Iterator[Step]:
        cands = grid.cands
        size = 3 if self.xyz else 2
        for pivot in range(N_CELLS):
            xy = cands[pivot]
            if MASK_COUNT[xy] != size:
                continue
            for wing1 in HOUSE_CELLS[pivot]:
                xz = cands[wing1]
                if MASK_COUNT[xz] != 2 or MASK_COUNT[xy & ~xz] != 1:
                    continue
                for wing2 in HOUSE_CELLS[pivot]:
                    yz = cands[wing2]
                    if MASK_COUNT[yz] == 2 and self._shape(xy, xz, yz):
                        found = self._found(grid, pivot, wing1, wing2)
                        if found is not None:
                            yield found

    def _shape(self, xy: int, xz: int, yz: int) -> bool:
        if MASK_COUNT[xy | xz | yz] != 3:
            return False
        return MASK_COUNT[xy & xz & yz] == (1 if self.xyz else 0)

    def _found(self, grid: Grid, pivot: Cell, wing1: Cell, wing2: Cell) -> Step | None:
        z = SINGLE_DIGIT[grid.cands[wing1] & grid.cands[wing2]]
        seen = PEER_MASK[wing1] & PEER_MASK[wing2]
        if self.xyz:
            seen &= PEER_MASK[pivot]
        seen &= ~((1 << pivot) | (1 << wing1) | (1 << wing2)) & grid.cells_with[z]
        if not seen:
            return None
        targets = [c for c in range(N_CELLS) if seen >> c & 1]
        return self._step(grid, pivot, wing1, wing2, z, targets)

    def _step(self, grid: Grid, pivot: Cell, wing1: Cell, wing2: Cell, z: int, targets: list[Cell]) -> Step:
        cands = grid.cands
        x = SINGLE_DIGIT[cands[pivot] & cands[wing1] & ~(1 << (z - 1))]
        y = SINGLE_DIGIT[cands[pivot] & cands[wing2] & ~(1 << (z - 1))]
        text = _WING.format(
            pivot=CELL_NAMES[pivot], pivot_digits="/".join(map(str, MASK_DIGITS[cands[pivot]])),
            x=x, y=y, z=z, wing1=CELL_NAMES[wing1], wing2=CELL_NAMES[wing2],
            third=f"; if it is {z}, it holds {z} itself" if self.xyz else "",
            who="all three" if self.xyz else "both wings", targets=cell_names(targets),
        )
        cells = (pivot, wing1, wing2)
        return self.step(
            f"{'/'.join(map(str, MASK_DIGITS[cands[pivot]]))} in {CELL_NAMES[pivot]}",
            eliminations=tuple(Candidate(z, c) for c in targets),
            explanation=text,
            highlights=Highlights(pattern=tuple(Candidate(d, c) for c in cells for d in MASK_DIGITS[cands[c]]), cells=cells),
            digits=(z,),
            name="XYZ-Wing" if self.xyz else "XY-Wing",
            rating=4.4 if self.xyz else 4.2,
        )


SE_XY_WING: Final = SeWing(xyz=False)
SE_XYZ_WING: Final = SeWing(xyz=True)

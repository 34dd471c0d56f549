"""WXYZ-Wing and VWXYZ-Wing: bent sets of four and five cells (StrmCkr's general definition,
as SudokuWiki and Sudopedia give it).

N cells that are not all in one house hold only N digits between them. A digit is
*restricted* when all its places in the set see each other: it can fill at most one of the
cells. When exactly one digit Z is not restricted, the cells hold Z at least once: without
it, N cells would have only N-1 digits that can appear once each. So a cell that sees every
Z of the set cannot be Z. (XY-Wing and XYZ-Wing are the sets of three.)

The cells are looked for around each cell of the grid (its row, column and box, the "hinge"
region, which contains every bent set of a line and a box or of a row and a column), so the
search stays local; a set found from several hinges is reported once.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, Cell, CellSet, Digit, HOUSE_MASKS_OF, bit, cells_of, in_one_house
from engine.cache import StateMemo, remembered
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, cell_names, digit_words, seeing_all

_TEXT = (
    "The {count} cells {cells} hold only the digits {digits} between them. {restricted} can each fill at most "
    "one of them, since all the places of each of those digits in these cells see each other. Without a {z}, "
    "{count} cells would share {fewer} digits that can each appear only once, which is impossible, so at least "
    "one of {z_cells} is {z}. A cell that sees all of them cannot be {z}: remove {z} from {targets}."
)
_NUMBERS = {3: "three", 4: "four", 5: "five"}

#: The cells of the row, column and box of each cell, the cell included, ascending.
_HINGE_CELLS: tuple[tuple[Cell, ...], ...] = tuple(tuple(cells_of(PEER_MASK[c] | 1 << c)) for c in range(N_CELLS))


def _loose_digits(cells: CellSet, mask: int, places_of: dict[Digit, CellSet]) -> list[Digit]:
    """The digits of ``mask`` whose places in ``cells`` do not all see each other (are not
    all in one house, ``in_one_house`` inlined: this runs for every bent set), stopping at
    the second. ``places_of[d]``: the region's cells holding d."""
    loose: list[Digit] = []
    for digit in MASK_DIGITS[mask]:
        places = places_of[digit] & cells
        box, row, col = HOUSE_MASKS_OF[(places & -places).bit_length() - 1]
        if places & ~box and places & ~row and places & ~col:
            loose.append(digit)
            if len(loose) > 1:
                break
    return loose


#: Per region of a hinge (its cells with their candidates) and size: the bent sets with
#: exactly one unrestricted digit. Everything about them but the cells that lose that
#: digit depends on those candidates alone, and most steps leave most regions alone.
_WINGS: StateMemo[tuple[int, tuple[tuple[CellSet, int], ...]], tuple[tuple[CellSet, int, Digit], ...]] = StateMemo()


def wing_sets(grid: Grid, size: int) -> Iterator[tuple[CellSet, int, Digit]]:
    """(cells, digit mask, the unrestricted digit) of every set of ``size`` open cells in a
    hinge region, not all in one house, holding exactly ``size`` digits of which exactly
    one is not restricted; each set once, in order of the hinge cell."""
    cands = grid.cands
    seen: set[CellSet] = set()
    for hinge in range(N_CELLS):
        region = tuple((1 << c, cands[c]) for c in _HINGE_CELLS[hinge] if 1 < MASK_COUNT[cands[c]] <= size)
        if len(region) < size:
            continue
        for cells, mask, z in remembered(_WINGS, (size, region), partial(_one_loose, region, size)):
            if cells not in seen:
                seen.add(cells)
                yield cells, mask, z


def _one_loose(region: tuple[tuple[CellSet, int], ...], size: int) -> Iterator[tuple[CellSet, int, Digit]]:
    """The region's bent sets of ``size`` cells, not in one house, with exactly one
    unrestricted digit: (cells, digits, that digit)."""
    places_of: dict[Digit, CellSet] = {d: 0 for d in range(1, 10)}
    for cell, mask in region:
        for d in MASK_DIGITS[mask]:
            places_of[d] |= cell
    for cells, mask in _sets_of(region, size):
        if in_one_house(cells):
            continue
        loose = _loose_digits(cells, mask, places_of)
        if len(loose) == 1:
            yield cells, mask, loose[0]


def _sets_of(region: tuple[tuple[CellSet, int], ...], size: int) -> list[tuple[CellSet, int]]:
    """(cells, digits) of every ``size`` members of ``region`` (cell bit, candidates) with
    ``size`` digits between them, in lexicographic order of the members (grown a member at
    a time, each partial set keeping at most ``size`` digits)."""
    # (index of the next member to try, cells, digits), in lexicographic order
    partial = [(i + 1, cell, cands) for i, (cell, cands) in enumerate(region[: len(region) - size + 1])]
    for left in range(size - 1, 0, -1):
        end = len(region) - left + 1
        partial = [
            (i + 1, cells | region[i][0], merged)
            for start, cells, mask in partial
            for i in range(start, end)
            if MASK_COUNT[merged := mask | region[i][1]] <= size
        ]
    return [(cells, mask) for _, cells, mask in partial if MASK_COUNT[mask] == size]


class BentSet(BaseTechnique):
    """N cells (not in one house) with N digits, exactly one of them not restricted: that
    digit is in the set, so cells seeing all its places there lose it."""

    def __init__(self, declaration: Declaration, size: int) -> None:
        super().__init__(declaration)
        self.size = size

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Digit, CellSet]] = set()
        for cells, mask, z in wing_sets(grid, self.size):
            targets = grid.cells_with[z] & seeing_all(grid.cells_with[z] & cells) & ~cells
            if targets and (z, targets) not in done:
                done.add((z, targets))
                yield self._make(grid, cells, mask, z, targets)

    def _make(self, grid: Grid, cells: CellSet, mask: int, z: Digit, targets: CellSet) -> Step:
        ordered = list(cells_of(cells))
        others = [d for d in MASK_DIGITS[mask] if d != z]
        z_cells = grid.cells_with[z] & cells
        text = _TEXT.format(
            count=_NUMBERS[self.size],
            cells=cell_names(ordered),
            digits=digit_words(MASK_DIGITS[mask]),
            restricted=digit_words(others),
            z=z,
            fewer=_NUMBERS.get(self.size - 1, str(self.size - 1)),
            z_cells=cell_names(z_cells),
            targets=cell_names(targets),
        )
        z_bit = bit(z)
        return self.step(
            f"{'/'.join(map(str, MASK_DIGITS[mask]))} in {compact_cells(ordered)}",
            eliminations=candidates(grid, z, targets),
            explanation=text,
            highlights=Highlights(
                pattern=tuple(Candidate(d, c) for c in ordered for d in MASK_DIGITS[grid.cands[c] & ~z_bit]),
                alt=candidates(grid, z, z_cells),
                cells=tuple(ordered),
            ),
            digits=MASK_DIGITS[mask],
        )


WXYZ_WING = BentSet(Declaration("WXYZ-Wing", "wxyz"), 4)
VWXYZ_WING = BentSet(Declaration("VWXYZ-Wing", "vwxyz"), 5)

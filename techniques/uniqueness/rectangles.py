"""Rectangles for the uniqueness techniques: where they can be, and what they have in common.

A unique rectangle is four empty cells in two rows, two columns and two boxes that could all
take the same two digits. If the solution put only those two digits there, they could be
swapped and the puzzle would have a second solution; a puzzle with one solution must avoid
that, which is what Uniqueness Tests 1-6 and the Hidden Rectangle use. An avoidable
rectangle is the same shape where some corners were filled in while solving (not clues).

HoDoKu's search, followed here: start from a bivalue cell (for avoidable rectangles, a
filled non-clue cell), take a second corner in the same box and line, then every pair of
cells in another box along the two crossing lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterator

from engine.cells import (
    BOX_OF,
    BOXES,
    COL_OF,
    COLS,
    MASK_COUNT,
    MASK_DIGITS,
    N_CELLS,
    ROW_OF,
    ROWS,
    UNITS,
    Cell,
    CellSet,
    Digit,
    Unit,
    bit,
)
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate
from techniques.shared import allowed_places, cell_names

#: Words every uniqueness explanation starts from: the swap that a single solution forbids.
DEADLY: Final = (
    "If {cells} held only {a} and {b}, the two digits could be swapped between them and the puzzle "
    "would have a second solution. This step relies on the puzzle having a single solution, so that "
    "cannot happen."
)


@dataclass(frozen=True, slots=True)
class Rectangle:
    """Four corners and two digits. ``corners[0]`` and ``corners[1]`` share a box and a line;
    ``corners[2]`` lies on the crossing line through ``corners[0]``, ``corners[3]`` on the one
    through ``corners[1]``. For an avoidable rectangle ``first``/``second`` are the digits of
    ``corners[0]``/``corners[1]``."""

    corners: tuple[Cell, Cell, Cell, Cell]
    first: Digit
    second: Digit

    @property
    def cellset(self) -> CellSet:
        return sum(1 << c for c in self.corners)

    @property
    def digits(self) -> tuple[Digit, Digit]:
        return (min(self.first, self.second), max(self.first, self.second))

    @property
    def mask(self) -> int:
        return bit(self.first) | bit(self.second)

    def detail(self) -> str:
        """HoDoKu's pattern text: ``1/3 in r5c89,r8c89`` (compacted our way)."""
        return f"{self.first}/{self.second} in {compact_cells(self.corners)}"

    def deadly_words(self) -> str:
        a, b = self.digits
        return DEADLY.format(cells=cell_names(list(self.corners)), a=a, b=b)

    def opposite(self, corner: Cell) -> Cell:
        """The corner diagonally across from ``corner``."""
        return next(c for c in self.corners if ROW_OF[c] != ROW_OF[corner] and COL_OF[c] != COL_OF[corner])


@dataclass(frozen=True, slots=True)
class Finding:
    """One uniqueness deduction before it becomes a step of its technique."""

    code: str
    rect: Rectangle
    eliminations: tuple[Candidate, ...]
    explanation: str
    fins: tuple[Candidate, ...] = ()


def _partners(cell: Cell) -> Iterator[tuple[Cell, Unit, Unit]]:
    """Second corners in the box of ``cell`` and the two crossing lines through both."""
    for other in BOXES[BOX_OF[cell]].cells:
        if other == cell:
            continue
        if ROW_OF[other] == ROW_OF[cell]:
            yield other, COLS[COL_OF[cell]], COLS[COL_OF[other]]
        elif COL_OF[other] == COL_OF[cell]:
            yield other, ROWS[ROW_OF[cell]], ROWS[ROW_OF[other]]


def _far_pairs(cell: Cell, line1: Unit, line2: Unit) -> Iterator[tuple[Cell, Cell]]:
    """Cell pairs across ``line1``/``line2`` outside the box of ``cell``."""
    for c21, c22 in zip(line1.cells, line2.cells):
        if BOX_OF[c21] != BOX_OF[cell]:
            yield c21, c22


#: Per cell, each second corner in its box (``_partners``) with the far corner pairs that
#: complete a rectangle (``_far_pairs``), in their order: a table, not a walk per call.
_RECTANGLE_CORNERS: Final[tuple[tuple[tuple[Cell, tuple[tuple[Cell, Cell], ...]], ...], ...]] = tuple(
    tuple((other, tuple(_far_pairs(cell, line1, line2))) for other, line1, line2 in _partners(cell)) for cell in range(N_CELLS)
)


def unique_rectangles(grid: Grid, allow_missing: bool) -> Iterator[Rectangle]:
    """Every possible unique rectangle, each once.

    The first corner holds exactly two candidates. With ``allow_missing`` (HoDoKu's default)
    the other corners need only be empty cells where both digits are still allowed by the
    filled cells; without it they must still have both digits as candidates.
    """
    seen: set[tuple[CellSet, Digit, Digit]] = set()
    allowed = allowed_places(grid)
    for cell in range(N_CELLS):
        mask = grid.cands[cell]
        if MASK_COUNT[mask] != 2:
            continue
        a, b = MASK_DIGITS[mask]
        if allow_missing:
            ok = allowed[a] & allowed[b]
        else:
            ok = grid.cells_with[a] & grid.cells_with[b]
        for other, far_pairs in _RECTANGLE_CORNERS[cell]:
            if not ok >> other & 1:
                continue
            for c21, c22 in far_pairs:
                if ok >> c21 & 1 and ok >> c22 & 1:
                    rect = Rectangle((cell, other, c21, c22), a, b)
                    key = (rect.cellset, a, b)
                    if key not in seen:
                        seen.add(key)
                        yield rect


@per_grid_version()  # the seven rectangle techniques ask in turn
def hodoku_examined(grid: Grid) -> set[tuple[CellSet, Digit, Digit]]:
    """The unique rectangles HoDoKu 2.2 actually examines (with its default "allow missing
    candidates"), as (corners, first digit, second digit).

    HoDoKu walks the rectangles in the order of ``unique_rectangles`` but remembers those
    it has seen by a number made of the four corners only, ``((a*10+b)*10+c)*10+d`` for
    the corners ascending: the same four cells with other digits, or other cells whose
    number happens to be equal, are not examined again. Its test of the two far corners
    also lets through a far pair where the first far corner does not allow the second
    digit; such a rectangle is no unique rectangle (none of its findings would hold), but
    it still uses up its number.
    """
    allowed = allowed_places(grid)
    numbers: set[int] = set()
    out: set[tuple[CellSet, Digit, Digit]] = set()
    for cell in range(N_CELLS):
        if MASK_COUNT[grid.cands[cell]] != 2:
            continue
        a, b = MASK_DIGITS[grid.cands[cell]]
        both = allowed[a] & allowed[b]
        for other, far_pairs in _RECTANGLE_CORNERS[cell]:
            if not both >> other & 1:
                continue
            for c21, c22 in far_pairs:
                if allowed[a] >> c21 & 1 and both >> c22 & 1:
                    a1, b1, c1, d1 = sorted((cell, other, c21, c22))
                    number = ((a1 * 10 + b1) * 10 + c1) * 10 + d1
                    if number not in numbers:
                        numbers.add(number)
                        out.add(((1 << cell) | (1 << other) | (1 << c21) | (1 << c22), a, b))
    return out


def _placed(grid: Grid, cell: Cell) -> bool:
    """Filled in while solving, not a clue."""
    return bool(grid.values[cell]) and not grid.is_given(cell)


def _open_with(grid: Grid, cell: Cell, digit: Digit) -> bool:
    """An empty cell with exactly two candidates, one of them ``digit``."""
    mask = grid.cands[cell]
    return MASK_COUNT[mask] == 2 and bool(mask & bit(digit))


def _avoidable_far_pair(grid: Grid, c21: Cell, c22: Cell, first: Digit, second: Digit) -> bool:
    """HoDoKu's condition on the far side: one corner filled (not a clue) with the digit of
    its diagonal, the other open with the other digit, or both open."""
    if grid.values[c21] == second and _placed(grid, c21):
        return _open_with(grid, c22, first)
    if grid.values[c22] == first and _placed(grid, c22):
        return _open_with(grid, c21, second)
    return _open_with(grid, c21, second) and _open_with(grid, c22, first)


def avoidable_rectangles(grid: Grid) -> Iterator[Rectangle]:
    """Every rectangle whose near corners were filled in while solving, each once."""
    seen: set[CellSet] = set()
    for cell in range(N_CELLS):
        if not _placed(grid, cell):
            continue
        for other, far_pairs in _RECTANGLE_CORNERS[cell]:
            if not _placed(grid, other):
                continue
            first, second = grid.values[cell], grid.values[other]
            for c21, c22 in far_pairs:
                if _avoidable_far_pair(grid, c21, c22, first, second):
                    rect = Rectangle((cell, other, c21, c22), first, second)
                    if rect.cellset not in seen:
                        seen.add(rect.cellset)
                        yield rect


def shared_houses(a: Cell, b: Cell) -> tuple[Unit, ...]:
    """The houses two cells share, rows before columns before boxes (HoDoKu's order)."""
    out = []
    if ROW_OF[a] == ROW_OF[b]:
        out.append(ROWS[ROW_OF[a]])
    if COL_OF[a] == COL_OF[b]:
        out.append(COLS[COL_OF[a]])
    if BOX_OF[a] == BOX_OF[b]:
        out.append(BOXES[BOX_OF[a]])
    return tuple(out)


def house_of(cells: tuple[Cell, ...]) -> Unit | None:
    """A row or column holding all the cells, else None."""
    for unit in UNITS[9:]:
        if all(unit.mask >> c & 1 for c in cells):
            return unit
    return None

"""Where each digit can go in each house, as positions 0-8 inside the house (bit ``i``:
the house's ``i``-th cell in ``UNITS`` order), made once per grid version.

SE's direct producers and subsets (Direct Pointing, Direct Hidden Pair and Triplet,
Pointing and Claiming, hidden sets) each looked at every house and digit through the
digit's 81-bit cell set; compiled, every ``&`` on such a set allocates an int. The
solver asks them in turn about one position, so the places are read once here from the
candidate masks (small ints only) and shared; each producer then works on 9-bit masks.
"""

from __future__ import annotations

from typing import Final

from engine.cells import BOX_OF, COL_OF, HALF_BITS, LOW_HALF, MASK_DIGITS, N_CELLS, ROW_OF, UNITS, CellSet
from engine.grid import Grid
from engine.position import CandidateView, Position

#: Per cell: its position bit in its box, row and column.
_BITS_IN: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (1 << (3 * (ROW_OF[c] % 3) + COL_OF[c] % 3), 1 << COL_OF[c], 1 << ROW_OF[c]) for c in range(N_CELLS)
)
#: Per cell: the table index of digit 1 in its box, row and column (add ``digit - 1``).
_INDEX_OF: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (BOX_OF[c] * 9, (9 + ROW_OF[c]) * 9, (18 + COL_OF[c]) * 9) for c in range(N_CELLS)
)


class _Last:
    """The last table made, with its grid version and the candidates it was read from (a
    table never changes once made)."""

    __slots__ = ("version", "table", "cands")

    def __init__(self, version: int, table: list[int], cands: list[int]) -> None:
        self.version = version
        self.table = table
        self.cands = cands


_LAST: Final[list[_Last]] = [_Last(-1, [], [])]
#: Past this many changed cells the table is read afresh rather than corrected.
_MOST_CHANGED: Final = 24


def house_positions(grid: Grid) -> list[int]:
    """``table[u * 9 + digit - 1]``: the positions in house ``u`` where ``digit`` can go
    (0 once placed there). Shared by the callers of one grid version: read only.

    The solver's next position has lost a few candidates: the table is the last one
    corrected where the candidates differ (it depends on them alone)."""
    last = _LAST[0]
    if last.version == grid.version:
        return last.table
    cands = grid.cands
    table = _corrected(last, cands)
    if table is None:
        table = _read(cands)
    _LAST[0] = _Last(grid.version, table, cands[:])
    return table


def _read(cands: list[int]) -> list[int]:
    """``house_positions``' table read from every cell's candidates."""
    table = [0] * (27 * 9)
    for cell in range(N_CELLS):
        mask = cands[cell]
        if mask:
            in_box, in_row, in_col = _BITS_IN[cell]
            box, row, col = _INDEX_OF[cell]
            for d in MASK_DIGITS[mask]:
                table[box + d - 1] |= in_box
                table[row + d - 1] |= in_row
                table[col + d - 1] |= in_col
    return table


def _corrected(last: _Last, cands: list[int]) -> list[int] | None:
    """The last table with the candidates these have lost taken out; None when a cell
    gained one or too many cells changed (or there is no last table)."""
    before = last.cands
    if not before:
        return None
    changed: list[int] = []
    for cell in range(N_CELLS):
        now = cands[cell]
        was = before[cell]
        if now != was:
            if now & ~was or len(changed) == _MOST_CHANGED:
                return None
            changed.append(cell)
    table = last.table[:]
    for cell in changed:
        in_box, in_row, in_col = _BITS_IN[cell]
        box, row, col = _INDEX_OF[cell]
        for d in MASK_DIGITS[before[cell] & ~cands[cell]]:
            table[box + d - 1] &= ~in_box
            table[row + d - 1] &= ~in_row
            table[col + d - 1] &= ~in_col
    return table


def places_table(cells_with: list[CellSet], digits: int = 0x1FF) -> list[int]:
    """``house_positions``' table read from a position's places (``cells_with[digit]``,
    cell sets) for the digits in mask ``digits`` (0 for the others): the positions a
    digit's places have in each house, from nine-bit row masks (small ints only, where an
    ``&`` on an 81-bit set makes an object, compiled)."""
    table = [0] * (27 * 9)
    for d in MASK_DIGITS[digits]:
        cells = cells_with[d]
        low, high = cells & LOW_HALF, cells >> HALF_BITS
        rows = (low & 511, low >> 9 & 511, low >> 18 & 511, low >> 27 & 511, low >> 36 & 511, low >> 45, high & 511, high >> 9 & 511, high >> 18)
        at = d - 1
        for r in range(9):
            row = rows[r]
            if not row:
                continue
            table[(9 + r) * 9 + at] = row  # a row's positions are its columns
            box = (r // 3) * 3
            shift = (r % 3) * 3
            for k in range(3):
                part = row >> (3 * k) & 7
                if part:
                    table[(box + k) * 9 + at] |= part << shift
            for c in MASK_DIGITS[row]:
                table[(17 + c) * 9 + at] |= 1 << r  # a column's positions are its rows
    return table


def places_of(position: Position, digits: int = 0x1FF) -> list[int]:
    """The position's places table, at least for the digits in mask ``digits``: a grid's
    shared one (``house_positions``), the one a view carries (a nested run's, kept as
    it goes), else ``places_table`` read afresh. Read only."""
    kept = kept_places(position)
    return places_table(position.cells_with, digits) if kept is None else kept


def kept_places(position: Position) -> list[int] | None:
    """The places table the position has at hand: a grid's (``house_positions``), a
    view's when it carries one (a nested run's: changed as the run goes on, so never
    remembered by identity), else None. Read only."""
    if isinstance(position, Grid):
        return house_positions(position)
    if isinstance(position, CandidateView):
        return position.places
    return None


def cells_at(u: int, positions: int) -> CellSet:
    """The cells of house ``u`` at these positions, as a cell set."""
    cells = UNITS[u].cells
    out = 0
    while positions:
        low = positions & -positions
        out |= 1 << cells[low.bit_length() - 1]
        positions ^= low
    return out


def positions_of(u: int, cells: CellSet) -> int:
    """The positions in house ``u`` of those of ``cells`` that lie in it."""
    out = 0
    for i, cell in enumerate(UNITS[u].cells):
        if cells >> cell & 1:
            out |= 1 << i
    return out

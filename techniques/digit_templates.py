"""Templates of one digit: the nine placements, one per row, column and box, that fit the grid.

A candidate that lies in no template can never be true; every elimination a single-digit
technique makes (any fish, Skyscraper, X-Chain, ...) is such a candidate. The fish search
uses that to know, before it starts, where an elimination could possibly be. (HoDoKu's
``FishSolver`` checks templates the same way for its largest fish searches; removing these
candidates outright is its Template Delete.)
"""

from __future__ import annotations

from collections import OrderedDict

from engine.cells import CellSet, Digit
from engine.grid import Grid


def template_deletable(grid: Grid, digit: Digit) -> CellSet:
    """Candidates of ``digit`` that lie in no template (a full, valid placement of the digit
    over the grid). Every single-digit elimination, any fish included, is one of these."""
    cells = grid.cells_with[digit]
    for cell, value in enumerate(grid.values):
        if value == digit:
            cells |= 1 << cell
    rows = [(cells >> 9 * row) & 0x1FF for row in range(9)]
    memo: dict[int, int] = {}

    def reach(row: int, cols: int, boxes: int) -> int:
        # Cells used by some completion from this state, as an 81-bit set; 0: a dead end.
        # Row 9 is the end: -1 marks "complete" (an empty but successful completion).
        if row == 9:
            return -1
        key = row << 12 | cols << 3 | boxes
        union = memo.get(key)
        if union is None:
            union = 0
            free = rows[row] & ~cols
            while free:
                low = free & -free
                free ^= low
                box = 1 << ((low.bit_length() - 1) // 3)
                if boxes & box:
                    continue
                rest = reach(row + 1, cols | low, 0 if row % 3 == 2 else boxes | box)
                if rest:
                    union |= low << 9 * row | (rest if rest > 0 else 0)
            memo[key] = union
        return union

    used = reach(0, 0, 0)
    return grid.cells_with[digit] & ~(used if used > 0 else 0)


_CACHE: OrderedDict[tuple[int, Digit], CellSet] = OrderedDict()
_CACHE_SIZE = 9 * 64


def deletable(grid: Grid, digit: Digit) -> CellSet:
    """:func:`template_deletable`, cached per grid version."""
    key = (grid.version, digit)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    value = _CACHE[key] = template_deletable(grid, digit)
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return value

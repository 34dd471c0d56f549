"""Sudoku Explainer's iteration orders, which decide which of several steps SE takes.

SE visits houses by type (blocks, rows, columns; some techniques columns before rows),
the cells a cell sees in its own order (block, then the rest of the row, then the rest of
the column), and k-element subsets in increasing order of their bit masks ("colex":
{0,1}, {0,2}, {1,2}, {0,3}, ...). Our ``UNITS`` already number blocks 0-8, rows 9-17 and
columns 18-26 with cells in SE's order inside each house.
"""

from __future__ import annotations

from typing import Final

from functools import lru_cache

from engine.cells import BOX_OF, COL_OF, N_CELLS, ROW_OF, UNITS, Cell

BLOCK_UNITS: Final[tuple[int, ...]] = tuple(range(0, 9))
ROW_UNITS: Final[tuple[int, ...]] = tuple(range(9, 18))
COL_UNITS: Final[tuple[int, ...]] = tuple(range(18, 27))
#: Blocks, columns, rows: the order of SE's singles, subsets and direct techniques.
BLOCK_COL_ROW: Final[tuple[int, ...]] = BLOCK_UNITS + COL_UNITS + ROW_UNITS


def _house_cells(cell: Cell) -> tuple[Cell, ...]:
    seen: list[Cell] = []
    for u in (BOX_OF[cell], 9 + ROW_OF[cell], 18 + COL_OF[cell]):
        for other in UNITS[u].cells:
            if other != cell and other not in seen:
                seen.append(other)
    return tuple(seen)


#: HOUSE_CELLS[cell]: the 20 cells ``cell`` sees, in SE's order (block, row, column).
HOUSE_CELLS: Final[tuple[tuple[Cell, ...], ...]] = tuple(_house_cells(c) for c in range(N_CELLS))


@lru_cache(maxsize=None)
def colex(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Every k-subset of range(n), in increasing order of its bit mask.

    >>> colex(2, 4)
    ((0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3))
    """
    if k == 0:
        return ((),)
    out: list[tuple[int, ...]] = []
    for top in range(k - 1, n):
        out.extend(rest + (top,) for rest in colex(k - 1, top))
    return tuple(out)

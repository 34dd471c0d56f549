"""Multi-Sector Locked Sets (MSLS): the open cells where some rows cross some columns, as a
rank-0 set of row and column links.

Take rows R and columns C; the open cells where they cross must each hold one digit. For
each digit, link it either in every row of R where it appears among these cells, or in
every column of C where it does, whichever is fewer (a row link is used by at most one
cell, and so is a column link). When the links number exactly the cells, the set is rank
0 (``techniques.patterns.rank0``): each row link's digit lies in the set within its row,
so the row's other cells lose it, and the same for columns.

The search tries every choice of k rows with m columns of the technique's shapes, rows
first, in a fixed order: the Multi-Sector Locked Set takes as many rows as columns (k = m,
three to six), the Uneven one different numbers (three to six each, k != m: Inkala 2012's
four rows and five columns), each with at least 12 open cells. For each choice of rows, all the
column sets of that size are counted at once: a Python int holds one 8-bit lane per column
set, so cell counts, links per digit and their minimum are a few integer operations (SWAR)
instead of a loop over about 46,000 row/column pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Iterator

from engine.cells import MASK_COUNT, CellSet, Digit, cell_at
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.patterns.rank0 import RANK0_TEXT, Rank0, rank0, rank0_words
from techniques.shared import cell_names

SIZES = range(3, 7)
#: (rows, columns) per search, fewest cells first.
Shapes = tuple[tuple[int, int], ...]
SQUARE: Shapes = tuple((k, k) for k in SIZES)
UNEVEN: Shapes = tuple(sorted(((k, m) for k in SIZES for m in SIZES if k != m), key=lambda km: (km[0] * km[1], km[0])))
#: Smaller rank-0 sets are subsets and fish, found by easier techniques.
MIN_CELLS = 12
_SUBSETS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {
    size: tuple((sum(1 << i for i in pick), pick) for pick in combinations(range(9), size)) for size in SIZES
}
#: Bits per lane of the column-set vectors: values stay below 2**(LANE - 1) (at most 54).
LANE = 8


@dataclass(frozen=True)
class _Lanes:
    """Vectors over every column set of one size (lane j is ``_SUBSETS[size][j]``), as ints
    of 8-bit lanes: for a 9-bit column mask m, ``count[m]`` holds in each lane how many
    columns of m the lane's set has, and ``hit[m]`` 1 where it has any."""

    count: tuple[int, ...]
    hit: tuple[int, ...]
    ones: int
    guard: int

    def exceeds(self, a: int, b: int) -> int:
        """1 in each lane where ``a`` is greater than ``b`` (every lane below 2**(LANE-1))."""
        return (((a | self.guard) - b - self.ones) & self.guard) >> (LANE - 1)

    def smaller(self, a: int, b: int) -> int:
        """The lane-wise minimum of ``a`` and ``b``."""
        b_wins = ((a | self.guard) - b) & self.guard  # guard bit where a >= b
        low = b_wins - (b_wins >> (LANE - 1))  # all value bits of those lanes
        return (b & low) | (a & ~low & (self.guard - self.ones))


@cache
def _lanes(size: int) -> _Lanes:
    subsets = _SUBSETS[size]
    ones = sum(1 << (LANE * j) for j in range(len(subsets)))
    column = [sum(1 << (LANE * j) for j, (cols, _) in enumerate(subsets) if cols >> c & 1) for c in range(9)]
    count, hit = [0] * 512, [0] * 512
    for mask in range(1, 512):
        low = mask & -mask
        count[mask] = count[mask ^ low] + column[low.bit_length() - 1]
        hit[mask] = hit[mask ^ low] | column[low.bit_length() - 1]
    return _Lanes(tuple(count), tuple(hit), ones, ones << (LANE - 1))


def _row_masks(grid: Grid) -> tuple[list[int], list[list[int]]]:
    """Per row, the columns of its open cells; per digit and row, the columns where the
    digit is a candidate (9-bit masks)."""
    open_cols = [sum(1 << c for c in range(9) if not grid.values[cell_at(r, c)]) for r in range(9)]
    by_digit = [[(grid.cells_with[d] >> (9 * r)) & 0x1FF for r in range(9)] for d in range(10)]
    return open_cols, by_digit


def msls_candidates(grid: Grid, shapes: Shapes = SQUARE) -> Iterator[tuple[tuple[int, ...], int, list[tuple[int, Digit]]]]:
    """(rows, column mask, links) of k rows and m columns, (k, m) in ``shapes``, whose open
    cells (at least one in each row, MIN_CELLS in all) are as many as their fewest
    row-or-column links per digit. For each choice of rows, every column set of size m is
    tried at once, one lane each (``_Lanes``)."""
    open_cols, by_digit = _row_masks(grid)
    for size, width in shapes:
        lanes = _lanes(width)
        for _, rows in _SUBSETS[size]:
            found = _rank0_lanes(lanes, [open_cols[r] for r in rows], [[by_digit[d][r] for r in rows] for d in range(1, 10)])
            while found:
                low = found & -found
                found ^= low
                cols = _SUBSETS[width][(low.bit_length() - 1) // LANE][0]
                per_digit = [(d, [by_digit[d][r] for r in rows]) for d in range(1, 10)]
                yield rows, cols, _links([(d, masks) for d, masks in per_digit if any(masks)], rows, cols)


def _rank0_lanes(lanes: _Lanes, opens: list[int], per_digit: list[list[int]]) -> int:
    """1 in the lane of each column set whose cells with these rows (open columns and, per
    digit, candidate columns of each row) number at least MIN_CELLS, with at least one in
    every row, and exactly as many as the fewest row-or-column links per digit."""
    alive = lanes.ones
    count = 0
    for mask in opens:
        alive &= lanes.hit[mask]
        count += lanes.count[mask]
    alive &= lanes.exceeds(count, (MIN_CELLS - 1) * lanes.ones)
    cost = 0
    for masks in per_digit:
        if not alive:
            return 0
        union = 0
        in_rows = 0
        for mask in masks:
            union |= mask
            in_rows += lanes.hit[mask]
        if union:
            cost += lanes.smaller(in_rows, lanes.count[union])
            alive &= ~lanes.exceeds(cost, count)
    return alive & ~lanes.exceeds(count, cost)


def _links(per_digit: list[tuple[Digit, list[int]]], rows: tuple[int, ...], cols: int) -> list[tuple[int, Digit]]:
    """The links: per digit its rows, or its columns when fewer."""
    links: list[tuple[int, Digit]] = []
    for digit, masks in per_digit:
        in_rows = [r for r, m in zip(rows, masks) if m & cols]
        union = 0
        for m in masks:
            union |= m & cols
        if len(in_rows) <= MASK_COUNT[union]:
            links += ((9 + r, digit) for r in in_rows)
        else:
            links += ((18 + c, digit) for c in range(9) if union >> c & 1)
    return links


class MultiSectorLockedSet(BaseTechnique):
    """The open cells of some rows and columns, with as many row and column links as cells."""

    def __init__(self, declaration: Declaration, shapes: Shapes) -> None:
        super().__init__(declaration)
        self.shapes = shapes

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Candidate, ...]] = set()
        for rows, cols, links in msls_candidates(grid, self.shapes):
            cells: CellSet = sum(1 << cell_at(r, c) for r in rows for c in range(9) if cols >> c & 1 and not grid.values[cell_at(r, c)])
            found = rank0(grid, cells, tuple(links))
            if found is not None and found.eliminations and found.eliminations not in done:
                done.add(found.eliminations)
                yield self._make(grid, found)

    def _make(self, grid: Grid, found: Rank0) -> Step:
        cells = list(_cells(found.cells))
        text = f"Take the {len(cells)} open cells {cell_names(cells)}. " + RANK0_TEXT.format(**rank0_words(found))
        linked = sorted({Candidate(d, c) for u, d in found.links for c in cells if grid.cands[c] >> (d - 1) & 1})
        return self.step(
            f"{len(cells)} cells {compact_cells(cells)}",
            eliminations=found.eliminations,
            explanation=text,
            highlights=Highlights(pattern=tuple(linked), cells=tuple(cells), units=tuple(dict.fromkeys(u for u, _ in found.links))),
            digits=tuple(sorted({d for _, d in found.links})),
        )


def _cells(cells: CellSet) -> Iterator[int]:
    return (c for c in range(81) if cells >> c & 1)


MSLS = MultiSectorLockedSet(Declaration("Multi-Sector Locked Set", "msls"), SQUARE)
UNEVEN_MSLS = MultiSectorLockedSet(Declaration("Uneven Multi-Sector Locked Set", "umsls"), UNEVEN)

"""Multi-Sector Locked Sets (MSLS): the open cells where some rows cross some columns, as a
rank-0 set of row and column links.

Take rows R and columns C; the open cells where they cross must each hold one digit. For
each digit, link it either in every row of R where it appears among these cells, or in
every column of C where it does, whichever is fewer (a row link is used by at most one
cell, and so is a column link). When the links number exactly the cells, the set is rank
0 (``techniques.patterns.rank0``): each row link's digit lies in the set within its row,
so the row's other cells lose it, and the same for columns.

The search tries every choice of k rows with k columns, k from three to six (at least 12
and at most 36 open cells), rows first, in a fixed order.
"""

from __future__ import annotations

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
#: Smaller rank-0 sets are subsets and fish, found by easier techniques.
MIN_CELLS = 12
_SUBSETS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {
    size: tuple((sum(1 << i for i in pick), pick) for pick in combinations(range(9), size)) for size in SIZES
}


def _row_masks(grid: Grid) -> tuple[list[int], list[list[int]]]:
    """Per row, the columns of its open cells; per digit and row, the columns where the
    digit is a candidate (9-bit masks)."""
    open_cols = [sum(1 << c for c in range(9) if not grid.values[cell_at(r, c)]) for r in range(9)]
    by_digit = [[(grid.cells_with[d] >> (9 * r)) & 0x1FF for r in range(9)] for d in range(10)]
    return open_cols, by_digit


def msls_candidates(grid: Grid) -> Iterator[tuple[tuple[int, ...], int, list[tuple[int, Digit]]]]:
    """(rows, column mask, links) of as many rows as columns whose open cells are as many
    as their fewest row-or-column links per digit."""
    open_cols, by_digit = _row_masks(grid)
    for size in SIZES:
        for _, rows in _SUBSETS[size]:
            per_digit = [(d, [by_digit[d][r] for r in rows]) for d in range(1, 10)]
            per_digit = [(d, masks) for d, masks in per_digit if any(masks)]
            opens = [open_cols[r] for r in rows]
            for cols, _ in _SUBSETS[size]:
                count = 0
                for m in opens:
                    k = MASK_COUNT[m & cols]
                    if not k:
                        break
                    count += k
                else:
                    if count >= MIN_CELLS and _cost(per_digit, cols, count) == count:
                        yield rows, cols, _links(per_digit, rows, cols)


def _cost(per_digit: list[tuple[Digit, list[int]]], cols: int, count: int) -> int:
    """The fewest row-or-column links per digit, added up (stops once past ``count``)."""
    cost = 0
    for _, masks in per_digit:
        in_rows = 0
        union = 0
        for m in masks:
            if m & cols:
                in_rows += 1
                union |= m
        cost += min(in_rows, MASK_COUNT[union & cols])
        if cost > count:
            return cost
    return cost


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

    declaration = Declaration("Multi-Sector Locked Set", "msls")

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Candidate, ...]] = set()
        for rows, cols, links in msls_candidates(grid):
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


MSLS = MultiSectorLockedSet()

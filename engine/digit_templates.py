"""Search over digit templates: the fallback for puzzles that cell-by-cell search finds hard.

A template is one way to place a digit nine times, once per row, column and box. A
solution is nine disjoint templates, one per digit. Searching over templates (most
constrained digit first) sees the whole grid at once, so it refutes in a few nodes some
puzzles that have no solution but whose contradiction is hidden so deep that cell-by-cell
search needs millions of nodes (Norvig's "impossible" puzzle: 13 template nodes against
1.7 million cell nodes). On sparse grids it is the other way round, which is why it is
only a fallback (engine.search decides when).

The same idea without enumerating: a candidate that lies in no template can never be true
(``template_deletable``). Every single-digit elimination, any fish included, is such a
candidate, which the fish search uses to prune.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import HALF_BITS, N_CELLS, CellSet, Digit
from engine.cache import StateMemo, per_grid_version
from engine.grid import Grid

def allowed_cells(grid: Grid, digit: Digit) -> CellSet:
    """The cells where ``digit`` is placed or still a candidate: where its templates may go."""
    return grid.cells_with[digit] | placed_cells(grid)[digit]


@per_grid_version()
def placed_cells(grid: Grid) -> tuple[CellSet, ...]:
    """Per digit (index 0 unused), the cells that hold it."""
    placed = [0] * 10
    for cell, value in enumerate(grid.values):
        if value:
            placed[value] |= 1 << cell
    return tuple(placed)


#: Past this many templates for one digit, enumerating them costs more than it can save.
MAX_TEMPLATES_PER_DIGIT: Final = 20_000
#: Every template a digit can have (an empty grid): a limit that never stops enumeration.
ALL_TEMPLATES: Final = 46_656


class TooManyTemplates(Exception):
    """A digit has more templates than the search is willing to enumerate."""


def digit_templates(allowed: CellSet, limit: int = MAX_TEMPLATES_PER_DIGIT) -> list[CellSet]:
    """Every template inside ``allowed`` (the cells where the digit may go), as cell sets.

    Band by band: each band (three rows) has at most 162 ways to take the digit once per
    row and box; a template is one way per band using disjoint columns. The third band's
    columns are exactly those the first two leave, so it is looked up, not searched.

    Raises:
        TooManyTemplates: more than ``limit`` of them.
    """
    first, second, third = (_band_ways(allowed, band) for band in range(3))
    by_columns: dict[int, list[CellSet]] = {}
    for cols, cells in third:
        by_columns.setdefault(cols, []).append(cells)
    out: list[CellSet] = []
    for cols1, cells1 in first:
        for cols2, cells2 in second:
            if cols1 & cols2:
                continue
            rest = by_columns.get(0x1FF ^ (cols1 | cols2))
            if rest:
                top = cells1 | cells2
                out.extend(top | cells3 for cells3 in rest)
                if len(out) > limit:
                    raise TooManyTemplates
    return out


def _band_ways(allowed: CellSet, band: int) -> list[tuple[int, CellSet]]:
    """(columns used, cells) for each way to place the digit once in each row and box of
    a band."""
    rows = [[c for c in range(9) if allowed >> (r * 9 + c) & 1] for r in range(band * 3, band * 3 + 3)]
    base = band * 27
    ways = []
    for c0 in rows[0]:
        for c1 in rows[1]:
            if c1 // 3 == c0 // 3:
                continue
            for c2 in rows[2]:
                if c2 // 3 in (c0 // 3, c1 // 3):
                    continue
                cells = 1 << (base + c0) | 1 << (base + 9 + c1) | 1 << (base + 18 + c2)
                ways.append((1 << c0 | 1 << c1 | 1 << c2, cells))
    return ways


def template_solutions(allowed: dict[Digit, CellSet], node_budget: int) -> Iterator[list[Digit]] | None:
    """The solutions as lists of 81 digits, or None when the digits have too many templates.

    ``allowed[d]`` is the set of cells where ``d`` may go (placed there or a candidate).

    Raises:
        TooManyTemplates: the search needed more than ``node_budget`` nodes (raised while
            iterating).
    """
    try:
        templates = {d: digit_templates(cells) for d, cells in allowed.items()}
    except TooManyTemplates:
        return None
    return _solutions(templates, node_budget)


def _solutions(templates: dict[Digit, list[CellSet]], node_budget: int) -> Iterator[list[Digit]]:
    nodes = 0
    stack: list[tuple[dict[Digit, list[CellSet]], dict[Digit, CellSet]]] = [(templates, {})]
    while stack:
        remaining, chosen = stack.pop()
        nodes += 1
        if nodes > node_budget:
            raise TooManyTemplates
        if not remaining:
            yield _grid(chosen)
            continue
        digit = min(remaining, key=lambda d: (len(remaining[d]), d))
        for template in reversed(remaining[digit]):
            narrowed = _narrow(remaining, digit, template)
            if narrowed is not None:
                stack.append((narrowed, {**chosen, digit: template}))


def _narrow(remaining: dict[Digit, list[CellSet]], digit: Digit, template: CellSet) -> dict[Digit, list[CellSet]] | None:
    """The other digits' templates that avoid ``template``; None if a digit has none left."""
    out = {}
    for other, options in remaining.items():
        if other == digit:
            continue
        kept = [t for t in options if not t & template]
        if not kept:
            return None
        out[other] = kept
    return out


def _grid(chosen: dict[Digit, CellSet]) -> list[Digit]:
    values = [0] * N_CELLS
    for digit, template in chosen.items():
        cells = template
        while cells:
            low = cells & -cells
            values[low.bit_length() - 1] = digit
            cells ^= low
    return values


# --- which candidates lie in no template (fish search, Template Delete) ---------------


def template_deletable(grid: Grid, digit: Digit) -> CellSet:
    """Candidates of ``digit`` that lie in no template (a full, valid placement of the digit
    over the grid). Every single-digit elimination, any fish included, is one of these."""
    cells = allowed_cells(grid, digit)
    used = _TEMPLATE_CELLS.get(cells)
    if used is None:
        used = _template_cells(cells)
        _TEMPLATE_CELLS.put(cells, used)
    return grid.cells_with[digit] & ~used


#: The cells some template uses, by the cells a digit may go in: most steps leave most
#: digits alone, and the same sets come back.
_TEMPLATE_CELLS: Final[StateMemo[CellSet, CellSet]] = StateMemo()


def _template_cells(cells: CellSet) -> CellSet:
    """The cells some template inside ``cells`` uses (0: there is none).

    A search row by row, memoised by (row, columns used, boxes used in the band). The
    cells a completion uses are kept as halves (rows 1-6 and rows 7-9, see
    engine.cells.HALF_BITS), small ints: no object per union, compiled."""
    rows = [(cells >> 9 * row) & 0x1FF for row in range(9)]
    memo: dict[int, tuple[int, int]] = {}

    def reach(row: int, cols: int, boxes: int) -> tuple[int, int]:
        # The cells used by some completion from this state as (low, high) halves, with
        # _DONE set in high when there is one; (0, 0): a dead end. Row 9 is the end.
        if row == 9:
            return 0, _DONE
        key = row << 12 | cols << 3 | boxes
        known = memo.get(key)
        if known is not None:
            return known
        low_used = high_used = 0
        free = rows[row] & ~cols
        while free:
            low = free & -free
            free ^= low
            box = 1 << ((low.bit_length() - 1) // 3)
            if boxes & box:
                continue
            rest_low, rest_high = reach(row + 1, cols | low, 0 if row % 3 == 2 else boxes | box)
            if rest_high:  # rows 7-9 are in every completion, so a live one has a high half
                if row < _LOW_ROWS:
                    low_used |= low << 9 * row
                else:
                    high_used |= low << 9 * (row - _LOW_ROWS)
                low_used |= rest_low
                high_used |= rest_high
        memo[key] = (low_used, high_used)
        return low_used, high_used

    low_used, high_used = reach(0, 0, 0)
    if not high_used:
        return 0
    return low_used | (high_used & ~_DONE) << HALF_BITS


#: Rows in the low half of a cell set (see engine.cells.HALF_BITS), and the flag of a
#: complete template in the high half (above its 27 cells).
_LOW_ROWS: Final = HALF_BITS // 9
_DONE: Final = 1 << (N_CELLS - HALF_BITS)


deletable = per_grid_version(9 * 64)(template_deletable)
""":func:`template_deletable`, cached per grid version (and digit)."""

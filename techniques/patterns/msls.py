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
column sets of three to six columns are counted at once: a Python int holds one 7-bit lane
per column set, so cell counts, links per digit and their minimum are a few integer
operations (SWAR) instead of a loop over about 176,000 row/column pairs. Both techniques
read that one search, made once per grid version (``rank0_crossings``), in their own order.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final, Iterator

from engine.cache import per_grid_version
from engine.cells import MASK_COUNT, CellSet, Digit, cell_at
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.patterns.rank0 import RANK0_TEXT, Rank0, rank0, rank0_words
from techniques.shared import cell_names

SIZES: Final = range(3, 7)
#: (rows, columns) per search, fewest cells first.
Shapes = tuple[tuple[int, int], ...]
SQUARE: Final[Shapes] = tuple((k, k) for k in SIZES)
UNEVEN: Final[Shapes] = tuple(sorted(((k, m) for k in SIZES for m in SIZES if k != m), key=lambda km: (km[0] * km[1], km[0])))
#: Smaller rank-0 sets are subsets and fish, found by easier techniques.
MIN_CELLS: Final = 12
_SUBSETS: Final[dict[int, tuple[tuple[int, tuple[int, ...]], ...]]] = {
    size: tuple((sum(1 << i for i in pick), pick) for pick in combinations(range(9), size)) for size in SIZES
}
#: Bits per lane of the column-set vectors: values stay below 2**(LANE - 1) (at most 54).
LANE: Final = 7


#: Every column set of three to six columns, by size, then in ``_SUBSETS`` order: lane j of
#: the search's vectors is ``_COLUMN_SETS[j]``.
_COLUMN_SETS: Final[tuple[int, ...]] = tuple(cols for width in SIZES for cols, _ in _SUBSETS[width])
#: Where a row or column set comes in ``_SUBSETS`` (the order a technique reports in).
_RANK: Final[dict[tuple[int, ...] | int, int]] = {key: n for size in SIZES for n, (cols, rows) in enumerate(_SUBSETS[size]) for key in (rows, cols)}


@dataclass(frozen=True)
class _Lanes:
    """Vectors over every column set (lane j is ``_COLUMN_SETS[j]``), as ints of 7-bit
    lanes: for a 9-bit column mask m, ``count[m]`` holds in each lane how many columns of m
    the lane's set has, and ``hit[m]`` 1 where it has any."""

    count: tuple[int, ...]
    hit: tuple[int, ...]
    ones: int
    guard: int
    #: MIN_CELLS in every lane
    min_cells: int


@cache
def _lanes() -> _Lanes:
    ones = sum(1 << (LANE * j) for j in range(len(_COLUMN_SETS)))
    column = [sum(1 << (LANE * j) for j, cols in enumerate(_COLUMN_SETS) if cols >> c & 1) for c in range(9)]
    count, hit = [0] * 512, [0] * 512
    for mask in range(1, 512):
        low = mask & -mask
        count[mask] = count[mask ^ low] + column[low.bit_length() - 1]
        hit[mask] = hit[mask ^ low] | column[low.bit_length() - 1]
    return _Lanes(tuple(count), tuple(hit), ones, ones << (LANE - 1), MIN_CELLS * ones)


def _row_masks(grid: Grid) -> tuple[list[int], list[list[int]]]:
    """Per row, the columns of its open cells; per digit and row, the columns where the
    digit is a candidate (9-bit masks)."""
    open_cols = [sum(1 << c for c in range(9) if not grid.values[cell_at(r, c)]) for r in range(9)]
    by_digit = [[(grid.cells_with[d] >> (9 * r)) & 0x1FF for r in range(9)] for d in range(10)]
    return open_cols, by_digit


def msls_candidates(grid: Grid, shapes: Shapes = SQUARE) -> Iterator[tuple[tuple[int, ...], int, list[tuple[int, Digit]]]]:
    """(rows, column mask, links) of k rows and m columns, (k, m) in ``shapes``, whose open
    cells (at least one in each row, MIN_CELLS in all) are as many as their fewest
    row-or-column links per digit: by shape in the order given, then rows, then columns in
    ``_SUBSETS`` order."""
    place = {shape: n for n, shape in enumerate(shapes)}
    found = [(rows, cols) for rows, cols in rank0_crossings(grid) if (len(rows), MASK_COUNT[cols]) in place]
    found.sort(key=lambda rc: (place[len(rc[0]), MASK_COUNT[rc[1]]], _RANK[rc[0]], _RANK[rc[1]]))
    if found:
        _, by_digit = _row_masks(grid)
    for rows, cols in found:
        per_digit = [(d, [by_digit[d][r] for r in rows]) for d in range(1, 10)]
        yield rows, cols, _links([(d, masks) for d, masks in per_digit if any(masks)], rows, cols)


@per_grid_version()
def rank0_crossings(grid: Grid) -> tuple[tuple[tuple[int, ...], int], ...]:
    """(rows, column mask) of every three to six rows and three to six columns whose open
    cells pass ``_rank0_lanes``, in no particular order: each choice of rows tried against
    every column set at once, the choices of rows grown a row at a time (depth first: what
    the rows have in common is counted once for all the choices that share them).

    What a choice of rows finds depends on those rows alone, so this thread's last search
    is reused. A choice whose rows only lost candidates keeps its open cells, and its link
    count is corrected digit by digit (``_RowSearch.recount``): most steps remove a digit
    or two from a row or two. A choice with rows that only lost open cells (placements)
    has its cell count and eligible sets corrected too (``_close``), when few digits moved
    in these rows (``_reopened``); other choices with a row whose open cells changed are
    searched afresh."""
    open_cols, by_digit = _row_masks(grid)
    row_digits = [tuple(by_digit[d][r] for d in range(1, 10)) for r in range(9)]
    thread = threading.get_ident()
    last = _LAST.pop(thread, None)  # its states are corrected in place: gone if this fails
    reopened = _ALL_ROWS
    states: dict[tuple[int, ...], _RowState] = {}
    lanes = _lanes()
    if last is not None:
        changed = sum(1 << r for r in range(9) if open_cols[r] != last.open_cols[r])
        reopened = _reopened(open_cols, row_digits, last, changed)
        states = {rows: state for rows, state in last.states.items() if not _ROW_MASK[rows] & reopened}
        if changed & ~reopened:
            _close(lanes, states, last.open_cols, open_cols, changed & ~reopened)
    search = _RowSearch(lanes, open_cols, row_digits, reopened, states)
    if reopened:
        search.grow((), search.lanes.ones, 0, 0, (0,) * 9, (0,) * 9, (0,) * 9)
    if last is not None:
        for digit in range(9):
            moved = sum(1 << r for r in range(9) if row_digits[r][digit] != last.row_digits[r][digit]) & ~reopened
            if moved:
                search.recount(digit, [last.row_digits[r][digit] for r in range(9)], moved)
    _LAST[thread] = _Last(open_cols, row_digits, search.states)
    found: list[tuple[tuple[int, ...], int]] = []
    for rows, state in search.states.items():
        hits = state.hits
        while hits:
            low = hits & -hits
            hits ^= low
            found.append((rows, _COLUMN_SETS[(low.bit_length() - 1) // LANE]))
    return tuple(found)


#: Kept choices of rows with rows that lost open cells are corrected (``_close``) rather than
#: searched afresh when these rows' digits that moved are at most this many: a recount walks
#: once per digit, a fresh search once for all.
CLOSE_DIGITS: Final = 2


def _reopened(open_cols: list[int], row_digits: list[tuple[int, ...]], last: _Last, changed: int) -> int:
    """The rows whose choices of rows are searched afresh: those whose open cells changed,
    but for rows that only lost open cells, when few digits moved in them."""
    if any(open_cols[r] & ~last.open_cols[r] for r in range(9)):
        return changed
    digits = sum(1 for d in range(9) if any(changed >> r & 1 and row_digits[r][d] != last.row_digits[r][d] for r in range(9)))
    return changed if digits > CLOSE_DIGITS else 0


def _close(lanes: _Lanes, states: dict[tuple[int, ...], _RowState], was: list[int], now: list[int], closed: int) -> None:
    """Correct the kept choices of rows with a ``closed`` row (whose open columns ``now``
    are some of those it ``was`` open in) for the cells that closed: fewer cells in the
    column sets with a closed column, and a set that no longer meets a row, or no longer
    has MIN_CELLS, is no longer eligible (a choice with none is dropped, as a fresh search
    keeps none). Links are left to the recount of the digits that moved."""
    guard, shift = lanes.guard, LANE - 1
    for rows in [rows for rows in states if _ROW_MASK[rows] & closed]:
        state = states[rows]
        count, eligible = state.count, state.eligible
        for row in rows:
            if closed >> row & 1:
                count -= lanes.count[was[row] ^ now[row]]
                eligible &= lanes.hit[now[row]]
        eligible &= (((count | guard) - lanes.min_cells) & guard) >> shift
        if eligible:
            state.eligible, state.count, state.hits = eligible, count, _rank0_hits(lanes, eligible, count, state.links)
        else:
            del states[rows]


#: Every row set's rows as a 9-bit mask.
_ROW_MASK: Final[dict[tuple[int, ...], int]] = {rows: sum(1 << r for r in rows) for size in range(1, 10) for rows in combinations(range(9), size)}
_ALL_ROWS: Final = 0x1FF


class _RowState:
    """What one choice of rows counted, as lane vectors over the column sets: the sets
    that meet every row with at least MIN_CELLS open cells (``eligible``, never 0), their
    open cells (``count``), their fewest links (``links``), and the sets of rank 0.
    (A plain class: compiled, a frozen dataclass is built by interpreted code.)"""

    __slots__ = ("eligible", "count", "links", "hits")

    def __init__(self, eligible: int, count: int, links: int, hits: int) -> None:
        self.eligible = eligible
        self.count = count
        self.links = links
        self.hits = hits


class _Last:
    """A thread's last search: each row's open columns and columns per digit, and the
    state of every choice of rows with an eligible column set."""

    __slots__ = ("open_cols", "row_digits", "states")

    def __init__(self, open_cols: list[int], row_digits: list[tuple[int, ...]], states: dict[tuple[int, ...], _RowState]) -> None:
        self.open_cols = open_cols
        self.row_digits = row_digits
        self.states = states


#: Per thread, the last search.
_LAST: Final[dict[int, _Last]] = {}


class _RowSearch:
    """Rows added one at a time, ascending, with their lane vectors kept up to date: which
    column sets meet every row so far (``alive``), their open cells (``count``), how many
    rows hold each digit there, summed over the digits (``held``), and per digit the
    columns where it appears (``unions``), the rows that have it in each set
    (``in_rows``) and the columns where two rows or more have it (``twice``). Only row
    sets with a ``reopened`` row are searched; ``states`` starts with the others'."""

    def __init__(self, lanes: _Lanes, open_cols: list[int], row_digits: list[tuple[int, ...]], reopened: int, states: dict[tuple[int, ...], _RowState]) -> None:
        self.lanes = lanes
        self.open_cols = open_cols
        self.row_digits = row_digits
        self.reopened = reopened
        self.states = states
        # per row, the lane vector of how many of its digits each column set holds
        self.row_held: list[int] = [0] * 9
        for row in range(9):
            held = 0
            for m in row_digits[row]:
                if m:
                    held += lanes.hit[m]
            self.row_held[row] = held

    def grow(self, rows: tuple[int, ...], alive: int, count: int, held: int, unions: tuple[int, ...], in_rows: tuple[int, ...], twice: tuple[int, ...]) -> None:
        lanes, changed = self.lanes, self.reopened
        mine = _ROW_MASK[rows] & changed if rows else 0
        if len(rows) >= SIZES[0]:
            if mine:
                state = _rank0_lanes(lanes, alive, count, held, unions, in_rows, twice)
                if state is not None:
                    self.states[rows] = state
            if len(rows) == SIZES[-1]:
                return
        hit = lanes.hit
        for row in range(rows[-1] + 1 if rows else 0, 9):
            if not mine and not changed >> row:
                break  # no changed row among these rows or the ones after
            meets = alive & hit[self.open_cols[row]]
            if not meets:
                continue  # no column set meets every row: nor with more rows
            digits = self.row_digits[row]
            self.grow(
                (*rows, row),
                meets,
                count + lanes.count[self.open_cols[row]],
                held + self.row_held[row],
                tuple(u | m for u, m in zip(unions, digits)),
                tuple(n + hit[m] if m else n for n, m in zip(in_rows, digits)),  # no big-int copy for a digit the row lacks
                tuple(t | u & m for t, u, m in zip(twice, unions, digits)),
            )

    def recount(self, digit: int, old: list[int], moved: int) -> None:
        """Correct the links of every kept choice of rows with a ``moved`` row (whose
        columns for ``digit``, 0-based, were ``old``; no row's open cells changed): its
        digit's fewest links counted with the old columns out, with the new ones in."""
        self._recount(digit, old, moved, (), self.lanes.ones, 0, 0, 0, 0, 0, 0)

    def _recount(self, digit: int, old: list[int], moved: int, rows: tuple[int, ...], alive: int, in_old: int, in_new: int, union_old: int, union_new: int, twice_old: int, twice_new: int) -> None:
        lanes = self.lanes
        mine = _ROW_MASK[rows] & moved if rows else 0
        if len(rows) >= SIZES[0]:
            if mine:
                state = self.states.get(rows)
                if state is not None:
                    links = state.links + _digit_links(lanes, in_new, union_new, twice_new) - _digit_links(lanes, in_old, union_old, twice_old)
                    state.links, state.hits = links, _rank0_hits(lanes, state.eligible, state.count, links)
            if len(rows) == SIZES[-1]:
                return
        hit = lanes.hit
        for row in range(rows[-1] + 1 if rows else 0, 9):
            if not mine and not moved >> row:
                break  # no moved row among these rows or the ones after
            if self.reopened >> row & 1:
                continue  # searched afresh
            meets = alive & hit[self.open_cols[row]]
            if not meets:
                continue  # no column set meets every row: nor with more rows (no state)
            was, now = old[row], self.row_digits[row][digit]
            grown_old = in_old + hit[was] if was else in_old
            self._recount(
                digit,
                old,
                moved,
                (*rows, row),
                meets,
                grown_old,
                grown_old if was == now and in_old == in_new else (in_new + hit[now] if now else in_new),
                union_old | was,
                union_new | now,
                twice_old | union_old & was,
                twice_new | union_new & now,
            )


def _digit_links(lanes: _Lanes, in_rows: int, union: int, twice: int) -> int:
    """One digit's fewest links in each lane: its rows less max(0, rows - columns) (none
    when no two rows have it in one column: each of its rows has a column of its own)."""
    if not twice:
        return in_rows
    guard, shift = lanes.guard, LANE - 1
    diff = (in_rows | guard) - lanes.count[union]
    wins = diff & guard
    return in_rows - (diff & (wins - (wins >> shift)))


def _rank0_lanes(lanes: _Lanes, alive: int, count: int, held: int, unions: tuple[int, ...], in_rows: tuple[int, ...], twice: tuple[int, ...]) -> _RowState | None:
    """The state of a choice of rows: the column sets (of those ``alive``: meeting every
    row) whose cells with the rows (``count`` of them) number at least MIN_CELLS, and of
    those the ones with exactly as many cells as the fewest row-or-column links per digit;
    None when no set has MIN_CELLS.

    A digit's fewest links are its rows r less its excess max(0, r - c) over its columns
    c; summed over the digits, ``held`` less the excesses. A digit no two rows have in one
    column has none: each of its rows in a set has a column of its own there."""
    guard, columns = lanes.guard, lanes.count
    shift = LANE - 1
    # Lane-wise, every value below 2**(LANE - 1): ``((a | guard) - b) & guard`` is the guard
    # bit where a >= b. With ``diff = (a | guard) - b``, ``wins = diff & guard`` and
    # ``low = wins - (wins >> shift)`` (the value bits of the lanes where a >= b),
    # ``max(0, a - b) = diff & low``.
    alive &= (((count | guard) - lanes.min_cells) & guard) >> shift
    if not alive:
        return None
    excess = 0
    for union, rows_in, shared in zip(unions, in_rows, twice):
        if shared:
            diff = (rows_in | guard) - columns[union]
            wins = diff & guard
            excess += diff & (wins - (wins >> shift))
    links = held - excess  # lane-wise: a digit's excess is at most its rows
    return _RowState(alive, count, links, _rank0_hits(lanes, alive, count, links))


def _rank0_hits(lanes: _Lanes, eligible: int, count: int, links: int) -> int:
    """1 in the lanes of ``eligible`` where the links cost what the cells count."""
    guard, shift = lanes.guard, LANE - 1
    return eligible & ~(((((links ^ count) | guard) - lanes.ones) & guard) >> shift)


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


MSLS: Final = MultiSectorLockedSet(Declaration("Multi-Sector Locked Set", "msls"), SQUARE)
UNEVEN_MSLS: Final = MultiSectorLockedSet(Declaration("Uneven Multi-Sector Locked Set", "umsls"), UNEVEN)

"""Almost Locked Sets (ALS) of a grid and the restricted commons between them.

An ALS is n unsolved cells of one house holding n + 1 digits between them: a single
bivalue cell, two cells with three digits, and so on. Whatever the solution, the n cells
miss exactly one of their digits, so if one digit is ruled out of the set, the set is
locked: every other digit is in it.

A restricted common (RC) of two ALS is a digit both hold whose cells in the one all see its
cells in the other: the digit can be in at most one of the two sets. Two ALS can share one
RC or two ("doubly linked"); three are impossible in a puzzle with a solution.

``als_index(grid)`` collects both once per ``grid.version`` (HoDoKu's ``getAlses`` and
``getRestrictedCommons``); ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom and the chain
techniques that use ALS nodes all read the same index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Final, Iterator

from engine.cells import ALL_CELLS, BOXES, COMPILED, HALF_BITS, LINES, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_HALVES, Cell, CellSet, Digit, Mask, cells_of, first_of_halves, half_indices, halves
from engine.cache import StateMemo, per_grid_version, remembered
from engine.grid import Grid
from engine.stop import checkpoint
from engine.notation import compact_cells

class Als:
    """n cells of one house holding n + 1 digits.

    cells: the cells; digits: the digits they hold (a 9-bit mask);
    holding[d]: the cells of the set where d is a candidate (0 when d is not in the set);
    sees_all[d]: the cells outside the set, with d as a candidate, that see every cell of
    ``holding[d]`` (where d could be removed once d is known to be in the set; HoDoKu's
    ``buddiesPerCandidat``); house: the number of a house (in ``UNITS``) holding the cells;
    seen_digits: the digits whose ``sees_all`` is not empty (a quick test for techniques).

    A plain class, not a frozen dataclass: a grid has hundreds of ALS, and compiled
    (issue 24) a frozen dataclass costs some twenty times as much to make. Read-only by
    convention; compared by identity.
    """

    __slots__ = ("cells", "digits", "holding", "sees_all", "house", "seen_digits")

    def __init__(self, cells: CellSet, digits: Mask, holding: tuple[CellSet, ...], sees_all: tuple[CellSet, ...], house: int, seen_digits: Mask = 0) -> None:
        self.cells = cells
        self.digits = digits
        self.holding = holding
        self.sees_all = sees_all
        self.house = house
        self.seen_digits = seen_digits

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.cells.bit_count()

    @property
    def cell_list(self) -> tuple[Cell, ...]:
        return tuple(cells_of(self.cells))

    @property
    def digit_list(self) -> tuple[Digit, ...]:
        return MASK_DIGITS[self.digits]

    def __str__(self) -> str:
        """HoDoKu's form: ``r1c1234 {12345}``."""
        return als_text(self)

    def __repr__(self) -> str:
        return f"Als({als_text(self)})"


class RestrictedCommon:
    """The restricted common digit(s) of two ALS, given by their positions in ``AlsIndex.alses``.

    first < second; digits holds one or two digits; overlap: the two ALS share cells (the RC
    digits never sit in the shared cells). A plain class, as :class:`Als` is (a grid has
    about a thousand).
    """

    __slots__ = ("first", "second", "digits", "overlap")

    def __init__(self, first: int, second: int, digits: Mask, overlap: bool) -> None:
        self.first = first
        self.second = second
        self.digits = digits
        self.overlap = overlap

    def other(self, als: int) -> int:
        """The ALS at the other end of the link."""
        return self.second if als == self.first else self.first

    def __repr__(self) -> str:
        return f"RestrictedCommon({self.first}, {self.second}, digits={self.digits:#b}, overlap={self.overlap})"


@dataclass(frozen=True, slots=True)
class AlsIndex:
    """Every ALS of a grid and every restricted common between two of them.

    alses: in HoDoKu's order (rows, columns, boxes; in each, cell subsets depth first;
    a set found in two houses is kept once); rcs: ordered by (first, second);
    links[i]: the RCs touching ALS i, ordered by the other ALS.
    """

    version: int
    alses: tuple[Als, ...]
    rcs: tuple[RestrictedCommon, ...]
    links: tuple[tuple[RestrictedCommon, ...], ...]


def als_text(als: Als) -> str:
    """An ALS the way HoDoKu prints it: compact cells, then its digits in braces."""
    return f"{compact_cells(cells_of(als.cells))} {{{''.join(str(d) for d in MASK_DIGITS[als.digits])}}}"


@per_grid_version()  # ALS-XZ, XY-Wing, Chain and Death Blossom ask about one version in turn
def als_index(grid: Grid) -> AlsIndex:
    """All ALS of ``grid`` and their restricted commons, computed once per grid version."""
    alses = collect_alses(grid)
    checkpoint()
    rcs = collect_restricted_commons(alses)
    # Ordered by the other ALS as they come: the RCs run by (first, second), one per pair,
    # so ALS i meets those where it is second (others below i, ascending) before those
    # where it is first (others above i, ascending).
    links: list[list[RestrictedCommon]] = [[] for _ in alses]
    for rc in rcs:
        links[rc.first].append(rc)
        links[rc.second].append(rc)
    return AlsIndex(grid.version, alses, rcs, tuple(tuple(own) for own in links))


def collect_alses(grid: Grid) -> tuple[Als, ...]:
    """Every ALS of the grid, single bivalue cells included (HoDoKu's ``getAlses()``)."""
    seen: dict[CellSet, None] = {}
    out: list[Als] = []
    with_digit = [halves(cells) for cells in grid.cells_with]
    for house, cells, digits in _house_sets(grid):
        if cells in seen:
            continue
        seen[cells] = None
        out.append(_make_als(house, cells, digits, with_digit))
    return tuple(out)


#: Houses in HoDoKu's order for the ALS search: rows, then columns, then boxes.
_ALS_HOUSES: Final = LINES + BOXES


def _house_sets(grid: Grid) -> Iterator[tuple[int, CellSet, Mask]]:
    """(house, cells, digits) for every subset of a house's empty cells that is an ALS, in
    HoDoKu's order: rows, columns, boxes; in each, the subsets in the order a depth-first
    walk over the cells (ascending) meets them ({1}, {1,2}, {1,2,3}, ..., {2}, ...).

    At most eight cells: nine cells with ten digits cannot occur. A house's sets depend on
    its cells alone, and most steps leave most houses alone: remembered across steps.
    """
    cands, values = grid.cands, grid.values
    for unit in _ALS_HOUSES:
        empty = tuple((c, cands[c]) for c in unit.cells if not values[c])
        for cells, digits in remembered(_HOUSE_SETS, empty, partial(_subsets, empty)):
            yield unit.number, cells, digits


#: A house's ALS (cells, digits) by its empty cells and their candidates.
_HOUSE_SETS: Final[StateMemo[tuple[tuple[Cell, Mask], ...], tuple[tuple[CellSet, Mask], ...]]] = StateMemo()


def _subsets(empty: tuple[tuple[Cell, Mask], ...]) -> list[tuple[CellSet, Mask]]:
    """(cells, digits) of the subsets of a house's empty cells that are ALS, depth first."""
    out = []
    stack = [(0, 0, 0)]  # (next position, cells so far, digits so far)
    while stack:
        start, cells, digits = stack.pop()
        # Push in reverse so the lowest next cell is walked first.
        for i in range(len(empty) - 1, start - 1, -1):
            cell, mask = empty[i]
            stack.append((i + 1, cells | 1 << cell, digits | mask))
        if cells and MASK_COUNT[digits] == cells.bit_count() + 1:
            out.append((cells, digits))
    return out


def _make_als(house: int, cells: CellSet, digits: Mask, with_digit: list[tuple[int, int]]) -> Als:
    """The ALS of ``cells``; ``with_digit[d]``: the grid's cells with candidate d, as halves.

    On halves (see engine.cells.HALF_BITS), as small ints: a digit's holders and the
    cells seeing them all are worked out without an object per operation (once per ALS
    and digit, for every ALS of every grid the ALS techniques look at)."""
    holding = [0] * 10
    sees_all = [0] * 10
    seen_digits = 0
    cells_low, cells_high = halves(cells)
    for d in MASK_DIGITS[digits]:
        with_low, with_high = with_digit[d]
        own_low, own_high = cells_low & with_low, cells_high & with_high
        own = holding[d] = own_low | own_high << HALF_BITS
        # Outside the set, with d, and a peer of each holder (peers never hold the cell):
        # compiled, a loop on machine words; interpreted, from the memo (fewer operations).
        seen_low, seen_high = with_low & ~cells_low, with_high & ~cells_high
        if COMPILED:
            for cell in half_indices(own_low, own_high):
                peers_low, peers_high = PEER_HALVES[cell]
                seen_low &= peers_low
                seen_high &= peers_high
        else:
            known = _HOLDERS.get(own)
            if known is None:
                known = _HOLDERS[own] = holders(own)
            seen_low &= known[0]
            seen_high &= known[1]
        if seen_low or seen_high:
            sees_all[d] = seen_low | seen_high << HALF_BITS
            seen_digits |= 1 << (d - 1)
    return Als(cells, digits, tuple(holding), tuple(sees_all), house, seen_digits)


def holders(cells: CellSet) -> tuple[int, int, int, int, int]:
    """What the ALS techniques ask about the cells holding a digit in an ALS (not none):
    the cells that see every one of them, and the cells themselves, as halves (see
    engine.cells.HALF_BITS), and the lowest of them."""
    low, high = halves(ALL_CELLS)
    for cell in cells_of(cells):
        peers_low, peers_high = PEER_HALVES[cell]
        low &= peers_low
        high &= peers_high
    own_low, own_high = halves(cells)
    return low, high, own_low, own_high, first_of_halves(own_low, own_high)


#: :func:`holders` by cell set: the same sets in every grid (at most every subset of each
#: house's cells), made once.
_HOLDERS: Final[dict[CellSet, tuple[int, int, int, int, int]]] = {}


def collect_restricted_commons(alses: tuple[Als, ...]) -> tuple[RestrictedCommon, ...]:
    """The RCs of every pair of ALS, overlapping pairs included (flagged).

    A digit d is an RC of A and B when B's cells holding d all lie in A's ``sees_all[d]``:
    then they are outside A and see each of A's cells holding d. Instead of testing all
    pairs, B is looked up by the lowest of its cells holding d, which must be one of the
    cells A's holders see.
    """
    # Per digit, the ALS by the lowest of their cells holding it (made as met: a grid's ALS
    # hold a digit at a few hundred of the 729 places).
    by_low: list[dict[int, list[int]]] = [{} for _ in range(10)]
    # Per digit, each ALS's cells holding it as halves (see engine.cells.HALF_BITS): the
    # containment test below on small ints, not on 81-bit sets (an object per operation).
    low_of: list[list[int]] = [[0] * len(alses) for _ in range(10)]
    high_of: list[list[int]] = [[0] * len(alses) for _ in range(10)]
    for j, als in enumerate(alses):
        holding = als.holding
        for d in MASK_DIGITS[als.digits]:
            if COMPILED:
                low, high = halves(holding[d])
                lowest = first_of_halves(low, high)
            else:
                known = _HOLDERS.get(holding[d])
                if known is None:
                    known = _HOLDERS[holding[d]] = holders(holding[d])
                _, _, low, high, lowest = known
            low_of[d][j], high_of[d][j] = low, high
            same = by_low[d].get(lowest)
            if same is None:
                by_low[d][lowest] = [j]
            else:
                same.append(j)
    out = []
    for i, als in enumerate(alses):
        found: dict[int, Mask] = {}  # j -> the RC digits of (i, j)
        for d in MASK_DIGITS[als.digits & als.seen_digits]:
            table, lows, highs = by_low[d], low_of[d], high_of[d]
            bit = 1 << (d - 1)
            seen_low, seen_high = halves(als.sees_all[d])
            outside_low, outside_high = ~seen_low, ~seen_high
            for cell in half_indices(seen_low, seen_high):
                candidates = table.get(cell)
                if candidates is None:
                    continue
                # Ascending: only the ALS after i matter, the last ones.
                k = len(candidates) - 1
                while k >= 0:
                    j = candidates[k]
                    if j <= i:
                        break
                    if not lows[j] & outside_low and not highs[j] & outside_high:
                        found[j] = found.get(j, 0) | bit
                    k -= 1
        for j in sorted(found):
            out.append(RestrictedCommon(i, j, found[j], bool(als.cells & alses[j].cells)))
    return tuple(out)

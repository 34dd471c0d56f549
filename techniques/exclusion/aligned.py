"""Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5), as Sudoku Explainer
finds them.

Take two (three) cells and every way of filling them with their candidates. A way is
impossible when two of the cells see each other and get the same digit, or when some cell
that all of them see ("excluder", a cell with 2 candidates, or 2-3 for triplets) would be
left with none of its candidates. A candidate of a base cell that appears in no possible
way is removed. SE needs at least two common excluders, skips the technique while a naked
single is left, and picks base cells in row order, pairs of them in increasing order of
their bit masks; a triplet's third cell is an excluder of one of the first two.
"""

from __future__ import annotations

import threading
from typing import Final, Iterator

from engine.cells import (
    CELL_NAMES, HALF_BITS, LOW_HALF, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_HALVES, PEER_MASK, Cell, CellSet, bit_indices, half_indices,
)
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import HOUSE_CELLS
from techniques.shared import cell_names, grouped_removals

_TEXT: Final = (
    "Consider every way to fill {cells} with their candidates. Each way either puts one digit twice in a "
    "house or leaves one of {excluders} (cells that see all of them) with no candidate, unless it uses "
    "none of {removed}. So remove {removals}."
)


def _base_cells(grid: Grid, most: int) -> tuple[list[Cell], list[CellSet]]:
    """SE's base cells in row order, and each cell's excluders (the cells it sees with
    2..most candidates, as a cell set; 0 for a cell that is not a base cell); none while a
    naked single is left in a base cell's houses."""
    cands = grid.cands
    counts = [MASK_COUNT[m] for m in cands]
    small = singles = 0
    for cell, n in enumerate(counts):
        if n == 1:
            singles |= 1 << cell
        elif 2 <= n <= most:
            small |= 1 << cell
    bases: list[Cell] = []
    seen = [0] * N_CELLS
    for cell, n in enumerate(counts):
        if n < 2 or (singles and PEER_MASK[cell] & singles):
            continue
        found = PEER_MASK[cell] & small
        if found:
            bases.append(cell)
            seen[cell] = found
    return bases, seen


class _Quiet:
    """A position where the technique found nothing: its candidates and base cells."""

    __slots__ = ("cands", "bases")

    def __init__(self, cands: list[int], bases: CellSet) -> None:
        self.cands = cands
        self.bases = bases

    def unchanged(self, cands: list[int]) -> CellSet | None:
        """The cells whose candidates are as they were here (as a cell set), when the
        position only lost candidates since (else None: nothing can be said)."""
        same = 0
        before = self.cands
        for cell in range(N_CELLS):
            was, now = before[cell], cands[cell]
            if was == now:
                same |= 1 << cell
            elif now & ~was:
                return None
        return same


#: Per thread and size, the last position where the technique found nothing. A base-cell
#: set (pair, or triplet) whose cells and common excluders are unchanged since then, all
#: base cells there too, finds nothing again: only the others are tried. (An excluder
#: whose candidates changed, or a cell that became one, may refuse new fillings; a cell
#: that is no longer an excluder only refuses fewer; the position only lost candidates.)
_QUIET: Final[dict[tuple[int, int], _Quiet]] = {}


class AlignedExclusion(BaseTechnique):
    """Aligned Pair (``size`` 2) or Triplet (3) Exclusion (see the module docstring)."""

    def __init__(self, size: int) -> None:
        if size == 2:
            super().__init__(Declaration("Aligned Pair Exclusion", "ape", profile="se"))
        else:
            super().__init__(Declaration("Aligned Triplet Exclusion", "ate", profile="se"))
        self.size = size

    def find(self, grid: Grid) -> Iterator[Step]:
        bases, seen = _base_cells(grid, self.size)
        if len(bases) < self.size:
            return
        cands = grid.cands
        key = (threading.get_ident(), self.size)
        quiet = _QUIET.get(key)
        hits = _Scan(cands, bases, seen, quiet, self.size).hits()
        for cells, low, high, removals in hits:
            yield self._found(cells, low, high, removals)
        if not hits:
            base_set = 0
            for cell in bases:
                base_set |= 1 << cell
            _QUIET[key] = _Quiet(cands[:], base_set)

    def _found(self, cells: tuple[Cell, ...], low: int, high: int, removals: tuple[Candidate, ...]) -> Step:
        """The step for base cells whose common excluders are ``low``/``high``."""
        common = low | high << HALF_BITS
        return self._step(cells, [c for c in HOUSE_CELLS[cells[0]] if common >> c & 1], removals)

    def _step(self, cells: tuple[Cell, ...], common: list[Cell], removals: tuple[Candidate, ...]) -> Step:
        text = _TEXT.format(
            cells=cell_names(list(cells)), excluders=cell_names(common).replace(" and ", " or "),
            removed=", ".join(f"{c.digit} in {CELL_NAMES[c.cell]}" for c in removals), removals=grouped_removals(removals),
        )
        return self.step(
            ",".join(CELL_NAMES[c] for c in cells),
            eliminations=removals,
            explanation=text,
            highlights=Highlights(cells=cells + tuple(common)),
            rating=6.2 if self.size == 2 else 7.5,
        )


#: 1 at ``a * N_CELLS + b`` when cells a and b see each other.
_SEES: Final = bytes(PEER_MASK[a] >> b & 1 for a in range(N_CELLS) for b in range(N_CELLS))
#: All the cells of a high half.
_HIGH_HALF: Final = (1 << (N_CELLS - HALF_BITS)) - 1
#: A candidate outside the nine digits: the lone candidate of a pair's missing third cell.
_NOTHING: Final = 1 << 9


def _two_or_more(low: int, high: int) -> bool:
    """A cell set given as halves holds at least two cells."""
    return bool((low and high) or low & (low - 1) or high & (high - 1))


#: A pair's or triplet's base cells, common excluders (as halves) and removals.
_Hit = tuple[tuple[Cell, ...], int, int, tuple[Candidate, ...]]


class _Scan:
    """One search's tables: per cell its excluders (``seen``) as halves (HALF_BITS: no
    object per test), whether it is settled (as it was, and a base cell, at the last
    position where the technique found nothing), and per excluder the base cells it sees."""

    def __init__(self, cands: list[int], bases: list[Cell], seen: list[CellSet], quiet: _Quiet | None, size: int) -> None:
        self.cands, self.bases, self.size = cands, bases, size
        same = quiet.unchanged(cands) if quiet is not None else None
        settled = same & quiet.bases if quiet is not None and same is not None else 0
        self.seen_low = [cells & LOW_HALF for cells in seen]
        self.seen_high = [cells >> HALF_BITS for cells in seen]
        self.is_settled = [0] * N_CELLS
        for cell in bit_indices(settled):
            self.is_settled[cell] = 1
        self.settled_low, self.settled_high = settled & LOW_HALF, settled >> HALF_BITS
        self.changed_low = self.changed_high = 0  # the cells not as they were
        if same is not None:
            self.changed_low, self.changed_high = LOW_HALF & ~same, _HIGH_HALF & ~(same >> HALF_BITS)
        self.bases_low = self.bases_high = 0
        for cell in bases:
            if cell < HALF_BITS:
                self.bases_low |= 1 << cell
            else:
                self.bases_high |= 1 << (cell - HALF_BITS)
        self.reach_low, self.reach_high = [0] * N_CELLS, [0] * N_CELLS
        excluders_low = excluders_high = 0
        for cell in bases:
            excluders_low |= self.seen_low[cell]
            excluders_high |= self.seen_high[cell]
        for cell in half_indices(excluders_low, excluders_high):
            peers_low, peers_high = PEER_HALVES[cell]
            self.reach_low[cell], self.reach_high[cell] = peers_low & self.bases_low, peers_high & self.bases_high
        self.partners: list[list[Cell] | None] = [None] * N_CELLS

    def hits(self) -> list[_Hit]:
        """The pairs (triplets) of base cells that remove candidates, in SE's order: the
        seconds in row order, the firsts before them (a pair's thirds: see ``_pair``). For
        pairs, only those not known (see ``_pair``) are listed."""
        out: list[_Hit] = []
        below_low = below_high = 0  # the base cells before ``second``
        unsettled_low, unsettled_high = self.bases_low & ~self.settled_low, self.bases_high & ~self.settled_high
        for second in self.bases:
            low, high = self.seen_low[second], self.seen_high[second]
            firsts_low, firsts_high = below_low, below_high
            if self.size == 2 and self.is_settled[second]:  # only firsts not settled, or sharing a changed excluder
                firsts_low, firsts_high = self._new_firsts(low, high, unsettled_low, unsettled_high)
                firsts_low &= below_low
                firsts_high &= below_high
            if firsts_low or firsts_high:
                twice_low, twice_high = self._sharing_two(low, high, firsts_low, firsts_high)
                while twice_low:
                    lowest = twice_low & -twice_low
                    twice_low ^= lowest
                    self._pair(lowest.bit_length() - 1, second, out)
                while twice_high:
                    lowest = twice_high & -twice_high
                    twice_high ^= lowest
                    self._pair(HALF_BITS + lowest.bit_length() - 1, second, out)
            if second < HALF_BITS:
                below_low |= 1 << second
            else:
                below_high |= 1 << (second - HALF_BITS)
        return out

    def _new_firsts(self, low: int, high: int, unsettled_low: int, unsettled_high: int) -> tuple[int, int]:
        """The cells ``unsettled`` and the base cells that see a changed excluder of
        ``low``/``high``."""
        rest = low & self.changed_low
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            cell = lowest.bit_length() - 1
            unsettled_low |= self.reach_low[cell]
            unsettled_high |= self.reach_high[cell]
        rest = high & self.changed_high
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            cell = HALF_BITS + lowest.bit_length() - 1
            unsettled_low |= self.reach_low[cell]
            unsettled_high |= self.reach_high[cell]
        return unsettled_low, unsettled_high

    def _sharing_two(self, low: int, high: int, among_low: int, among_high: int) -> tuple[int, int]:
        """The cells of ``among`` (base cells, as halves) that two or more of the excluders
        ``low``/``high`` see (counted bit-sliced: seen once, seen twice)."""
        once_low = once_high = twice_low = twice_high = 0
        reach_low, reach_high = self.reach_low, self.reach_high
        rest = low
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            cell = lowest.bit_length() - 1
            at_low, at_high = reach_low[cell] & among_low, reach_high[cell] & among_high
            twice_low |= once_low & at_low
            twice_high |= once_high & at_high
            once_low |= at_low
            once_high |= at_high
        rest = high
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            cell = HALF_BITS + lowest.bit_length() - 1
            at_low, at_high = reach_low[cell] & among_low, reach_high[cell] & among_high
            twice_low |= once_low & at_low
            twice_high |= once_high & at_high
            once_low |= at_low
            once_high |= at_high
        return twice_low, twice_high

    def _pair(self, first: Cell, second: Cell, out: list[_Hit]) -> None:
        """Test a pair of base cells with two or more common excluders (size 2), or its
        triplets (size 3); a pair is known when both cells and their common excluders are
        as they were: then only its thirds not settled count (a cell that left the
        excluders only takes away refusals)."""
        low, high = self.seen_low[first] & self.seen_low[second], self.seen_high[first] & self.seen_high[second]
        if self.size == 2:  # ``hits`` lists no known pair
            removals = _excluded(self.cands, first, second, -1, low, high)
            if removals:
                out.append(((first, second), low, high, removals))
            return
        known = self.is_settled[first] == 1 and self.is_settled[second] == 1 and not (low & self.changed_low or high & self.changed_high)
        # the thirds: base cells that see two or more of the common excluders, among the
        # pair's partners (its cells' excluders that are base cells), neither of the two;
        # for a known pair only those not settled
        seen_low, seen_high = self.seen_low, self.seen_high
        near_low, near_high = self._sharing_two(low, high, self.bases_low, self.bases_high)
        near_low &= seen_low[first] | seen_low[second]
        near_high &= seen_high[first] | seen_high[second]
        if first < HALF_BITS:
            near_low &= ~(1 << first)
        else:
            near_high &= ~(1 << (first - HALF_BITS))
        if second < HALF_BITS:
            near_low &= ~(1 << second)
        else:
            near_high &= ~(1 << (second - HALF_BITS))
        if known:
            near_low &= ~self.settled_low
            near_high &= ~self.settled_high
        if not (near_low or near_high):
            return
        # in SE's order: the first's partners, then the second's, each once
        for third in self._partners(first) + self._partners(second):
            if third < HALF_BITS:
                if not near_low >> third & 1:
                    continue
                near_low ^= 1 << third
            else:
                if not near_high >> (third - HALF_BITS) & 1:
                    continue
                near_high ^= 1 << (third - HALF_BITS)
            self._triplet(first, second, third, low & seen_low[third], high & seen_high[third], out)

    def _triplet(self, first: Cell, second: Cell, third: Cell, low: int, high: int, out: list[_Hit]) -> None:
        """Test a triplet of base cells with common excluders ``low``/``high``."""
        removals = _excluded(self.cands, first, second, third, low, high)
        if removals:
            out.append(((first, second, third), low, high, removals))

    def _partners(self, cell: Cell) -> list[Cell]:
        """A base cell's excluders that are base cells too, in SE's order (its houses')."""
        found = self.partners[cell]
        if found is None:
            low, high, seen_low = self.seen_low[cell], self.seen_high[cell], self.seen_low
            found = self.partners[cell] = [
                c for c in HOUSE_CELLS[cell]
                if (low >> c & 1 if c < HALF_BITS else high >> (c - HALF_BITS) & 1) and (seen_low[c] or self.seen_high[c])
            ]
        return found


def _excluded(cands: list[int], a: Cell, b: Cell, c: Cell, low: int, high: int) -> tuple[Candidate, ...]:
    """The candidates of base cells ``a``, ``b`` and ``c`` (-1: a pair) that appear in no
    allowed filling of them (``low``, ``high``: the cells that see all of them, as halves).

    A filling is refused when two base cells that see each other get one digit, or when it
    covers every candidate of a common excluder (only excluders whose candidates all lie
    among the base cells' can be covered).
    """
    m0, m1 = cands[a], cands[b]
    sees = _SEES[a * N_CELLS + b]
    if c >= 0:
        m2 = cands[c]
        sees |= _SEES[a * N_CELLS + c] << 1 | _SEES[b * N_CELLS + c] << 2
    else:  # a pair: a third cell with one placeholder candidate that meets nothing
        m2 = _NOTHING
    union = m0 | m1 | m2
    blockers: list[int] = []  # two loops, one per half: no tuple per call
    rest = low
    while rest:
        lowest = rest & -rest
        mask = cands[lowest.bit_length() - 1]
        if not mask & ~union:  # (one mask twice only repeats a test)
            blockers.append(mask)
        rest ^= lowest
    rest = high
    while rest:
        lowest = rest & -rest
        mask = cands[HALF_BITS + lowest.bit_length() - 1]
        if not mask & ~union:  # (one mask twice only repeats a test)
            blockers.append(mask)
        rest ^= lowest
    if not blockers and not (sees == 7 and (MASK_COUNT[m0] == 2 or MASK_COUNT[m1] == 2 or MASK_COUNT[m2] == 2)):
        # No excluder can be covered, and the base cells do not all see each other (then a
        # digit for one leaves another one for each of the others), or each has three or
        # more candidates: every candidate has an allowed filling.
        return ()
    used = _used_three(m0, m1, m2, sees, blockers)
    gone0, gone1, gone2 = m0 & ~used, m1 & ~(used >> 10), m2 & ~(used >> 20)
    if not (gone0 | gone1 | gone2):
        return ()
    out = [Candidate(d, a) for d in MASK_DIGITS[gone0 & 0x1FF]] + [Candidate(d, b) for d in MASK_DIGITS[gone1 & 0x1FF]]
    if c >= 0:
        out += [Candidate(d, c) for d in MASK_DIGITS[gone2 & 0x1FF]]
    return tuple(out)


def _used_three(m0: int, m1: int, m2: int, sees: int, blockers: list[int]) -> int:
    """The candidates some allowed filling gives each base cell, as one int (the three
    cells' masks at bits 0, 10 and 20; ``sees``: bit 0 cells 0-1 see each other, bit 1
    cells 0-2, bit 2 cells 1-2).

    For each choice of the first two cells, the third cell's refused candidates at once: a
    blocker is covered by the filling when the two choices cover it, or all of it but one
    candidate, which the third cell must then avoid. Bits are taken off the masks one by
    one (no tuple or list per call: this runs some hundred thousand times a grade)."""
    s01, s02, s12 = sees & 1, sees & 2, sees & 4
    u0 = u1 = u2 = 0
    left0 = m0
    while left0:
        b0 = left0 & -left0
        left0 ^= b0
        left1 = m1 & ~b0 if s01 else m1
        third = m2 & ~b0 if s02 else m2
        while left1:
            b1 = left1 & -left1
            left1 ^= b1
            pair = b0 | b1
            allowed = third & ~b1 if s12 else third
            for x in blockers:
                rest = x & ~pair
                if not rest:
                    allowed = 0
                    break
                if not rest & (rest - 1):
                    allowed &= ~rest
            if allowed:
                u0 |= b0
                u1 |= b1
                u2 |= allowed
                if u1 == m1 and u2 == m2:
                    break  # b0 is used, the other two cells' candidates all are: the next b0
        if u0 == m0 and u1 == m1 and u2 == m2:
            break
    return u0 | u1 << 10 | u2 << 20


ALIGNED_PAIR_EXCLUSION: Final = AlignedExclusion(2)
ALIGNED_TRIPLET_EXCLUSION: Final = AlignedExclusion(3)

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

from engine.cells import CELL_NAMES, HALF_BITS, LOW_HALF, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, Cell, CellSet, bit_indices
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
        same = quiet.unchanged(cands) if quiet is not None else None
        old_bases = quiet.bases if quiet is not None and same is not None else 0
        settled = same & old_bases if same is not None else 0  # cells as they were, base cells then
        # Cell sets as halves (engine.cells.HALF_BITS) in the loops: no object per test.
        seen_low = [cells & LOW_HALF for cells in seen]
        seen_high = [cells >> HALF_BITS for cells in seen]
        is_settled = [0] * N_CELLS
        for cell in bit_indices(settled):
            is_settled[cell] = 1
        changed_low = changed_high = 0  # the cells not as they were
        if same is not None:
            changed_low, changed_high = LOW_HALF & ~same, _HIGH_HALF & ~(same >> HALF_BITS)
        search = _Partners(seen, seen_low, seen_high)
        bases_low = bases_high = 0  # the base cells, as halves
        for cell in bases:
            if cell < HALF_BITS:
                bases_low |= 1 << cell
            else:
                bases_high |= 1 << (cell - HALF_BITS)
        settled_low, settled_high = settled & LOW_HALF, settled >> HALF_BITS
        found = False
        for j in range(1, len(bases)):  # the pairs of base cells in SE's order (colex)
            second = bases[j]
            second_low, second_high = seen_low[second], seen_high[second]
            for i in range(j):
                first = bases[i]
                both_low, both_high = seen_low[first] & second_low, seen_high[first] & second_high
                if not _two_or_more(both_low, both_high):  # fewer than two common excluders, whatever the third
                    continue
                # the pair, and its common excluders, as they were: only new thirds count
                # (a cell that left the excluders only takes away refusals)
                known = is_settled[first] and is_settled[second] and not (changed_low & both_low or changed_high & both_high)
                if self.size == 2:
                    if not known:
                        removals = _excluded(cands, first, second, -1, both_low, both_high)
                        if removals:
                            found = True
                            yield self._found((first, second), both_low, both_high, removals)
                    continue
                near_low = (seen_low[first] | second_low) & bases_low  # the pair's partners: its third cells
                near_high = (seen_high[first] | second_high) & bases_high
                if known:
                    near_low &= ~settled_low
                    near_high &= ~settled_high
                if not _some_third(first, second, both_low, both_high, near_low, near_high, seen_low, seen_high):
                    continue  # no third cell (not settled) sees two of the common excluders
                for third in search.thirds(first, second):
                    shared_low, shared_high = both_low & seen_low[third], both_high & seen_high[third]
                    if _two_or_more(shared_low, shared_high) and not (known and is_settled[third]):
                        removals = _excluded(cands, first, second, third, shared_low, shared_high)
                        if removals:
                            found = True
                            yield self._found((first, second, third), shared_low, shared_high, removals)
        if not found:
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


def _some_third(
    first: Cell, second: Cell, low: int, high: int, near_low: int, near_high: int, seen_low: list[int], seen_high: list[int]
) -> bool:
    """Some cell of ``near`` (as halves) other than ``first`` and ``second`` sees two or
    more of the cells ``low``/``high`` (a pair's common excluders): the third cells the
    search would try (a third must see two of them to share them)."""
    rest = near_low
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        third = lowest.bit_length() - 1
        if third != first and third != second and _two_or_more(low & seen_low[third], high & seen_high[third]):
            return True
    rest = near_high
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        third = HALF_BITS + lowest.bit_length() - 1
        if third != first and third != second and _two_or_more(low & seen_low[third], high & seen_high[third]):
            return True
    return False


class _Partners:
    """Per base cell, its excluders that are base cells too, in SE's order (the triplets'
    third cells), computed once per search; and the third cells of a pair."""

    def __init__(self, seen: list[CellSet], seen_low: list[int], seen_high: list[int]) -> None:
        self.seen, self.seen_low, self.seen_high = seen, seen_low, seen_high
        self.partners: dict[Cell, list[Cell]] = {}
        self.marks = [0] * N_CELLS  # a cell is taken when its mark is the stamp
        self.stamp = 0

    def of(self, cell: Cell) -> list[Cell]:
        found = self.partners.get(cell)
        if found is None:
            low, high, seen = self.seen_low[cell], self.seen_high[cell], self.seen
            found = self.partners[cell] = [
                c for c in HOUSE_CELLS[cell] if (low >> c & 1 if c < HALF_BITS else high >> (c - HALF_BITS) & 1) and seen[c]
            ]
        return found

    def thirds(self, first: Cell, second: Cell) -> list[Cell]:
        """The third cells for a pair of base cells: their partners (the first's, then the
        second's), each once, neither of the two."""
        self.stamp += 1
        stamp, marks = self.stamp, self.marks
        marks[first] = marks[second] = stamp
        out: list[Cell] = []
        for c in self.of(first):
            if marks[c] != stamp:
                marks[c] = stamp
                out.append(c)
        for c in self.of(second):
            if marks[c] != stamp:
                marks[c] = stamp
                out.append(c)
        return out


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
        if not mask & ~union and mask not in blockers:
            blockers.append(mask)
        rest ^= lowest
    rest = high
    while rest:
        lowest = rest & -rest
        mask = cands[HALF_BITS + lowest.bit_length() - 1]
        if not mask & ~union and mask not in blockers:
            blockers.append(mask)
        rest ^= lowest
    if not blockers and not sees:
        return ()  # no two base cells see each other, no excluder can be covered: every filling allowed
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
        if u0 == m0 and u1 == m1 and u2 == m2:
            break
    return u0 | u1 << 10 | u2 << 20


ALIGNED_PAIR_EXCLUSION: Final = AlignedExclusion(2)
ALIGNED_TRIPLET_EXCLUSION: Final = AlignedExclusion(3)

"""X-Wing, Swordfish and Jellyfish as Sudoku Explainer finds and rates them (3.2/3.8/5.2).

SE looks at columns as base lines first, then rows; for each k-subset of lines (in
increasing order of bit masks) and each digit 1-9 with at least 2k places still to fill,
the digit must have two or more places in each base line, all within k cross lines; it
then goes from the rest of those cross lines. Basic fish only: no fins.
"""

from __future__ import annotations

from math import comb
from typing import Final, Iterator

from engine.cache import StateMemo
from engine.cells import MASK_COUNT, UNITS, cell_at
from engine.grid import Grid
from engine.position import Position
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import colex
from techniques.se_places import places_of
from techniques.shared import cell_names

_NAMES: Final = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_VALUES: Final = {2: 3.2, 3: 3.8, 4: 5.2}
_FISH: Final = (
    "In {bases}, {digit} can only go in {covers} ({places}). Each of the {k} base lines takes its {digit} "
    "in one of these {k} cross lines, which fills them all: remove {digit} from the rest of the cross "
    "lines, {targets}."
)


def _line_places(table: list[int], digit: int, by_column: bool) -> list[int]:
    """For each column (or row): the rows (columns) where ``digit`` can go, as a 9-bit
    mask (a line's positions are those rows or columns), from a table of places
    (``se_places``)."""
    base = (18 if by_column else 9) * 9 + digit - 1
    return [table[base + 9 * i] for i in range(9)]


#: A fish: (digit, base houses, cover houses, cells it removes the digit from).
Fish = tuple[int, tuple[int, ...], tuple[int, ...], list[int]]

#: Each digit's fish of a size, in SE's order, by (size, digit, the digit's places, how
#: many of it are placed): all a digit's fish depend on (``StateMemo``: a solve asks about
#: the same digits again and again, a step changes a few of them).
_DIGIT_FISH: Final[StateMemo[tuple[int, int, int, int], tuple[tuple[int, Fish], ...]]] = StateMemo()


def fish_patterns(grid: Position, k: int, only: int = 0x1FF) -> Iterator[Fish]:
    """(digit, base houses, cover houses, cells it leaves) of every basic fish of size k
    that removes something, in SE's order (only for the digits in mask ``only``): columns
    as base lines first, then rows; by line set (``colex``), then by digit."""
    placed = [0] * 10
    for v in grid.values:
        placed[v] += 1
    digits = [d for d in range(1, 10) if placed[d] + 2 * k <= 9 and only >> (d - 1) & 1]
    found: list[tuple[int, int, Fish]] = []  # (SE's rank of the line set, digit, fish)
    remember = isinstance(grid, Grid)  # a solve's positions (views in nested chains change every run)
    missing: list[int] = []
    for digit in digits:
        kept = _DIGIT_FISH.get((k, digit, grid.cells_with[digit], placed[digit])) if remember else None
        if kept is None:
            missing.append(digit)
        else:
            found.extend((rank, digit, fish) for rank, fish in kept)
    if missing:
        table = places_of(grid, sum(1 << (d - 1) for d in missing))  # read as small ints
        for digit in missing:
            mine = _digit_fish(grid, table, digit, k)
            if remember:
                _DIGIT_FISH.put((k, digit, grid.cells_with[digit], placed[digit]), mine)
            found.extend((rank, digit, fish) for rank, fish in mine)
    if len(found) > 1:
        found.sort(key=_fish_order)
    for _, _, fish in found:
        yield fish


def _fish_order(entry: tuple[int, int, Fish]) -> tuple[int, int]:
    return (entry[0], entry[1])


def _digit_fish(grid: Position, table: list[int], digit: int, k: int) -> tuple[tuple[int, Fish], ...]:
    """One digit's fish of size k with SE's rank of each (columns first, then the line
    set's place in ``colex`` order)."""
    out: list[tuple[int, Fish]] = []
    for side, by_column in enumerate((True, False)):
        places = _line_places(table, digit, by_column)
        for rank, combo in _candidate_sets(places, k):
            fish = _fish(grid, digit, combo, places, by_column, k)
            if fish is not None:
                out.append((side * _SETS + rank, fish))
    return tuple(out)


#: More line sets than any size has (126 for four of nine lines).
_SETS: Final = 1000


def _candidate_sets(places: list[int], k: int) -> list[tuple[int, tuple[int, ...]]]:
    """(rank in ``colex`` order, line set) of the sets of k lines that may hold a fish:
    for size 2, two lines with the same two places; larger, the sets of lines with 2 to k
    places each (a line with fewer cannot be a base line, one with more has places
    outside any k cross lines)."""
    if k != 2:
        fit = [i for i, m in enumerate(places) if 2 <= MASK_COUNT[m] <= k]
        if len(fit) < k:
            return []
        if len(fit) == 9:
            return list(enumerate(colex(k, 9)))
        # an increasing map keeps the order; the rank is the set's among all of colex(k, 9)
        sets = [tuple([fit[i] for i in combo]) for combo in colex(k, len(fit))]
        return [(_colex_rank(lines), lines) for lines in sets]
    found: list[tuple[int, tuple[int, ...]]] = []
    twos = [i for i, m in enumerate(places) if MASK_COUNT[m] == 2]
    for n, j in enumerate(twos):
        for i in twos[:n]:
            if places[i] == places[j]:
                found.append((j * (j - 1) // 2 + i, (i, j)))
    return found


#: _CHOOSE[n][r]: the binomial coefficient (n choose r), for n and r up to 9.
_CHOOSE: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(comb(n, r) for r in range(10)) for n in range(10))


def _colex_rank(lines: tuple[int, ...]) -> int:
    """The place of an increasing set of lines among the sets of its size in ``colex``
    order: the sets before it (the combinatorial number system)."""
    rank = 0
    for i in range(len(lines)):
        rank += _CHOOSE[lines[i]][i + 1]
    return rank


def _fish(grid: Position, digit: int, combo: tuple[int, ...], places: list[int], by_column: bool, k: int) -> tuple[int, tuple[int, ...], tuple[int, ...], list[int]] | None:
    union = 0
    for line in combo:
        here = places[line]
        if here & (here - 1) == 0:
            return None
        union |= here
    if MASK_COUNT[union] != k:  # nine-bit masks (int.bit_count is a method call, compiled)
        return None
    base_mask = sum(1 << line for line in combo)
    covers = [i for i in range(9) if union >> i & 1]
    targets = []
    for cover in covers:
        for line in range(9):
            cell = cell_at(cover, line) if by_column else cell_at(line, cover)
            if not base_mask >> line & 1 and grid.cands[cell] >> (digit - 1) & 1:
                targets.append(cell)
    if not targets:
        return None
    bases = tuple((18 if by_column else 9) + i for i in combo)
    return digit, bases, tuple((9 if by_column else 18) + i for i in covers), sorted(targets)


class SeFish(BaseTechnique):
    """k lines where a digit's places all lie in k cross lines: the digit leaves the rest
    of the cross lines."""

    def __init__(self, size: int) -> None:
        super().__init__(Declaration(f"{_NAMES[size]} (SE)", f"sf{size}", profile="se"))
        self.size = size

    def find(self, grid: Position) -> Iterator[Step]:
        for digit, bases, covers, targets in fish_patterns(grid, self.size):
            yield self._step(grid, digit, bases, covers, targets)

    def _step(self, grid: Position, digit: int, base_units: tuple[int, ...], cover_units: tuple[int, ...], targets: list[int]) -> Step:
        pattern_cells = [c for u in base_units for c in UNITS[u].cells if grid.cands[c] >> (digit - 1) & 1]
        text = _FISH.format(
            bases=", ".join(UNITS[u].name for u in base_units), covers=", ".join(UNITS[u].name for u in cover_units),
            digit=digit, k=self.size, places=cell_names(sorted(pattern_cells)), targets=cell_names(targets),
        )
        return self.step(
            f"{digit} {''.join(UNITS[u].name for u in base_units)}",
            eliminations=tuple(Candidate(digit, c) for c in targets),
            explanation=text,
            highlights=Highlights(
                pattern=tuple(Candidate(digit, c) for c in sorted(pattern_cells)),
                units=tuple(base_units), cover_units=tuple(cover_units),
            ),
            digits=(digit,),
            name=_NAMES[self.size],
            rating=_VALUES[self.size],
        )


SE_X_WING, SE_SWORDFISH, SE_JELLYFISH = (SeFish(k) for k in (2, 3, 4))

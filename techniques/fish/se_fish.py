"""X-Wing, Swordfish and Jellyfish as Sudoku Explainer finds and rates them (3.2/3.8/5.2).

SE looks at columns as base lines first, then rows; for each k-subset of lines (in
increasing order of bit masks) and each digit 1-9 with at least 2k places still to fill,
the digit must have two or more places in each base line, all within k cross lines; it
then goes from the rest of those cross lines. Basic fish only: no fins.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import MASK_COUNT, UNITS, cell_at
from engine.grid import Grid
from engine.position import Position
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import colex
from techniques.se_places import house_positions, places_table
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


def fish_patterns(grid: Position, k: int, only: int = 0x1FF) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], list[int]]]:
    """(digit, base houses, cover houses, cells it leaves) of every basic fish of size k
    that removes something, in SE's order (only for the digits in mask ``only``)."""
    placed = [0] * 10
    for v in grid.values:
        placed[v] += 1
    digits = [d for d in range(1, 10) if placed[d] + 2 * k <= 9 and only >> (d - 1) & 1]
    if isinstance(grid, Grid):
        table = house_positions(grid)
    else:  # read from the places once, as small ints
        table = places_table(grid.cells_with, sum(1 << (d - 1) for d in digits))
    for by_column in (True, False):
        places = {d: _line_places(table, d, by_column) for d in digits}
        for combo, digit in _x_wing_order(places) if k == 2 else ((c, d) for c in colex(k, 9) for d in digits):
            found = _fish(grid, digit, combo, places[digit], by_column, k)
            if found is not None:
                yield found


def _x_wing_order(places: dict[int, list[int]]) -> list[tuple[tuple[int, ...], int]]:
    """For size 2, the (line pair, digit) candidates in SE's order: two lines with the same
    two places (the only pairs that can make an X-Wing)."""
    found = []
    for digit, lines in places.items():
        twos = [i for i, m in enumerate(lines) if MASK_COUNT[m] == 2]
        for n, j in enumerate(twos):
            for i in twos[:n]:
                if lines[i] == lines[j]:
                    found.append((j * (j - 1) // 2 + i, digit, (i, j)))
    found.sort()
    return [(pair, digit) for _, digit, pair in found]


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

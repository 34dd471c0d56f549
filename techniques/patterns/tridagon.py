"""Tridagon (Thor's hammer, trivalue oddagon): twelve cells that cannot hold only three digits.

Take four boxes at the corners of a rectangle (two bands, two stacks), three digits, and in
each box three open cells on three different rows and columns (a "diagonal"). Suppose all
twelve cells held only the three digits. In each box the digits then run along the rows in
some order; the box next to it in the band must use the same rows with every digit moved
(a cyclic shift, an even permutation), and so must the box below it along the columns. A
diagonal is *falling* when its cells run like the main diagonal up to a cyclic shift (an
even permutation of the columns) and *rising* otherwise; going round the four boxes, the
order of the digits changes parity once for each rising box. With an odd number of rising
boxes it would come back reversed: impossible. (Denis Berthier's tridagon rule; the
parity view is SudokuWiki's "cyclical parity".)

So at least one of the cells holds another digit: one of the *guardians* (the candidates of
the twelve cells outside the three digits) is true, and any candidate that sees every
guardian is false. With the guardians in one cell, that cell loses the three digits; a
single guardian is placed. No uniqueness is assumed.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Final, Iterator, NamedTuple

from engine.cells import BOXES, MASK_COUNT, MASK_DIGITS, Cell, Digit, cell_at
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words, grouped_removals, seeing_every

#: At most this many cells of the twelve may hold a guardian: beyond that the pattern
#: proves too little to be worth a step (and the search stays small).
MAX_GUARDIAN_CELLS: Final = 3

_PERMUTATIONS: Final = tuple(permutations(range(3)))
_RISING: Final = {p: sum(p[i] > p[j] for i in range(3) for j in range(i + 1, 3)) % 2 == 1 for p in _PERMUTATIONS}

_TEXT: Final = (
    "In boxes {boxes}, take the cells {cells}: three in each box, on three different rows and columns. "
    "If these twelve cells held only {digits}, each box would order the three digits along its rows, and the "
    "boxes beside it in its band and stack would have to shift that order round without reversing it, except "
    "where a box's three cells run the other way. {rising}: an odd number, so going round the four boxes the "
    "order would come back reversed, which is impossible. So one of the other candidates in these cells is true: {guardians}."
)


class Diagonal(NamedTuple):
    """Three open cells of a box on different rows and columns, with their extra candidates."""

    box: int
    cells: tuple[Cell, Cell, Cell]
    rising: bool
    guardians: tuple[Candidate, ...]
    guardian_cells: int  # how many of its cells hold a guardian


def _diagonals(grid: Grid, box: int, digits: int) -> list[Diagonal]:
    """The box's diagonals whose cells are open and hold at least two of ``digits``, fewest
    guardian cells first."""
    row0, col0 = 3 * (box // 3), 3 * (box % 3)
    found = []
    for perm in _PERMUTATIONS:
        cells = tuple(cell_at(row0 + i, col0 + perm[i]) for i in range(3))
        if all(MASK_COUNT[grid.cands[c] & digits] >= 2 for c in cells):
            extra = tuple(Candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & ~digits])
            guarded = sum(1 for c in cells if grid.cands[c] & ~digits)
            found.append(Diagonal(box, cells, _RISING[perm], extra, guarded))  # type: ignore[arg-type]
    return sorted(found, key=lambda d: d.guardian_cells)


def _rectangles() -> Iterator[tuple[int, int, int, int]]:
    """Four boxes at the corners of a rectangle: two bands times two stacks."""
    for bands in combinations(range(3), 2):
        for stacks in combinations(range(3), 2):
            yield tuple(3 * band + stack for band in bands for stack in stacks)  # type: ignore[misc]


def tridagons(grid: Grid, max_guardian_cells: int = 12) -> Iterator[tuple[int, tuple[Diagonal, ...]]]:
    """Every tridagon of the grid as (its three digits as a mask, its four diagonals): an
    odd number of them rising, in a fixed order (digits, rectangles, diagonals with the
    fewest guardian cells first); only those with at most ``max_guardian_cells`` cells
    holding a guardian. Kraken Tridagon reads them too."""
    cells_with = grid.cells_with
    for triple in combinations(range(9), 3):
        digits = sum(1 << d for d in triple)
        a, b, c = (cells_with[d + 1] for d in triple)
        # The cells that are no guardian cell: two or three of the digits and nothing else.
        others = 0
        for d in range(1, 10):
            if not digits >> (d - 1) & 1:
                others |= cells_with[d]
        pure = ((a & b) | (a & c) | (b & c)) & ~others
        if pure.bit_count() < 12 - max_guardian_cells:
            continue
        diagonals = {box: _diagonals(grid, box, digits) for box in range(9) if not grid.placed_mask(BOXES[box]) & digits}
        for boxes, cells in _RECTANGLES:
            if (pure & cells).bit_count() < 12 - max_guardian_cells or not all(diagonals.get(b) for b in boxes):
                continue
            yield from ((digits, pattern) for pattern in _odd_patterns([diagonals[b] for b in boxes], max_guardian_cells))


def _odd_patterns(choices: list[list[Diagonal]], max_guardian_cells: int) -> list[tuple[Diagonal, ...]]:
    """The choices of one diagonal per box (in ``itertools.product``'s order) with an odd
    number rising and at most ``max_guardian_cells`` guardian cells in all. Each box's
    diagonals come fewest guardian cells first, so a loop stops at the first one over
    what is left."""
    first, second, third, fourth = choices
    found: list[tuple[Diagonal, ...]] = []
    for a in first:
        used_a = a.guardian_cells
        if used_a > max_guardian_cells:
            break
        for b in second:
            used_b = used_a + b.guardian_cells
            if used_b > max_guardian_cells:
                break
            for c in third:
                used_c = used_b + c.guardian_cells
                if used_c > max_guardian_cells:
                    break
                for d in fourth:
                    if used_c + d.guardian_cells > max_guardian_cells:
                        break
                    if (a.rising + b.rising + c.rising + d.rising) % 2 == 1:
                        found.append((a, b, c, d))
    return found


#: The rectangles with the cells of their four boxes.
_RECTANGLES: Final[tuple[tuple[tuple[int, int, int, int], int], ...]] = tuple(
    (boxes, sum(BOXES[b].mask for b in boxes)) for boxes in _rectangles()
)


class Tridagon(BaseTechnique):
    """Twelve cells in four boxes of a rectangle, three digits, an odd number of rising
    diagonals: the cells cannot hold only those digits, so a guardian is true."""

    declaration = Declaration("Tridagon", "tri")

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
        for digits, pattern in tridagons(grid, MAX_GUARDIAN_CELLS):
            step = self._check(grid, digits, pattern)
            if step is not None and step.effect not in done:
                done.add(step.effect)
                yield step

    def _check(self, grid: Grid, digits: int, pattern: tuple[Diagonal, ...]) -> Step | None:
        guardians = tuple(g for d in pattern for g in d.guardians)
        if not guardians:  # (``tridagons`` gives none with more than MAX_GUARDIAN_CELLS guardian cells)
            return None
        if len(guardians) == 1:
            return self._make(grid, digits, pattern, guardians, placements=guardians, eliminations=())
        eliminations = seeing_every(grid, guardians)
        if not eliminations:
            return None
        return self._make(grid, digits, pattern, guardians, placements=(), eliminations=eliminations)

    def _make(
        self,
        grid: Grid,
        digits: int,
        pattern: tuple[Diagonal, ...],
        guardians: tuple[Candidate, ...],
        placements: tuple[Candidate, ...],
        eliminations: tuple[Candidate, ...],
    ) -> Step:
        triple = MASK_DIGITS[digits]
        if placements:
            conclusion = f"It is the only one, so {cell_names([placements[0].cell])} is {placements[0].digit}."
        else:
            conclusion = f"A candidate that sees all of them is false: remove {grouped_removals(eliminations)}."
        return self.step(
            pattern_detail(digits, pattern),
            placements=placements,
            eliminations=eliminations,
            explanation=f"{pattern_words(digits, pattern)} {conclusion}",
            highlights=pattern_highlights(grid, digits, pattern),
            digits=triple,
        )


def pattern_detail(digits: int, pattern: tuple[Diagonal, ...]) -> str:
    """``1/2/3 in r1c1,...``: the pattern part of a step line."""
    return f"{'/'.join(map(str, MASK_DIGITS[digits]))} in {compact_cells([c for d in pattern for c in d.cells])}"


def pattern_words(digits: int, pattern: tuple[Diagonal, ...]) -> str:
    """Why one of the guardians is true, in words (the explanation but its conclusion)."""
    return _TEXT.format(
        boxes=digit_words([d.box + 1 for d in pattern]),
        cells=cell_names([c for d in pattern for c in d.cells]),
        digits=digit_words(MASK_DIGITS[digits]),
        rising=_rising_words([d.box for d in pattern if d.rising]),
        guardians=_guardian_words(tuple(g for d in pattern for g in d.guardians)),
    )


def pattern_highlights(grid: Grid, digits: int, pattern: tuple[Diagonal, ...]) -> Highlights:
    """The twelve cells' pattern digits, the guardians as fins, the four boxes."""
    cells = [c for d in pattern for c in d.cells]
    return Highlights(
        pattern=tuple(Candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & digits]),
        fins=tuple(g for d in pattern for g in d.guardians),
        units=tuple(d.box for d in pattern),
        cells=tuple(cells),
    )


def _rising_words(boxes: list[int]) -> str:
    """``In box 5 the cells rise, in the other three they fall``."""
    names = digit_words([b + 1 for b in boxes])
    if len(boxes) == 1:
        return f"In box {names} the cells rise (up to the right), in the other three they fall"
    return f"In boxes {names} the cells rise (up to the right), in the other box they fall"


def _guardian_words(guardians: tuple[Candidate, ...]) -> str:
    """``7 in r5c5``, ``4 in r1c2 and 6 in r8c8``."""
    by_cell: dict[Cell, list[Digit]] = {}
    for digit, cell in guardians:
        by_cell.setdefault(cell, []).append(digit)
    parts = [f"{digit_words(ds, 'or')} in {cell_names([c])}" for c, ds in sorted(by_cell.items())]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


TRIDAGON: Final = Tridagon()

"""BUG+n and BUG-Lite: deadly patterns of two candidates per cell, with extra candidates.

Give some open cells two *pattern* candidates each, so that in every house each digit is
a pattern candidate of none or exactly two of these cells. If every one of these cells
took one of its pattern candidates, swapping each to its other one would give a second
solution (each house would keep the same digits, and no given changes). So on a puzzle
with one solution, at least one of the other candidates of these cells (the *extras*) is
true: any candidate that sees every extra is false, and when the extras are all in one
cell, that cell loses its pattern candidates. (Sudopedia's BUG-Lite; the Bivalue
Universal Grave is the case where the cells are all open cells.)

* **BUG+n**: the cells are every open cell of the grid and there is more than one extra
  (one extra is BUG+1). The extras are chosen in cells of three or more candidates so
  that every house has each digit in exactly none or two cells.
* **BUG-Lite**: a smaller set, of 6 to 8 cells with pattern candidates among three digits
  (four cells of two digits are the Unique Rectangles), with at most three extras.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Iterator

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, UNITS, UNITS_OF, Cell, Mask, bit
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words, grouped_removals, seeing_every

#: BUG+n: at most this many cells with three or more candidates.
MAX_BUG_CELLS = 4
#: BUG-Lite: pattern size and extras.
LITE_CELLS = range(6, 9)
MAX_EXTRAS = 3

Pattern = dict[Cell, Mask]  # cell -> its two pattern candidates


def deadly(pattern: Pattern) -> bool:
    """Every digit a pattern candidate of none or exactly two cells in each house."""
    counts: dict[tuple[int, int], int] = {}
    for cell, pair in pattern.items():
        for unit in UNITS_OF[cell]:
            for digit in MASK_DIGITS[pair]:
                counts[(unit, digit)] = counts.get((unit, digit), 0) + 1
    return all(n == 2 for n in counts.values())


def extras(grid: Grid, pattern: Pattern) -> tuple[Candidate, ...]:
    return tuple(sorted(Candidate(d, c) for c, pair in pattern.items() for d in MASK_DIGITS[grid.cands[c] & ~pair]))


def conclusion(grid: Grid, found: tuple[Candidate, ...]) -> tuple[tuple[Candidate, ...], tuple[Candidate, ...]]:
    """What "one of the extras is true" gives: (placements, eliminations). One extra is
    placed; of several, any candidate that sees them all is removed."""
    if len(found) == 1:
        return found, ()
    return (), seeing_every(grid, found)


def bug_patterns(grid: Grid) -> Iterator[Pattern]:
    """Every way of keeping two candidates in each open cell (cells of three or more
    candidates choose) that leaves a grave, if at most MAX_BUG_CELLS cells choose."""
    cells = [c for c in range(N_CELLS) if grid.cands[c]]
    if any(MASK_COUNT[grid.cands[c]] < 2 for c in cells):
        return
    wide = [c for c in cells if MASK_COUNT[grid.cands[c]] > 2]
    if not wide or len(wide) > MAX_BUG_CELLS:
        return
    fixed = {c: grid.cands[c] for c in cells if MASK_COUNT[grid.cands[c]] == 2}
    options = [[sum(bit(d) for d in pair) for pair in combinations(MASK_DIGITS[grid.cands[c]], 2)] for c in wide]
    for choice in product(*options):
        pattern = dict(fixed)
        pattern.update(zip(wide, choice))
        if deadly(pattern):
            yield pattern


_TEXT = (
    "{intro} Keep two candidates in each of them ({pairs}): then every house has each of these digits in none or "
    "exactly two of the cells. If every one of these cells held one of its two, swapping each to its other one "
    "would give a second solution, every house keeping its digits. This step relies on the puzzle having a single "
    "solution, so one of the other candidates of these cells is true: {extras}. {consequence}"
)


def extras_detail(found: tuple[Candidate, ...]) -> str:
    """``5 in r8c4,r9c48; 7 in r1c1``: the extras, by digit, for a step's line."""
    by_digit: dict[int, list[Cell]] = {}
    for digit, cell in found:
        by_digit.setdefault(digit, []).append(cell)
    return "; ".join(f"{d} in {compact_cells(cs)}" for d, cs in sorted(by_digit.items()))


def _words(pattern: Pattern, found: tuple[Candidate, ...], gone: tuple[Candidate, ...], intro: str) -> str:
    by_pair: dict[Mask, list[Cell]] = {}
    for cell, pair in sorted(pattern.items()):
        by_pair.setdefault(pair, []).append(cell)
    pairs = "; ".join(f"{digit_words(MASK_DIGITS[m])} in {compact_cells(cs)}" for m, cs in sorted(by_pair.items()))
    cells = {c for _, c in found}
    if len(found) == 1:
        digit, cell = found[0]
        consequence = f"It is the only one, so {cell_names([cell])} is {digit}."
    elif len(cells) == 1:
        name = cell_names(list(cells))
        consequence = f"They are all in {name}, so {name} holds one of them: remove {grouped_removals(gone)}."
    else:
        consequence = (
            "A candidate that sees every one of them (the same digit in a shared house, or another digit in the same "
            f"cell) is false: remove {grouped_removals(gone)}."
        )
    extra = ", ".join(f"{d} in {cell_names([c])}" for d, c in found)
    return _TEXT.format(intro=intro, pairs=pairs, extras=extra, consequence=consequence)


def grave_step(technique: BaseTechnique, grid: Grid, pattern: Pattern, detail: str, intro: str) -> Step | None:
    """The step a deadly pattern with extras gives, or None when it changes nothing."""
    found = extras(grid, pattern)
    if not found:
        return None
    placed, gone = conclusion(grid, found)
    if not placed and not gone:
        return None
    return technique.step(
        detail,
        placements=placed,
        eliminations=gone,
        explanation=_words(pattern, found, gone, intro),
        highlights=_highlights(pattern, found),
        digits=tuple(sorted({d for pair in pattern.values() for d in MASK_DIGITS[pair]})),
    )


def _highlights(pattern: Pattern, found: tuple[Candidate, ...]) -> Highlights:
    return Highlights(
        pattern=tuple(sorted(Candidate(d, c) for c, pair in pattern.items() for d in MASK_DIGITS[pair])),
        fins=found,
        cells=tuple(sorted(pattern)),
    )


class BugPlusN(BaseTechnique):
    """Every open cell but a few has two candidates: keeping two in those few leaves a
    grave, so one of the extras is true."""

    declaration = Declaration("Bivalue Universal Grave + n", "bugn", uniqueness=True)

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[str] = set()
        for pattern in bug_patterns(grid):
            found = extras(grid, pattern)
            wide = cell_names([c for c in pattern if MASK_COUNT[grid.cands[c]] > 2])
            intro = f"Every open cell has two candidates except {wide}; take all the open cells."
            step = grave_step(self, grid, pattern, f"extras {extras_detail(found)}", intro) if len(found) > 1 else None
            if step is not None and str(step) not in done:
                done.add(str(step))
                yield step


def lite_patterns(grid: Grid, digits: Mask) -> Iterator[Pattern]:
    """Sets of 6-8 open cells with pattern candidates among ``digits``, each house holding
    each digit in none or two of them, at most MAX_EXTRAS extras; lowest cell first."""
    usable = [c for c in range(N_CELLS) if MASK_COUNT[grid.cands[c] & digits] >= 2 and MASK_COUNT[grid.cands[c]] - 2 <= MAX_EXTRAS]
    for start in usable:
        for pair in _pairs(grid.cands[start] & digits):
            yield from _grow(grid, digits, {start: pair}, start, MASK_COUNT[grid.cands[start]] - 2)


def _pairs(mask: Mask) -> list[Mask]:
    return [bit(a) | bit(b) for a, b in combinations(MASK_DIGITS[mask], 2)]


def _grow(grid: Grid, digits: Mask, pattern: Pattern, start: Cell, spare: int) -> Iterator[Pattern]:
    """Complete the pattern: find a house where a digit is used once and add a cell there."""
    need = _open_need(pattern)
    if need is None:
        if len(pattern) in LITE_CELLS:
            yield dict(pattern)
        return
    if len(pattern) >= max(LITE_CELLS):
        return
    unit, digit = need
    for cell in UNITS[unit].cells:
        if cell <= start or cell in pattern or not grid.cands[cell] >> (digit - 1) & 1:
            continue
        cost = MASK_COUNT[grid.cands[cell]] - 2
        if cost > MAX_EXTRAS - spare:
            continue
        for pair in _pairs(grid.cands[cell] & digits):
            if pair & bit(digit):
                pattern[cell] = pair
                if _counts_ok(pattern):
                    yield from _grow(grid, digits, pattern, start, spare + cost)
                del pattern[cell]


def _unit_counts(pattern: Pattern) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for cell, pair in pattern.items():
        for unit in UNITS_OF[cell]:
            for digit in MASK_DIGITS[pair]:
                counts[(unit, digit)] = counts.get((unit, digit), 0) + 1
    return counts


def _open_need(pattern: Pattern) -> tuple[int, int] | None:
    """The first (house, digit) that the pattern uses once."""
    ones = [key for key, n in _unit_counts(pattern).items() if n == 1]
    return min(ones) if ones else None


def _counts_ok(pattern: Pattern) -> bool:
    return all(n <= 2 for n in _unit_counts(pattern).values())


class BugLite(BaseTechnique):
    """A few cells whose pattern candidates would form a deadly pattern: one of their
    extras is true."""

    declaration = Declaration("BUG-Lite", "bugl", uniqueness=True)

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
        seen: set[frozenset[tuple[Cell, Mask]]] = set()
        for triple in combinations(range(1, 10), 3):
            for pattern in lite_patterns(grid, bit(triple[0]) | bit(triple[1]) | bit(triple[2])):
                key = frozenset(pattern.items())
                if key in seen:
                    continue
                seen.add(key)
                intro = f"Take the {len(pattern)} cells {cell_names(sorted(pattern))}."
                step = grave_step(self, grid, pattern, compact_cells(sorted(pattern)), intro)
                if step is not None and (step.placements, step.eliminations) not in done:
                    done.add((step.placements, step.eliminations))
                    yield step


BUG_PLUS_N = BugPlusN()
BUG_LITE = BugLite()

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
from typing import Final, Iterator

from engine.cache import StateMemo
from engine.cells import ALL_DIGITS, MASK_COUNT, MASK_DIGITS, N_CELLS, UNITS, UNITS_OF, Cell, Mask, bit
from engine.grid import Grid
from engine.notation import compact_cells
from engine.stop import budgeted
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words, grouped_removals, seeing_every

#: BUG+n: at most this many cells with three or more candidates.
MAX_BUG_CELLS: Final = 4
#: BUG-Lite: pattern size and extras.
LITE_CELLS: Final = range(6, 9)
MAX_EXTRAS: Final = 3

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


_TEXT: Final = (
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


def lite_patterns(grid: Grid, digits: Mask, search: _LiteSearch | None = None) -> Iterator[Pattern]:
    """Sets of 6-8 open cells with pattern candidates among ``digits``, each house holding
    each digit in none or two of them, at most MAX_EXTRAS extras; lowest cell first.
    ``search``: one made for this grid, to use again (it is left empty)."""
    cands = grid.cands
    usable = [c for c in range(N_CELLS) if MASK_COUNT[cands[c] & digits] >= 2 and MASK_COUNT[cands[c]] - 2 <= MAX_EXTRAS]
    partnered = partnered_digits(cands, digits, usable)
    if search is None:
        search = _LiteSearch(cands, digits)
    search.digits = digits
    for start in usable:
        for pair in _PAIRS[cands[start] & digits]:
            # the cells added all come after start: each pair digit needs one in each house of start
            if pair & ~partnered[start] == 0:
                search.start = start
                search.add(start, pair)
                search.grow(MASK_COUNT[cands[start]] - 2)
                search.remove(start)
                if search.found:
                    found, search.found = search.found, []
                    yield from found


def partnered_digits(cands: list[Mask], digits: Mask, usable: list[Cell]) -> dict[Cell, Mask]:
    """Per cell of ``usable`` (ascending), the ``digits`` that each of its three houses has
    as a candidate in a later cell of ``usable`` (the only cells a pattern from it can add)."""
    later = [0] * len(UNITS)
    out: dict[Cell, Mask] = {}
    for cell in reversed(usable):
        box, row, col = UNITS_OF[cell]
        out[cell] = later[box] & later[row] & later[col]
        mine = cands[cell] & digits
        later[box] |= mine
        later[row] |= mine
        later[col] |= mine
    return out


#: Per digit mask, the masks of two of its digits, in order.
_PAIRS: Final[tuple[tuple[Mask, ...], ...]] = tuple(tuple(bit(a) | bit(b) for a, b in combinations(MASK_DIGITS[m], 2)) for m in range(512))
#: Per cell and pattern pair (a two-digit mask), the (house, digit) keys it counts in
#: (``10 * house + digit``, so that the lowest key is the lowest (house, digit)). Only the
#: 36 pairs: a row for every mask was most of what importing the techniques cost.
_KEYS: Final[tuple[dict[Mask, tuple[int, ...]], ...]] = tuple(
    {pair: tuple(10 * u + d for u in UNITS_OF[c] for d in MASK_DIGITS[pair]) for pair in _PAIRS[ALL_DIGITS]} for c in range(N_CELLS)
)


class _LiteSearch:
    """A BUG-Lite pattern grown a cell at a time from its lowest cell, with the count of
    pattern cells per house and digit kept up to date (key ``10 * house + digit``), and
    the (house, digit) pairs counted once: per house a digit mask (``once``), and the
    houses with any (``open_units``), so the lowest is a few bit operations away."""

    def __init__(self, cands: list[Mask], digits: Mask) -> None:
        self.cands, self.digits, self.start = cands, digits, 0
        self.pattern: Pattern = {}
        self.found: list[Pattern] = []  # the patterns completed, in the order found
        self.counts = [0] * 270
        self.once = [0] * 27
        self.open_units = 0
        self.pinched = False  # has the extras budget turned a cell away?

    def add(self, cell: Cell, pair: Mask) -> bool:
        """Put ``cell`` in with ``pair``; False when a house then has a digit three times."""
        self.pattern[cell] = pair
        counts, once = self.counts, self.once
        fits = True
        for key in _KEYS[cell][pair]:
            n = counts[key] + 1
            counts[key] = n
            unit = key // 10
            if n == 1:
                once[unit] |= 1 << (key - 10 * unit)
                self.open_units |= 1 << unit
            elif n == 2:
                left = once[unit] & ~(1 << (key - 10 * unit))
                once[unit] = left
                if not left:
                    self.open_units &= ~(1 << unit)
            else:
                fits = False
        return fits

    def remove(self, cell: Cell) -> None:
        counts, once = self.counts, self.once
        for key in _KEYS[cell][self.pattern.pop(cell)]:
            n = counts[key] - 1
            counts[key] = n
            unit = key // 10
            if n == 1:
                once[unit] |= 1 << (key - 10 * unit)
                self.open_units |= 1 << unit
            elif n == 0:
                left = once[unit] & ~(1 << (key - 10 * unit))
                once[unit] = left
                if not left:
                    self.open_units &= ~(1 << unit)

    def grow(self, spare: int) -> None:
        """Complete the pattern: find the first house where a digit is used once and add a
        cell there (``spare``: the extras so far); each completed pattern goes to ``found``
        (a function, not a generator: most searches complete none)."""
        units = self.open_units
        if not units:
            if len(self.pattern) in LITE_CELLS:
                self.found.append(dict(self.pattern))
            return
        if len(self.pattern) >= LITE_CELLS[-1]:
            return
        unit = (units & -units).bit_length() - 1
        digits = self.once[unit]
        digit = (digits & -digits).bit_length() - 1
        for cell in UNITS[unit].cells:
            cands = self.cands[cell]
            cost = MASK_COUNT[cands] - 2
            if cell <= self.start or cell in self.pattern or not cands >> (digit - 1) & 1:
                continue
            if cost > MAX_EXTRAS - spare:
                self.pinched = True
                continue
            for pair in _PAIRS[cands & self.digits]:
                if pair & bit(digit):
                    if self.add(cell, pair):
                        self.grow(spare + cost)
                    self.remove(cell)


class BugLite(BaseTechnique):
    """A few cells whose pattern candidates would form a deadly pattern: one of their
    extras is true."""

    declaration = Declaration("BUG-Lite", "bugl", uniqueness=True)

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
        seen: set[frozenset[tuple[Cell, Mask]]] = set()
        for pattern in all_lite_patterns(grid):
            key = frozenset(pattern.items())
            if key in seen:
                continue
            seen.add(key)
            intro = f"Take the {len(pattern)} cells {cell_names(sorted(pattern))}."
            step = grave_step(self, grid, pattern, compact_cells(sorted(pattern)), intro)
            if step is not None and (step.placements, step.eliminations) not in done:
                done.add((step.placements, step.eliminations))
                yield step


def all_lite_patterns(grid: Grid) -> Iterator[Pattern]:
    """The patterns of ``lite_patterns`` for every three digits in turn (1-2-3, 1-2-4, ...).

    What the search finds for three digits depends on the cells holding two of them or
    more with at most MAX_EXTRAS other candidates (the only cells it can use) and their
    candidates alone, and most steps leave those of most triples alone. So the last call's
    usable cells and patterns are kept (``_LAST``), and a triple keeps its patterns unless a
    cell that changed holds two of its digits (before or after). A usable cell that only
    lost candidates of other digits has only fewer extras: the search, never turned away
    by the extras budget (``pinched``), finds the same. The others are looked up by their
    key (``_LITE``, across steps and puzzles) or searched."""
    cands = grid.cands
    # per cell, its candidates if a pattern may use it, whatever its digits, else 0
    usable = [m if m and MASK_COUNT[m] - 2 <= MAX_EXTRAS else 0 for m in cands]
    kept = not budgeted() and len(_LAST.found) == len(_TRIPLES)
    # the pairs of digits (bits of _PAIR_BITS) that changed in a cell, and those that lost
    # only extras in a cell (a usable cell that lost other candidates)
    changed, fewer = 0, 0
    if kept:
        for was, now in zip(_LAST.usable, usable):
            if was != now:
                if was and now and not now & ~was:
                    changed |= _PAIR_BITS[was] & ~_PAIR_BITS[now]
                    fewer |= _PAIR_BITS[now]
                else:
                    changed |= _PAIR_BITS[was] | _PAIR_BITS[now]
    search: _LiteSearch | None = None
    out: list[tuple[Pattern, ...]] = []
    pinched: list[bool] = []
    for i, digits in enumerate(_TRIPLES):
        pairs = _TRIPLE_PAIR_BITS[i]
        if kept and not pairs & changed and not (pairs & fewer and _LAST.pinched[i]):
            found: tuple[Pattern, ...] | None = _LAST.found[i]
            pinch = _LAST.pinched[i]
        else:
            key = (digits, *[c << 9 | m for c, m in enumerate(usable) if MASK_COUNT[m & digits] >= 2])
            found = _LITE.get(key)
            pinch = True  # not known for a remembered answer
            if found is None:
                if search is None:
                    search = _LiteSearch(cands, 0)
                search.pinched = False
                found = tuple(lite_patterns(grid, digits, search))
                pinch = search.pinched
                _LITE.put(key, found)
        assert found is not None
        out.append(found)
        pinched.append(pinch)
        yield from found
    if not budgeted():
        _LAST.usable, _LAST.found, _LAST.pinched = usable, out, pinched


#: Every three digits, as masks, in ``combinations`` order.
_TRIPLES: Final = tuple(bit(a) | bit(b) | bit(c) for a, b, c in combinations(range(1, 10), 3))
#: The 36 pairs of digits, in ``combinations`` order: the bit of pair ``i`` is ``1 << i``.
_PAIR_INDEX: Final = {pair: i for i, pair in enumerate(combinations(range(1, 10), 2))}
#: Per digit mask, its pairs of digits as bits (36 bits: a small int).
_PAIR_BITS: Final = tuple(sum(1 << _PAIR_INDEX[pair] for pair in combinations(MASK_DIGITS[m], 2)) for m in range(512))
#: Per triple of ``_TRIPLES``, its three pairs as bits.
_TRIPLE_PAIR_BITS: Final = tuple(_PAIR_BITS[t] for t in _TRIPLES)
#: ``lite_patterns`` of three digits by (digits, its usable cells with their candidates).
_LITE: Final[StateMemo[tuple[int, ...], tuple[Pattern, ...]]] = StateMemo()


class _LastCall:
    """``all_lite_patterns``'s last call (outside a work budget): per cell its candidates
    if usable (else 0), and per triple the patterns found and whether the extras budget
    turned a cell away in its search (True when not known)."""

    def __init__(self) -> None:
        self.usable: list[Mask] = []
        self.found: list[tuple[Pattern, ...]] = []
        self.pinched: list[bool] = []


_LAST: Final = _LastCall()


BUG_PLUS_N: Final = BugPlusN()
BUG_LITE: Final = BugLite()

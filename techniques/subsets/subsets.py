"""Subsets: Naked and Hidden Pair/Triple/Quadruple, and Locked Pair/Triple.

A naked subset is k cells of a house whose candidates together are k digits: those digits
go in those cells, so they leave every other cell the k cells all see. A hidden subset is
k digits that together have only k places in a house: those cells hold those digits, so
their other candidates go. A naked pair or triple that shares a box and a line and clears
candidates in both is a Locked Pair/Triple (HoDoKu reports it before Locked Candidates).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Iterator

from engine.cache import StateMemo
from engine.cells import BOX_OF, BOXES, LINES, MASK_COUNT, MASK_DIGITS, UNITS, Cell, CellSet, Digit, Mask, Unit, UnitKind, cells_of, common_units
from engine.grid import Grid
from engine.notation import compact_cells, digit_list
from engine.step import Candidate, Highlights, Step, candidate
from engine.technique import BaseTechnique, Declaration
from techniques.shared import HOUSE_CANDIDATES, cell_names, digit_words, removal_words, seeing_all

_SIZE_WORDS: Final = {2: "two", 3: "three", 4: "four"}
_NAKED: Final = (
    "{cells} can only hold {digits} between them, so these {k} cells of {house} take exactly those "
    "{k} digits. No other cell of {house} can hold {digits_or}: remove {removals}."
)
_HIDDEN: Final = (
    "In {house}, {digits} can only go in {cells}, so those {k} cells hold exactly these {k} digits "
    "and nothing else: remove {removals}."
)

class NakedSubset(BaseTechnique):
    """k cells of a house holding only k digits between them; ``locked`` selects the
    Locked Pair/Triple form (cells in one box and one line, eliminations in both)."""

    def __init__(self, declaration: Declaration, size: int, locked: bool = False) -> None:
        super().__init__(declaration)
        self.size = size
        self.locked = locked

    def find(self, grid: Grid) -> Iterator[Step]:
        seen: set[tuple[tuple[Candidate, ...], ...]] = set()
        # A locked subset lies in one box and one line: the boxes (which come first) find
        # every one of them, so the lines need not be searched again.
        for unit in BOXES if self.locked else UNITS:
            for combo, union in _naked_sets(grid.cands, unit, self.size):
                if self.locked and not _in_one_line(combo):
                    continue
                step = self._make(grid, unit, combo, union)
                if step is not None and step.effect not in seen:
                    seen.add(step.effect)
                    yield step

    def _make(self, grid: Grid, unit: Unit, combo: tuple[Cell, ...], union: int) -> Step | None:
        cellset = sum(1 << c for c in combo)
        # The cells that see all of the set are those of its houses: none holding its digits,
        # no step (most sets found are ones already used up).
        targets = seeing_all(cellset)
        if not any(grid.cells_with[d] & targets for d in MASK_DIGITS[union]):
            return None
        houses = common_units(cellset)
        # HoDoKu's order: the line's cells, then the box's, each cell's digits ascending.
        eliminations = tuple(
            candidate(d, c)
            for house in sorted(houses, key=lambda h: (h.kind is UnitKind.BOX, h.number))
            for c in cells_of(house.mask & ~cellset)
            for d in MASK_DIGITS[grid.cands[c] & union]
        )
        if not eliminations or self._is_locked(combo, houses, eliminations) != self.locked:
            return None
        digits = MASK_DIGITS[union]
        house_words = " and ".join(h.long_name for h in houses)
        text = _NAKED.format(
            cells=cell_names(list(combo)),
            digits=digit_words(digits),
            digits_or=digit_words(digits, "or"),
            k=_SIZE_WORDS[self.size],
            house=house_words,
            removals=removal_words(eliminations),
        )
        pattern = tuple(candidate(d, c) for c in combo for d in MASK_DIGITS[grid.cands[c]])
        return self.step(
            f"{digit_list(digits)} in {compact_cells(combo)}",
            eliminations=eliminations,
            explanation=text,
            highlights=Highlights(pattern=pattern, units=tuple(h.number for h in houses), cells=combo),
            digits=digits,
        )

    def _is_locked(self, combo: tuple[Cell, ...], houses: tuple[Unit, ...], eliminations: tuple[Candidate, ...]) -> bool:
        """HoDoKu's rule: a pair or triple in one box and one line that clears candidates in
        the box and in the line outside the box."""
        if self.size > 3 or len(houses) < 2:
            return False
        box = BOX_OF[combo[0]]
        line = next(h for h in houses if h.number >= 9)
        in_box = any(BOX_OF[c] == box for _, c in eliminations)
        in_line_outside = any(BOX_OF[c] != box and line.mask >> c & 1 for _, c in eliminations)
        return in_box and in_line_outside


def _naked_sets(cands: list[int], unit: Unit, size: int) -> tuple[tuple[tuple[Cell, ...], Mask], ...]:
    """Every ``size`` cells of a house holding ``size`` digits between them, with those
    digits, in the order of ``combinations``. They depend on nothing but the house's
    candidates: remembered, since most steps leave most houses alone."""
    key = (size, unit.number, HOUSE_CANDIDATES[unit.number](cands))
    found = _NAKED_SETS.get(key)
    if found is None:
        found = tuple(_search_naked(cands, unit, size))
        _NAKED_SETS.put(key, found)
    return found


def _search_naked(cands: list[int], unit: Unit, size: int) -> Iterator[tuple[tuple[Cell, ...], Mask]]:
    cells = [c for c in unit.cells if 0 < MASK_COUNT[cands[c]] <= size]
    for combo in combinations(cells, size):
        union = 0
        for c in combo:
            union |= cands[c]
        if MASK_COUNT[union] == size:
            yield combo, union


_NAKED_SETS: Final[StateMemo[tuple[int, int, tuple[int, ...]], tuple[tuple[tuple[Cell, ...], Mask], ...]]] = StateMemo()
_HIDDEN_SETS: Final[StateMemo[tuple[int, int, int, int, tuple[int, ...]], tuple[tuple[tuple[Digit, ...], CellSet], ...]]] = StateMemo()


def _in_one_line(cells: tuple[Cell, ...]) -> bool:
    return cells in _LINE_COMBOS


#: Every two or three cells of one row or column, ascending: what a locked set may be.
_LINE_COMBOS: Final = frozenset(combo for line in LINES for size in (2, 3) for combo in combinations(line.cells, size))


class HiddenSubset(BaseTechnique):
    """k digits with only k places in a house: those cells lose every other candidate."""

    def __init__(self, declaration: Declaration, size: int) -> None:
        super().__init__(declaration)
        self.size = size

    def find(self, grid: Grid) -> Iterator[Step]:
        seen: set[tuple[tuple[Candidate, ...], ...]] = set()
        for unit in UNITS:
            for combo, places in self._hidden_sets(grid, unit):
                step = self._make(grid, unit, combo, places)
                if step is not None and step.effect not in seen:
                    seen.add(step.effect)
                    yield step

    def _hidden_sets(self, grid: Grid, unit: Unit) -> tuple[tuple[tuple[Digit, ...], CellSet], ...]:
        """Every ``size`` digits with ``size`` places between them in a house, with those
        places. They depend on nothing but the house's candidates and placed digits:
        remembered, since most steps leave most houses alone."""
        n = unit.number
        key = (self.size, n, grid.placed_mask(unit), grid.empty_in(n), HOUSE_CANDIDATES[n](grid.cands))
        found = _HIDDEN_SETS.get(key)
        if found is None:
            found = tuple(self._search_hidden(grid, unit))
            _HIDDEN_SETS.put(key, found)
        return found

    def _search_hidden(self, grid: Grid, unit: Unit) -> Iterator[tuple[tuple[Digit, ...], CellSet]]:
        cands = grid.cands
        if grid.empty_in(unit.number) <= self.size:
            return
        digits = [d for d in grid.missing_digits(unit) if 0 < grid.place_count(d, unit) <= self.size]
        if len(digits) < self.size:
            return
        # Each digit's places as positions in the house (nine bits, no big cell sets:
        # a combination's places are then a few ORs of small ints).
        wanted = sum(1 << (d - 1) for d in digits)
        at = [0] * 10
        for p, c in enumerate(unit.cells):
            for d in MASK_DIGITS[cands[c] & wanted]:
                at[d] |= 1 << p
        for combo in combinations(digits, self.size):
            positions = 0
            for d in combo:
                positions |= at[d]
            if MASK_COUNT[positions] == self.size:
                yield combo, sum(1 << unit.cells[p] for p in range(9) if positions >> p & 1)

    def _make(self, grid: Grid, unit: Unit, digits: tuple[int, ...], places: int) -> Step | None:
        keep = sum(1 << (d - 1) for d in digits)
        cells = tuple(cells_of(places))
        eliminations = tuple(candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & ~keep])
        if not eliminations:
            return None
        text = _HIDDEN.format(
            house=unit.long_name,
            digits=digit_words(digits),
            cells=cell_names(cells),
            k=_SIZE_WORDS[self.size],
            removals=removal_words(eliminations),
        )
        pattern = tuple(candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & keep])
        return self.step(
            f"{digit_list(digits)} in {compact_cells(cells)}",
            eliminations=eliminations,
            explanation=text,
            highlights=Highlights(pattern=pattern, units=(unit.number,), cells=cells),
            digits=digits,
        )


LOCKED_PAIR: Final = NakedSubset(Declaration("Locked Pair", "l2", library="0110"), 2, locked=True)
LOCKED_TRIPLE: Final = NakedSubset(Declaration("Locked Triple", "l3", library="0111"), 3, locked=True)
NAKED_PAIR: Final = NakedSubset(Declaration("Naked Pair", "n2", library="0200"), 2)
NAKED_TRIPLE: Final = NakedSubset(Declaration("Naked Triple", "n3", library="0201"), 3)
NAKED_QUADRUPLE: Final = NakedSubset(Declaration("Naked Quadruple", "n4", library="0202"), 4)
HIDDEN_PAIR: Final = HiddenSubset(Declaration("Hidden Pair", "h2", library="0210"), 2)
HIDDEN_TRIPLE: Final = HiddenSubset(Declaration("Hidden Triple", "h3", library="0211"), 3)
HIDDEN_QUADRUPLE: Final = HiddenSubset(Declaration("Hidden Quadruple", "h4", library="0212"), 4)

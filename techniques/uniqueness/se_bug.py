"""Sudoku Explainer's Bivalue Universal Grave, types 1 to 4 (5.6 to 6.0).

A "bivalue universal grave" is a grid where every open cell has two candidates and every
digit has two places in each house it still needs: such a grid has at least two
solutions. SE looks, house by house (blocks, rows, columns) and digit by digit, for the
places that break that shape: a digit with more than two places in a house where just one
of them is a cell with three or more candidates makes that cell a "BUG cell" and the digit
one of its "BUG values". Take those values away and the grid must be a grave, so one BUG
value must be true:

* type 1 (5.6): one BUG cell: it is its BUG value(s), its other candidates go;
* type 2 (5.7): one BUG value over several cells: it leaves every cell seeing them all;
* type 3 (5.7 + 0.1 per extra digit of the set): the BUG cells' extra digits act as one
  cell that makes a naked set with cells they all see in one house: the set's digits leave
  the rest of that house;
* type 4 (5.7): two BUG cells in one house sharing one other digit: that digit is in one
  of them, so each keeps only its BUG values and that digit.
"""

from __future__ import annotations

from typing import Final, Iterator, NamedTuple

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, UNITS, UNITS_OF, Cell, bit
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import HOUSE_CELLS, colex
from techniques.se_places import house_positions, positions_of
from techniques.shared import cell_names, digit_words, grouped_removals

_TEXT: Final = (
    "Without their BUG values ({bug}), every open cell would have two candidates and every digit two places "
    "in each house: a pattern that always leaves at least two solutions. This step relies on the puzzle "
    "having a single solution, so one BUG value is true{why}: remove {removals}."
)


class _Pattern(NamedTuple):
    cells: list[Cell]  # BUG cells in the order found
    values: dict[Cell, int]  # BUG values of each cell
    all_values: int
    common: list[Cell]  # cells seeing every BUG cell, in SE's order


def bug_pattern(grid: Grid) -> _Pattern | None:
    """The BUG cells and values, when removing them leaves a bivalue universal grave.

    Read from the grid's places as positions in each house (``se_places``): a digit's
    places in a house and which of them are cells of three or more candidates are nine-bit
    masks, no list per house and digit."""
    cands = grid.cands
    table = house_positions(grid)
    wide = _wide_positions(cands)
    cells: list[Cell] = []
    values: dict[Cell, int] = {}
    all_values = 0
    common: list[Cell] | None = None
    for u in range(27):
        for digit in range(1, 10):
            at = table[u * 9 + digit - 1]
            if not at or MASK_COUNT[at] == 2:
                continue
            big = at & wide[u]
            if not big:
                return None
            if not big & (big - 1):
                cell = UNITS[u].cells[big.bit_length() - 1]
                if cell not in cells:
                    cells.append(cell)
                values[cell] = values.get(cell, 0) | bit(digit)
                all_values |= bit(digit)
                common = list(HOUSE_CELLS[cell]) if common is None else [c for c in common if c in HOUSE_CELLS[cell]]
                common = [c for c in common if c not in cells]
                if len(cells) > 1 and MASK_COUNT[all_values] > 1 and not common:
                    return None
    if not _grave_without(grid, table, values):
        return None
    return _Pattern(cells, values, all_values, common or [])


def _wide_positions(cands: list[int]) -> list[int]:
    """Per house, the positions of its cells with three or more candidates."""
    wide = [0] * 27
    for u in range(27):
        at = 0
        for i, cell in enumerate(UNITS[u].cells):
            if MASK_COUNT[cands[cell]] >= 3:
                at |= 1 << i
        wide[u] = at
    return wide


def _grave_without(grid: Grid, table: list[int], values: dict[Cell, int]) -> bool:
    """Without the BUG values, every open cell has two candidates and every digit none or
    two places in each house."""
    cands = grid.cands
    for cell in range(N_CELLS):
        if not grid.values[cell] and MASK_COUNT[cands[cell] & ~values.get(cell, 0)] != 2:
            return False
    left = table[:]
    for cell, mask in values.items():
        for u in UNITS_OF[cell]:
            at = positions_of(u, 1 << cell)
            for digit in MASK_DIGITS[mask]:
                left[u * 9 + digit - 1] &= ~at
    for at in left:
        if at and MASK_COUNT[at] != 2:
            return False
    return True


class SeBug(BaseTechnique):
    """SE's BUG types 1-4 (see the module docstring)."""

    declaration = Declaration(
        "Bivalue Universal Grave (SE)", "sbug1", subcodes={"sbug2": None, "sbug3": None, "sbug4": None},
        subnames={"sbug2": "BUG type 2", "sbug3": "BUG type 3", "sbug4": "BUG type 4"},
        uniqueness=True, profile="se"
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        pattern = bug_pattern(grid)
        if pattern is None:
            return
        cells, all_values = pattern.cells, pattern.all_values
        if len(cells) == 1:
            cell = cells[0]
            removals = tuple(Candidate(d, cell) for d in MASK_DIGITS[grid.cands[cell] & ~all_values])
            yield self._rated(grid, pattern, 1, 5.6, removals, f", so {CELL_NAMES[cell]} is {digit_words(MASK_DIGITS[all_values], 'or')}")
        elif MASK_COUNT[all_values] == 1:
            yield from self._type2(grid, pattern)
            if len(cells) == 2:
                yield from self._type4(grid, pattern)
        elif pattern.common:
            if len(cells) == 2:
                yield from self._type4(grid, pattern)
            yield from self._type3(grid, pattern)

    def _type2(self, grid: Grid, pattern: _Pattern) -> Iterator[Step]:
        value = MASK_DIGITS[pattern.all_values][0]
        removals = tuple(Candidate(value, c) for c in pattern.common if grid.cands[c] & bit(value))
        if removals:
            why = f": {value} is in {cell_names(pattern.cells).replace(' and ', ' or ')}"
            yield self._rated(grid, pattern, 2, 5.7, removals, why)

    def _type4(self, grid: Grid, pattern: _Pattern) -> Iterator[Step]:
        c1, c2 = pattern.cells
        shared = grid.cands[c1] & grid.cands[c2] & ~pattern.all_values
        if MASK_COUNT[shared] != 1:
            return
        value = MASK_DIGITS[shared][0]
        for u in UNITS_OF[c1]:
            if u in UNITS_OF[c2]:
                removals = tuple(
                    Candidate(d, c) for c in (c1, c2) for d in MASK_DIGITS[grid.cands[c] & ~pattern.values[c] & ~shared]
                )
                why = (
                    f"; {value} is in {CELL_NAMES[c1]} or {CELL_NAMES[c2]} ({UNITS[u].long_name}), so each of them "
                    f"is its BUG value or {value}"
                )
                yield self._rated(grid, pattern, 4, 5.7, removals, why)

    def _type3(self, grid: Grid, pattern: _Pattern) -> Iterator[Step]:
        cands = grid.cands
        for kind in range(3):
            houses = {UNITS_OF[c][kind] for c in pattern.cells}
            if len(houses) != 1:
                continue
            u = houses.pop()
            region = [c for c in pattern.common if UNITS_OF[c][kind] == u]
            for degree in range(2, 7):
                if len(region) < degree:
                    continue
                for combo in colex(degree - 1, len(region)):
                    naked = [region[i] for i in combo]
                    masks = [cands[c] for c in naked] + [pattern.all_values]
                    union = 0
                    for m in masks:
                        union |= m
                    if MASK_COUNT[_union(cands[c] for c in naked)] != degree:
                        continue  # the set's digits must all be in cells other than the BUG cells
                    if any(MASK_COUNT[m] < 2 for m in masks) or MASK_COUNT[union] != degree:
                        continue
                    rest = [c for c in region if c not in naked and c not in pattern.cells]
                    removals = tuple(Candidate(d, c) for c in rest for d in MASK_DIGITS[cands[c] & union])
                    if removals:
                        why = (
                            f", which makes a naked set on {digit_words(MASK_DIGITS[union])} with "
                            f"{cell_names(naked)} in {UNITS[u].long_name}"
                        )
                        value = 5.7 + (MASK_COUNT[union] - 1) * 0.1
                        yield self._rated(grid, pattern, 3, value, removals, why)

    def _rated(self, grid: Grid, pattern: _Pattern, kind: int, value: float, removals: tuple[Candidate, ...], why: str) -> Step:
        bug = ", ".join(f"{digit_words(MASK_DIGITS[pattern.values[c]], 'or')} in {CELL_NAMES[c]}" for c in pattern.cells)
        text = _TEXT.format(bug=bug, why=why, removals=grouped_removals(removals))
        return self.step(
            ", ".join(CELL_NAMES[c] for c in pattern.cells),
            eliminations=removals,
            explanation=text,
            highlights=Highlights(
                pattern=tuple(Candidate(d, c) for c in pattern.cells for d in MASK_DIGITS[pattern.values[c]]),
                cells=tuple(pattern.cells),
            ),
            digits=MASK_DIGITS[pattern.all_values],
            name=f"BUG type {kind}",
            code=f"sbug{kind}",
            rating=value,
        )


def _union(masks: Iterator[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


SE_BUG: Final = SeBug()

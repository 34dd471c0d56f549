"""Truth sets: a few candidates of which at least one is true, and why.

A kraken starts from one of these and follows a branch from each member. Three sources:

* a **cell**: it holds one of its candidates;
* a **house** (row, column or box): it holds each of its missing digits in one of that
  digit's places;
* a **tridagon**: twelve cells of four boxes that cannot hold only their three digits
  (:mod:`techniques.patterns.tridagon`), so one of the other candidates there, the
  guardians, is true.

Only small sets are kept (:data:`MAX_MEMBERS` candidates, :data:`MAX_GUARDIANS` for a
tridagon): every member is one more branch to draw and follow.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Final, Iterator

from engine.cells import CELL_NAMES, MASK_DIGITS, N_CELLS, UNITS, CellSet, Unit, cells_of
from engine.grid import Grid
from engine.notation import compact_cells, words_list
from engine.step import Candidate, Highlights
from techniques.patterns.tridagon import pattern_detail, pattern_highlights, pattern_words, tridagons
from techniques.shared import digit_words

#: A cell of at most this many candidates, a digit with at most this many places in a house.
MAX_MEMBERS: Final = 4
#: A tridagon with at most this many guardians (candidates, not cells).
MAX_GUARDIANS: Final = 6


#: A truth set's words: (why, detail, highlights) (see :class:`TruthSet`).
Words = tuple[str, str, Highlights]


class TruthSet:
    """Candidates one of which is true: ``why`` says so in words (whole sentences),
    ``detail`` is the pattern part of the step line, ``highlights`` the
    pattern's own roles (the branches' links are added to them), ``cells`` how many cells
    the pattern shows (for the smallest picture first). The words are made when first
    read: a kraken reads them for the few truth sets it reports, of the hundreds it tries."""

    __slots__ = ("members", "cells", "digits", "_words", "_made")

    def __init__(self, members: tuple[Candidate, ...], cells: int, digits: tuple[int, ...], words: Callable[[], Words]) -> None:
        self.members = members
        self.cells = cells
        self.digits = digits
        self._words = words
        self._made: Words | None = None

    def _told(self) -> Words:
        if self._made is None:
            self._made = self._words()
        return self._made

    @property
    def why(self) -> str:
        return self._told()[0]

    @property
    def detail(self) -> str:
        return self._told()[1]

    @property
    def highlights(self) -> Highlights:
        return self._told()[2]


TruthSource = Callable[[Grid], Iterator[TruthSet]]


def cell_truths(grid: Grid) -> Iterator[TruthSet]:
    """Every open cell with two to MAX_MEMBERS candidates, in cell order."""
    for cell in range(N_CELLS):
        digits = MASK_DIGITS[grid.cands[cell]]
        if 2 <= len(digits) <= MAX_MEMBERS:
            members = tuple(Candidate(d, cell) for d in digits)
            yield TruthSet(members, 1, digits, partial(_cell_words, cell, digits, members))


def _cell_words(cell: int, digits: tuple[int, ...], members: tuple[Candidate, ...]) -> Words:
    return (
        f"{CELL_NAMES[cell]} holds {digit_words(digits, 'or')}, so one of them is true.",
        f"{CELL_NAMES[cell]} ({'/'.join(map(str, digits))})",
        Highlights(pattern=members, cells=(cell,)),
    )


def house_truths(grid: Grid) -> Iterator[TruthSet]:
    """Every digit with two to MAX_MEMBERS places in a house, houses in their usual order
    (boxes, rows, columns), then digits."""
    for unit in UNITS:
        for digit in range(1, 10):
            places = grid.cells_with[digit] & unit.mask
            count = places.bit_count()
            if 2 <= count <= MAX_MEMBERS:
                members = tuple(Candidate(digit, c) for c in cells_of(places))
                yield TruthSet(members, count, (digit,), partial(_house_words, unit, digit, places, members))


def _house_words(unit: Unit, digit: int, places: CellSet, members: tuple[Candidate, ...]) -> Words:
    names = [CELL_NAMES[c] for c in cells_of(places)]
    return (
        f"{unit.long_name.capitalize()} needs {_an(digit)} {digit}, and it can only go in {words_list(names, 'or')}.",
        f"{digit} in {unit.name} ({compact_cells(cells_of(places))})",
        Highlights(pattern=members, units=(unit.number,)),
    )


def tridagon_truths(grid: Grid) -> Iterator[TruthSet]:
    """The guardians of every tridagon with two to MAX_GUARDIANS of them."""
    seen: set[tuple[Candidate, ...]] = set()
    for digits, pattern in tridagons(grid, MAX_GUARDIANS):  # no more guardian cells than guardians
        guardians = tuple(sorted(g for d in pattern for g in d.guardians))
        if not 2 <= len(guardians) <= MAX_GUARDIANS or guardians in seen:
            continue
        seen.add(guardians)
        words = (pattern_words(digits, pattern), pattern_detail(digits, pattern), pattern_highlights(grid, digits, pattern))
        yield TruthSet(guardians, 12, MASK_DIGITS[digits], partial(_given, words))


def _given(words: Words) -> Words:
    return words


def _an(digit: int) -> str:
    """The article before a digit read aloud: an 8, a 7."""
    return "an" if digit == 8 else "a"

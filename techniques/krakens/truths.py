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

from dataclasses import dataclass
from typing import Callable, Final, Iterator

from engine.cells import CELL_NAMES, MASK_DIGITS, N_CELLS, UNITS, cells_of
from engine.grid import Grid
from engine.notation import compact_cells, words_list
from engine.step import Candidate, Highlights
from techniques.patterns.tridagon import pattern_detail, pattern_highlights, pattern_words, tridagons
from techniques.shared import digit_words

#: A cell of at most this many candidates, a digit with at most this many places in a house.
MAX_MEMBERS: Final = 4
#: A tridagon with at most this many guardians (candidates, not cells).
MAX_GUARDIANS: Final = 6


@dataclass(frozen=True)
class TruthSet:
    """Candidates one of which is true: ``why`` says so in words (whole sentences),
    ``detail`` is the pattern part of the step line, ``highlights`` the
    pattern's own roles (the branches' links are added to them), ``cells`` how many cells
    the pattern shows (for the smallest picture first)."""

    members: tuple[Candidate, ...]
    why: str
    detail: str
    highlights: Highlights
    cells: int
    digits: tuple[int, ...]


TruthSource = Callable[[Grid], Iterator[TruthSet]]


def cell_truths(grid: Grid) -> Iterator[TruthSet]:
    """Every open cell with two to MAX_MEMBERS candidates, in cell order."""
    for cell in range(N_CELLS):
        digits = MASK_DIGITS[grid.cands[cell]]
        if 2 <= len(digits) <= MAX_MEMBERS:
            members = tuple(Candidate(d, cell) for d in digits)
            yield TruthSet(
                members,
                f"{CELL_NAMES[cell]} holds {digit_words(digits, 'or')}, so one of them is true.",
                f"{CELL_NAMES[cell]} ({'/'.join(map(str, digits))})",
                Highlights(pattern=members, cells=(cell,)),
                1,
                digits,
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
                names = [CELL_NAMES[c] for c in cells_of(places)]
                yield TruthSet(
                    members,
                    f"{unit.long_name.capitalize()} needs {_an(digit)} {digit}, and it can only go in {words_list(names, 'or')}.",
                    f"{digit} in {unit.name} ({compact_cells(cells_of(places))})",
                    Highlights(pattern=members, units=(unit.number,)),
                    count,
                    (digit,),
                )


def tridagon_truths(grid: Grid) -> Iterator[TruthSet]:
    """The guardians of every tridagon with two to MAX_GUARDIANS of them."""
    seen: set[tuple[Candidate, ...]] = set()
    for digits, pattern in tridagons(grid):
        guardians = tuple(sorted(g for d in pattern for g in d.guardians))
        if not 2 <= len(guardians) <= MAX_GUARDIANS or guardians in seen:
            continue
        seen.add(guardians)
        yield TruthSet(
            guardians,
            pattern_words(digits, pattern),
            pattern_detail(digits, pattern),
            pattern_highlights(grid, digits, pattern),
            12,
            MASK_DIGITS[digits],
        )


def _an(digit: int) -> str:
    """The article before a digit read aloud: an 8, a 7."""
    return "an" if digit == 8 else "a"

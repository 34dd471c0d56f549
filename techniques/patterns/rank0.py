"""Rank-0 sets (Allan Barker's set logic): as many links as cells, every candidate covered.

A set of open cells must hold one digit each. A *link* is a house with a digit: that house
holds the digit once, so the link can account for at most one of the cells. When every
candidate of every cell lies in some link (the link's house contains the cell, the digit
is the candidate's) and there are exactly as many links as cells, counting leaves no
room: each link is used exactly once and each cell by exactly one link. So

* a link's digit lies in the set inside the link's house: the house's other cells lose it;
* a candidate of the set covered by two links would use two: it is false.

SK-Loops and Multi-Sector Locked Sets are such sets. No uniqueness is assumed.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.cells import MASK_DIGITS, UNITS, CellSet, Digit, bit, cells_of
from engine.grid import Grid
from engine.step import Candidate
from techniques.shared import cell_names, digit_words

#: (unit number, digit)
LinkSet = tuple[tuple[int, Digit], ...]


class Rank0(NamedTuple):
    """A rank-0 set: its cells, its links, and what it removes."""

    cells: CellSet
    links: LinkSet
    eliminations: tuple[Candidate, ...]


def rank0(grid: Grid, cells: CellSet, links: LinkSet) -> Rank0 | None:
    """The set if it is rank 0 (open cells, one link per cell, every candidate covered by a
    link whose digit is not yet placed in its house), else None."""
    if cells.bit_count() != len(links) or len(set(links)) != len(links):
        return None
    covers: dict[tuple[int, Digit], int] = {}  # (cell, digit) -> links covering it
    for unit, digit in links:
        if grid.placed_mask(UNITS[unit]) & bit(digit):
            return None
        for cell in cells_of(UNITS[unit].mask & cells & grid.cells_with[digit]):
            covers[(cell, digit)] = covers.get((cell, digit), 0) + 1
    for cell in cells_of(cells):
        if not grid.cands[cell] or any((cell, d) not in covers for d in MASK_DIGITS[grid.cands[cell]]):
            return None
    out = {Candidate(d, c) for (c, d), n in covers.items() if n > 1}
    for unit, digit in links:
        out.update(Candidate(digit, c) for c in cells_of(UNITS[unit].mask & ~cells & grid.cells_with[digit]))
    return Rank0(cells, links, tuple(sorted(out)))


def link_words(links: LinkSet) -> str:
    """``1 and 7 in row 1, 3 and 5 in box 2``: the links, digits grouped by house, in the
    order the houses first appear."""
    by_unit: dict[int, list[Digit]] = {}
    for unit, digit in links:
        by_unit.setdefault(unit, []).append(digit)
    return ", ".join(f"{digit_words(ds)} in {UNITS[u].long_name}" for u, ds in by_unit.items())


RANK0_TEXT: Final = (
    "Between them they hold {count} digits, one per cell, and there are {count} links, each a house with a digit "
    "it holds once: {links}. Every candidate of these cells is covered by a link, so no link can be spared: each "
    "link's digit is in these cells inside that house{double}. So {removed}."
)


def rank0_words(found: Rank0) -> dict[str, str]:
    """Template fields for ``RANK0_TEXT``."""
    doubles = [c for c in found.eliminations if found.cells >> c.cell & 1]
    double = ", and no cell can use two links at once" if doubles else ""
    return {
        "count": str(found.cells.bit_count()),
        "links": link_words(found.links),
        "double": double,
        "removed": removed_words(found),
    }


def removed_words(found: Rank0) -> str:
    """What the set removes, digit by digit: from the houses and from the set's own cells."""
    parts = []
    for digit in sorted({c.digit for c in found.eliminations}):
        cells = [c.cell for c in found.eliminations if c.digit == digit]
        parts.append(f"{digit} leaves {cell_names(cells)}")
    return "; ".join(parts)

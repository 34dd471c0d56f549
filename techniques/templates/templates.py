"""Templates: Template Set and Template Delete (HoDoKu, disabled by default).

A *template* is one way to place all nine copies of a digit: one per row, column and
box (46,656 in all). For each digit keep the templates that fit the grid: they cover
every cell where the digit is placed and use only cells where it is still a candidate.
As HoDoKu does, refine: a template of one digit that uses a cell every remaining
template of another digit needs is dropped, until nothing changes. Then a cell in every
remaining template of a digit must hold it (Template Set), and a candidate in none of
them can go (Template Delete).

Bound: a digit has at most 46,656 templates, built row by row with only the cells that
fit, so a search never enumerates more than that per digit.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import ALL_CELLS, CELL_NAMES, Digit, cells_of
from engine.digit_templates import ALL_TEMPLATES, allowed_cells, digit_templates
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.notation import words_list
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names

_SET = (
    "Every way to place all nine {d}s that fits the candidates (one per row, column and box, "
    "a template) puts a {d} in {cells}, so {verb} {d}."
)
_DELETE = (
    "No way to place all nine {d}s that fits the candidates (one per row, column and box, a "
    "template) puts a {d} in {cells}, so {d} can be removed there."
)


@per_grid_version()
def templates(grid: Grid) -> dict[Digit, list[int]]:
    """The refined templates of each digit, as 81-bit cell sets (cached per grid version:
    Template Set and Template Delete ask for the same grid in turn)."""
    fits = {d: _fitting(grid, d) for d in range(1, 10)}
    changed = True
    while changed:  # ends: every pass that changes something drops a template
        changed = False
        musts = {d: _all_of(ts) for d, ts in fits.items()}
        for d, ts in fits.items():
            blocked = 0
            for other, must in musts.items():
                if other != d:
                    blocked |= must
            kept = [t for t in ts if not t & blocked]
            if len(kept) != len(ts):
                fits[d] = kept
                changed = True
    return fits


def _all_of(ts: list[int]) -> int:
    both = ALL_CELLS
    for t in ts:
        both &= t
    return both if ts else 0


def _fitting(grid: Grid, digit: Digit) -> list[int]:
    """Templates of ``digit`` through its placed cells and its candidates only."""
    # Templates are off by default and HoDoKu enumerates them all; so do we (at most
    # 46,656 per digit, on an empty grid).
    return digit_templates(allowed_cells(grid, digit), limit=ALL_TEMPLATES)


class TemplateSet(BaseTechnique):
    """Cells that every fitting template of a digit uses hold that digit."""

    declaration = Declaration("Template Set", "ts", library="1201")

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit, ts in templates(grid).items():
            cells = _all_of(ts) & grid.cells_with[digit]
            if cells:
                verb = "those cells are" if cells & (cells - 1) else "that cell is"
                yield self.step(
                    placements=tuple(Candidate(digit, c) for c in cells_of(cells)),
                    explanation=_SET.format(d=digit, cells=cell_names(cells), verb=verb),
                    highlights=Highlights(cells=tuple(cells_of(cells))),
                    digits=(digit,),
                )


class TemplateDelete(BaseTechnique):
    """Candidates that no fitting template of their digit uses can go."""

    declaration = Declaration("Template Delete", "td", library="1202")

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit, ts in templates(grid).items():
            used = 0
            for t in ts:
                used |= t
            cells = grid.cells_with[digit] & ~used
            if cells and ts:
                names = words_list([CELL_NAMES[c] for c in cells_of(cells)], "or")
                yield self.step(
                    eliminations=tuple(Candidate(digit, c) for c in cells_of(cells)),
                    explanation=_DELETE.format(d=digit, cells=names),
                    highlights=Highlights(cells=tuple(cells_of(cells))),
                    digits=(digit,),
                )


TEMPLATE_SET = TemplateSet()
TEMPLATE_DELETE = TemplateDelete()

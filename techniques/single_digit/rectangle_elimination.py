"""Rectangle Elimination (SudokuWiki's, after Ken Reek's SudoKoach): one digit, a strong
link, and the box at the fourth corner of a rectangle.

A *hinge* cell holds the digit and is one end of a strong link in its row (or column); the
other end is the first *wing*. A second *wing* is a place for the digit in the hinge's
column (row), in another box. The four corners of the rectangle are the hinge, the two
wings and the cell where the first wing's column (row) meets the second wing's row
(column); the box of that fourth corner is the *corner box*. If the second wing held the
digit, the hinge would not, so the first wing would: between them the two wings would see
every place of the corner box that lies in their lines. When all the corner box's places
for the digit lie in those two lines, that leaves the box without the digit, so the
second wing cannot hold it.

The eliminations are those an Empty Rectangle or a grouped Turbot Fish find when the
corner box has the right shape; Rectangle Elimination does not ask for that shape.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from engine.cells import BOX_OF, BOXES, CELL_NAMES, COL_OF, COLS, ROW_OF, ROWS, Cell, Digit, Unit, cells_of
from engine.grid import Grid
from engine.notation import cell_list_words
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates
from techniques.single_digit.strong_links import strong_links

_TEXT = (
    "In {link}, {digit} can only go in {hinge} or {wing}. Take {hinge} as the hinge and {target}, in its "
    "{cross} and another box, as the second wing. If {target} were {digit}, {hinge} would not be, so {wing} "
    "would be. Every place for {digit} in {box} ({places}) lies in {wing_line} or {target_line}: {wing} would "
    "see those in {wing_line} and {target} those in {target_line}, leaving {box} without a {digit}. So "
    "{target} cannot be {digit}."
)


class _Found(NamedTuple):
    digit: Digit
    link: Unit  # the hinge's line holding the strong link
    hinge: Cell
    wing: Cell  # the strong link's other end
    target: Cell  # the second wing, which loses the digit
    box: Unit  # the corner box


def _corner(hinge: Cell, wing: Cell, target: Cell, along_row: bool) -> Cell:
    """The rectangle's fourth corner: the first wing's column and the second wing's row
    (or the other way round when the strong link is in a column)."""
    return ROW_OF[target] * 9 + COL_OF[wing] if along_row else ROW_OF[wing] * 9 + COL_OF[target]


def rectangles(grid: Grid, digit: Digit) -> Iterator[_Found]:
    """Every (strong link, hinge, second wing) whose corner box is emptied."""
    places = grid.cells_with[digit]
    for link in strong_links(grid, digit, ROWS + COLS):
        along_row = link.unit in ROWS
        if BOX_OF[link.first] == BOX_OF[link.second]:
            continue
        for hinge, wing in ((link.first, link.second), (link.second, link.first)):
            cross = COLS[COL_OF[hinge]] if along_row else ROWS[ROW_OF[hinge]]
            for target in cells_of(places & cross.mask & ~BOXES[BOX_OF[hinge]].mask):
                box = BOXES[BOX_OF[_corner(hinge, wing, target, along_row)]]
                in_box = places & box.mask
                wing_line = COLS[COL_OF[wing]] if along_row else ROWS[ROW_OF[wing]]
                target_line = ROWS[ROW_OF[target]] if along_row else COLS[COL_OF[target]]
                if in_box and not in_box & ~(wing_line.mask | target_line.mask):
                    yield _Found(digit, link.unit, hinge, wing, target, box)


class RectangleElimination(BaseTechnique):
    """A strong link from a hinge, a second wing in the hinge's other line: the second wing
    loses the digit when, with the first wing, it would see every place of the corner box."""

    declaration = Declaration("Rectangle Elimination", "re")

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit in range(1, 10):
            done: set[Cell] = set()
            for found in rectangles(grid, digit):
                if found.target not in done:
                    done.add(found.target)
                    yield self._step(grid, found)

    def _step(self, grid: Grid, found: _Found) -> Step:
        digit, along_row = found.digit, found.link in ROWS
        wing_line = COLS[COL_OF[found.wing]] if along_row else ROWS[ROW_OF[found.wing]]
        target_line = ROWS[ROW_OF[found.target]] if along_row else COLS[COL_OF[found.target]]
        text = _TEXT.format(
            link=found.link.long_name,
            digit=digit,
            hinge=cell_list_words([found.hinge]),
            wing=cell_list_words([found.wing]),
            target=cell_list_words([found.target]),
            cross="column" if along_row else "row",
            box=found.box.long_name,
            places=cell_list_words(list(cells_of(grid.cells_with[digit] & found.box.mask))),
            wing_line=wing_line.long_name,
            target_line=target_line.long_name,
        )
        ends = (Candidate(digit, found.hinge), Candidate(digit, found.wing))
        return self.step(
            f"{digit} in {CELL_NAMES[found.hinge]}-{CELL_NAMES[found.wing]}, {found.box.name}",
            eliminations=(Candidate(digit, found.target),),
            explanation=text,
            highlights=Highlights(
                pattern=candidates(grid, digit, found.box.mask),
                alt=ends,
                links=(Link(ends[0], ends[1], True),),
                units=(found.box.number,),
                cover_units=(wing_line.number, target_line.number),
                cells=(found.hinge,),
            ),
            digits=(digit,),
        )


RECTANGLE_ELIMINATION = RectangleElimination()

"""Empty Rectangle, and the Dual Empty Rectangle sub-type.

In a box, every place for a digit lies in one row and one column of the box (the other four
cells, the "empty rectangle", lack it). Take a strong link of the digit, one end in that row
(or column) outside the box. If that end holds the digit, the box must place it in the
column (row) instead; if the other end does, it sees the cell where the second end's line
crosses the box's column (row). Either way that crossing cell cannot hold the digit.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Iterator, NamedTuple

from engine.cells import BOX_OF, BOXES, COL_OF, COLS, ROW_OF, ROWS, Cell, CellSet, Digit, Unit, cells_of, first_cell
from engine.cache import StateMemo, remembered
from engine.grid import Grid
from engine.notation import cell_list_words, compact_cells
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.single_digit.strong_links import StrongLink, common_house, strong_links
from techniques.shared import candidates

_TEXT: Final = (
    "In {box}, every place for {digit} lies in {line} or {other_line} ({places}). "
    "In {link}, {digit} can only go in {p} or {q}. If {p} is {digit}, {box} cannot have its {digit} in "
    "{line}, so it has it in {other_line}, which rules out {target}; if {q} is {digit}, {target} sees it "
    "in {q_house}. Either way {target} cannot be {digit}."
)
_SHORT: Final = (
    "Seen as {line} plus {other_line}: {link} puts {digit} in {p} or {q}; {p} would push the box's {digit} into "
    "{other_line} and {q} sees {target} in {q_house}, so {target} cannot be {digit}."
)


class _Rectangle(NamedTuple):
    digit: Digit
    box: Unit
    line: Unit  # the box's line that holds p
    other_line: Unit  # the box's crossing line, which holds the target
    p: Cell
    q: Cell
    link: Unit
    target: Cell


class EmptyRectangle(BaseTechnique):
    """A box whose places for a digit lie in one row and one column, plus a strong link from
    that row (column): the cell where the link's far line meets the column (row) loses the
    digit. ``two_candidates`` also allows boxes with only one place in each line (HoDoKu's
    option, off by default; reglib variant 0402-1)."""

    declaration = Declaration("Empty Rectangle", "er", library="0402", subcodes={"der": "0405"}, subnames={"der": "Dual Empty Rectangle"})

    def __init__(self, two_candidates: bool = False) -> None:
        super().__init__()
        self.two_candidates = two_candidates

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit in range(1, 10):
            key = (self.two_candidates, digit, grid.cells_with[digit])
            yield from remembered(_RECTANGLES, key, lambda: self._digit_steps(grid, digit))

    def _digit_steps(self, grid: Grid, digit: Digit) -> Iterator[Step]:
        """One digit's steps: a pure function of its candidates."""
        found: list[_Rectangle] = []
        for rect in self._rectangles(grid, digit):
            if all(rect.target != other.target for other in found):
                found.append(rect)
                yield self._single(grid, rect)
        # Duals last: HoDoKu reports them only when asked for, after the plain ones.
        for one, two in combinations(found, 2):
            if one.box == two.box:
                yield self._dual(grid, one, two)

    def _rectangles(self, grid: Grid, digit: Digit) -> Iterator[_Rectangle]:
        # Strong links in columns leave a rectangle's row, those in rows leave its column.
        partners = (_line_partners(grid, digit, COLS), _line_partners(grid, digit, ROWS))
        if not partners[0] and not partners[1]:
            return
        for box in BOXES:
            if not 2 <= grid.place_count(digit, box) <= 5:  # the grid's count: no cell set made
                continue
            places = grid.cells_with[digit] & box.mask
            top = box.cells[0] // 9
            for row in ROWS[top : top + 3]:
                # The places off the row fix the column: they must all lie in one.
                rest = places & ~row.mask
                col = COLS[COL_OF[first_cell(rest)]] if rest else None
                if col is not None and self._is_rectangle(places, row, col):
                    yield from self._links(grid, digit, box, (row, col), partners[0])
                    yield from self._links(grid, digit, box, (col, row), partners[1])

    def _is_rectangle(self, places: CellSet, row: Unit, col: Unit) -> bool:
        """The box's places lie in ``row`` and ``col``, each with a place off the crossing."""
        if places & ~(row.mask | col.mask):
            return False
        if not places & row.mask & ~col.mask or not places & col.mask & ~row.mask:
            return False
        # One place in each line only: the pattern is a plain chain, HoDoKu's option.
        return self.two_candidates or (places & row.mask).bit_count() >= 2 or (places & col.mask).bit_count() >= 2

    def _links(
        self, grid: Grid, digit: Digit, box: Unit, lines: tuple[Unit, Unit], partners: dict[Cell, StrongLink]
    ) -> Iterator[_Rectangle]:
        """Strong links leaving the first line outside the box, and the cell of the second
        line that they rule out."""
        line, other_line = lines
        along_rows = line.number < 18
        for p in cells_of(grid.cells_with[digit] & line.mask & ~box.mask):
            link = partners.get(p)
            if link is None:
                continue
            q = link.other(p)
            target = ROW_OF[q] * 9 + other_line.index if along_rows else other_line.index * 9 + COL_OF[q]
            if BOX_OF[target] != box.index and grid.cells_with[digit] >> target & 1:
                yield _Rectangle(digit, box, line, other_line, p, q, link.unit, target)

    def _text(self, grid: Grid, rect: _Rectangle) -> str:
        places = cell_list_words(list(cells_of(grid.cells_with[rect.digit] & rect.box.mask)))
        return _TEXT.format(places=places, **self._words(rect))

    def _words(self, rect: _Rectangle) -> dict[str, str]:
        return {
            "box": rect.box.long_name,
            "digit": str(rect.digit),
            "line": rect.line.long_name,
            "other_line": rect.other_line.long_name,
            "link": rect.link.long_name,
            "p": cell_list_words([rect.p]),
            "q": cell_list_words([rect.q]),
            "target": cell_list_words([rect.target]),
            "q_house": common_house(rect.q, rect.target).long_name,
        }

    def _highlights(self, grid: Grid, rects: tuple[_Rectangle, ...]) -> Highlights:
        digit, box = rects[0].digit, rects[0].box
        ends = tuple(Candidate(digit, c) for rect in rects for c in (rect.p, rect.q))
        return Highlights(
            pattern=candidates(grid, digit, box.mask),
            alt=ends,
            links=tuple(Link(Candidate(digit, r.p), Candidate(digit, r.q), True) for r in rects),
            units=(box.number,),
            cover_units=tuple(u.number for u in (rects[0].line, rects[0].other_line)),
        )

    def _single(self, grid: Grid, rect: _Rectangle) -> Step:
        return self.step(
            f"{rect.digit} in {rect.box.name} ({compact_cells([rect.p, rect.q])})",
            eliminations=(Candidate(rect.digit, rect.target),),
            explanation=self._text(grid, rect),
            highlights=self._highlights(grid, (rect,)),
            digits=(rect.digit,),
        )

    def _dual(self, grid: Grid, one: _Rectangle, two: _Rectangle) -> Step:
        places = cell_list_words(list(cells_of(grid.cells_with[one.digit] & one.box.mask)))
        text = f"Two Empty Rectangles on {one.digit} use {one.box.long_name}, "
        text += f"where {one.digit} can only go in {places}. "
        text += " ".join(_SHORT.format(**self._words(r)) for r in (one, two))
        return self.step(
            f"{one.digit} in {one.box.name} ({compact_cells([one.p, one.q])}/{compact_cells([two.p, two.q])})",
            eliminations=(Candidate(one.digit, one.target), Candidate(one.digit, two.target)),
            explanation=text,
            highlights=self._highlights(grid, (one, two)),
            digits=(one.digit,),
            name="Dual Empty Rectangle",
            code="der",
        )


def _line_partners(grid: Grid, digit: Digit, lines: tuple[Unit, ...]) -> dict[Cell, StrongLink]:
    """Each end of a strong link in ``lines``, mapped to its link."""
    return {cell: link for link in strong_links(grid, digit, lines) for cell in link[1:]}


#: One digit's steps by the digit's candidates (and the option): most steps leave most digits alone.
_RECTANGLES: Final[StateMemo[tuple[bool, Digit, CellSet], tuple[Step, ...]]] = StateMemo()

EMPTY_RECTANGLE: Final = EmptyRectangle()
#: HoDoKu's "Empty Rectangles with only two candidates" option (reglib variant 0402-1).
EMPTY_RECTANGLE_TWO_CANDIDATES: Final = EmptyRectangle(two_candidates=True)

"""Avoidable Rectangles, Types 1 and 2 (HoDoKu's definitions).

Two cells of one box, filled in while solving (not clues), hold digits a and b. Along the
crossing lines, in another box, two cells would complete a rectangle: the one across from
the a needs b, the one across from the b needs a. If all four ended up that way and none
of them is a clue, a and b could be swapped in those cells: a second solution.

* Type 1: one far corner is filled in (not a clue) with its digit; the last open corner
  cannot take the digit that would complete the rectangle.
* Type 2: both far corners are open, each with its needed digit and the same other digit
  x; one of them must be x, so x leaves every cell that sees both.

Only digits placed while solving count, so these need to know which cells are clues
(``grid.givens``); they rely on the puzzle having a single solution.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import MASK_DIGITS, PEER_MASK, Cell, cells_of
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names
from techniques.uniqueness.rectangles import Rectangle, avoidable_rectangles

_TYPE1 = (
    "{filled} were filled in while solving; none of them is a clue. If {open} were {digit}, the four cells "
    "would hold {a} and {b} crosswise, and swapping them would give the puzzle a second solution. This step "
    "relies on the puzzle having a single solution: {open} cannot be {digit}."
)
_TYPE2 = (
    "{filled} were filled in while solving with {first} and {second}; neither is a clue. {c21} can only be "
    "{second} or {x}, and {c22} only {first} or {x}. If neither were {x}, the four cells would hold {first} and "
    "{second} crosswise and could be swapped, giving the puzzle a second solution. This step relies on the "
    "puzzle having a single solution, so one of them is {x}: remove {x} from {targets}."
)


@per_grid_version()
def _rectangles(grid: Grid) -> tuple[Rectangle, ...]:
    """The avoidable rectangles of the grid, cached per version: both types share the search."""
    return tuple(avoidable_rectangles(grid))


class AvoidableRectangle(BaseTechnique):
    """A rectangle of cells filled in while solving that must not be completed crosswise,
    since swapping its two digits would give a second solution."""

    def __init__(self, declaration: Declaration, kind: int) -> None:
        super().__init__(declaration)
        self.kind = kind

    def find(self, grid: Grid) -> Iterator[Step]:
        seen: set[tuple[tuple[Candidate, ...], ...]] = set()
        for rect in _rectangles(grid):
            _, _, c21, c22 = rect.corners
            one_open = bool(grid.values[c21] or grid.values[c22])
            if one_open != (self.kind == 1):
                continue
            step = self._type1(grid, rect) if one_open else self._type2(grid, rect)
            if step is not None and step.effect not in seen:
                seen.add(step.effect)
                yield step

    def _type1(self, grid: Grid, rect: Rectangle) -> Step | None:
        _, _, c21, c22 = rect.corners
        # The open corner needs the digit of the corner diagonally across from it.
        cell, digit = (c22, rect.first) if grid.values[c21] else (c21, rect.second)
        if not grid.cands[cell] >> (digit - 1) & 1:
            return None
        filled = [c for c in rect.corners if c != cell]
        text = _TYPE1.format(filled=cell_names(filled), open=cell_names([cell]), digit=digit, a=rect.digits[0], b=rect.digits[1])
        pattern = tuple(Candidate(grid.values[c], c) for c in sorted(filled))
        return self.step(
            rect.detail(),
            eliminations=(Candidate(digit, cell),),
            explanation=text,
            highlights=Highlights(pattern=pattern, cells=tuple(sorted(rect.corners))),
            digits=rect.digits,
        )

    def _type2(self, grid: Grid, rect: Rectangle) -> Step | None:
        c11, c12, c21, c22 = rect.corners
        others = MASK_DIGITS[grid.cands[c21] & ~(1 << (rect.second - 1))]
        x = others[0]
        if not grid.cands[c22] >> (x - 1) & 1:
            return None
        targets = PEER_MASK[c21] & PEER_MASK[c22] & grid.cells_with[x]
        if not targets:
            return None
        text = _TYPE2.format(
            filled=cell_names([c11, c12]), first=rect.first, second=rect.second, c21=cell_names([c21]),
            c22=cell_names([c22]), x=x, targets=cell_names(targets),
        )
        pattern = (Candidate(rect.first, c11), Candidate(rect.second, c12), Candidate(rect.second, c21), Candidate(rect.first, c22))
        return self.step(
            rect.detail(),
            eliminations=tuple(Candidate(x, c) for c in cells_of(targets)),
            explanation=text,
            highlights=Highlights(pattern=pattern, fins=(Candidate(x, c21), Candidate(x, c22)), cells=_sorted(rect.corners)),
            digits=rect.digits,
        )


def _sorted(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    return tuple(sorted(cells))


AVOIDABLE_RECTANGLE_1 = AvoidableRectangle(Declaration("Avoidable Rectangle Type 1", "ar1", library="0607", uniqueness=True), 1)
AVOIDABLE_RECTANGLE_2 = AvoidableRectangle(Declaration("Avoidable Rectangle Type 2", "ar2", library="0608", uniqueness=True), 2)

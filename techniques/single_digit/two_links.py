"""Single-digit patterns built from two strong links: Skyscraper, 2-String Kite, Turbot Fish.

Each pattern has two strong links of one digit (houses where it has two places left) whose
inner ends see each other. At most one inner end holds the digit, so at least one outer end
does, and a cell that sees both outer ends cannot hold it. The Skyscraper takes two parallel
lines, the 2-String Kite a row and a column joined in a box, the Turbot Fish any two strong
links joined by any weak link (HoDoKu's three-link X-Chain). Empty Rectangles live in
empty_rectangle.py.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Iterator, NamedTuple

from engine.cells import (
    BOX_OF,
    BOXES,
    COL_OF,
    COLS,
    PEER_MASK,
    ROW_OF,
    ROWS,
    UNITS,
    Cell,
    CellSet,
    Digit,
    Unit,
    cells_of,
)
from engine.cache import StateMemo, remembered
from engine.grid import Grid
from engine.notation import cell_list_words, compact_cells
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.single_digit.strong_links import StrongLink, common_house, link_house, strong_links, two_link_text
from techniques.shared import candidates


def _chain_highlights(digit: Digit, cells: tuple[Cell, Cell, Cell, Cell], units: tuple[int, ...]) -> Highlights:
    """end1 = inner1 - inner2 = end2: the pattern and its three links."""
    c = [Candidate(digit, cell) for cell in cells]
    return Highlights(
        pattern=tuple(c),
        links=(Link(c[0], c[1], True), Link(c[1], c[2], False), Link(c[2], c[3], True)),
        units=units,
    )


class Skyscraper(BaseTechnique):
    """Two parallel lines with two places each for a digit, one place of each in a common
    crossing line: one of the two other places holds the digit."""

    declaration = Declaration("Skyscraper", "sk", library="0400")

    def find(self, grid: Grid) -> Iterator[Step]:
        # HoDoKu's order: the rows for every digit, then the columns
        for lines in (ROWS, COLS):
            for digit in range(1, 10):
                key = (lines is ROWS, digit, grid.cells_with[digit])
                yield from remembered(_SKYSCRAPERS, key, lambda: self._digit_steps(grid, digit, lines))

    def _digit_steps(self, grid: Grid, digit: Digit, lines: tuple[Unit, ...]) -> Iterator[Step]:
        for one, two in combinations(strong_links(grid, digit, lines), 2):
            step = self._try(grid, digit, one, two, lines is ROWS)
            if step is not None:
                yield step

    def _try(self, grid: Grid, digit: Digit, one: StrongLink, two: StrongLink, rows: bool) -> Step | None:
        cross = COL_OF if rows else ROW_OF
        bases = [(a, b) for a in one[1:] for b in two[1:] if cross[a] == cross[b]]
        # Both ends aligned would be an X-Wing, no ends aligned no pattern.
        if len(bases) != 1:
            return None
        base1, base2 = bases[0]
        top1, top2 = one.other(base1), two.other(base2)
        targets = grid.cells_with[digit] & PEER_MASK[top1] & PEER_MASK[top2]
        if not targets:
            return None
        joint = (COLS if rows else ROWS)[cross[base1]]
        text = two_link_text(digit, (one.unit, top1, base1), (two.unit, top2, base2), joint, targets)
        return self.step(
            f"{digit} in {compact_cells([top1, top2])} (connected by {compact_cells([base1, base2])})",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=_chain_highlights(digit, (top1, base1, base2, top2), (one.unit.number, two.unit.number)),
            digits=(digit,),
        )


class _Kite(NamedTuple):
    """A row link A=B and a column link C=D whose inner ends A and C share a box."""

    digit: Digit
    row: Unit
    col: Unit
    a: Cell
    b: Cell
    c: Cell
    d: Cell
    target: Cell

    @property
    def box_cells(self) -> frozenset[Cell]:
        return frozenset((self.a, self.c))

    @property
    def elimination(self) -> Candidate:
        return Candidate(self.digit, self.target)

    def words(self) -> dict[str, str]:
        cells = (self.a, self.b, self.c, self.d, self.target)
        names = {key: cell_list_words([cell]) for key, cell in zip("abcdt", cells)}
        return {"digit": str(self.digit), "row": self.row.long_name, "col": self.col.long_name, **names}


_KITE_SHORT: Final = (
    "{label}: {row} ({b} or {a}) and {col} ({c} or {d}) leave {b} or {d}, so {t}, which sees both, "
    "cannot be {digit}."
)


class TwoStringKite(BaseTechnique):
    """A row and a column with two places each for a digit, one place of each in a common
    box: one of the two other places holds the digit, so the cell in the row of one and the
    column of the other cannot. Two kites through the same box cells make a Dual 2-String Kite."""

    declaration = Declaration("2-String Kite", "2sk", library="0401", subcodes={"d2sk": "0404"}, subnames={"d2sk": "Dual 2-String Kite"})

    def find(self, grid: Grid) -> Iterator[Step]:
        kites: list[_Kite] = []
        for digit in range(1, 10):
            targets: set[Cell] = set()
            for kite in self._kites(grid, digit):
                kites.append(kite)
                if kite.target not in targets:
                    targets.add(kite.target)
                    yield self._single(kite)
        # Duals last: HoDoKu reports them only when asked for, after the plain kites. Like
        # HoDoKu, two kites through the same two box cells pair up even on different digits.
        duals: set[frozenset[Candidate]] = set()
        for one, two in combinations(kites, 2):
            effect = frozenset((one.elimination, two.elimination))
            if one.box_cells == two.box_cells and len(effect) == 2 and effect not in duals:
                duals.add(effect)
                yield self._dual(one, two)

    def _kites(self, grid: Grid, digit: Digit) -> Iterator[_Kite]:
        by_box: dict[int, list[tuple[StrongLink, Cell]]] = {}
        for col in strong_links(grid, digit, COLS):
            for c in col[1:]:
                by_box.setdefault(BOX_OF[c], []).append((col, c))
        for row in strong_links(grid, digit, ROWS):
            for a in row[1:]:
                b = row.other(a)
                for col, c in by_box.get(BOX_OF[a], ()):
                    d = col.other(c)
                    if len({a, b, c, d}) != 4:
                        continue
                    target = ROW_OF[d] * 9 + COL_OF[b]
                    if grid.cells_with[digit] >> target & 1:
                        yield _Kite(digit, row.unit, col.unit, a, b, c, d, target)

    def _text(self, kite: _Kite) -> str:
        box = BOXES[BOX_OF[kite.a]]
        return two_link_text(kite.digit, (kite.row, kite.b, kite.a), (kite.col, kite.d, kite.c), box, 1 << kite.target)

    def _single(self, kite: _Kite) -> Step:
        return self.step(
            f"{kite.digit} in {compact_cells([kite.b, kite.d])} (connected by {compact_cells([kite.a, kite.c])})",
            eliminations=(kite.elimination,),
            explanation=self._text(kite),
            highlights=_chain_highlights(
                kite.digit, (kite.b, kite.a, kite.c, kite.d), (kite.row.number, kite.col.number)
            ),
            digits=(kite.digit,),
        )

    def _dual(self, one: _Kite, two: _Kite) -> Step:
        box = BOXES[BOX_OF[one.a]]
        same = one.digit == two.digit
        kites = f"on {one.digit}" if same else f"one on {one.digit} and one on {two.digit},"
        labels = ("One kite", "The other") if same else (f"On {one.digit}", f"On {two.digit}")
        text = (
            f"Two 2-String Kites {kites} meet in the same two cells of {box.long_name}, "
            f"{cell_list_words(sorted(one.box_cells))}. At most one of those cells holds the digit, so in each "
            "kite one of the two far ends must. "
            + " ".join(_KITE_SHORT.format(label=label, **k.words()) for label, k in zip(labels, (one, two)))
        )
        first, second = (_chain_highlights(k.digit, (k.b, k.a, k.c, k.d), ()) for k in (one, two))
        return self.step(
            f"{one.digit if same else f'{one.digit}/{two.digit}'} in {compact_cells([one.b, one.d])}"
            f"/in {compact_cells([two.b, two.d])} (connected by {compact_cells([one.a, one.c])})",
            eliminations=(one.elimination, two.elimination),
            explanation=text,
            highlights=Highlights(
                pattern=first.pattern,
                alt=second.pattern,
                links=first.links + second.links,
                units=(one.row.number, one.col.number, two.row.number, two.col.number),
            ),
            digits=tuple(sorted({one.digit, two.digit})),
            name="Dual 2-String Kite",
            code="d2sk",
        )


class TurbotFish(BaseTechnique):
    """Two strong links of a digit whose inner ends see each other: one of the outer ends
    holds the digit (HoDoKu's X-Chain of three links)."""

    declaration = Declaration("Turbot Fish", "tf", library="0403")

    def find(self, grid: Grid) -> Iterator[Step]:
        for digit in range(1, 10):
            yield from remembered(_TURBOTS, (digit, grid.cells_with[digit]), lambda: self._digit_steps(grid, digit))

    def _digit_steps(self, grid: Grid, digit: Digit) -> Iterator[Step]:
        partners = _partners(grid, digit)
        # The weak link must land on a cell that starts another strong link.
        linked = sum(1 << cell for cell in partners)
        seen: set[CellSet] = set()
        for a in sorted(partners):
            for b in partners[a]:
                for c in cells_of(linked & PEER_MASK[b] & ~(1 << a)):
                    for d in partners.get(c, ()):
                        if d in (a, b):
                            continue
                        targets = grid.cells_with[digit] & PEER_MASK[a] & PEER_MASK[d]
                        if targets and targets not in seen:
                            seen.add(targets)
                            yield self._make(grid, digit, (a, b, c, d), targets)

    def _make(self, grid: Grid, digit: Digit, cells: tuple[Cell, Cell, Cell, Cell], targets: CellSet) -> Step:
        a, b, c, d = cells
        first, second = link_house(grid, digit, a, b), link_house(grid, digit, c, d)
        assert first is not None and second is not None
        text = two_link_text(digit, (first, a, b), (second, d, c), common_house(b, c), targets)
        names = [compact_cells([cell]) for cell in cells]
        return self.step(
            f"{digit} {names[0]} ={digit}= {names[1]} -{digit}- {names[2]} ={digit}= {names[3]}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=_chain_highlights(digit, cells, (first.number, second.number)),
            digits=(digit,),
        )


def _partners(grid: Grid, digit: Digit) -> dict[Cell, tuple[Cell, ...]]:
    """For each cell, the cells it forms a strong link with (in any house), ascending."""
    found: dict[Cell, set[Cell]] = {}
    for link in strong_links(grid, digit, UNITS):
        found.setdefault(link.first, set()).add(link.second)
        found.setdefault(link.second, set()).add(link.first)
    return {cell: tuple(sorted(others)) for cell, others in found.items()}


#: One digit's steps (a pure function of its candidates) by the digit's candidates: most
#: steps leave most digits alone.
_SKYSCRAPERS: Final[StateMemo[tuple[bool, Digit, CellSet], tuple[Step, ...]]] = StateMemo()
_TURBOTS: Final[StateMemo[tuple[Digit, CellSet], tuple[Step, ...]]] = StateMemo()

SKYSCRAPER: Final = Skyscraper()
TWO_STRING_KITE: Final = TwoStringKite()
TURBOT_FISH: Final = TurbotFish()

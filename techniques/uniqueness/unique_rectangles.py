"""Unique Rectangles: Uniqueness Tests 1-6 and the Hidden Rectangle (HoDoKu's definitions).

Every test looks at a rectangle (see ``rectangles.py``) whose corners must not end up
holding only its two digits, and reads off what that forces:

* Test 1: three corners hold only the two digits, so the fourth cannot be either of them.
* Tests 2 and 5: the corners with other candidates all have the same single extra digit, so
  one of them holds it; cells seeing all of them lose it (Test 2: two corners in one line,
  Test 5: diagonal corners or three corners).
* Test 3: the two corners with extras act as one cell holding their extra digits and make
  a naked subset with other cells of a house they share.
* Test 4: two corners with extras in one line; one digit of the rectangle has no other
  place among the cells seeing both, so one of them holds it and neither can hold the other.
* Test 6: two diagonal corners with extras; one digit lives only in the corners along both
  rows and columns, so it cannot be in those two corners.
* Hidden Rectangle: from a corner holding only the two digits, one digit is confined to the
  rectangle in the row and column of the opposite corner, which then cannot hold the other.

All of them rely on the puzzle having a single solution (``uniqueness=True`` in their
declarations); the solver only runs them on proper puzzles.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import (
    BOX_OF,
    BOXES,
    COL_OF,
    COLS,
    MASK_COUNT,
    MASK_DIGITS,
    PEER_MASK,
    ROW_OF,
    ROWS,
    Cell,
    Digit,
    Unit,
    UnitKind,
    bit,
    cell_at,
    cells_of,
    cellset_of,
)
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step, candidate
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words, grouped_removals, seeing_all
from techniques.uniqueness.rectangles import Finding, Rectangle, hodoku_examined, house_of, shared_houses, unique_rectangles


_U1: Final = "{deadly} Only {cell} has other candidates, so it must take one of them: it cannot be {a} or {b}."
_U2: Final = (
    "{deadly} Besides {a} and {b}, {cells} can only hold {x}, so one of them is {x}. "
    "Every cell that sees all of them loses {x}: remove it from {targets}."
)
_U3: Final = (
    "{deadly} So {c1} or {c2} holds one of their other digits ({extras}). Taken together as one cell, "
    "they and {others} can only hold {digits}, as many digits as cells, in {house}: "
    "remove {removals}."
)
_U4: Final = (
    "{deadly} No other cell that sees both {c1} and {c2} can hold {keep}, so one of them is {keep}. "
    "If the other were {drop}, the rectangle would hold only {a} and {b}: remove {drop} from {targets}."
)
_U6: Final = (
    "{deadly} In {lines}, {drop} can only go in the corners, so it fills one diagonal of the rectangle. "
    "If it filled {c1} and {c2}, the other two corners would both be {keep}: remove {drop} from {targets}."
)
_HR: Final = (
    "{deadly} In row {row} and column {col}, {keep} can only go in corners of the rectangle. "
    "If {target} were {drop}, {keep} would have to go in {side1} and {side2}, leaving {corner} to be {drop}: "
    "the rectangle would hold only {a} and {b}. Remove {drop} from {target}."
)


def _present(grid: Grid, cells: tuple[Cell, ...], digit: Digit) -> tuple[Candidate, ...]:
    return tuple(candidate(digit, c) for c in cells if grid.cands[c] & bit(digit))


def _in_line(a: Cell, b: Cell) -> bool:
    return ROW_OF[a] == ROW_OF[b] or COL_OF[a] == COL_OF[b]


class _Corners:
    """A rectangle split into corners holding only its digits and corners with extras."""

    def __init__(self, grid: Grid, rect: Rectangle) -> None:
        self.grid = grid
        self.rect = rect
        self.a, self.b = rect.digits
        ordered = sorted(rect.corners)
        self.plain = tuple(c for c in ordered if not grid.cands[c] & ~rect.mask)
        self.extra = tuple(c for c in ordered if grid.cands[c] & ~rect.mask)
        self.deadly = rect.deadly_words()

    def extras_mask(self) -> int:
        mask = 0
        for c in self.extra:
            mask |= self.grid.cands[c] & ~self.rect.mask
        return mask

    def finding(self, code: str, eliminations: tuple[Candidate, ...], text: str, fins: tuple[Candidate, ...] = ()) -> Finding:
        if not fins:
            fins = tuple(candidate(d, c) for c in self.extra for d in MASK_DIGITS[self.grid.cands[c] & ~self.rect.mask])
        return Finding(code, self.rect, eliminations, text, fins)


def _type1(k: _Corners) -> Iterator[Finding]:
    if len(k.plain) != 3:
        return
    cell = k.extra[0]
    elims = _present(k.grid, (cell,), k.a) + _present(k.grid, (cell,), k.b)
    if elims:
        yield k.finding("u1", elims, _U1.format(deadly=k.deadly, cell=cell_names([cell]), a=k.a, b=k.b))


def _type2_or_5(k: _Corners) -> Iterator[Finding]:
    if len(k.plain) not in (1, 2):
        return
    extra = k.extras_mask()
    if MASK_COUNT[extra] != 1:
        return
    x = MASK_DIGITS[extra][0]
    targets = k.grid.cells_with[x] & seeing_all(cellset_of(k.extra))
    if not targets:
        return
    code = "u2" if len(k.extra) == 2 and _in_line(*k.extra) else "u5"
    elims = tuple(candidate(x, c) for c in cells_of(targets))
    text = _U2.format(deadly=k.deadly, a=k.a, b=k.b, cells=cell_names(list(k.extra)), x=x, targets=cell_names(targets))
    yield k.finding(code, elims, text)


def _type3(k: _Corners) -> Iterator[Finding]:
    if len(k.plain) != 2:
        return
    extra = k.extras_mask()
    for house in shared_houses(*k.extra):
        yield from _type3_in(k, house, extra)


def _type3_in(k: _Corners, house: Unit, extra: int) -> Iterator[Finding]:
    """The subsets of the house's other cells, in HoDoKu's depth-first order (a, ab, abc,
    ac, b, bc, c): the first that forms a naked subset with the two corners wins."""
    grid, rect_cells = k.grid, k.rect.cellset
    pool = [c for c in house.cells if grid.cands[c] and not grid.cands[c] & k.rect.mask and not rect_cells >> c & 1]
    for combo, digits in _preorder(grid.cands, pool, 0, (), extra):
        cells = k.extra + combo
        if house.kind is UnitKind.BOX and house_of(cells) is not None:
            continue  # found already as a subset of that line
        if MASK_COUNT[digits] == len(cells) - 1:
            finding = _type3_step(k, house, cells, combo, digits)
            if finding is not None:
                yield finding


def _preorder(cands: list[int], pool: list[Cell], start: int, combo: tuple[Cell, ...], digits: int) -> Iterator[tuple[tuple[Cell, ...], int]]:
    """Every non-empty subset of ``pool[start:]`` added to ``combo``, depth first, with
    the digits of all its cells."""
    for i in range(start, len(pool)):
        grown, more = combo + (pool[i],), digits | cands[pool[i]]
        yield grown, more
        yield from _preorder(cands, pool, i + 1, grown, more)


def _type3_step(k: _Corners, house: Unit, cells: tuple[Cell, ...], combo: tuple[Cell, ...], digits: int) -> Finding | None:
    grid = k.grid
    houses = [house]
    if house.kind is not UnitKind.BOX and len({BOX_OF[c] for c in cells}) == 1:
        houses.append(BOXES[BOX_OF[cells[0]]])  # a locked subset clears its box too
    elims: list[Candidate] = []
    for unit in houses:
        for c in unit.cells:
            if not grid.values[c] and c not in cells:
                elims += [candidate(d, c) for d in MASK_DIGITS[grid.cands[c] & digits] if candidate(d, c) not in elims]
    if not elims:
        return None
    fins = tuple(candidate(d, c) for d in MASK_DIGITS[digits] for c in sorted(cells) if grid.cands[c] & bit(d))
    text = _U3.format(
        deadly=k.deadly,
        c1=cell_names([k.extra[0]]),
        c2=cell_names([k.extra[1]]),
        extras=digit_words(MASK_DIGITS[k.extras_mask()]),
        others=cell_names(list(combo)),
        digits=digit_words(MASK_DIGITS[digits]),
        house=" and ".join(u.long_name for u in houses),
        removals=grouped_removals(tuple(elims)),
    )
    return k.finding("u3", tuple(elims), text, fins)


def _absent_from(k: _Corners, area: int) -> tuple[Digit, Digit] | None:
    """(the rectangle digit with no candidate in ``area``, the other one), ``a`` tried first."""
    for absent, other in ((k.a, k.b), (k.b, k.a)):
        if not area & k.grid.cells_with[absent]:
            return absent, other
    return None


def _type4(k: _Corners) -> Iterator[Finding]:
    if len(k.plain) != 2 or not _in_line(*k.extra):
        return
    c1, c2 = k.extra
    pair = _absent_from(k, PEER_MASK[c1] & PEER_MASK[c2])
    if pair is None:
        return
    keep, drop = pair  # the digit locked in the two extra cells stays; the other goes
    elims = _present(k.grid, k.extra, drop)
    if elims:
        text = _U4.format(
            deadly=k.deadly, c1=cell_names([c1]), c2=cell_names([c2]), keep=keep, drop=drop, a=k.a, b=k.b,
            targets=cell_names([c for _, c in elims]),
        )
        yield k.finding("u4", elims, text)


def _type6(k: _Corners) -> Iterator[Finding]:
    if len(k.plain) != 2 or _in_line(*k.extra):
        return
    c1, c2 = k.extra
    lines = (ROWS[ROW_OF[c1]], ROWS[ROW_OF[c2]], COLS[COL_OF[c1]], COLS[COL_OF[c2]])
    around = 0
    for unit in lines:
        around |= unit.mask
    around &= ~k.rect.cellset
    pair = _absent_from(k, around)
    if pair is None:
        return
    drop, keep = pair  # the digit absent from the rectangle's lines must leave the two extra cells
    elims = _present(k.grid, k.extra, drop)
    if elims:
        rows, cols = sorted((ROW_OF[c1] + 1, ROW_OF[c2] + 1)), sorted((COL_OF[c1] + 1, COL_OF[c2] + 1))
        names = f"rows {rows[0]} and {rows[1]} and columns {cols[0]} and {cols[1]}"
        text = _U6.format(
            deadly=k.deadly, lines=names, drop=drop, keep=keep, c1=cell_names([c1]), c2=cell_names([c2]),
            targets=cell_names([c for _, c in elims]),
        )
        yield k.finding("u6", elims, text)


def _hidden(k: _Corners) -> Iterator[Finding]:
    if len(k.plain) not in (1, 2):
        return
    if len(k.plain) == 2 and _in_line(*k.plain):
        return
    for corner in k.plain:
        target = k.rect.opposite(corner)
        for keep, drop in ((k.a, k.b), (k.b, k.a)):
            finding = _hidden_for(k, corner, target, keep, drop)
            if finding is not None:
                yield finding


def _hidden_for(k: _Corners, corner: Cell, target: Cell, keep: Digit, drop: Digit) -> Finding | None:
    grid = k.grid
    row, col = ROWS[ROW_OF[target]], COLS[COL_OF[target]]
    outside = (row.mask | col.mask) & ~k.rect.cellset
    if grid.cells_with[keep] & outside or not grid.cands[target] & bit(drop):
        return None
    side1 = cell_at(ROW_OF[target], COL_OF[corner])
    side2 = cell_at(ROW_OF[corner], COL_OF[target])
    text = _HR.format(
        deadly=k.deadly, row=ROW_OF[target] + 1, col=COL_OF[target] + 1, keep=keep, drop=drop, a=k.a, b=k.b,
        target=cell_names([target]), side1=cell_names([side1]), side2=cell_names([side2]), corner=cell_names([corner]),
    )
    return k.finding("hr", (candidate(drop, target),), text)


_CHECKS: Final = (_type1, _type2_or_5, _type3, _type4, _type6, _hidden)


@per_grid_version()
def rectangle_findings(grid: Grid, allow_missing: bool) -> tuple[Finding, ...]:
    """Every Uniqueness Test and Hidden Rectangle finding of the grid, cached per version:
    the seven techniques share one search."""
    found: list[Finding] = []
    for rect in unique_rectangles(grid, allow_missing):
        corners = _Corners(grid, rect)
        for check in _CHECKS:
            found.extend(check(corners))
    return tuple(found)


def rectangle_step(technique: BaseTechnique, finding: Finding) -> Step:
    """The step of a uniqueness finding, for any of the rectangle techniques."""
    rect = finding.rect
    grid_pattern = tuple(candidate(d, c) for c in sorted(rect.corners) for d in rect.digits)
    return technique.step(
        rect.detail(),
        eliminations=finding.eliminations,
        explanation=finding.explanation,
        highlights=Highlights(pattern=grid_pattern, fins=finding.fins, cells=tuple(sorted(rect.corners))),
        digits=rect.digits,
    )


class UniquenessTest(BaseTechnique):
    """A Unique Rectangle type (or the Hidden Rectangle): four corners that must not hold
    only their two digits, because the puzzle has one solution.

    ``allow_missing`` is HoDoKu's "allow missing candidates" option (on by default): corners
    other than the first may have lost one of the digits to earlier steps.
    """

    def __init__(self, declaration: Declaration, allow_missing: bool = True) -> None:
        super().__init__(declaration)
        self.allow_missing = allow_missing

    def find(self, grid: Grid) -> Iterator[Step]:
        seen: set[tuple[tuple[Candidate, ...], ...]] = set()
        for finding in rectangle_findings(grid, self.allow_missing):
            if finding.code != self.code:
                continue
            step = rectangle_step(self, finding)
            if step.effect not in seen:
                seen.add(step.effect)
                yield step

    def hodoku_step(self, grid: Grid) -> Step | None:
        """The step HoDoKu 2.2 takes, for the ``hodoku`` profile's policy: the first
        finding of this kind on a rectangle HoDoKu examines (``rectangles.hodoku_examined``)."""
        examined = hodoku_examined(grid)
        for finding in rectangle_findings(grid, self.allow_missing):
            rect = finding.rect
            if finding.code == self.code and (rect.cellset, rect.first, rect.second) in examined:
                return rectangle_step(self, finding)
        return None


UNIQUENESS_1: Final = UniquenessTest(Declaration("Uniqueness Test 1", "u1", library="0600", uniqueness=True))
UNIQUENESS_2: Final = UniquenessTest(Declaration("Uniqueness Test 2", "u2", library="0601", uniqueness=True))
UNIQUENESS_3: Final = UniquenessTest(Declaration("Uniqueness Test 3", "u3", library="0602", uniqueness=True))
UNIQUENESS_4: Final = UniquenessTest(Declaration("Uniqueness Test 4", "u4", library="0603", uniqueness=True))
UNIQUENESS_5: Final = UniquenessTest(Declaration("Uniqueness Test 5", "u5", library="0604", uniqueness=True))
UNIQUENESS_6: Final = UniquenessTest(Declaration("Uniqueness Test 6", "u6", library="0605", uniqueness=True))
HIDDEN_RECTANGLE: Final = UniquenessTest(Declaration("Hidden Rectangle", "hr", library="0606", uniqueness=True))
#: The techniques above, one ``UniquenessTest`` each (options make variants of them all).
RECTANGLE_TESTS: Final[tuple[UniquenessTest, ...]] = (
    UNIQUENESS_1, UNIQUENESS_2, UNIQUENESS_3, UNIQUENESS_4, UNIQUENESS_5, UNIQUENESS_6, HIDDEN_RECTANGLE,
)  # fmt: skip

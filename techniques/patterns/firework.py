"""Firework (shye's pattern, New Sudoku Players' Forum, 2021; SudokuWiki's "Fireworks"):
Triple Firework and Quad Firework.

**The firework.** A row and a column cross at a cell X, in box B. Take a digit placed in
none of the three houses. Suppose that outside B the row has the digit in at most one cell
(the *row wing*) and the column in at most one cell (the *column wing*). Then the digit is
in X or in one of the wings: if it is in neither wing, the row must hold it inside B and so
must the column; B holds it once, so both are the same cell, the one on the row and the
column, X. A wing that is missing (the line has the digit only inside B) makes the fact
stronger: the digit is then in X or the other wing; with both missing it is simply at X
(locked candidates and a single show that), so a firework has at least one wing. The
digit need not be a candidate of X itself (it is then in a wing). One firework alone
removes nothing: no cell sees X and both wings. Its use is in combination:

**Triple Firework** (SudokuWiki's first example, "Triple Laser"): three digits each make a
firework at the same X with the same two wings. Each digit is in one of those three cells,
and each cell holds one digit, so the three cells hold exactly the three digits (a locked
set): every other candidate of the three cells goes. A digit may lack a wing the others have
(it is then in one of two of the cells, which still fits); the two wings must be real cells
of some digit's firework.

**Quad Firework** (shye's second example: SudokuWiki names it; the rule below is as
sysudoku.com and SudokuCoach state it, the stored copy of SudokuWiki's page that could be
read stopping after its Triple Firework): two crosses X1 (row r1, column c1) and X2 (row r2,
column c2) in different bands and stacks, at opposite corners of the rectangle whose other
corners are P (r1, c2) and Q (r2, c1). Two digits make fireworks at X1 with wings P and Q,
two other digits at X2 with the same wings, Q in row r2 and P in column c2. X1 holds at most
one of its pair, so one of them is in P or Q; likewise one of X2's pair. Those two fill P
and Q, so the other digit of each pair is at its own cross. Hence X1 holds one of its two
digits, X2 one of its two, and P and Q each one of the four: their other candidates go.

SudokuWiki's page also notes a weak link between two digits firing at the same cross (a link
for AICs, not a pattern with eliminations of its own), and other writers give further
variants (SudokuCoach's "W-wing Firework", GNPX's fireworks with ALS); those are not built
here: no precise rule for their eliminations could be read on SudokuWiki's page.

Sound in any position: a digit placed in the row, column or box of a cross is never a
firework digit there (the argument needs the houses to still want it), every cell of a
pattern must be open, and a triple needs exactly three digits (more would be a
contradiction, which other techniques report).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Iterator, NamedTuple

from engine.cells import ALL_DIGITS, BOX_OF, BOXES, CELL_NAMES, COL_OF, COLS, MASK_DIGITS, ROW_OF, ROWS, Cell, CellSet, Digit, cell_at, mask_of
from engine.grid import Grid
from engine.notation import words_list
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words, grouped_removals


def _outside(line: CellSet, cell: Cell) -> CellSet:
    return line & ~BOXES[BOX_OF[cell]].mask


#: For each cell: its row's cells outside its box, and its column's.
_ROW_OUT: Final[tuple[CellSet, ...]] = tuple(_outside(ROWS[ROW_OF[c]].mask, c) for c in range(81))
_COL_OUT: Final[tuple[CellSet, ...]] = tuple(_outside(COLS[COL_OF[c]].mask, c) for c in range(81))
#: The crosses that can pair in a Quad Firework with each cell: other band, other stack.
_OPPOSITE: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(o for o in range(c + 1, 81) if ROW_OF[o] // 3 != ROW_OF[c] // 3 and COL_OF[o] // 3 != COL_OF[c] // 3) for c in range(81)
)


class Firework(NamedTuple):
    """A digit at a cross: in the cross cell or one of the wings (None: no wing)."""

    digit: Digit
    cross: Cell
    row_wing: Cell | None
    col_wing: Cell | None

    def fits(self, row_wing: Cell, col_wing: Cell) -> bool:
        """Its wings are among these two (a missing wing fits any)."""
        return self.row_wing in (None, row_wing) and self.col_wing in (None, col_wing)


#: What ``_wing`` says of a line with the digit in several cells outside the box.
_SEVERAL: Final = -1


def _wing(cells: CellSet) -> Cell | None:
    """The one cell of ``cells``, None when empty, ``_SEVERAL`` when there are more."""
    if not cells:
        return None
    if cells & (cells - 1):
        return _SEVERAL
    return cells.bit_length() - 1


def fireworks(grid: Grid) -> dict[Cell, list[Firework]]:
    """The fireworks at each open cell that has at least two (the patterns need two)."""
    found: dict[Cell, list[Firework]] = {}
    placed = [grid.placed_mask(unit) for unit in BOXES + ROWS + COLS]
    for cross in range(81):
        if grid.values[cross]:
            continue
        row, col, box = ROW_OF[cross], COL_OF[cross], BOX_OF[cross]
        here = []
        for digit in MASK_DIGITS[ALL_DIGITS & ~(placed[box] | placed[9 + row] | placed[18 + col])]:
            places = grid.cells_with[digit]
            row_wing = _wing(places & _ROW_OUT[cross])
            col_wing = _wing(places & _COL_OUT[cross])
            if _SEVERAL in (row_wing, col_wing):
                continue
            if row_wing is not None or col_wing is not None:  # else it is at the cross: no firework
                here.append(Firework(digit, cross, row_wing, col_wing))
        if len(here) >= 2:
            found[cross] = here
    return found


class Triple(NamedTuple):
    """Three fireworks at one cross whose wings are among the two given cells."""

    cross: Cell
    row_wing: Cell
    col_wing: Cell
    fireworks: tuple[Firework, ...]


class Quad(NamedTuple):
    """Two pairs of fireworks at opposite corners of a rectangle, the other corners their wings."""

    corners: tuple[Cell, Cell]  # the two crosses
    wings: tuple[Cell, Cell]  # P (first cross's row), Q (first cross's column)
    pairs: tuple[tuple[Firework, ...], tuple[Firework, ...]]


def triples(found: dict[Cell, list[Firework]]) -> Iterator[Triple]:
    """Three digits firing at one cross with the same two (real) wings."""
    for cross, here in found.items():
        if len(here) < 3:
            continue
        row_wings = sorted({f.row_wing for f in here if f.row_wing is not None})
        col_wings = sorted({f.col_wing for f in here if f.col_wing is not None})
        for row_wing in row_wings:
            for col_wing in col_wings:
                fitting = tuple(f for f in here if f.fits(row_wing, col_wing))
                if len(fitting) == 3:
                    yield Triple(cross, row_wing, col_wing, fitting)


def quads(grid: Grid, found: dict[Cell, list[Firework]]) -> Iterator[Quad]:
    """Two crosses at opposite corners of a rectangle, two digits each firing on the other
    two corners, four different digits."""
    for first in found:
        for second in _OPPOSITE[first]:
            if second not in found:
                continue
            p, q = cell_at(ROW_OF[first], COL_OF[second]), cell_at(ROW_OF[second], COL_OF[first])
            if grid.values[p] or grid.values[q]:
                continue
            mine = [f for f in found[first] if f.fits(p, q)]
            theirs = [f for f in found[second] if f.fits(q, p)]
            for pair in combinations(mine, 2):
                for other in combinations(theirs, 2):
                    if not {f.digit for f in pair} & {f.digit for f in other}:
                        yield Quad((first, second), (p, q), (pair, other))


def _mask(fireworks: tuple[Firework, ...]) -> int:
    return mask_of([f.digit for f in fireworks])


def _removals(grid: Grid, keep: list[tuple[Cell, int]]) -> tuple[Candidate, ...]:
    """Every candidate of each cell outside the digits it keeps, digit-major."""
    return tuple(sorted(Candidate(d, cell) for cell, digits in keep for d in MASK_DIGITS[grid.cands[cell] & ~digits]))


_TRIPLE_TEXT: Final = (
    "Row {row} and column {col} cross at {cross}, in box {box}. Outside box {box}, {lines}. So each of {digits} is "
    "in {cross}, {row_wing} or {col_wing}: a digit in neither {row_wing} nor {col_wing} would have to be inside box "
    "{box} both in row {row} and in column {col}, and the box holds it once, so at {cross}. Three digits, each in one "
    "of three cells: {cells} hold {digits} and nothing else. Remove {removals}."
)

_QUAD_TEXT: Final = (
    "Take the rectangle {corners}. Outside box {box1}, {lines1}: each of {pair1} is in {cross1}, {p} or {q} (one in "
    "neither {p} nor {q} would be inside box {box1} both in row {row1} and in column {col1}, so at {cross1}). Outside "
    "box {box2}, {lines2}: likewise each of {pair2} is in {cross2}, {q} or {p}. {cross1} holds at most one of {pair1}, "
    "so the other is in {p} or {q}; in the same way one of {pair2} is in {p} or {q}. Those two digits fill {p} and "
    "{q}, so the last of {pair1} is at {cross1} and the last of {pair2} at {cross2}: {cross1} is {pair1_or}, {cross2} "
    "is {pair2_or}, and {p} and {q} hold two of {all_digits}. Remove {removals}."
)


def _lines_words(fireworks: tuple[Firework, ...]) -> str:
    """``row 7 and column 3 have 1 only in r7c4 and r6c3; 2 only in r7c4``."""
    cross = fireworks[0].cross
    parts = [f"{f.digit} only in {words_list([CELL_NAMES[w] for w in (f.row_wing, f.col_wing) if w is not None])}" for f in fireworks]
    return f"row {ROW_OF[cross] + 1} and column {COL_OF[cross] + 1} have {'; '.join(parts)}"


class FireworkTechnique(BaseTechnique):
    """Digits confined, in a row and a column, to their crossing box and one cell each:
    three on the same cells are a locked set; two pairs on a rectangle lock its corners."""

    declaration = Declaration(
        "Firework", "fw", subcodes={"fw3": None, "fw4": None}, subnames={"fw3": "Triple Firework", "fw4": "Quad Firework"}
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        found = fireworks(grid)
        if not found:
            return
        done: set[tuple[Candidate, ...]] = set()
        for steps in (self._triples(grid, found), self._quads(grid, found)):
            for step in steps:
                if step.eliminations not in done:
                    done.add(step.eliminations)
                    yield step

    def _triples(self, grid: Grid, found: dict[Cell, list[Firework]]) -> Iterator[Step]:
        for triple in triples(found):
            digits = _mask(triple.fireworks)
            cells = (triple.cross, triple.row_wing, triple.col_wing)
            removals = _removals(grid, [(cell, digits) for cell in cells])
            if removals:
                yield self._triple_step(grid, triple, removals)

    def _quads(self, grid: Grid, found: dict[Cell, list[Firework]]) -> Iterator[Step]:
        for quad in quads(grid, found):
            first, second = (_mask(pair) for pair in quad.pairs)
            keep = [(quad.corners[0], first), (quad.corners[1], second), (quad.wings[0], first | second), (quad.wings[1], first | second)]
            removals = _removals(grid, keep)
            if removals:
                yield self._quad_step(grid, quad, removals)

    def _triple_step(self, grid: Grid, triple: Triple, removals: tuple[Candidate, ...]) -> Step:
        digits = tuple(f.digit for f in triple.fireworks)
        cross, wings = triple.cross, (triple.row_wing, triple.col_wing)
        words = {"cross": cell_names([cross]), "row_wing": cell_names([wings[0]]), "col_wing": cell_names([wings[1]])}
        text = _TRIPLE_TEXT.format(
            row=ROW_OF[cross] + 1,
            col=COL_OF[cross] + 1,
            box=BOX_OF[cross] + 1,
            lines=_lines_words(triple.fireworks),
            digits=digit_words(digits),
            cells=cell_names([cross, *wings]),
            removals=grouped_removals(removals),
            **words,
        )
        mask = _mask(triple.fireworks)
        return self.step(
            f"{_slashed(digits)} in {words['cross']} with {words['row_wing']},{words['col_wing']}",
            eliminations=removals,
            explanation=text,
            highlights=Highlights(
                pattern=_held(grid, (cross,), mask),
                alt=_held(grid, wings, mask),
                units=(ROWS[ROW_OF[cross]].number, COLS[COL_OF[cross]].number),
                cover_units=(BOX_OF[cross],),
                cells=(cross,),
            ),
            digits=digits,
            name="Triple Firework",
            code="fw3",
        )

    def _quad_step(self, grid: Grid, quad: Quad, removals: tuple[Candidate, ...]) -> Step:
        (x1, x2), (p, q) = quad.corners, quad.wings
        pair1, pair2 = (tuple(f.digit for f in pair) for pair in quad.pairs)
        every = tuple(sorted(pair1 + pair2))
        text = _QUAD_TEXT.format(
            corners=cell_names([x1, p, q, x2]),
            box1=BOX_OF[x1] + 1,
            box2=BOX_OF[x2] + 1,
            row1=ROW_OF[x1] + 1,
            col1=COL_OF[x1] + 1,
            lines1=_lines_words(quad.pairs[0]),
            lines2=_lines_words(quad.pairs[1]),
            pair1=digit_words(pair1),
            pair2=digit_words(pair2),
            pair1_or=digit_words(pair1, "or"),
            pair2_or=digit_words(pair2, "or"),
            all_digits=digit_words(every),
            cross1=cell_names([x1]),
            cross2=cell_names([x2]),
            p=cell_names([p]),
            q=cell_names([q]),
            removals=grouped_removals(removals),
        )
        first, second = (_mask(pair) for pair in quad.pairs)
        return self.step(
            f"{_slashed(pair1)} in {CELL_NAMES[x1]}, {_slashed(pair2)} in {CELL_NAMES[x2]} with {CELL_NAMES[p]},{CELL_NAMES[q]}",
            eliminations=removals,
            explanation=text,
            highlights=Highlights(
                pattern=_held(grid, (x1,), first) + _held(grid, (x2,), second),
                alt=_held(grid, (p, q), first | second),
                units=(ROWS[ROW_OF[x1]].number, COLS[COL_OF[x1]].number, ROWS[ROW_OF[x2]].number, COLS[COL_OF[x2]].number),
                cover_units=(BOX_OF[x1], BOX_OF[x2]),
                cells=(x1, x2),
            ),
            digits=every,
            name="Quad Firework",
            code="fw4",
        )


def _slashed(digits: tuple[Digit, ...]) -> str:
    return "/".join(map(str, digits))


def _held(grid: Grid, cells: tuple[Cell, ...], digits: int) -> tuple[Candidate, ...]:
    """The candidates among ``digits`` of each cell."""
    return tuple(Candidate(d, cell) for cell in cells for d in MASK_DIGITS[grid.cands[cell] & digits])


FIREWORK: Final = FireworkTechnique()

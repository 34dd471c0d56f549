"""Puzzle layouts: parse and format in pairs, so that every layout round-trips.

Layouts (``Layout``): the 81-character line, nine rows of spaced digits, nine compact rows,
a printed grid with ``|``/``-``/``+`` box lines, the forum pencil-mark (PM) grid and the
HoDoKu library line. Reading many puzzles from a file, with layout detection and line
numbers, lives in :mod:`engine.reader`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Sequence

from engine.cells import (
    ALL_DIGITS,
    CELL_NAMES,
    MASK_DIGITS,
    N_CELLS,
    PEERS,
    Cell,
    CellSet,
    Digit,
    Mask,
    cell_at,
)
from engine.grid import Grid

EMPTY_CHARS = ".0-*_xX"
_TRIPLE = re.compile(r"^[1-9]{3}$")  # ASCII only: str.isdigit() would accept other scripts' digits
CELL_CHARS = "123456789" + EMPTY_CHARS


class PuzzleFormatError(ValueError):
    """Input that cannot be read as a puzzle; ``line`` is 1-based where known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        super().__init__(self._text())

    def _text(self) -> str:
        if self.line is None:
            return self.message
        where = f"line {self.line}" + (f", column {self.column}" if self.column is not None else "")
        return f"{where}: {self.message}"

    def at_line(self, offset: int) -> PuzzleFormatError:
        """The same error with line numbers shifted by ``offset`` (for text inside a file)."""
        return PuzzleFormatError(self.message, (self.line or 1) + offset, self.column)


class Layout(Enum):
    """How a puzzle was written; ``solve`` answers in the same layout by default."""

    LINE = "line"
    SPACED = "spaced"
    COMPACT = "compact"
    BOXED = "boxed"
    PM = "pm"
    LIBRARY = "library"


@dataclass(frozen=True)
class LibraryInfo:
    """The technique fields of a HoDoKu library line, kept for round trips and tests."""

    code: str = "0000"
    digits: str = "x"
    eliminations: tuple[tuple[Digit, Cell], ...] = ()
    placements: tuple[tuple[Digit, Cell], ...] = ()
    extra: str = ""


@dataclass(frozen=True)
class Puzzle:
    """A position as the user wrote it.

    ``givens`` are the clues, ``entered`` the digits placed since (HoDoKu's ``+d``);
    ``candidates`` the pencil marks of every cell when the input had any, else None.
    """

    givens: tuple[Digit, ...]
    entered: tuple[Digit, ...] = (0,) * N_CELLS
    candidates: tuple[Mask, ...] | None = None
    layout: Layout = Layout.LINE
    empty_char: str = "."
    line: int = 1
    library: LibraryInfo | None = None
    comment: str = field(default="", compare=False)

    @property
    def values(self) -> tuple[Digit, ...]:
        """Givens and entered digits together."""
        return tuple(g or e for g, e in zip(self.givens, self.entered))

    @property
    def givens_mask(self) -> CellSet:
        return sum(1 << c for c, v in enumerate(self.givens) if v)

    @property
    def clue_string(self) -> str:
        """The 81 givens with ``.`` for empty cells."""
        return "".join(str(v) if v else "." for v in self.givens)

    def to_grid(self) -> Grid:
        """The candidate grid of this position (raises ``Contradiction`` if it breaks a rule)."""
        return Grid.from_values(self.values, self.givens_mask, self.candidates)


# --- 81-character line ----------------------------------------------------------


def parse_line(text: str) -> Puzzle:
    """An 81-character line; anything after the 81 cells (a comment, a rating) is ignored.

    >>> parse_line("8" + "." * 80).givens[:3]
    (8, 0, 0)
    """
    stripped = text.lstrip()
    run = 0
    while run < len(stripped) and stripped[run] in CELL_CHARS:
        run += 1
    offset = len(text) - len(stripped)
    if run != N_CELLS:
        if run < len(stripped) and not stripped[run].isspace() and run < N_CELLS:
            raise PuzzleFormatError(f"unexpected character {stripped[run]!r}", column=offset + run + 1)
        raise PuzzleFormatError(f"{run} cells, need {N_CELLS}")
    cells = stripped[:N_CELLS]
    empty = next((ch for ch in cells if ch in EMPTY_CHARS), ".")
    return Puzzle(givens=_digits(cells), layout=Layout.LINE, empty_char=empty, comment=stripped[N_CELLS:].strip())


def format_line(values: Sequence[Digit], empty: str = ".") -> str:
    """The 81-character line.

    >>> format_line([1] + [0] * 80)[:3]
    '1..'
    """
    return "".join(str(v) if v else empty for v in values)


def _digits(cells: str) -> tuple[Digit, ...]:
    return tuple(int(ch) if ch in "123456789" else 0 for ch in cells)


# --- nine-row grids -------------------------------------------------------------


def format_spaced(values: Sequence[Digit]) -> str:
    """Nine rows of nine digits separated by spaces, 0 for empty cells."""
    return "\n".join(" ".join(str(v) for v in values[r * 9 : r * 9 + 9]) for r in range(9))


def format_compact(values: Sequence[Digit], empty: str = ".") -> str:
    """Nine rows of nine characters."""
    return "\n".join(format_line(values[r * 9 : r * 9 + 9], empty) for r in range(9))


def format_boxed(values: Sequence[Digit], empty: str = ".") -> str:
    """A printed grid with box lines::

        8 . . | . . . | . . .
        ------+-------+------
    """
    rows = []
    for r in range(9):
        cells = [str(v) if v else empty for v in values[r * 9 : r * 9 + 9]]
        rows.append(" | ".join(" ".join(cells[k : k + 3]) for k in (0, 3, 6)))
        if r in (2, 5):
            rows.append("------+-------+------")
    return "\n".join(rows)


def grid_from_rows(rows: Sequence[str], layout: Layout, first_line: int = 1) -> Puzzle:
    """A puzzle from nine rows of cell characters (separators already removed)."""
    if len(rows) != 9:
        raise PuzzleFormatError(f"{len(rows)} grid rows, need 9", first_line)
    text = "".join(rows)
    empty = next((ch for ch in text if ch in EMPTY_CHARS), "0" if layout is Layout.SPACED else ".")
    return Puzzle(givens=_digits(text), layout=layout, empty_char=empty, line=first_line)


# --- pencil-mark grid -------------------------------------------------------------


def pm_puzzle(tokens: Sequence[str], first_line: int = 1) -> Puzzle:
    """A puzzle from the 81 cell tokens of a PM grid: one digit is a placed value, several
    are candidates."""
    if len(tokens) != N_CELLS:
        raise PuzzleFormatError(f"{len(tokens)} cells in the pencil-mark grid, need {N_CELLS}", first_line)
    givens = []
    cands = []
    for token in tokens:
        mask = 0
        for ch in token:
            mask |= 1 << (int(ch) - 1)
        givens.append(int(token) if len(token) == 1 else 0)
        cands.append(0 if len(token) == 1 else mask)
    return Puzzle(givens=tuple(givens), candidates=tuple(cands), layout=Layout.PM, line=first_line)


def pm_tokens(grid: Grid) -> list[str]:
    """Each cell as its value or its candidates run together."""
    return [str(grid.values[c]) if grid.values[c] else "".join(map(str, grid.candidates(c))) for c in range(N_CELLS)]


def format_pm(grid: Grid) -> str:
    """The forum pencil-mark grid: values and candidates, columns aligned, boxes drawn."""
    tokens = pm_tokens(grid)
    widths = [max(len(tokens[cell_at(r, c)]) for r in range(9)) for c in range(9)]
    stacks = [sum(widths[k * 3 : k * 3 + 3]) + 4 for k in range(3)]
    border = ".".join("-" * w for w in stacks)
    lines = ["." + border + "."]
    for r in range(9):
        parts = []
        for k in range(3):
            cells = [tokens[cell_at(r, c)].ljust(widths[c]) for c in range(k * 3, k * 3 + 3)]
            parts.append(" " + " ".join(cells) + " ")
        lines.append("|" + "|".join(parts) + "|")
        if r in (2, 5):
            lines.append(":" + border.replace(".", "+") + ":")
    lines.append("'" + border + "'")
    return "\n".join(lines)


# --- HoDoKu library line ------------------------------------------------------------


def parse_library(text: str) -> Puzzle:
    """A HoDoKu library line ``:code:digits:givens:deleted:eliminations:placements:extra``.

    Givens use ``+d`` for digits placed during solving; deleted candidates and the step's
    eliminations/placements are ``<digit><row><col>`` triples.
    """
    fields = text.strip().split(":")
    if len(fields) < 4 or fields[0] != "":
        raise PuzzleFormatError("a library line needs ':code:digits:givens:...'")
    fields += [""] * (8 - len(fields))
    givens, entered = _library_givens(fields[3])
    values = [g or e for g, e in zip(givens, entered)]
    deleted = _candidate_list(fields[4], "deleted candidates")
    cands = _allowed(values)
    for digit, cell in deleted:
        cands[cell] &= ~(1 << (digit - 1))
    info = LibraryInfo(
        code=fields[1],
        digits=fields[2],
        eliminations=_candidate_list(fields[5], "eliminations"),
        placements=_candidate_list(fields[6], "placements"),
        extra=fields[7].strip(),
    )
    return Puzzle(
        givens=tuple(givens),
        entered=tuple(entered),
        candidates=tuple(cands),
        layout=Layout.LIBRARY,
        library=info,
    )


def _library_givens(text: str) -> tuple[list[Digit], list[Digit]]:
    givens: list[Digit] = []
    entered: list[Digit] = []
    plus = False
    for i, ch in enumerate(text):
        if ch == "+":
            plus = True
            continue
        if ch not in CELL_CHARS:
            raise PuzzleFormatError(f"unexpected character {ch!r} in the givens field", column=None)
        digit = int(ch) if ch in "123456789" else 0
        if plus and not digit:
            raise PuzzleFormatError(f"'+' must be followed by a digit (position {i})")
        givens.append(0 if plus else digit)
        entered.append(digit if plus else 0)
        plus = False
    if len(givens) != N_CELLS:
        raise PuzzleFormatError(f"{len(givens)} cells in the givens field, need {N_CELLS}")
    return givens, entered


def _candidate_list(text: str, what: str) -> tuple[tuple[Digit, Cell], ...]:
    out = []
    for token in text.split():
        if not _TRIPLE.match(token):
            raise PuzzleFormatError(f"{what}: {token!r} is not <digit><row><col> (three digits 1-9)")
        out.append((int(token[0]), cell_at(int(token[1]) - 1, int(token[2]) - 1)))
    return tuple(out)


def _allowed(values: Sequence[Digit]) -> list[Mask]:
    """Every candidate the values allow (0 for filled cells)."""
    cands = []
    for c in range(N_CELLS):
        if values[c]:
            cands.append(0)
            continue
        mask = ALL_DIGITS
        for p in PEERS[c]:
            if values[p]:
                mask &= ~(1 << (values[p] - 1))
        cands.append(mask)
    return cands


def format_candidate_list(cands: Iterable[tuple[Digit, Cell]]) -> str:
    """``<digit><row><col>`` triples separated by spaces."""
    return " ".join(f"{d}{c // 9 + 1}{c % 9 + 1}" for d, c in cands)


def format_library(grid: Grid, info: LibraryInfo | None = None) -> str:
    """The HoDoKu library line of a position: givens, ``+d`` for placed digits, and the
    candidates missing beyond what the values rule out."""
    info = info or LibraryInfo()
    cells = []
    for c in range(N_CELLS):
        v = grid.values[c]
        cells.append(("" if grid.is_given(c) else "+") + str(v) if v else ".")
    allowed = _allowed(grid.values)
    deleted = [(d, c) for c in range(N_CELLS) for d in MASK_DIGITS[allowed[c] & ~grid.cands[c]]]
    deleted.sort(key=lambda dc: (dc[1], dc[0]))
    return ":".join(
        [
            "",
            info.code,
            info.digits,
            "".join(cells),
            format_candidate_list(deleted),
            format_candidate_list(info.eliminations),
            format_candidate_list(info.placements),
            info.extra,
        ]
    )


# --- LeetCode boards ------------------------------------------------------------------


def board_values(board: Sequence[Sequence[str]]) -> list[Digit]:
    """The 81 values of a LeetCode-style 9x9 board of ``'1'``-``'9'`` and ``'.'``."""
    if len(board) != 9 or any(len(row) != 9 for row in board):
        raise PuzzleFormatError("a board needs 9 rows of 9 cells")
    values = []
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            if ch not in CELL_CHARS or len(ch) != 1:
                raise PuzzleFormatError(f"{CELL_NAMES[cell_at(r, c)]}: {ch!r} is not a digit or '.'")
            values.append(int(ch) if ch in "123456789" else 0)
    return values


# --- any layout --------------------------------------------------------------------


def format_values(values: Sequence[Digit], layout: Layout, empty: str = ".", givens: CellSet | None = None) -> str:
    """Values (no pencil marks) in a layout. ``givens`` tells clues from solved digits
    where the layout shows the difference (the library line's ``+d``)."""
    if layout in (Layout.PM, Layout.LIBRARY):
        grid = Grid.from_values(values, givens)
        return format_grid(grid, layout)
    return {
        Layout.LINE: lambda: format_line(values, empty),
        Layout.SPACED: lambda: format_spaced(values),
        Layout.COMPACT: lambda: format_compact(values, empty),
        Layout.BOXED: lambda: format_boxed(values, empty),
    }[layout]()


def format_grid(grid: Grid, layout: Layout, empty: str = ".", info: LibraryInfo | None = None) -> str:
    """A grid in a layout: PM and library layouts keep its candidates."""
    if layout is Layout.PM:
        return format_pm(grid)
    if layout is Layout.LIBRARY:
        return format_library(grid, info)
    return format_values(grid.values, layout, empty)


def mask_string(mask: Mask) -> str:
    """The digits of a mask run together.

    >>> mask_string(0b101)
    '13'
    """
    return "".join(map(str, MASK_DIGITS[mask]))

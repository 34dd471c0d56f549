"""Puzzle layouts: parse and format in pairs, so that every layout round-trips.

Layouts (``Layout``): the 81-character line, nine rows of spaced digits, nine compact rows,
a printed grid with ``|``/``-``/``+`` box lines, the forum pencil-mark (PM) grid and the
HoDoKu library line. Reading many puzzles from a file, with layout detection and line
numbers, lives in :mod:`engine.reader`.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from engine.cells import ALL_DIGITS, MASK_DIGITS, N_CELLS, PEERS, Cell, CellSet, Digit, Mask, cell_at, mask_of
from engine.grid import Grid
from engine.leetcode import format_board
from engine.puzzle import (
    CELL_CHARS,
    EMPTY_CHARS,
    BoardStyle,
    Layout,
    LibraryInfo,
    Puzzle,
    PuzzleFormatError,
    leading_cells,
)

__all__ = [  # the value types live in engine.puzzle; they are re-exported for callers
    "CELL_CHARS",
    "EMPTY_CHARS",
    "BoardStyle",
    "Layout",
    "LibraryInfo",
    "Puzzle",
    "PuzzleFormatError",
]

_TRIPLE = re.compile(r"^[1-9]{3}$")  # ASCII only: str.isdigit() would accept other scripts' digits


# --- 81-character line ----------------------------------------------------------


def parse_line(text: str, line: int = 1) -> Puzzle:
    """An 81-character line (``line``: its line number in a file); anything after the 81
    cells (a comment, a rating) is ignored.

    >>> parse_line("8" + "." * 80).givens[:3]
    (8, 0, 0)
    """
    stripped = text.lstrip()
    run = leading_cells(stripped)
    offset = len(text) - len(stripped)
    if run != N_CELLS:
        if run < len(stripped) and not stripped[run].isspace() and run < N_CELLS:
            raise PuzzleFormatError(f"unexpected character {stripped[run]!r}", column=offset + run + 1)
        raise PuzzleFormatError(f"{run} cells, need {N_CELLS}")
    cells = stripped[:N_CELLS]
    empty = _FIRST_EMPTY.search(cells)
    return Puzzle(
        givens=_digits(cells), layout=Layout.LINE, empty_char=empty.group() if empty else ".", line=line, comment=stripped[N_CELLS:].strip()
    )


def format_line(values: Sequence[Digit], empty: str = ".") -> str:
    """The 81-character line.

    >>> format_line([1] + [0] * 80)[:3]
    '1..'
    """
    return "".join(str(v) if v else empty for v in values)


_FIRST_EMPTY = re.compile(f"[{re.escape(EMPTY_CHARS)}]")
#: Each cell character as the character whose code is its digit (0: empty), so that the
#: bytes of a translated line are the digits: no conversion per character (``grade``
#: reads every line of its input; the line reader's loops were 2% of grading 1,000 easy
#: puzzles).
_DIGIT_CODES = str.maketrans({ch: chr(int(ch) if ch in "123456789" else 0) for ch in CELL_CHARS})


def _digits(cells: str) -> tuple[Digit, ...]:
    """The digits of a run of cells (0 for an empty cell, and for any character that is
    not a cell's: the translation is for the usual line of cell characters only).

    >>> _digits("1.x9"), _digits("1a\u00e99")
    ((1, 0, 0, 9), (1, 0, 0, 9))
    """
    if cells.isascii():
        codes = cells.translate(_DIGIT_CODES).encode("ascii")
        if max(codes, default=0) <= 9:
            return tuple(codes)
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
    """A puzzle from the 81 cell tokens of a PM grid.

    Several digits are a cell's pencil marks. One digit is read the way the layout writes
    it (HoDoKu reads its PM grids the same way): a placed digit (or given) has been
    crossed out of the pencil marks of every cell it sees, so one digit is a placed digit
    when no cell of its row, column or box still has it as a pencil mark, and a single
    pencil mark (a cell not yet filled, with one candidate left) when one does.
    """
    if len(tokens) != N_CELLS:
        raise PuzzleFormatError(f"{len(tokens)} cells in the pencil-mark grid, need {N_CELLS}", first_line)
    masks = [mask_of(int(ch) for ch in token) for token in tokens]
    open_marks = [m if len(t) > 1 else 0 for m, t in zip(masks, tokens)]
    givens = []
    cands = []
    for cell, (token, mask) in enumerate(zip(tokens, masks)):
        seen = 0
        for peer in PEERS[cell]:
            seen |= open_marks[peer]
        placed = len(token) == 1 and not seen & mask
        givens.append(int(token) if placed else 0)
        cands.append(0 if placed else mask)
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


# --- any layout --------------------------------------------------------------------


def format_values(
    values: Sequence[Digit],
    layout: Layout,
    empty: str = ".",
    givens: CellSet | None = None,
    board: BoardStyle | None = None,
) -> str:
    """Values (no pencil marks) in a layout. ``givens`` tells clues from solved digits
    where the layout shows the difference (the library line's ``+d``); ``board`` is the
    shape of a LeetCode board (its default: one line of JSON)."""
    if layout in (Layout.PM, Layout.LIBRARY):
        grid = Grid.from_values(values, givens)
        return format_grid(grid, layout)
    if layout is Layout.LEETCODE:
        return format_board(values, board)
    return {
        Layout.LINE: lambda: format_line(values, empty),
        Layout.SPACED: lambda: format_spaced(values),
        Layout.COMPACT: lambda: format_compact(values, empty),
        Layout.BOXED: lambda: format_boxed(values, empty),
    }[layout]()


def format_grid(grid: Grid, layout: Layout, empty: str = ".", info: LibraryInfo | None = None, board: BoardStyle | None = None) -> str:
    """A grid in a layout: PM and library layouts keep its candidates."""
    if layout is Layout.PM:
        return format_pm(grid)
    if layout is Layout.LIBRARY:
        return format_library(grid, info)
    return format_values(grid.values, layout, empty, board=board)


def mask_string(mask: Mask) -> str:
    """The digits of a mask run together.

    >>> mask_string(0b101)
    '13'
    """
    return "".join(map(str, MASK_DIGITS[mask]))

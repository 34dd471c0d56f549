"""LeetCode boards (problem 37): a 9x9 list of ``"1"``-``"9"`` and ``"."``, as people paste it.

The same board comes in several shapes, all read here and written back in the shape it
came in (``BoardStyle``):

* one-line JSON ``[["5","3",".",...],...]`` or the same pretty-printed, one row per line;
* Python literals with single quotes ``[['5','3','.',...],...]``;
* either of them after an assignment ``board = `` (also ``board=``, ``board: List[List[str]] =``,
  ``let``/``const``/``var board =``), with a trailing ``;`` or ``,`` tolerated;
* bare numbers ``[[5,3,0,...],...]`` with ``0`` for an empty cell.

A cell is one digit ``1``-``9`` or an empty mark (``.``, ``0``, or one of ``-*_xX``);
anything else (``"10"``, ``"a"``, a missing cell) is an error naming the row or cell.
Layout detection (where a board starts) lives in :mod:`engine.reader`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Sequence

from engine.cells import CELL_NAMES, N_CELLS, Digit, cell_at
from engine.puzzle import CELL_CHARS, LEETCODE_STYLE, BoardStyle, Layout, Puzzle, PuzzleFormatError

#: Where a board starts: ``[[`` (or ``[`` closing the line) first on the line, or after an
#: assignment (``board = [``); ``[Puzzle]`` (a section header of .sdk files) is not a board.
BOARD_START = re.compile(r"^\s*(?:(?:let|const|var)\s+)?(?:[A-Za-z_]\w*\s*(?::[^=]*)?=\s*)?\[(?=\s*(?:\[|$))")
_TOKEN = re.compile(
    r"""\s*(?:(?P<open>\[)|(?P<close>\])|(?P<comma>,)|(?P<semi>;)|(?P<comment>\#.*)"""
    r"""|"(?P<dq>[^"\n]*)"|'(?P<sq>[^'\n]*)'|(?P<bare>[^\s\[\],"'\#;]+))"""
)


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str
    line: int


def is_board_start(line: str) -> bool:
    """True when a line opens a board (``[``, or ``name = [``)."""
    return BOARD_START.match(line) is not None


def bracket_depth(text: str) -> int:
    """Open brackets minus closed ones outside quotes: 0 when a board's text is complete."""
    depth = 0
    for token in _tokens([(0, text)], strict=False):
        depth += {"open": 1, "close": -1}.get(token.kind, 0)
    return depth


def parse_board(lines: Sequence[tuple[int, str]]) -> Puzzle:
    """A puzzle from the lines of one board, each with its line number.

    Raises:
        PuzzleFormatError: naming the line, and the row or cell, of what is wrong.
    """
    first_line, first = lines[0]
    start = BOARD_START.match(first)
    if start is None:
        raise PuzzleFormatError("a board starts with '['", first_line)
    body = [(first_line, first[start.end() - 1 :])] + list(lines[1:])
    tokens = [t for t in _tokens(body, strict=True) if t.kind != "comment"]
    rows, end = _rows(tokens, first_line)
    trailer = tokens[end:]
    if len(trailer) > 1 or any(t.kind not in ("comma", "semi") for t in trailer):
        raise PuzzleFormatError(f"unexpected {_shown(trailer[-1])} after the board", trailer[-1].line)
    values = _values(rows)
    style = BoardStyle(
        quote=_quote(rows),
        comma=", " if re.search(r",[ \t]+\S", "\n".join(text for _, text in body)) else ",",
        multiline=len(lines) > 1,
        indent=_indent(lines),
        prefix=first[: start.end() - 1].lstrip(),
        suffix=trailer[0].text if trailer else "",
    )
    return Puzzle(givens=tuple(values), layout=Layout.LEETCODE, line=first_line, board=style)


def format_board(values: Sequence[Digit], style: BoardStyle | None = None) -> str:
    """Values as a LeetCode board, in the style it came in (one line of JSON by default).

    >>> format_board([5] + [0] * 80)[:18]
    '[["5",".",".",".",'
    """
    style = style or LEETCODE_STYLE
    empty = "." if style.quote else "0"
    rows = []
    for r in range(9):
        cells = [f"{style.quote}{v or empty}{style.quote}" for v in values[r * 9 : r * 9 + 9]]
        rows.append("[" + style.comma.join(cells) + "]")
    if style.multiline:
        body = "[\n" + ",\n".join(style.indent + row for row in rows) + "\n]"
    else:
        body = "[" + style.comma.join(rows) + "]"
    return f"{style.prefix}{body}{style.suffix}"


def board_values(board: Sequence[Sequence[str]]) -> list[Digit]:
    """The 81 values of a LeetCode-style 9x9 board of ``'1'``-``'9'`` and ``'.'`` (Python lists)."""
    if len(board) != 9:
        raise PuzzleFormatError(f"the board has {len(board)} rows, need 9")
    for r, row in enumerate(board):
        if len(row) != 9:
            raise PuzzleFormatError(f"row {r + 1} of the board has {len(row)} cells, need 9")
    return [_cell_value(str(ch), r, c) for r, row in enumerate(board) for c, ch in enumerate(row)]


def _cell_value(text: str, r: int, c: int) -> Digit:
    if len(text) != 1 or text not in CELL_CHARS:
        raise PuzzleFormatError(f"{CELL_NAMES[cell_at(r, c)]}: {text!r} is not a digit 1-9 or '.'")
    return int(text) if text in "123456789" else 0


def _tokens(lines: Sequence[tuple[int, str]], strict: bool) -> Iterator[_Token]:
    for number, text in lines:
        pos = 0
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                if text[pos:].strip() == "":
                    break
                if strict:
                    raise PuzzleFormatError(f"unexpected {text[pos:].strip()[:10]!r} in the board", number)
                break
            pos = match.end()
            kind = match.lastgroup or ""
            yield _Token(kind, match.group(kind) if kind else "", number)


def _rows(tokens: list[_Token], first_line: int) -> tuple[list[list[_Token]], int]:
    """The rows of cell tokens, and the index of the first token after the board."""
    if not tokens or tokens[0].kind != "open":
        raise PuzzleFormatError("a board starts with '['", first_line)
    rows: list[list[_Token]] = []
    i = 1
    while i < len(tokens):
        token = tokens[i]
        if token.kind == "close":
            return rows, i + 1
        if token.kind == "comma":
            i += 1
            continue
        if token.kind != "open":
            raise PuzzleFormatError(f"row {len(rows) + 1} of the board: expected '[', found {_shown(token)}", token.line)
        row, i = _row(tokens, i + 1, len(rows) + 1, token.line)
        rows.append(row)
    raise PuzzleFormatError("the board is not closed: a ']' is missing", tokens[-1].line)


def _row(tokens: list[_Token], i: int, number: int, line: int) -> tuple[list[_Token], int]:
    cells: list[_Token] = []
    while i < len(tokens):
        token = tokens[i]
        if token.kind == "close":
            return cells, i + 1
        if token.kind in ("dq", "sq", "bare"):
            cells.append(token)
        elif token.kind != "comma":
            raise PuzzleFormatError(f"row {number} of the board: unexpected {_shown(token)}", token.line)
        i += 1
    raise PuzzleFormatError(f"row {number} of the board is not closed: a ']' is missing", line)


def _values(rows: list[list[_Token]]) -> list[Digit]:
    if len(rows) != 9:
        line = rows[-1][-1].line if rows and rows[-1] else None
        raise PuzzleFormatError(f"the board has {len(rows)} row{'' if len(rows) == 1 else 's'}, need 9", line)
    values: list[Digit] = []
    for r, row in enumerate(rows):
        if len(row) != 9:
            raise PuzzleFormatError(f"row {r + 1} of the board has {len(row)} cells, need 9", row[0].line if row else None)
        for c, token in enumerate(row):
            try:
                values.append(_cell_value(token.text, r, c))
            except PuzzleFormatError as error:
                raise PuzzleFormatError(error.message, token.line) from None
    assert len(values) == N_CELLS
    return values


def _quote(rows: list[list[_Token]]) -> str:
    kind = rows[0][0].kind
    return {"dq": '"', "sq": "'"}.get(kind, "")


def _indent(lines: Sequence[tuple[int, str]]) -> str:
    if len(lines) < 2:
        return "  "
    second = lines[1][1]
    return second[: len(second) - len(second.lstrip())] or "  "


def _shown(token: _Token) -> str:
    return {"open": "'['", "close": "']'", "comma": "','", "semi": "';'"}.get(token.kind, repr(token.text))

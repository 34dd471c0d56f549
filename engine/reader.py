"""Reading puzzles from text as people paste it: layout detection, many puzzles per file.

``read_puzzles`` streams over lines (a file of a million puzzles is never held in memory)
and yields, in input order, one :class:`~engine.formats.Puzzle` per puzzle or one
:class:`~engine.formats.PuzzleFormatError` per unreadable puzzle or line, so that a batch
with one bad line reports it and carries on. This module is the one place where layouts
are told apart; each line is classified by the first rule that fits:

1. blank lines and ``#`` comments separate puzzles (a comment line may be of any length);
2. ``:<digit>...`` is a HoDoKu library line;
3. ``[``, or an assignment such as ``board = [``, starts a LeetCode board, which runs
   over as many lines as it takes to close its brackets (:mod:`engine.leetcode`);
4. a line of dashes and box characters (``---+---``, ``.----.----.``) is a box line;
5. a line that starts with 81 cell characters (``1``-``9``, and ``. 0 - * _ x X`` for
   empty cells) is a one-line puzzle; what follows the 81 cells is ignored;
6. a line whose first word (up to a blank, ``,``, ``;`` or ``#``) is exactly 81
   characters long is a one-line puzzle in which ``1``-``9`` are clues and every other
   printable character (``0``, ``?``, letters, ...) is an empty cell: the free empty
   mark, defined here once (``_free_line``). Digits of other scripts (``８``) and
   control characters are errors, never empty cells;
7. a line of nine cells (``8 0 0 ...``, ``800000000``, ``8..|...|...``) is a grid row, a
   line of nine digit groups (``8 1246 24569 ...``) a pencil-mark row; 81 one-character
   tokens (``8 0 0 ... 0``) a one-line puzzle;
8. a line that starts with a word of letters (``Grid 01``, ``Puzzle 3:``, ``[Puzzle]``,
   a CSV header ``quizzes,solutions``) is a title: it is dropped as a header when it is
   the first line of the text and a puzzle follows, or when grid rows or a board follow
   it (Project Euler's files) outside line mode; otherwise it is reported as an error.

What the order settles: an 81-character comment (``#...``) is a comment; an 81-character
library line is a library line; a board written on one line is far longer than 81
characters and starts with ``[``; a box line of 81 dashes is a box line (an empty grid is
written with dots or zeros, not dashes); ``81 cells#note`` (no blank) is a puzzle by rule
5, and ``x3?...`` (letters, ``?``) needs exactly 81 characters by rule 6: a word of
another length is reported as ``N cells, need 81``.

Consecutive grid rows form a grid; a block of 9 (or 18, 27, ...) rows is one grid per nine.
Records are bounded: a line may be at most ``MAX_LINE_CHARS`` characters, a board at most
``MAX_BOARD_LINES`` lines, and a block of back-to-back grid rows is read as grids every
``MAX_BLOCK_ROWS`` rows, so memory stays flat on any input (see :mod:`engine.lines`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterable, Iterator

from engine.cells import N_CELLS
from engine.formats import (
    CELL_CHARS,
    Layout,
    Puzzle,
    PuzzleFormatError,
    grid_from_rows,
    parse_library,
    parse_line,
    pm_puzzle,
)
from engine.leetcode import bracket_depth, is_board_start, parse_board
from engine.lines import MAX_LINE_CHARS, Line, NotText, TooLong

_SEPARATOR = re.compile(r"^[\s\-+=|*.:'_!]*$")
# What tells a box line from a row of empty cells (". . . | . . . | . . ."): dashes.
_SEPARATOR_MARK = re.compile(r"[-=]{2,}|-\+|\+-")
_TOKEN_SPLIT = re.compile(r"[\s|!:]+")
_PM_TOKEN = re.compile(r"^[1-9]{1,9}$")
_FIRST_WORD = re.compile(r"[^\s,;#]*")
_TITLE = re.compile(r"^\[?([A-Za-z]{2,})")
# How a line inside a board starts: a bracket, a quoted cell, a comma, a comment, or a
# bare cell followed by a comma or bracket (``5,``).
_BOARD_MORE = re.compile(r"""^\s*(?:[\[\]"',#]|[0-9.]\s*[,\]])""")
# A line with at least this many cell characters is meant as a one-line puzzle.
_MIN_LINE_CELLS = 12
#: Back-to-back grid rows are read as grids every this many rows (a multiple of 9).
MAX_BLOCK_ROWS = 9 * 100
#: The most lines a LeetCode board may span (one cell per line takes about 100).
MAX_BOARD_LINES = 200


class _Kind(Enum):
    SKIP = 0
    PUZZLE = 1
    ROW = 2
    PM_ROW = 3
    SEPARATOR = 4
    BAD = 5  # an unreadable line; inside a grid it stands for the row it should have been
    TITLE = 6  # words before a grid (``Grid 01``); an error unless rows follow
    BAD_LINE = 7  # an unreadable one-line puzzle (or over-long line): a record of its own


class _LineError(PuzzleFormatError):
    """A line meant as a one-line puzzle that cannot be read: never a grid row."""


@dataclass
class _Line:
    kind: _Kind
    number: int
    cells: str = ""
    tokens: tuple[str, ...] = ()
    layout: Layout = Layout.COMPACT
    puzzle: Puzzle | None = None
    error: PuzzleFormatError | None = None


Item = Puzzle | PuzzleFormatError
_ROW_KINDS = (_Kind.ROW, _Kind.PM_ROW, _Kind.BAD)


def read_puzzles(lines: Iterable[Line], first_line: int = 1) -> Iterator[Item]:
    """Every puzzle in the text, in order; unreadable ones as errors carrying a line number.

    Once the text has shown a one-line puzzle (81 characters or a library line), it is
    read as one puzzle per line: every later non-blank, non-comment line yields exactly one
    record, so a batch never merges stray short lines into a would-be grid. ``lines`` are
    strings (a list, or :func:`engine.lines.read_lines` over a file) or the ``TooLong``
    and ``NotText`` items of :mod:`engine.lines`.
    """
    reader = _Reader()
    for number, raw in enumerate(lines, first_line):
        yield from reader.feed(raw, number, number == first_line)
        if reader.stopped:
            break
    yield from reader.finish()


class _Reader:
    """The state between lines: the grid rows so far, a board being read, a title."""

    def __init__(self) -> None:
        self.block: list[_Line] = []
        self.rows = 0
        self.line_mode = False
        self.board: list[tuple[int, str]] = []
        self.board_depth = 0
        self.board_chars = 0
        self.title: _Line | None = None
        self.started = False  # a record or grid row was seen (a title before that is a header)
        self.title_first = False
        self.stopped = False

    def feed(self, raw: Line, number: int, first: bool) -> Iterator[Item]:
        if isinstance(raw, NotText):
            yield from self.finish()
            yield PuzzleFormatError(raw.message, number)
            self.stopped = True
            return
        if isinstance(raw, str) and len(raw) <= MAX_LINE_CHARS:
            text = raw.rstrip("\r\n")
            text = text[1:] if first and text.startswith("\ufeff") else text
            if self.board:
                yield from self._board_line(text, number)
                return
            if is_board_start(text):
                yield from self._start_board(text, number)
                return
            item = _classify_line(text, number)
        else:
            yield from self._close_board()
            item = _too_long(raw, number)
        yield from self._place(item)

    def finish(self) -> Iterator[Item]:
        yield from self._close_board()
        yield from self._place(_Line(_Kind.SKIP, 0))

    def _place(self, item: _Line) -> Iterator[Item]:
        """Put a classified line where it belongs: a record, a grid row, or a title."""
        yield from self._resolve_title(item)
        if self.line_mode and item.kind in _ROW_KINDS:
            yield item.error or PuzzleFormatError(f"{len(item.cells or ''.join(item.tokens))} cells, need {N_CELLS}", item.number)
            return
        if item.kind in _ROW_KINDS or (item.kind is _Kind.SEPARATOR and self.block):
            yield from self._add_to_block(item)
            return
        yield from self._flush_block()
        if item.kind is _Kind.TITLE:
            self.title, self.title_first = item, not self.started
        elif item.kind is _Kind.BAD_LINE and item.error is not None:
            yield item.error
        elif item.kind is _Kind.PUZZLE and item.puzzle is not None:
            self.line_mode = True
            yield item.puzzle

    def _resolve_title(self, item: _Line) -> Iterator[Item]:
        """A title waiting for what follows: a header (dropped) when it is the first line of
        the text and something follows, or when grid rows follow it outside line mode; else
        the error it is. Blank lines and comments keep it waiting."""
        if item.kind is not _Kind.SKIP and item.kind is not _Kind.TITLE:
            self.started = True
        if self.title is None or (item.kind is _Kind.SKIP and item.number):
            return
        title, self.title = self.title, None
        follows = item.kind is not _Kind.SKIP
        header = follows and (self.title_first or (not self.line_mode and item.kind in (_Kind.ROW, _Kind.PM_ROW)))
        if not header and title.error is not None:
            yield title.error

    def _add_to_block(self, item: _Line) -> Iterator[Item]:
        if item.kind is _Kind.SEPARATOR:
            if self.block[-1].kind is not _Kind.SEPARATOR:  # runs of box lines count once
                self.block.append(item)
            return
        self.block.append(item)
        self.rows += 1
        if self.rows >= MAX_BLOCK_ROWS:
            yield from self._flush_block()

    def _flush_block(self) -> Iterator[Item]:
        block, self.block, self.rows = self.block, [], 0
        yield from _flush(block)

    def _start_board(self, text: str, number: int) -> Iterator[Item]:
        if self.title is not None and self.line_mode and self.title.error is not None:
            yield self.title.error  # in line mode every line is a record
        self.title, self.started = None, True  # otherwise a title before a board is its heading
        yield from self._flush_block()
        self.board, self.board_depth, self.board_chars = [(number, text)], bracket_depth(text), len(text)
        yield from self._end_board()

    def _board_line(self, text: str, number: int) -> Iterator[Item]:
        if not _BOARD_MORE.match(text):  # a blank line, a puzzle line: the board was cut short
            yield from self._close_board()
            yield from self._place(_classify_line(text, number))
            return
        self.board.append((number, text))
        self.board_depth += bracket_depth(text)
        self.board_chars += len(text)
        if len(self.board) > MAX_BOARD_LINES or self.board_chars > MAX_LINE_CHARS:
            start = self.board[0][0]
            self.board = []
            yield PuzzleFormatError(f"the board is not closed after {MAX_BOARD_LINES} lines or {MAX_LINE_CHARS:,} characters (a ']' is missing?)", start)
            return
        yield from self._end_board()

    def _end_board(self) -> Iterator[Item]:
        if self.board_depth <= 0:
            lines, self.board = self.board, []
            yield _board(lines)

    def _close_board(self) -> Iterator[Item]:
        """A board cut short by a blank line, an over-long line or the end of the text."""
        if self.board:
            start = self.board[0][0]
            self.board = []
            yield PuzzleFormatError("the board is not closed: a ']' is missing", start)


def _board(lines: list[tuple[int, str]]) -> Item:
    try:
        return parse_board(lines)
    except PuzzleFormatError as error:
        return error if error.line is not None else PuzzleFormatError(error.message, lines[0][0])


def _too_long(raw: Line, number: int) -> _Line:
    start = raw.start if isinstance(raw, TooLong) else str(raw)[:80]
    if start.lstrip().startswith("#"):
        return _Line(_Kind.SKIP, number)
    message = f"longer than {MAX_LINE_CHARS:,} characters: too long for a puzzle line, skipped"
    return _Line(_Kind.BAD_LINE, number, error=PuzzleFormatError(message, number))


def parse_puzzle(text: str) -> Puzzle:
    """Exactly one puzzle from a piece of text, in any layout.

    Raises:
        PuzzleFormatError: the text holds no puzzle, more than one, or cannot be read.
    """
    found = list(read_puzzles(text.splitlines()))
    errors = [item for item in found if isinstance(item, PuzzleFormatError)]
    if errors:
        raise errors[0]
    if not found:
        raise PuzzleFormatError("no puzzle found")
    if len(found) > 1:
        raise PuzzleFormatError(f"{len(found)} puzzles found, expected one")
    item = found[0]
    assert isinstance(item, Puzzle)
    return item


def looks_like_puzzle_text(text: str) -> bool:
    """Whether a command-line argument is meant as puzzle text rather than a file name:
    several lines, a board, an 81-character word, or only characters of grid layouts."""
    word = _FIRST_WORD.match(text.strip())
    return (
        "\n" in text
        or not text.strip()
        or is_board_start(text)
        or (word is not None and len(word.group()) >= 60 and not any(ch in word.group() for ch in "/\\"))
        or set(text) <= _PUZZLE_TEXT_CHARS
    )


_PUZZLE_TEXT_CHARS = set(CELL_CHARS + "+|:!'=\r\t ")


def _classify_line(text: str, number: int) -> _Line:
    try:
        return _classify(text, number)
    except PuzzleFormatError as error:
        located = PuzzleFormatError(error.message, number, error.column)
        if isinstance(error, _LineError):
            return _Line(_Kind.BAD_LINE, number, error=located)
        title = _TITLE.match(text.strip())
        kind = _Kind.TITLE if title and set(title.group(1)) - set("xX") else _Kind.BAD
        return _Line(kind, number, error=located)


def _classify(text: str, number: int) -> _Line:
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return _Line(_Kind.SKIP, number)
    if stripped[:1] == ":" and stripped[1:2].isdigit():
        try:
            puzzle = parse_library(stripped)
        except PuzzleFormatError as error:
            raise _LineError(error.message, number) from None
        return _Line(_Kind.PUZZLE, number, puzzle=_at(puzzle, number))
    if _is_separator(stripped):
        return _Line(_Kind.SEPARATOR, number)
    run = _leading_run(stripped)
    word = _first_word(stripped)
    if run < N_CELLS and len(word) == N_CELLS:
        return _Line(_Kind.PUZZLE, number, puzzle=_free_line(text, word, number))
    if run >= N_CELLS or (run >= _MIN_LINE_CELLS and not _has_separators(stripped)):
        return _Line(_Kind.PUZZLE, number, puzzle=_at(_parse_line_at(text, number), number))
    if len(word) >= _MIN_LINE_CELLS and _cell_like(word):
        raise _LineError(f"{len(word)} cells, need {N_CELLS}", number)
    return _classify_tokens(text, stripped, number)


def _first_word(stripped: str) -> str:
    match = _FIRST_WORD.match(stripped)
    return match.group() if match else ""


def _cell_like(word: str) -> bool:
    """A word meant as a one-line puzzle of the wrong length (``x3..?..`` rather than
    ``Difficulty:Hard``): printable, no box bars, mostly cell characters or punctuation."""
    if not word.isprintable() or _has_separators(word):
        return False
    return 2 * sum(ch in CELL_CHARS or not ch.isalnum() for ch in word) >= len(word)


def _free_line(text: str, word: str, number: int) -> Puzzle:
    """Rule 6: an 81-character word; 1-9 are clues, any other printable non-digit is empty."""
    for i, ch in enumerate(word):
        if (ch.isdigit() and ch not in "0123456789") or not ch.isprintable():
            raise _LineError(f"unexpected character {ch!r}", number, text.index(word) + i + 1)
    givens = tuple(int(ch) if ch in "123456789" else 0 for ch in word)
    empty = next((ch for ch in word if ch not in "123456789"), ".")
    comment = text.strip()[N_CELLS:].lstrip(",;").strip()
    return Puzzle(givens=givens, layout=Layout.LINE, empty_char=empty, line=number, comment=comment)


def _classify_tokens(text: str, stripped: str, number: int) -> _Line:
    tokens = tuple(t for t in _TOKEN_SPLIT.split(stripped) if t)
    bad = next((ch for ch in "".join(tokens) if ch not in CELL_CHARS), None)
    if bad is not None:
        raise PuzzleFormatError(f"unexpected character {bad!r}", number, text.index(bad) + 1)
    joined = "".join(tokens)
    if len(tokens) == 9 and all(_PM_TOKEN.match(t) for t in tokens) and any(len(t) > 1 for t in tokens):
        if len(joined) == N_CELLS and all(len(t) == 9 for t in tokens):
            # Nine groups of nine digits: a one-line puzzle, unless it sits inside a PM grid
            # (resolved by _flush, which sees the neighbouring lines).
            return _Line(_Kind.PM_ROW, number, cells=joined, tokens=tokens, layout=Layout.LINE)
        return _Line(_Kind.PM_ROW, number, tokens=tokens, layout=Layout.PM)
    if len(joined) == N_CELLS:
        return _Line(_Kind.PUZZLE, number, puzzle=_at(_line_puzzle(joined, number), number))
    if len(joined) >= _MIN_LINE_CELLS:
        raise _LineError(f"{len(joined)} cells, need {N_CELLS}", number)
    # A row of the wrong length is judged in context (_flush, or line mode), not here.
    if len(tokens) == 9:
        layout = Layout.SPACED
    elif _has_separators(stripped):
        layout = Layout.BOXED
    else:
        layout = Layout.COMPACT
    return _Line(_Kind.ROW, number, cells=joined, tokens=tokens, layout=layout)


def _flush(block: list[_Line]) -> Iterator[Item]:
    """The puzzles of a block of rows; a bad line makes its grid (or the block) one error."""
    rows = [item for item in block if item.kind in _ROW_KINDS]
    if not rows:
        return
    bad = [item.error for item in rows if item.error is not None]
    bad += [_short_row(item) for item in rows if item.kind is _Kind.ROW and len(item.cells) != 9]
    if bad and (len(rows) == 1 or len(rows) % 9):
        yield min(bad, key=lambda e: e.line or 0)
        return
    if len(rows) == 1 and rows[0].layout is Layout.LINE:
        yield _at(_line_puzzle(rows[0].cells, rows[0].number), rows[0].number)
        return
    if len(rows) % 9:
        first, last = rows[0].number, rows[-1].number
        yield PuzzleFormatError(f"a grid of {len(rows)} rows (lines {first}-{last}), need 9", first)
        return
    for k in range(0, len(rows), 9):
        yield _grid(rows[k : k + 9], block)


def _short_row(item: _Line) -> PuzzleFormatError:
    return PuzzleFormatError(f"{len(item.cells)} cells in this grid row, need 9", item.number)


def _grid(rows: list[_Line], block: list[_Line]) -> Item:
    first = rows[0].number
    bad = [item.error for item in rows if item.error is not None]
    bad += [_short_row(item) for item in rows if item.kind is _Kind.ROW and len(item.cells) != 9]
    if bad:
        return min(bad, key=lambda e: e.line or 0)
    try:
        if any(item.kind is _Kind.PM_ROW for item in rows):
            tokens: list[str] = []
            for item in rows:
                tokens.extend(item.tokens if item.kind is _Kind.PM_ROW else tuple(item.cells))
            if any(ch not in "123456789" for t in tokens for ch in t):
                return PuzzleFormatError("a pencil-mark grid cannot have empty cells", first)
            return _at(pm_puzzle(tokens, first), first)
        layout = Layout.BOXED if any(item.kind is _Kind.SEPARATOR for item in block) else rows[0].layout
        if any(item.layout is Layout.BOXED for item in rows):
            layout = Layout.BOXED
        return _at(grid_from_rows([item.cells for item in rows], layout, first), first)
    except PuzzleFormatError as error:
        return PuzzleFormatError(error.message, first)


def _leading_run(stripped: str) -> int:
    run = 0
    while run < len(stripped) and stripped[run] in CELL_CHARS:
        run += 1
    return run


def _is_separator(stripped: str) -> bool:
    """A box line such as ``------+-------+------`` or ``.----.----.``: no digits, and a run
    of dashes or a box-drawing character. (An empty grid written as 81 dashes is not
    supported; 81 dots or zeros are.)"""
    return bool(_SEPARATOR.match(stripped) and _SEPARATOR_MARK.search(stripped))


def _has_separators(stripped: str) -> bool:
    return any(ch in "|!" for ch in stripped) or " " in stripped or "\t" in stripped


def _parse_line_at(text: str, number: int) -> Puzzle:
    try:
        return parse_line(text)
    except PuzzleFormatError as error:
        raise _LineError(error.message, number, error.column) from None


def _line_puzzle(cells: str, number: int) -> Puzzle:
    return _parse_line_at(cells, number)


def _at(puzzle: Puzzle, number: int) -> Puzzle:
    return puzzle if puzzle.line == number else replace(puzzle, line=number)

"""Reader, part 2: lines into records, in order (grids from rows, boards over many lines,
titles, line mode), with every record bounded in size. The rules are in :mod:`engine.reader`.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from engine.cells import CELL_NAMES, N_CELLS
from engine.formats import Layout, Puzzle, PuzzleFormatError, grid_from_rows, pm_puzzle
from engine.leetcode import bracket_depth, is_board_start, parse_board
from engine.lines import MAX_LINE_CHARS, Line, NotText
from engine.reader.classify import ROW_KINDS, Kind, LineItem, ascii_digits, at_line, classify_line, line_puzzle, too_long

Item = Puzzle | PuzzleFormatError
# How a line inside a board starts: a bracket, a quoted cell, a comma, a comment, or a
# bare cell followed by a comma or bracket (``5,``).
_BOARD_MORE = re.compile(r"""^\s*(?:[\[\]"',#]|[0-9.]\s*[,\]])""")

#: Back-to-back grid rows are read as grids every this many rows (a multiple of 9).
MAX_BLOCK_ROWS = 9 * 100
#: The most lines a LeetCode board may span (one cell per line takes about 100).
MAX_BOARD_LINES = 200


def read_puzzles(lines: Iterable[Line], first_line: int = 1) -> Iterator[Item]:
    """Every puzzle in the text, in order; unreadable ones as errors carrying a line number.

    Once the text has shown a one-line puzzle (81 characters or a library line), it is
    read as one puzzle per line: a later run of short lines is a grid only when it is whole
    grids (9 rows, 18, ...; a grid pasted after a line, blank line or not), else each of
    its lines is a record of its own (an error), so a batch never merges stray short lines
    into a would-be grid. ``lines`` are
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
        self.block: list[LineItem] = []
        self.rows = 0
        self.line_mode = False
        self.board: list[tuple[int, str]] = []
        self.board_depth = 0
        self.board_chars = 0
        self.title: LineItem | None = None
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
            text = ascii_digits(raw.rstrip("\r\n"))
            text = text[1:] if first and text.startswith("\ufeff") else text
            if self.board:
                yield from self._board_line(text, number)
                return
            if is_board_start(text):
                yield from self._start_board(text, number)
                return
            item = classify_line(text, number)
        else:
            yield from self._close_board()
            item = too_long(raw, number)
        yield from self._place(item)

    def finish(self) -> Iterator[Item]:
        yield from self._close_board()
        yield from self._place(LineItem(Kind.SKIP, 0))

    def _place(self, item: LineItem) -> Iterator[Item]:
        """Put a classified line where it belongs: a record, a grid row, or a title."""
        yield from self._resolve_title(item)
        if item.kind in ROW_KINDS or (item.kind is Kind.SEPARATOR and self.block):
            yield from self._add_to_block(item)
            return
        yield from self._flush_block()
        if item.kind is Kind.TITLE:
            self.title, self.title_first = item, not self.started
        elif item.kind is Kind.BAD_LINE and item.error is not None:
            yield item.error
        elif item.kind is Kind.PUZZLE and item.puzzle is not None:
            self.line_mode = True
            yield item.puzzle

    def _resolve_title(self, item: LineItem) -> Iterator[Item]:
        """A title waiting for what follows: a header (dropped) when it is the first line of
        the text and something follows, or when grid rows follow it outside line mode; else
        the error it is. Blank lines and comments keep it waiting."""
        if item.kind is not Kind.SKIP and item.kind is not Kind.TITLE:
            self.started = True
        if self.title is None or (item.kind is Kind.SKIP and item.number):
            return
        title, self.title = self.title, None
        follows = item.kind is not Kind.SKIP
        header = follows and (self.title_first or (not self.line_mode and item.kind in (Kind.ROW, Kind.PM_ROW)))
        if not header and title.error is not None:
            yield title.error

    def _add_to_block(self, item: LineItem) -> Iterator[Item]:
        if item.kind is Kind.SEPARATOR:
            if self.block[-1].kind is not Kind.SEPARATOR:  # runs of box lines count once
                self.block.append(item)
            return
        self.block.append(item)
        self.rows += 1
        if self.rows >= MAX_BLOCK_ROWS:
            yield from self._flush_block()

    def _flush_block(self) -> Iterator[Item]:
        block, self.block, self.rows = self.block, [], 0
        if self.line_mode and not _whole_grids(block):
            yield from _line_errors(block)
            return
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
            yield from self._place(classify_line(text, number))
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


def _whole_grids(block: list[LineItem]) -> bool:
    """Whether a block of rows is whole grids (or one line of nine digit groups, which is a
    one-line puzzle): in line mode anything else is not merged."""
    rows = [item for item in block if item.kind in ROW_KINDS]
    if len(rows) == 1 and rows[0].layout is Layout.LINE:
        return True
    well_formed = all(item.error is None and (item.kind is not Kind.ROW or len(item.cells) == 9) for item in rows)
    return bool(rows) and len(rows) % 9 == 0 and well_formed


def _line_errors(block: list[LineItem]) -> Iterator[Item]:
    """In line mode, each line of a block that is not a grid: a record of its own."""
    for item in block:
        if item.kind in ROW_KINDS:
            yield item.error or PuzzleFormatError(f"{len(item.cells or ''.join(item.tokens))} cells, need {N_CELLS}", item.number)


def _flush(block: list[LineItem]) -> Iterator[Item]:
    """The puzzles of a block of rows; a bad line makes its grid (or the block) one error."""
    rows = [item for item in block if item.kind in ROW_KINDS]
    if not rows:
        return
    bad = [item.error for item in rows if item.error is not None]
    bad += [_short_row(item) for item in rows if item.kind is Kind.ROW and len(item.cells) != 9]
    if bad and (len(rows) == 1 or len(rows) % 9):
        yield min(bad, key=lambda e: e.line or 0)
        return
    if len(rows) == 1 and rows[0].layout is Layout.LINE:
        yield at_line(line_puzzle(rows[0].cells, rows[0].number), rows[0].number)
        return
    if len(rows) % 9:
        first, last = rows[0].number, rows[-1].number
        yield PuzzleFormatError(f"a grid of {len(rows)} rows (lines {first}-{last}), need 9", first)
        return
    for k in range(0, len(rows), 9):
        yield _grid(rows[k : k + 9], block)


def _no_candidate(cell: int, token: str, line: int) -> PuzzleFormatError:
    """A pencil-mark grid with a cell written as empty: no candidate is left there."""
    return PuzzleFormatError(
        f"{CELL_NAMES[cell]} has no candidate left (written {token!r}): in a pencil-mark grid every cell "
        "shows its digit or its candidates",
        line,
    )


def _short_row(item: LineItem) -> PuzzleFormatError:
    return PuzzleFormatError(f"{len(item.cells)} cells in this grid row, need 9", item.number)


def _grid(rows: list[LineItem], block: list[LineItem]) -> Item:
    first = rows[0].number
    bad = [item.error for item in rows if item.error is not None]
    bad += [_short_row(item) for item in rows if item.kind is Kind.ROW and len(item.cells) != 9]
    if bad:
        return min(bad, key=lambda e: e.line or 0)
    try:
        if any(item.kind is Kind.PM_ROW for item in rows):
            tokens: list[str] = []
            for item in rows:
                tokens.extend(item.tokens if item.kind is Kind.PM_ROW else tuple(item.cells))
            empty = next((n for n, t in enumerate(tokens) if any(ch not in "123456789" for ch in t)), None)
            if empty is not None:
                return _no_candidate(empty, tokens[empty], rows[empty // 9].number)
            return at_line(pm_puzzle(tokens, first), first)
        layout = Layout.BOXED if any(item.kind is Kind.SEPARATOR for item in block) else rows[0].layout
        if any(item.layout is Layout.BOXED for item in rows):
            layout = Layout.BOXED
        return at_line(grid_from_rows([item.cells for item in rows], layout, first), first)
    except PuzzleFormatError as error:
        return PuzzleFormatError(error.message, first)



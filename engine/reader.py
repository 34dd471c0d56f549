"""Reading puzzles from text as people paste it: layout detection, many puzzles per file.

``read_puzzles`` streams over lines (a file of a million puzzles is never held in memory)
and yields, in input order, one :class:`~engine.formats.Puzzle` per puzzle or one
:class:`~engine.formats.PuzzleFormatError` per unreadable puzzle or line, so that a batch
with one bad line reports it and carries on.

Each line is classified on its own:

* blank lines and ``#`` comments separate puzzles;
* ``:code:...`` is a HoDoKu library line;
* 81 cell characters in a row (text after them is ignored) or 81 single-character tokens
  make a one-line puzzle;
* a line of nine cells (``8 0 0 ...``, ``800000000``, ``8..|...|...``) is a grid row, a
  line of nine digit groups (``8 1246 24569 ...``) a pencil-mark row;
* ``---+---`` style lines are box separators.

Consecutive grid rows form a grid; a block of 9 (or 18, 27, ...) rows is one grid per nine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
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

_SEPARATOR = re.compile(r"^[\s\-+=|*.:'_!]*$")
# What tells a box line from a row of empty cells (". . . | . . . | . . ."): dashes.
_SEPARATOR_MARK = re.compile(r"[-=]{2,}|-\+|\+-")
_TOKEN_SPLIT = re.compile(r"[\s|!:]+")
_PM_TOKEN = re.compile(r"^[1-9]{1,9}$")
# A line with at least this many cell characters is meant as a one-line puzzle.
_MIN_LINE_CELLS = 12


class _Kind(Enum):
    SKIP = 0
    PUZZLE = 1
    ROW = 2
    PM_ROW = 3
    SEPARATOR = 4
    BAD = 5  # an unreadable line; inside a grid it stands for the row it should have been


@dataclass
class _Line:
    kind: _Kind
    number: int
    cells: str = ""
    tokens: tuple[str, ...] = ()
    layout: Layout = Layout.COMPACT
    puzzle: Puzzle | None = None
    error: PuzzleFormatError | None = None


def read_puzzles(lines: Iterable[str], first_line: int = 1) -> Iterator[Puzzle | PuzzleFormatError]:
    """Every puzzle in the text, in order; unreadable ones as errors carrying a line number.

    Once the text has shown a one-line puzzle (81 characters or a library line), it is
    read as one puzzle per line: every later non-blank, non-comment line yields exactly one
    record, so a batch never merges stray short lines into a would-be grid.
    """
    block: list[_Line] = []
    line_mode = False
    for number, raw in enumerate(lines, first_line):
        try:
            item = _classify(raw.rstrip("\r\n"), number)
        except PuzzleFormatError as error:
            item = _Line(_Kind.BAD, number, error=PuzzleFormatError(error.message, number, error.column))
        if line_mode and item.kind in _ROW_KINDS:
            yield item.error or PuzzleFormatError(f"{len(item.cells or ''.join(item.tokens))} cells, need {N_CELLS}", number)
            continue
        if item.kind in _ROW_KINDS or (item.kind is _Kind.SEPARATOR and block):
            block.append(item)
            continue
        yield from _flush(block)
        block = []
        if item.kind is _Kind.PUZZLE and item.puzzle is not None:
            line_mode = True
            yield item.puzzle
    yield from _flush(block)


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


def _classify(text: str, number: int) -> _Line:
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return _Line(_Kind.SKIP, number)
    if stripped[:1] == ":" and stripped[1:2].isdigit():
        try:
            puzzle = parse_library(stripped)
        except PuzzleFormatError as error:
            raise PuzzleFormatError(error.message, number) from None
        return _Line(_Kind.PUZZLE, number, puzzle=_at(puzzle, number))
    if _is_separator(stripped):
        return _Line(_Kind.SEPARATOR, number)
    run = _leading_run(stripped)
    if run >= N_CELLS or (run >= _MIN_LINE_CELLS and not _has_separators(stripped)):
        return _Line(_Kind.PUZZLE, number, puzzle=_at(_parse_line_at(text, number), number))
    return _classify_tokens(text, stripped, number)


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
        raise PuzzleFormatError(f"{len(joined)} cells, need {N_CELLS}", number)
    # A row of the wrong length is judged in context (_flush, or line mode), not here.
    if len(tokens) == 9:
        layout = Layout.SPACED
    elif _has_separators(stripped):
        layout = Layout.BOXED
    else:
        layout = Layout.COMPACT
    return _Line(_Kind.ROW, number, cells=joined, tokens=tokens, layout=layout)


_ROW_KINDS = (_Kind.ROW, _Kind.PM_ROW, _Kind.BAD)


def _flush(block: list[_Line]) -> Iterator[Puzzle | PuzzleFormatError]:
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


def _grid(rows: list[_Line], block: list[_Line]) -> Puzzle | PuzzleFormatError:
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
        raise PuzzleFormatError(error.message, number, error.column) from None


def _line_puzzle(cells: str, number: int) -> Puzzle:
    return _parse_line_at(cells, number)


def _at(puzzle: Puzzle, number: int) -> Puzzle:
    if puzzle.line == number:
        return puzzle
    return Puzzle(
        givens=puzzle.givens,
        entered=puzzle.entered,
        candidates=puzzle.candidates,
        layout=puzzle.layout,
        empty_char=puzzle.empty_char,
        line=number,
        library=puzzle.library,
        comment=puzzle.comment,
    )

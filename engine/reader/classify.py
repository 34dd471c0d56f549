"""Reader, part 1: what each line is (the rules of :mod:`engine.reader`, one line at a time).

``classify_line`` turns one line of text into a ``LineItem``: a one-line puzzle, a grid or
pencil-mark row, a box line, a title, a comment, or an error that says whether the line
stood for a grid row (``BAD``) or for a record of its own (``BAD_LINE``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from enum import Enum

from engine.cells import N_CELLS
from engine.formats import CELL_CHARS, Layout, Puzzle, PuzzleFormatError, parse_library, parse_line
from engine.puzzle import leading_cells
from engine.lines import MAX_LINE_CHARS, Line, TooLong

_SEPARATOR = re.compile(r"^[\s\-+=|*.:'_!]*$")
# What tells a box line from a row of empty cells (". . . | . . . | . . ."): dashes.
_SEPARATOR_MARK = re.compile(r"[-=]{2,}|-\+|\+-")
_TOKEN_SPLIT = re.compile(r"[\s|!:]+")
_PM_TOKEN = re.compile(r"^[1-9]{1,9}$")
_FIRST_WORD = re.compile(r"[^\s,;#]*")
_TITLE = re.compile(r"^\[?([A-Za-z]{2,})")
# A line with at least this many cell characters is meant as a one-line puzzle.
_MIN_LINE_CELLS = 12
#: Back-to-back grid rows are read as grids every this many rows (a multiple of 9).
class Kind(Enum):
    """What a line is."""

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
class LineItem:
    """One classified line."""

    kind: Kind
    number: int
    cells: str = ""
    tokens: tuple[str, ...] = ()
    layout: Layout = Layout.COMPACT
    puzzle: Puzzle | None = None
    error: PuzzleFormatError | None = None


ROW_KINDS = (Kind.ROW, Kind.PM_ROW, Kind.BAD)


def too_long(raw: Line, number: int) -> LineItem:
    start = raw.start if isinstance(raw, TooLong) else str(raw)[:80]
    if start.lstrip().startswith("#"):
        return LineItem(Kind.SKIP, number)
    message = f"longer than {MAX_LINE_CHARS:,} characters: too long for a puzzle line, skipped"
    return LineItem(Kind.BAD_LINE, number, error=PuzzleFormatError(message, number))


def classify_line(text: str, number: int) -> LineItem:
    try:
        return _classify(text, number)
    except PuzzleFormatError as error:
        located = PuzzleFormatError(error.message, number, error.column)
        if isinstance(error, _LineError):
            return LineItem(Kind.BAD_LINE, number, error=located)
        title = _TITLE.match(text.strip())
        kind = Kind.TITLE if title and set(title.group(1)) - set("xX") else Kind.BAD
        return LineItem(kind, number, error=located)


def _classify(text: str, number: int) -> LineItem:
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return LineItem(Kind.SKIP, number)
    if stripped[:1] == ":" and stripped[1:2].isdigit():
        try:
            puzzle = parse_library(stripped)
        except PuzzleFormatError as error:
            raise _LineError(error.message, number) from None
        return LineItem(Kind.PUZZLE, number, puzzle=at_line(puzzle, number))
    if is_separator(stripped):
        return LineItem(Kind.SEPARATOR, number)
    run = leading_cells(stripped)
    word = first_word(stripped)
    if run < N_CELLS and len(word) == N_CELLS:
        return LineItem(Kind.PUZZLE, number, puzzle=_free_line(text, word, number))
    if run >= N_CELLS or (run >= _MIN_LINE_CELLS and not _has_separators(stripped)):
        return LineItem(Kind.PUZZLE, number, puzzle=at_line(_parse_line_at(text, number), number))
    if len(word) >= _MIN_LINE_CELLS and cell_like(word):
        raise _LineError(f"{len(word)} cells, need {N_CELLS}", number)
    return _classify_tokens(text, stripped, number)


def ascii_digits(text: str) -> str:
    """Digits of any script as the ASCII digits they are: full-width ``８``, Arabic-Indic
    ``٨``, Devanagari ``८`` (Unicode decimal digits, category Nd); everything else is left
    as it is, one character for one, so columns in messages still point at the input.

    >>> ascii_digits("\uff18.\u0663")
    '8.3'
    """
    if text.isascii():
        return text
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() and not ch.isascii() else ch for ch in text)


def first_word(stripped: str) -> str:
    """The first word of a line: up to a blank, ``,``, ``;`` or ``#``."""
    match = _FIRST_WORD.match(stripped)
    return match.group() if match else ""


def cell_like(word: str) -> bool:
    """A word meant as a one-line puzzle of the wrong length (``x3..?..`` rather than
    ``Difficulty:Hard``): printable, no box bars, mostly cell characters or punctuation."""
    if not word.isprintable() or _has_separators(word):
        return False
    return 2 * sum(ch in CELL_CHARS or not ch.isalnum() for ch in word) >= len(word)


def _free_line(text: str, word: str, number: int) -> Puzzle:
    """Rule 6: an 81-character word; 1-9 are clues, any other printable non-digit is empty
    (digits of other scripts were made ASCII before: ``ascii_digits``; a digit-like
    character that is no decimal digit, such as ``²``, is an error, never an empty cell)."""
    for i, ch in enumerate(word):
        if (ch.isdigit() and ch not in "0123456789") or not ch.isprintable():
            raise _LineError(f"unexpected character {ch!r}", number, text.index(word) + i + 1)
    givens = tuple(int(ch) if ch in "123456789" else 0 for ch in word)
    empty = next((ch for ch in word if ch not in "123456789"), ".")
    comment = text.strip()[N_CELLS:].lstrip(",;").strip()
    return Puzzle(givens=givens, layout=Layout.LINE, empty_char=empty, line=number, comment=comment)


def _classify_tokens(text: str, stripped: str, number: int) -> LineItem:
    tokens = tuple(t for t in _TOKEN_SPLIT.split(stripped) if t)
    bad = next((ch for ch in "".join(tokens) if ch not in CELL_CHARS), None)
    if bad is not None:
        raise PuzzleFormatError(f"unexpected character {bad!r}", number, text.index(bad) + 1)
    joined = "".join(tokens)
    if _pm_row_with_an_empty_cell(tokens):
        # A pencil-mark row with a cell of no candidates left: the grid says which (_flush).
        return LineItem(Kind.PM_ROW, number, tokens=tokens, layout=Layout.PM)
    if len(tokens) == 9 and all(_PM_TOKEN.match(t) for t in tokens) and any(len(t) > 1 for t in tokens):
        if len(joined) == N_CELLS and all(len(t) == 9 for t in tokens):
            # Nine groups of nine digits: a one-line puzzle, unless it sits inside a PM grid
            # (resolved by _flush, which sees the neighbouring lines).
            return LineItem(Kind.PM_ROW, number, cells=joined, tokens=tokens, layout=Layout.LINE)
        return LineItem(Kind.PM_ROW, number, tokens=tokens, layout=Layout.PM)
    if len(joined) == N_CELLS:
        return LineItem(Kind.PUZZLE, number, puzzle=at_line(line_puzzle(joined, number), number))
    if len(joined) >= _MIN_LINE_CELLS:
        raise _LineError(f"{len(joined)} cells, need {N_CELLS}", number)
    # A row of the wrong length is judged in context (_flush, or line mode), not here.
    if len(tokens) == 9:
        layout = Layout.SPACED
    elif _has_separators(stripped):
        layout = Layout.BOXED
    else:
        layout = Layout.COMPACT
    return LineItem(Kind.ROW, number, cells=joined, tokens=tokens, layout=layout)


def _pm_row_with_an_empty_cell(tokens: tuple[str, ...]) -> bool:
    """Nine groups, some of several digits (pencil marks), others a lone empty mark
    (``0``, ``.``): a cell whose candidates are all gone."""
    empty = [t for t in tokens if len(t) == 1 and t in CELL_CHARS and t not in "123456789"]
    marks = [t for t in tokens if _PM_TOKEN.match(t)]
    return len(tokens) == 9 and bool(empty) and len(empty) + len(marks) == 9 and any(len(t) > 1 for t in marks)


def is_separator(stripped: str) -> bool:
    """A box line such as ``------+-------+------`` or ``.----.----.``: no digits, and a run
    of dashes or a box-drawing character. (An empty grid written as 81 dashes is not
    supported; 81 dots or zeros are.)"""
    return bool(_SEPARATOR.match(stripped) and _SEPARATOR_MARK.search(stripped))


def _has_separators(stripped: str) -> bool:
    return any(ch in "|!" for ch in stripped) or " " in stripped or "\t" in stripped


def _parse_line_at(text: str, number: int) -> Puzzle:
    try:
        return parse_line(text, number)
    except PuzzleFormatError as error:
        raise _LineError(error.message, number, error.column) from None


def line_puzzle(cells: str, number: int) -> Puzzle:
    return _parse_line_at(cells, number)


def at_line(puzzle: Puzzle, number: int) -> Puzzle:
    return puzzle if puzzle.line == number else replace(puzzle, line=number)

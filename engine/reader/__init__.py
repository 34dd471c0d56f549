"""Reading puzzles from text as people paste it: layout detection, many puzzles per file.

``read_puzzles`` streams over lines (a file of a million puzzles is never held in memory)
and yields, in input order, one :class:`~engine.formats.Puzzle` per puzzle or one
:class:`~engine.formats.PuzzleFormatError` per unreadable puzzle or line, so that a batch
with one bad line reports it and carries on. This module is the one place where layouts
are told apart. Digits of any script (full-width ``８``, Arabic-Indic ``٨``, ...) are first
read as the ASCII digits they are (``classify.ascii_digits``), so every layout takes them;
then each line is classified by the first rule that fits:

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
   mark, defined once (``classify._free_line``). Control characters and digit-like
   characters that are no decimal digit (``²``) are errors, never empty cells;
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

from engine.formats import CELL_CHARS, Puzzle, PuzzleFormatError
from engine.leetcode import is_board_start
from engine.reader.classify import cell_like, first_word
from engine.reader.records import MAX_BLOCK_ROWS, MAX_BOARD_LINES, Item, read_puzzles

__all__ = ["MAX_BLOCK_ROWS", "MAX_BOARD_LINES", "Item", "looks_like_puzzle_text", "parse_puzzle", "read_puzzles"]


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
    word = first_word(text.strip())
    return (
        "\n" in text
        or not text.strip()
        or is_board_start(text)
        or len(word) == 81
        or (len(word) >= 60 and cell_like(word) and not any(ch in word for ch in "/\\"))
        or set(text) <= _PUZZLE_TEXT_CHARS
    )


_PUZZLE_TEXT_CHARS = set(CELL_CHARS + "+|:!'=\r\t ")



"""What a puzzle is once read: its values and how it was written (layout, empty mark, style).

The parsers and formatters are in :mod:`engine.formats` (which re-exports these names),
:mod:`engine.leetcode` and :mod:`engine.reader`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from engine.cells import N_CELLS, Cell, CellSet, Digit, Mask
from engine.grid import Grid

#: Characters that stand for an empty cell wherever cells are written one character each.
EMPTY_CHARS = ".0-*_xX"
CELL_CHARS = "123456789" + EMPTY_CHARS

_CELL_RUN = re.compile(f"[{re.escape(CELL_CHARS)}]*")


def leading_cells(text: str) -> int:
    """How many cell characters (:data:`CELL_CHARS`) ``text`` starts with.

    >>> leading_cells("8..3x 5")
    5
    """
    run = _CELL_RUN.match(text)
    return run.end() if run else 0


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
    LEETCODE = "leetcode"


@dataclass(frozen=True)
class LibraryInfo:
    """The technique fields of a HoDoKu library line, kept for round trips and tests."""

    code: str = "0000"
    digits: str = "x"
    eliminations: tuple[tuple[Digit, Cell], ...] = ()
    placements: tuple[tuple[Digit, Cell], ...] = ()
    extra: str = ""


@dataclass(frozen=True)
class BoardStyle:
    """How a LeetCode board was written (:mod:`engine.leetcode`), so that an answer can be
    written the same way.

    ``quote`` is ``"`` (JSON), ``'`` (Python) or empty (bare numbers); ``comma`` separates
    cells; ``multiline`` puts one row per line after ``indent``; ``prefix`` is the
    assignment before the first bracket (``board = ``) and ``suffix`` what followed the
    last one (``;``).
    """

    quote: str = '"'
    comma: str = ","
    multiline: bool = False
    indent: str = "  "
    prefix: str = ""
    suffix: str = ""


#: LeetCode's own shape: one line of JSON.
LEETCODE_STYLE = BoardStyle()


@dataclass(frozen=True)
class Puzzle:
    """A position as the user wrote it.

    ``givens`` are the clues, ``entered`` the digits placed since (HoDoKu's ``+d``);
    ``candidates`` the pencil marks of every cell when the input had any, else None;
    ``board`` how a LeetCode board was written (None for other layouts).
    """

    givens: tuple[Digit, ...]
    entered: tuple[Digit, ...] = (0,) * N_CELLS
    candidates: tuple[Mask, ...] | None = None
    layout: Layout = Layout.LINE
    empty_char: str = "."
    line: int = 1
    library: LibraryInfo | None = None
    comment: str = field(default="", compare=False)
    board: BoardStyle | None = field(default=None, compare=False)

    @property
    def values(self) -> tuple[Digit, ...]:
        """Givens and entered digits together (the givens alone when nothing was entered,
        as in every puzzle a file of puzzles holds)."""
        if not any(self.entered):
            return self.givens
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

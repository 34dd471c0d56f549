"""Rows or columns: one pattern search written once for both orientations.

A ``Frame`` names cells by (line, position): in the row frame a line is a row and a
position a column; in the column frame the other way round. Bands are three lines of
boxes; stacks are three positions.
"""

from __future__ import annotations

from typing import Final

from dataclasses import dataclass

from engine.cells import Cell


@dataclass(frozen=True)
class Frame:
    """Rows as lines (``by_rows``) or columns as lines."""

    by_rows: bool

    def cell(self, line: int, position: int) -> Cell:
        return line * 9 + position if self.by_rows else position * 9 + line

    def line(self, cell: Cell) -> int:
        return cell // 9 if self.by_rows else cell % 9

    def position(self, cell: Cell) -> int:
        return cell % 9 if self.by_rows else cell // 9

    @staticmethod
    def band_lines(line: int) -> tuple[int, int, int]:
        """The three lines of the band (or stack) ``line`` is in."""
        first = 3 * (line // 3)
        return (first, first + 1, first + 2)

    def line_unit(self, line: int) -> int:
        """The unit number of a line (a row in the row frame)."""
        return (9 if self.by_rows else 18) + line

    def cross_unit(self, position: int) -> int:
        """The unit number of the house across the lines at ``position`` (a column in the row frame)."""
        return (18 if self.by_rows else 9) + position

    @property
    def line_word(self) -> str:
        return "row" if self.by_rows else "column"

    @property
    def cross_word(self) -> str:
        return "column" if self.by_rows else "row"


FRAMES: Final = (Frame(True), Frame(False))

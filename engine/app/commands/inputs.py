"""Where puzzles come from: puzzle text on the command line, files, or ``-`` for stdin."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import IO, Iterable, Iterator

from engine.formats import Puzzle, PuzzleFormatError
from engine.reader import read_puzzles

#: Inkala's 2012 "world's hardest Sudoku": what every command works on when given no input.
DEFAULT_PUZZLE = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"

_PUZZLE_TEXT_CHARS = set("123456789.0-*_xX+|:!'=\n\r\t ")


@dataclass(frozen=True)
class Record:
    """One puzzle (or one unreadable one) with where it came from."""

    source: str  # a file name, "<stdin>", or "<argument N>"
    item: Puzzle | PuzzleFormatError
    index: int  # 1-based position among all records of this run

    @property
    def line(self) -> int | None:
        return self.item.line if isinstance(self.item, (Puzzle, PuzzleFormatError)) else None

    @property
    def where(self) -> str:
        """``puzzles.txt:3``, ``<stdin>:3``, or ``line 3`` for a command-line argument."""
        line = self.line
        if self.source.startswith("<argument"):
            return f"line {line}" if line is not None else self.source
        return f"{self.source}:{line}" if line is not None else self.source

    @property
    def error(self) -> str | None:
        """The message of an unreadable record, without its line number (``where`` has it)."""
        return self.item.message if isinstance(self.item, PuzzleFormatError) else None


def iter_records(inputs: Iterable[str], stdin: IO[str] | None = None) -> Iterator[Record]:
    """Every puzzle of every input, in order; the default puzzle when there is no input.

    An input that cannot be opened becomes one error record, and the rest carry on.
    """
    inputs = list(inputs) or [DEFAULT_PUZZLE]
    index = 0
    for n, arg in enumerate(inputs, 1):
        source, lines, problem = _open(arg, n, stdin)
        if problem is not None:
            index += 1
            yield Record(source, PuzzleFormatError(problem), index)
            continue
        try:
            for item in read_puzzles(lines):
                index += 1
                yield Record(source, item, index)
        except OSError as error:
            index += 1
            yield Record(source, PuzzleFormatError(f"reading stopped: {error}"), index)
        finally:
            if hasattr(lines, "close") and lines is not stdin and lines is not sys.stdin:
                lines.close()


def _open(arg: str, n: int, stdin: IO[str] | None) -> tuple[str, Iterable[str], str | None]:
    """(source name, lines, None) or (source name, (), why it cannot be read)."""
    if arg == "-":
        return "<stdin>", (stdin or sys.stdin), None
    if os.path.isdir(arg):
        return arg, (), f"{arg!r} is a directory, not a puzzle file"
    if os.path.exists(arg):
        try:
            return arg, open(arg, encoding="utf-8", errors="replace"), None
        except OSError as error:
            return arg, (), f"cannot read {arg!r}: {error.strerror}"
    if set(arg) <= _PUZZLE_TEXT_CHARS:
        return f"<argument {n}>", arg.splitlines(), None
    return arg, (), f"{arg!r} is neither a file nor a puzzle (no such file, and puzzle text holds only digits and . 0 - * _ x)"

"""Where puzzles come from: puzzle text on the command line, files, or ``-`` for stdin.

Files and stdin are read as bytes, line by line with a size cap (:mod:`engine.lines`):
memory stays flat on any input, a byte-order mark is dropped, and a binary file gives one
error. An input with no puzzle at all (empty, blank lines, comments only) is an error too:
"no puzzle found in ...".
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from typing import IO, Iterable, Iterator

from engine.formats import Puzzle, PuzzleFormatError
from engine.lines import Line, read_lines
from engine.reader import looks_like_puzzle_text, read_puzzles

#: Inkala's 2012 "world's hardest Sudoku": what every command works on when given no input.
DEFAULT_PUZZLE = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


class InputProblem(PuzzleFormatError):
    """An input that cannot be read at all, or holds no puzzle; its message names it."""


class NoPuzzle(InputProblem):
    """An input that holds no puzzle."""


@dataclass(frozen=True)
class Record:
    """One puzzle (or one unreadable one) with where it came from."""

    source: str  # a file name, "<stdin>", or "<argument N>"
    item: Puzzle | PuzzleFormatError
    index: int  # 1-based position among all records of this run

    @property
    def line(self) -> int | None:
        return self.item.line

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

    @property
    def problem(self) -> str:
        """The one line that reports an unreadable record: where, then what."""
        if isinstance(self.item, InputProblem):
            return self.item.message
        return f"{self.where}: {self.error}"


def iter_records(inputs: Iterable[str], stdin: IO[str] | None = None) -> Iterator[Record]:
    """Every puzzle of every input, in order; the default puzzle when there is no input.

    An input that cannot be opened, or holds no puzzle, becomes one error record, and the
    rest carry on.
    """
    inputs = list(inputs) or [DEFAULT_PUZZLE]
    index = 0
    for n, arg in enumerate(inputs, 1):
        source, stream, problem = _open(arg, n, stdin)
        if stream is None:
            index += 1
            yield Record(source, InputProblem(problem or f"{arg!r} cannot be read"), index)
            continue
        try:
            for record in _records(source, stream, index):
                index = record.index
                yield record
        finally:
            if arg != "-":
                stream.close()


def text_records(text: str, name: str = "argument 1") -> Iterator[Record]:
    """Every puzzle of a text, read as a command-line argument is (sources ``line N``), and
    never as a file name: what the web API reads. ``name`` says where an empty text came
    from (``no puzzle found in 'state' (it is empty)``)."""
    for record in _records("<argument 1>", io.StringIO(text), 0):
        if isinstance(record.item, NoPuzzle):
            record = Record(record.source, NoPuzzle(record.item.message.replace("argument 1", name)), record.index)
        yield record


def _records(source: str, stream: IO[bytes] | IO[str], index: int) -> Iterator[Record]:
    """The records of one opened input, numbered on from ``index``; "no puzzle found" when
    it holds none."""
    found = 0
    counter = _Counter(read_lines(stream))
    try:
        for item in read_puzzles(counter):
            index += 1
            found += 1
            yield Record(source, item, index)
    except OSError as error:
        index += 1
        found += 1
        yield Record(source, PuzzleFormatError(f"reading stopped: {error.strerror or error}"), index)
    if not found:
        yield Record(source, NoPuzzle(f"no puzzle found in {_name(source)} ({counter.why_empty()})"), index + 1)


class _Counter:
    """Lines passing through, counted, to say why an input held no puzzle."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.lines = lines
        self.count = 0

    def __iter__(self) -> Iterator[Line]:
        for line in self.lines:
            self.count += 1
            yield line

    def why_empty(self) -> str:
        return "it is empty" if self.count == 0 else "only blank lines, comments or box lines"


def _name(source: str) -> str:
    if source.startswith("<argument"):
        return "argument " + source[len("<argument ") : -1]
    if source == "<stdin>":
        return "standard input"
    return repr(source)


def _open(arg: str, n: int, stdin: IO[str] | None) -> tuple[str, IO[bytes] | IO[str] | None, str | None]:
    """(source name, stream, None) or (source name, None, why it cannot be read)."""
    if arg == "-":
        text = stdin or sys.stdin
        return "<stdin>", getattr(text, "buffer", text), None
    if os.path.isdir(arg):
        return arg, None, f"{arg!r} is a directory, not a puzzle file"
    if os.path.exists(arg):
        try:
            return arg, open(arg, "rb"), None
        except OSError as error:
            return arg, None, f"cannot read {arg!r}: {error.strerror}"
    if looks_like_puzzle_text(arg):
        return f"<argument {n}>", io.StringIO(arg), None
    return arg, None, f"{arg!r} is neither a file nor a puzzle (no such file, and not puzzle text: see the layouts in the README)"

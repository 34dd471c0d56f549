"""Reading lines with bounded memory: a cap per line, byte-order marks, binary input."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

from engine.app.commands.inputs import iter_records
from engine.formats import Puzzle, PuzzleFormatError
from engine.lines import MAX_LINE_CHARS, NotText, TooLong, read_lines

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


class Endless(io.RawIOBase):
    """``size`` bytes of one character and no newline, made up as they are read; records
    the largest piece any read asked for."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.largest = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        n = min(len(buffer), self.left)
        buffer[:n] = b"7" * n
        self.left -= n
        self.largest = max(self.largest, n)
        return n


def test_a_huge_line_without_newline_is_read_in_pieces_of_the_cap() -> None:
    raw = Endless(20_000_000)
    stream = io.BufferedReader(raw, buffer_size=8192)
    tracemalloc.start()
    items = list(read_lines(stream))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert items == [TooLong("7" * 80)]
    assert raw.left == 0  # the whole line was read through, and dropped
    assert peak < 10 * MAX_LINE_CHARS  # never more than a few pieces held, not 20 MB


def test_a_huge_line_in_a_file_is_one_error_naming_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("w") as handle:
        handle.write(INKALA + "\n")
        for _ in range(50):
            handle.write("1" * 100_000)
        handle.write("\n" + INKALA + "\n")
    records = list(iter_records([str(path)]))
    assert [r.problem if isinstance(r.item, PuzzleFormatError) else r.where for r in records] == [
        f"{path}:1",
        f"{path}:2: longer than 16,384 characters: too long for a puzzle line, skipped",
        f"{path}:3",
    ]


def test_byte_order_mark_crlf_and_latin1_comments() -> None:
    data = "\ufeff".encode() + INKALA.encode() + b"\r\n# caf\xe9\n" + INKALA.encode() + b" caf\xe9\n"
    lines = list(read_lines(io.BytesIO(data)))
    assert lines == [INKALA, "# caf\ufffd", INKALA + " caf\ufffd"]
    assert list(read_lines(io.StringIO("\ufeff" + INKALA + "\n"))) == [INKALA]


def test_binary_data_ends_the_input_with_one_item() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 20
    assert list(read_lines(io.BytesIO(png))) == [NotText()]
    # Binary data after the first 8 KiB: the lines before it, then one item.
    mixed = (INKALA.encode() + b"\n") * 200 + b"\xff\xfe\x01\x02garbage\n" * 1000
    lines = list(read_lines(io.BytesIO(mixed)))
    assert lines[:200] == [INKALA] * 200 and len(lines) == 201
    assert lines[200] == NotText("binary data from this line on (not text): the rest is skipped")


def test_a_binary_file_is_one_record(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF" + bytes(range(256)) * 100 + b"\n" * 300)
    [record] = list(iter_records([str(path)]))
    assert record.problem == f"{path}:1: not a text file (binary data)"


def test_stdin_with_a_byte_order_mark_is_read_as_bytes() -> None:
    stdin = io.TextIOWrapper(io.BytesIO("\ufeff".encode() + INKALA.encode() + b"\n"), encoding="utf-8")
    [record] = list(iter_records(["-"], stdin))  # type: ignore[list-item]
    assert isinstance(record.item, Puzzle) and record.where == "<stdin>:1"

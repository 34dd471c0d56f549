"""Lines of text from a file or a stream, read with bounded memory whatever the input.

Every line is read with a size cap (``MAX_LINE_CHARS``): a longer line is never held
whole; its start is kept in a ``TooLong`` item and the rest skipped, so the reader
(:mod:`engine.reader`) says which line was too long. A 67 MB file without a newline costs
one cap of memory, not 67 MB.

Bytes are decoded as UTF-8; a byte-order mark at the start is dropped. Data with a NUL
byte, or that is not UTF-8 and holds control bytes, is not text: the first 8 KiB are
looked at before any line is read (as ``file`` and git do), and every line after that, so
that a binary file gives one ``NotText`` item, and a text file with binary data after some
lines gives its lines and then one ``NotText``; reading stops there. Other invalid UTF-8 (a Latin-1 ``é`` in a comment) is replaced by
``�`` and the line carries on.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import IO, Iterator, Union

#: The longest line a puzzle record may have (a HoDoKu library line with many deleted
#: candidates is a few thousand characters; a one-line LeetCode board about 500).
MAX_LINE_CHARS = 16_384

_BOM = "\ufeff"
_SNIFF = 8192
# Control bytes other than tab, line feed, vertical tab, form feed and carriage return.
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class NotText:
    """Where an input stops being text (binary data); nothing after it is read."""

    message: str = "not a text file (binary data)"


@dataclass(frozen=True)
class TooLong:
    """A line longer than the cap; ``start`` is its first characters (a comment is told
    by its ``#``)."""

    start: str


Line = Union[str, NotText, TooLong]


def read_lines(stream: IO[bytes] | IO[str], cap: int = MAX_LINE_CHARS) -> Iterator[Line]:
    """The lines of a binary or text stream, without their line endings; a line longer
    than ``cap`` comes as ``TooLong``, and a ``NotText`` item ends a stream of binary data."""
    if isinstance(stream, io.BytesIO):
        stream = io.BufferedReader(stream)  # for peek()
    peek = getattr(stream, "peek", None)
    if peek is not None and _decode(bytes(peek(_SNIFF)[:_SNIFF]), partial=True) is None:
        yield NotText()
        return
    first = True
    for chunk, cut in _capped(stream, cap):
        if isinstance(chunk, bytes):
            text = _decode(chunk)
        else:
            text = None if "\x00" in chunk else chunk
        if text is None:
            yield NotText() if first else NotText("binary data from this line on (not text): the rest is skipped")
            return
        if first and text.startswith(_BOM):
            text = text[1:]
        first = False
        yield TooLong(text[:80]) if cut else text


def _capped(stream: IO[bytes] | IO[str], cap: int) -> Iterator[tuple[bytes | str, bool]]:
    """(line without its ending, whether it was cut) for every line of the stream."""
    while True:
        chunk = stream.readline(cap + 1)
        if not chunk:
            return
        cut = not _ends_line(chunk) and len(chunk) > cap
        if cut:
            _skip_rest(stream, cap)
        yield _strip_ending(chunk), cut


def _skip_rest(stream: IO[bytes] | IO[str], cap: int) -> None:
    """Read and drop the rest of an over-long line, one cap at a time."""
    while True:
        chunk = stream.readline(cap)
        if not chunk or _ends_line(chunk):
            return


def _ends_line(chunk: bytes | str) -> bool:
    return chunk[-1:] in (b"\n", "\n")


def _strip_ending(chunk: bytes | str) -> bytes | str:
    if isinstance(chunk, bytes):
        return chunk.rstrip(b"\r\n")
    return chunk.rstrip("\r\n")


def _decode(chunk: bytes, partial: bool = False) -> str | None:
    """The text of some bytes, or None when they are not text. ``partial``: the bytes may
    end inside a character (a sniffed block)."""
    if b"\x00" in chunk:
        return None
    try:
        return chunk.decode("utf-8")
    except UnicodeDecodeError as error:
        if partial and error.start >= len(chunk) - 3 and error.reason == "unexpected end of data":
            return chunk[: error.start].decode("utf-8", errors="replace")
        if _CONTROL.search(chunk):
            return None
        return chunk.decode("utf-8", errors="replace")

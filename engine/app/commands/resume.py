"""``--output FILE --resume``: a batch's records written to a file, and a stopped batch
continued where it stopped, however it stopped (Ctrl-C, SIGTERM, SIGKILL, a full disk).
``grade`` matches the records kept to its input (below); ``generate`` continues after the
candidate number of the last record kept.

Records are appended whole, one ``write`` each, and a batch writes them in input order,
so a file left by a stopped run is its first K records, perhaps followed by a torn piece
of the next one (a line without its newline). Resuming keeps the K whole records, cuts
the torn piece off, and takes the input again from its record K + 1. The K records kept
are checked against the input as it streams past (record n must be for input item n: the
same puzzle, or an error for an unreadable line), so a resume with another input, or the
same input reordered, is refused rather than mixed; the same puzzle appearing twice is
no problem, since records are matched by position, not by puzzle.

The file is read as a stream (memory stays flat for any size). Only line formats can be
resumed: JSON lines and CSV (a table is for people to read).
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Iterable, Iterator, TypeVar

from engine.app.commands.output import OutputFailed

RESUMABLE = ("jsonl", "csv")
#: Bytes read at a time when scanning a file for its whole lines.
_BLOCK = 1 << 16

T = TypeVar("T")


class ResumeError(Exception):
    """The file cannot be continued: another format or profile, or another input."""


@dataclass
class Kept:
    """What a resumed file already holds: ``records`` whole records, each one's status
    counted, and whether the CSV header is there."""

    records: int = 0
    header: bool = False
    statuses: dict[str, int] = field(default_factory=dict)
    last: dict[str, Any] | None = None  # the last whole record


def open_output(path: str, form: str, names: tuple[str, ...], resume: bool) -> tuple[IO[str], Kept]:
    """The file to append records to, and what it already holds: nothing unless
    ``resume`` (then the file is started afresh), else its whole records, with a torn
    last line cut off.

    Raises:
        ResumeError: the file is not this batch's to continue.
        OutputFailed: the file cannot be opened or cut (exit code 4, the path named).
    """
    try:
        return _open_output(path, form, names, resume)
    except OSError as error:
        raise OutputFailed(error, path) from None


def _open_output(path: str, form: str, names: tuple[str, ...], resume: bool) -> tuple[IO[str], Kept]:
    kept = Kept()
    if resume and form not in RESUMABLE:
        raise ResumeError(f"--resume needs --format jsonl or csv (a {form} is for reading, not for continuing)")
    if resume and os.path.exists(path):
        end = 0
        with open(path, "rb") as handle:
            for line, end_at in whole_lines(handle):
                record = parse_record(form, names, line, path, kept.records + 1 + kept.header)
                if record is None:
                    kept.header = True
                else:
                    kept.records += 1
                    status = str(record.get("status"))
                    kept.statuses[status] = kept.statuses.get(status, 0) + 1
                    kept.last = record
                end = end_at
        with open(path, "r+b") as torn:
            torn.truncate(end)
    output = open(path, "a" if resume else "w", encoding="utf-8", newline="")
    return output, kept


def whole_lines(handle: IO[bytes]) -> Iterator[tuple[bytes, int]]:
    """Each line that ends in a newline (without it), with the offset just past it; a
    last piece without a newline (a torn record) is left out."""
    offset = 0
    rest = b""
    while block := handle.read(_BLOCK):
        rest += block
        *lines, rest = rest.split(b"\n")
        for line in lines:
            offset += len(line) + 1
            yield line, offset


def parse_record(form: str, names: tuple[str, ...], line: bytes, path: str, number: int) -> dict[str, Any] | None:
    """One whole line of a records file as a record (None for a CSV header that is this
    batch's); ResumeError for anything else."""
    where = f"{path}:{number}"
    try:
        text = line.decode("utf-8")
        other = _written_as(form, text)
        if other is not None:
            raise ResumeError(
                f"{where}: the file holds {_FORMAT_WORDS[other]} (--format {other}), not {_FORMAT_WORDS[form]} (--format {form}): "
                f"resume with --format {other}, or start again without --resume"
            )
        if form == "jsonl":
            record = json.loads(text)
            if not isinstance(record, dict) or tuple(record) != names:
                raise ResumeError(f"{where}: not a record of this batch (another --format or --profile?)")
            return record
        row = next(csv.reader([text]))
    except (UnicodeDecodeError, ValueError, StopIteration):
        raise ResumeError(f"{where}: not a whole record (the file was changed?); start again without --resume") from None
    if number == 1 and row[:1] == ["puzzle"]:
        if tuple(row) != names:
            raise ResumeError(f"{where}: the columns of another batch (another --profile?)")
        return None
    if len(row) != len(names):
        raise ResumeError(f"{where}: not a record of this batch (another --format or --profile?)")
    return dict(zip(names, row))


#: What each resumable format's records are called in messages.
_FORMAT_WORDS = {"jsonl": "JSON lines", "csv": "CSV rows"}


def _written_as(form: str, text: str) -> str | None:
    """The other resumable format a line plainly belongs to (a JSON object where CSV rows
    are expected, a comma-separated row where JSON lines are), else None."""
    json_object = text.lstrip().startswith("{")
    if form == "csv" and json_object:
        return "jsonl"
    if form == "jsonl" and not json_object and "," in text:
        return "csv"
    return None


def kept_records(path: str, form: str, names: tuple[str, ...], kept: Kept) -> Iterator[dict[str, Any]]:
    """The first ``kept.records`` records of the file, read again as the input streams."""
    if not kept.records:
        return
    with open(path, "rb") as handle:
        lines = whole_lines(handle)
        if kept.header:
            next(lines)
        for number, (line, _) in enumerate(lines, start=1 + kept.header):
            record = parse_record(form, names, line, path, number)
            assert record is not None
            yield record
            if number - kept.header >= kept.records:
                return


def skip_kept(items: Iterable[T], records: Iterator[dict[str, Any]], matches: Callable[[T, dict[str, Any]], bool], path: str) -> Iterator[T]:
    """The items after those the kept records answer, each kept record checked against
    its item (``matches``); ResumeError on the first that does not match."""
    stream = iter(items)
    for number, record in enumerate(records, start=1):
        item = next(stream, None)
        if item is None:
            raise ResumeError(f"{path} holds {number} records or more, but the input has only {number - 1} puzzles: not the same input")
        if not matches(item, record):
            found = record.get("puzzle") or "an unreadable line"
            raise ResumeError(
                f"{path}: record {number} is for {found}, which is not puzzle {number} of the input: "
                "not the same input (or not in the same order); start again without --resume"
            )
    yield from stream

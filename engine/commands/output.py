"""Exit codes and error reporting shared by every command."""

from __future__ import annotations

from typing import IO

from engine.commands.inputs import Record

EXIT_OK = 0
EXIT_INVALID = 1  # a puzzle with no solution or several
EXIT_BAD_INPUT = 2  # unreadable input or wrong usage


class Outcome:
    """The worst exit code seen over a batch, and how many records had each."""

    def __init__(self) -> None:
        self.exit_code = EXIT_OK
        self.counts = {EXIT_OK: 0, EXIT_INVALID: 0, EXIT_BAD_INPUT: 0}

    def add(self, code: int) -> None:
        self.counts[code] += 1
        self.exit_code = max(self.exit_code, code)


def report_error(err: IO[str], record: Record) -> None:
    """One line on stderr naming where the unreadable input is and what is wrong."""
    err.write(f"stepdoku: {record.where}: {record.error}\n")
    err.flush()

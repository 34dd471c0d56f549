"""Exit codes, error reporting and safe record output, shared by every command."""

from __future__ import annotations

import io
import signal
import threading
from contextlib import contextmanager
from typing import IO, Iterator

from engine.app.commands.inputs import Record

EXIT_OK = 0
EXIT_INVALID = 1  # a puzzle with no solution or several
EXIT_BAD_INPUT = 2  # unreadable input or wrong usage


class Outcome:
    """The worst exit code seen over a batch, how many records had each, and where the
    last one came from (for a progress report when the batch is interrupted)."""

    def __init__(self) -> None:
        self.exit_code = EXIT_OK
        self.counts = {EXIT_OK: 0, EXIT_INVALID: 0, EXIT_BAD_INPUT: 0}
        self.last: str | None = None

    def add(self, code: int, where: str | None = None) -> None:
        self.counts[code] += 1
        self.exit_code = max(self.exit_code, code)
        if where is not None:
            self.last = where

    @property
    def done(self) -> int:
        return sum(self.counts.values())


class Interrupted(Exception):
    """Ctrl-C during a batch; carries how far it got."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__("interrupted")
        self.outcome = outcome

    def report(self) -> str:
        done = self.outcome.done
        words = f"{done} puzzle" + ("" if done == 1 else "s")
        last = f" (last: {self.outcome.last})" if self.outcome.last else ""
        return f"interrupted after {words}{last}; everything written before that is complete"


@contextmanager
def batch() -> Iterator[Outcome]:
    """An Outcome for a batch loop; Ctrl-C inside becomes Interrupted with the progress."""
    outcome = Outcome()
    try:
        yield outcome
    except KeyboardInterrupt:
        raise Interrupted(outcome) from None


class RecordStream(io.TextIOBase):
    """Standard output for the commands: every record arrives whole or not at all.

    Text is held until the command flushes (once per record, or per rendered block); the
    held text is then written with SIGINT blocked, so Ctrl-C can never cut a record in
    half: an interrupted record is simply not written.
    """

    def __init__(self, stream: IO[str]) -> None:
        super().__init__()
        self._stream = stream
        self._held: list[str] = []

    def write(self, text: str) -> int:
        self._held.append(text)
        return len(text)

    def flush(self) -> None:
        if not self._held:
            return
        text = "".join(self._held)
        self._held.clear()
        with _sigint_held():
            self._stream.write(text)
            self._stream.flush()

    def discard(self) -> None:
        """Drop what was written since the last flush (a record cut short)."""
        self._held.clear()

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", None) or "utf-8"


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold SIGINT back (it is delivered right after) where the platform allows it."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def report_error(err: IO[str], record: Record) -> None:
    """One line on stderr naming where the unreadable input is and what is wrong."""
    err.write(f"stepdoku: {record.where}: {record.error}\n")
    err.flush()

"""Exit codes, error reporting and safe record output, shared by every command."""

from __future__ import annotations

import codecs
import io
import os
import signal
import threading
import unicodedata
from contextlib import contextmanager
from typing import IO, Iterator, cast

from engine.app.commands.inputs import Record

EXIT_OK = 0
EXIT_INVALID = 1  # a puzzle with no solution or several
EXIT_BAD_INPUT = 2  # unreadable input or wrong usage
EXIT_OUTPUT_FAILED = 4  # the output could not be written (disk full, I/O error)
EXIT_PIPE_CLOSED = 141  # the reader of the output went away (``| head``): 128 + SIGPIPE, as Unix tools


class OutputFailed(Exception):
    """The output could not be written (not a pipe closed by its reader): standard
    output, or the file at ``path``."""

    def __init__(self, error: OSError, path: str | None = None) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error
        self.path = path

    def describe(self) -> str:
        """``cannot write 'out.jsonl': No space left on device`` (``the output`` for stdout)."""
        return cannot_write(self.error, self.path)


def cannot_write(error: OSError, path: str | None = None) -> str:
    """The one-line message for an output that failed: what could not be written (the
    file the system names, else ``path``, else ``the output``) and why.

    >>> cannot_write(OSError(28, "No space left on device"), "walk.html")
    "cannot write 'walk.html': No space left on device"
    """
    where = error.filename if isinstance(error.filename, str) else path
    return f"cannot write {where!r}: {error.strerror or error}" if where else f"cannot write the output: {error.strerror or error}"


@contextmanager
def record_file(handle: IO[str], path: str) -> Iterator[IO[str]]:
    """The records' file at ``path`` (``-o FILE``) as a :class:`RecordStream`, closed on
    exit. A write or the closing flush that fails (a full disk) is :class:`OutputFailed`
    naming the path; a close that fails while something else already stopped the run
    leaves that reason standing."""
    try:
        yield cast(IO[str], RecordStream(handle, path))
    except BaseException:
        try:
            handle.close()
        except OSError:
            pass
        raise
    try:
        handle.close()
    except OSError as error:
        raise OutputFailed(error, path) from None


class OutputClosed(Exception):
    """The reader of standard output went away (a closed pipe)."""


class Outcome:
    """The worst exit code seen over a batch, how many records had each, and where the
    last one came from (for a progress report when the batch is interrupted)."""

    def __init__(self) -> None:
        self.exit_code = EXIT_OK
        self.counts = {EXIT_OK: 0, EXIT_INVALID: 0, EXIT_BAD_INPUT: 0}
        self.last: str | None = None

    def add(self, code: int, where: str | None = None, times: int = 1) -> None:
        self.counts[code] += times
        self.exit_code = max(self.exit_code, code)
        if where is not None:
            self.last = where

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    def add_written(self, code: int, where: str | None, out: IO[str]) -> None:
        """Count a record and write it out (``out.flush()``) as one step: Ctrl-C or SIGTERM
        comes before both or after both, so the count an interrupted batch reports is the
        number of records on stdout."""
        with held_signals():
            self.add(code, where)
            out.flush()


EXIT_INTERRUPTED = 130  # Ctrl-C: 128 + SIGINT
EXIT_TERMINATED = 143  # SIGTERM (a job scheduler, `kill`, `timeout`): 128 + SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into the same clean stop as Ctrl-C (see ``batch``)."""


class Interrupted(Exception):
    """Ctrl-C (or SIGTERM) during a batch; carries how far it got."""

    def __init__(self, outcome: Outcome, terminated: bool = False) -> None:
        super().__init__("interrupted")
        self.outcome = outcome
        self.exit_code = EXIT_TERMINATED if terminated else EXIT_INTERRUPTED

    def report(self) -> str:
        done = self.outcome.done
        words = f"{done} puzzle" + ("" if done == 1 else "s")
        last = f" (last: {self.outcome.last})" if self.outcome.last else ""
        how = " (SIGTERM)" if self.exit_code == EXIT_TERMINATED else ""
        return f"interrupted{how} after {words}{last}; everything written before that is complete"


@contextmanager
def batch() -> Iterator[Outcome]:
    """An Outcome for a batch loop; Ctrl-C or SIGTERM inside becomes Interrupted with the
    progress (SIGTERM is caught only for the batch, and only in the main thread)."""
    outcome = Outcome()
    with _sigterm_stops():
        try:
            yield outcome
        except KeyboardInterrupt as stop:
            raise Interrupted(outcome, isinstance(stop, Terminated)) from None


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


@contextmanager
def _sigterm_stops() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class RecordStream(io.TextIOBase):
    """Standard output for the commands: every record arrives whole or not at all.

    Text is held until the command flushes (once per record, or per rendered block); the
    held text is then written with SIGINT held back, so Ctrl-C can never cut a record in
    half: an interrupted record is simply not written.
    """

    def __init__(self, stream: IO[str], path: str | None = None) -> None:
        super().__init__()
        self._stream = stream
        self._path = path  # the file it writes to (None: standard output), for messages
        self._held: list[str] = []

    def write(self, text: str) -> int:
        self._held.append(text)
        return len(text)

    def flush(self) -> None:
        if not self._held:
            return
        text = "".join(self._held)
        self._held.clear()
        with held_signals():
            try:
                self._stream.write(text)
                self._stream.flush()
            except BrokenPipeError:
                raise OutputClosed() from None
            except OSError as error:
                raise OutputFailed(error, self._path) from None

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


_HELD_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class _SignalHold:
    """Ctrl-C and SIGTERM held back while a record is counted and written.

    Blocking the signals with ``pthread_sigmask`` is not enough: it blocks them for the
    main thread only, and the kernel then hands a signal sent to the process to any other
    thread (a worker pool's manager, a progress bar), after which Python raises it in the
    main thread at once. Python runs signal handlers in the main thread whichever thread
    received the signal, so the handlers themselves are swapped for one that notes the
    signal; the noted signal goes to the handler it was meant for when the hold ends.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.pending: list[int] = []
        self.previous: dict[int, object] = {}

    def note(self, signum: int, frame: object) -> None:
        self.pending.append(signum)

    def begin(self) -> None:
        if self.depth == 0:
            self.previous = {signum: signal.signal(signum, self.note) for signum in _HELD_SIGNALS}
        self.depth += 1

    def end(self) -> None:
        self.depth -= 1
        if self.depth:
            return
        for signum, handler in self.previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)  # type: ignore[arg-type]
        pending, self.pending = self.pending, []
        if pending:
            _deliver(pending[0], self.previous[pending[0]])


def _deliver(signum: int, handler: object) -> None:
    """Send a held signal where it would have gone."""
    if callable(handler):
        handler(signum, None)
    elif handler != signal.SIG_IGN:  # the default action (or a handler set outside Python)
        os.kill(os.getpid(), signum)


_HOLD = _SignalHold()


@contextmanager
def held_signals() -> Iterator[None]:
    """Ctrl-C and SIGTERM arrive before this block or right after it, never inside (in the
    main thread; elsewhere signals never reach Python code anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _HOLD.begin()
    try:
        yield
    finally:
        _HOLD.end()


def report_error(err: IO[str], record: Record) -> None:
    """One line on stderr naming where the unreadable input is and what is wrong."""
    err.write(f"stepdoku: {record.problem}\n")
    err.flush()


# --- terminals that cannot show every character ---------------------------------------

_FALLBACK_ERRORS = "stepdoku.fallback"
_FALLBACK = {"·": ".", "…": "...", "—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "×": "x", "→": "->"}


def _ascii_of(ch: str) -> str:
    """An ASCII stand-in for a character: box lines as ``- | +``, accents dropped, else ``?``."""
    if ch in _FALLBACK:
        return _FALLBACK[ch]
    if "\u2500" <= ch <= "\u257f":
        name = unicodedata.name(ch, "")
        return "-" if "VERTICAL" not in name else "|" if "HORIZONTAL" not in name and "AND" not in name else "+"
    return unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_ascii_of(ch) for ch in error.object[error.start : error.end]), error.end


codecs.register_error(_FALLBACK_ERRORS, _fallback)


def tolerant_output(stream: IO[str]) -> None:
    """Let a terminal whose encoding cannot show a character (``PYTHONIOENCODING=ascii``,
    a Latin-1 locale) get a stand-in for it instead of an error: ``é`` as ``e``, box lines
    as ``-``, ``|`` and ``+``. UTF-8 streams are left as they are."""
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and not encoding.startswith("utf"):
        reconfigure(errors=_FALLBACK_ERRORS)

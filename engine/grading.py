"""Grading many puzzles: one record per puzzle, in input order, with a time budget each.

``grade_stream`` takes puzzles (and unreadable-input errors) as a stream and yields one
``GradeRecord`` per item in the same order. Memory stays flat however long the stream:
at most ``jobs * WINDOW`` chunks are in flight. With ``jobs > 1`` worker processes do the
solving; each puzzle's budget is enforced inside the worker with a real-time interval
timer (SIGALRM), which interrupts the search at the next Python instruction, so a slow
technique cannot hold the batch up.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Iterable, Iterator, Sequence, Union

from engine.formats import Puzzle, format_line
from engine.grid import Contradiction
from engine.rating import TechniqueLookup, rate
from engine.se_scale import SeRecorder
from engine.profiles.hodoku_choice import choose as hodoku_choose
from engine.solver import SolveStatus, solve
from engine.technique import Catalog, Technique

COLUMNS = ("puzzle", "status", "level", "score", "se", "hardest", "steps", "brute_force", "seconds", "error")

#: Puzzles per task sent to a worker: big enough to make the hand-over cheap, small
#: enough to keep the progress bar moving.
CHUNK = 8
#: Chunks in flight per worker.
WINDOW = 4


@dataclass(frozen=True)
class GradeRecord:
    """One puzzle's grade; ``status`` is ok, invalid, timeout or error."""

    puzzle: str | None
    status: str
    level: str | None = None
    score: int | None = None
    se: float | None = None
    hardest: str | None = None
    steps: int | None = None
    brute_force: int | None = None
    seconds: float = 0.0
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in COLUMNS}


Item = Union[Puzzle, GradeRecord]  # a puzzle to grade, or an error record passed through


class BudgetExceeded(BaseException):
    """Raised by the timer inside a grading job; a BaseException, so that no technique's
    ``except Exception`` can swallow it."""


_armed = False


def _on_alarm(signum: int, frame: object) -> None:
    if _armed:
        raise BudgetExceeded()


@contextmanager
def _budget(seconds: float | None) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (only where SIGALRM works: the main thread)."""
    global _armed
    usable = seconds is not None and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return
    assert seconds is not None
    signal.signal(signal.SIGALRM, _on_alarm)
    _armed = True
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        _armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)


class Grader:
    """Grades one puzzle at a time with fixed techniques and budget."""

    def __init__(self, catalog: Catalog, max_seconds: float | None = None, techniques: Sequence[Technique] | None = None) -> None:
        self.techniques = tuple(techniques if techniques is not None else catalog.default)
        self.lookup = TechniqueLookup(catalog)
        self.max_seconds = max_seconds

    def grade(self, item: Item) -> GradeRecord:
        if isinstance(item, GradeRecord):
            return item
        line = format_line(item.values)
        start = time.perf_counter()
        try:
            with _budget(self.max_seconds):
                record = self._grade(item, line)
        except BudgetExceeded:
            return GradeRecord(line, "timeout", seconds=_elapsed(start), error=f"not graded within {self.max_seconds:g} s")
        return replace(record, seconds=_elapsed(start))

    def _grade(self, puzzle: Puzzle, line: str) -> GradeRecord:
        try:
            grid = puzzle.to_grid()
        except Contradiction as broken:
            return GradeRecord(line, "invalid", error=f"no solution: {broken}")
        recorder = SeRecorder()
        result = solve(grid, self.techniques, watch=recorder, choose=hodoku_choose)
        if result.status is SolveStatus.INVALID:
            return GradeRecord(line, "invalid", error=result.error)
        rating = rate(result.steps, self.lookup, solved=result.status is SolveStatus.SOLVED, se_values=recorder.values)
        return GradeRecord(
            line, "ok", rating.label, rating.score, rating.se, rating.hardest, rating.steps, rating.brute_force
        )


def _elapsed(start: float) -> float:
    return round(time.perf_counter() - start, 4)


# --- worker processes -----------------------------------------------------------------

_worker: Grader | None = None


def _init_worker(grader: Grader) -> None:
    global _worker
    _worker = grader
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _grade_chunk(chunk: list[Item]) -> list[GradeRecord]:
    assert _worker is not None
    return [_worker.grade(item) for item in chunk]


def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _noop() -> None:
    return None


@contextmanager
def worker_pool(grader: Grader, jobs: int) -> Iterator[ProcessPoolExecutor | None]:
    """Worker processes for ``grade_stream`` (None for ``jobs`` <= 1), all started on entry.

    Starting them before the caller starts any thread (a progress bar) matters: with the
    fork start method, a child forked while another thread holds a lock inherits it held.
    """
    if jobs <= 1:
        yield None
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker, initargs=(grader,))
    finished = False
    try:
        executor.submit(_noop).result()  # the first task launches every worker
        yield executor
        finished = True
    finally:
        executor.shutdown(wait=finished, cancel_futures=True)


def grade_stream(
    items: Iterable[Item],
    grader: Grader,
    jobs: int = 1,
    chunk: int = CHUNK,
    pool: ProcessPoolExecutor | None = None,
) -> Iterator[GradeRecord]:
    """One record per item, in order; ``jobs`` > 1 grades in that many worker processes
    (those of ``pool`` when given, see ``worker_pool``)."""
    if pool is None and jobs > 1:
        with worker_pool(grader, jobs) as own:
            yield from grade_stream(items, grader, jobs, chunk, own)
        return
    if pool is None:
        for item in items:
            yield grader.grade(item)
        return
    pending: deque[Future[list[GradeRecord]]] = deque()
    try:
        for part in _chunks(items, chunk):
            pending.append(pool.submit(_grade_chunk, part))
            while len(pending) >= jobs * WINDOW:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()

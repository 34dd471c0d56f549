"""Grading many puzzles: one record per puzzle, in input order, with a time budget each.

``grade_stream`` takes puzzles (and unreadable-input errors) as a stream and yields one
``GradeRecord`` per item in the same order. Memory stays flat however long the stream:
at most ``jobs * WINDOW`` chunks are in flight. With ``jobs > 1`` worker processes do the
solving. A puzzle's time budget (``max_seconds``, the user's stop switch) is checked
cooperatively by the solver loop and between the work units of long searches
(:mod:`engine.stop`); a record cut short says so (status ``timeout``). The budget never
changes what a search finds: a record that is not cut is the same on every machine.
"""

from __future__ import annotations

import signal
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Iterable, Iterator, Sequence, Union

from engine.formats import Puzzle, format_line
from engine.grid import Contradiction
from engine.profiles import Profile
from engine.profiles.rating import Fields
from engine.solver import SolveStatus
from engine.stop import Stopped, stop_after
from engine.technique import Technique
from engine.workers import ignore_interrupts, process_pool

#: Puzzles per task sent to a worker: big enough to make the hand-over cheap, small
#: enough to keep the progress bar moving.
CHUNK = 8
#: Chunks in flight per worker.
WINDOW = 4


class GradeStatus(StrEnum):
    """What became of one puzzle."""

    OK = "ok"
    INVALID = "invalid"  # no solution, or several
    TIMEOUT = "timeout"  # not graded within the time budget
    ERROR = "error"  # unreadable input


def record_columns(profile: Profile) -> tuple[str, ...]:
    """The keys of a grade record (JSON) and the columns of its CSV row, in order: the
    profile's rating fields between ``status`` and ``hardest``."""
    return ("puzzle", "status", *(c.key for c in profile.rating_columns), "hardest", "steps", "brute_force", "seconds", "error")


@dataclass(frozen=True)
class GradeRecord:
    """One puzzle's grade. ``fields`` are the profile's rating fields (all None when the
    puzzle was not graded); ``label`` the rating's label (HoDoKu: the level)."""

    puzzle: str | None
    status: GradeStatus
    fields: Fields = ()
    label: str | None = None
    hardest: str | None = None
    steps: int | None = None
    brute_force: int | None = None
    seconds: float = 0.0
    error: str | None = None

    def field(self, key: str) -> Any:
        """A rating field by its key (None when absent)."""
        return dict(self.fields).get(key)

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle,
            "status": self.status.value,
            **dict(self.fields),
            "hardest": self.hardest,
            "steps": self.steps,
            "brute_force": self.brute_force,
            "seconds": self.seconds,
            "error": self.error,
        }


Item = Union[Puzzle, GradeRecord]  # a puzzle to grade, or an error record passed through


class Grader:
    """Grades one puzzle at a time with one profile, fixed techniques and budget."""

    def __init__(self, profile: Profile, max_seconds: float | None = None, techniques: Sequence[Technique] | None = None) -> None:
        self.profile = profile
        self.techniques = tuple(techniques if techniques is not None else profile.default)
        self.max_seconds = max_seconds
        self.blank = profile.blank_fields()

    def grade(self, item: Item) -> GradeRecord:
        if isinstance(item, GradeRecord):
            return item if item.fields else replace(item, fields=self.blank)
        line = format_line(item.values)
        start = time.perf_counter()
        try:
            with stop_after(self.max_seconds):
                record = self._grade(item, line)
        except Stopped:
            error = f"not graded within {self.max_seconds:g} s"
            return GradeRecord(line, GradeStatus.TIMEOUT, self.blank, seconds=_elapsed(start), error=error)
        return replace(record, seconds=_elapsed(start))

    def _grade(self, puzzle: Puzzle, line: str) -> GradeRecord:
        try:
            grid = puzzle.to_grid()
        except Contradiction as broken:
            return GradeRecord(line, GradeStatus.INVALID, self.blank, error=f"no solution: {broken}")
        rater = self.profile.rater()
        result = self.profile.solve(grid, self.techniques, watch=rater.watch)
        if result.status is SolveStatus.INVALID:
            return GradeRecord(line, GradeStatus.INVALID, self.blank, error=result.error)
        rating = rater.rating(result.status is SolveStatus.SOLVED)
        return GradeRecord(line, GradeStatus.OK, rating.fields, rating.label, rating.hardest, rating.steps, rating.brute_force)


def _elapsed(start: float) -> float:
    return round(time.perf_counter() - start, 4)


# --- worker processes -----------------------------------------------------------------

_worker: Grader | None = None


def _init_worker(grader: Grader) -> None:
    global _worker
    _worker = grader
    ignore_interrupts()


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


def worker_pool(grader: Grader, jobs: int) -> AbstractContextManager[ProcessPoolExecutor | None]:
    """Worker processes for ``grade_stream`` (None for ``jobs`` <= 1), all started on entry
    (see ``engine.workers.process_pool``)."""
    return process_pool(jobs, _init_worker, (grader,))


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

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

import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence, Union, cast

from engine.formats import Puzzle, format_line
from engine.grid import Contradiction, Grid
from engine.profiles import Profile
from engine.profiles.rating import Fields
from engine.solver import SolveStatus
from engine.stop import Stopped, stop_after
from engine.technique import Technique
from engine.workers import Workers, ordered, process_pool

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import GradeRecordJSON, RatingFields

#: Puzzles per task sent to a worker: big enough to make the hand-over cheap, small
#: enough to keep the progress bar moving.
CHUNK = 16
#: Chunks in flight per worker. Grading times are skewed (on 17-clue puzzles the median
#: is 2 ms, one in a hundred takes over 60 ms, the slowest a second), and results come
#: out in input order: while the first chunk in flight holds a slow puzzle, the other
#: workers must have enough queued behind it to keep busy. 64 chunks of 16 is about a
#: thousand small records held per worker at most.
WINDOW = 64


class GradeStatus(StrEnum):
    """What became of one puzzle."""

    OK = "ok"
    INVALID = "invalid"  # no solution, or several
    TIMEOUT = "timeout"  # not graded within the time budget
    ERROR = "error"  # unreadable input


def record_columns(profile: Profile, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The keys of a grade record (JSON) and the columns of its CSV row, in order: the
    profile's rating fields (and ``extra`` ones) between ``status`` and ``hardest``."""
    return ("puzzle", "status", *(c.key for c in profile.rating_columns), *extra, "hardest", "steps", "brute_force", "seconds", "error")


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

    def to_json(self) -> GradeRecordJSON:
        return {
            "puzzle": self.puzzle,
            "status": self.status.value,
            **cast("RatingFields", dict(self.fields)),
            "hardest": self.hardest,
            "steps": self.steps,
            "brute_force": self.brute_force,
            "seconds": self.seconds,
            "error": self.error,
        }


Item = Union[Puzzle, GradeRecord]  # a puzzle to grade, or an error record passed through


class Grader:
    """Grades one puzzle at a time with one profile, fixed techniques and budget."""

    def __init__(
        self, profile: Profile, max_seconds: float | None = None, techniques: Sequence[Technique] | None = None, exact_se: Profile | None = None
    ) -> None:
        self.profile = profile
        self.techniques = tuple(techniques if techniques is not None else profile.default)
        self.max_seconds = max_seconds
        self.exact_se = exact_se  # a profile whose ER replaces the se field (grade --se exact)
        self.blank = profile.blank_fields() + ((("se_exact", None),) if exact_se is not None else ())

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
        fields, error = rating.fields, result.error if result.status is SolveStatus.STUCK else None
        if self.exact_se is not None:
            fields, error = self._exact_se(grid, fields, error)
        return GradeRecord(line, GradeStatus.OK, fields, rating.label, rating.hardest, rating.steps, rating.brute_force, error=error)

    def _exact_se(self, grid: Grid, fields: Fields, error: str | None) -> tuple[Fields, str | None]:
        """The fields with ``se`` replaced by the exact profile's ER, and ``se_exact``."""
        assert self.exact_se is not None
        result = self.exact_se.solve(grid)
        er = self.exact_se.rate(result.steps, solved=result.status is SolveStatus.SOLVED)["er"]
        if result.status is SolveStatus.STUCK and error is None:
            error = f"se: {result.error}"
        return tuple((key, er if key == "se" else value) for key, value in fields) + (("se_exact", True),), error


def _elapsed(start: float) -> float:
    return round(time.perf_counter() - start, 4)


# --- worker processes -----------------------------------------------------------------

_worker: Grader | None = None


def _init_worker(grader: Grader) -> None:
    global _worker
    _worker = grader


def _grade_chunk(chunk: list[Item]) -> list[GradeRecord]:
    assert _worker is not None
    return [_worker.grade(item) for item in chunk]


def chunks(items: Iterable[Item], size: int, ramp: int = 0) -> Iterator[list[Item]]:
    """The items in lists of ``size`` (the last one shorter), as they stream. With a
    ``ramp``, the first lists are shorter: ``ramp`` lists of one item, then ``ramp`` of
    two, of four and so on up to ``size``."""
    step = 1 if ramp > 0 else size
    made = 0
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= step:
            yield chunk
            chunk = []
            made += 1
            if ramp > 0 and made % ramp == 0:
                step = min(size, step * 2)
    if chunk:
        yield chunk


def worker_pool(grader: Grader, jobs: int) -> AbstractContextManager[Workers | None]:
    """Worker processes for ``grade_stream`` (None for ``jobs`` <= 1), all started on entry
    (see ``engine.workers.process_pool``)."""
    return process_pool(jobs, _init_worker, (grader,))


def grade_stream(
    items: Iterable[Item],
    grader: Grader,
    jobs: int = 1,
    chunk: int = CHUNK,
    pool: Workers | None = None,
) -> Iterator[GradeRecord]:
    """One record per item, in order; ``jobs`` > 1 grades in that many worker processes
    (those of ``pool`` when given, see ``worker_pool``). A worker that dies is replaced
    and its puzzles graded again."""
    if pool is None and jobs > 1:
        with worker_pool(grader, jobs) as own:
            yield from grade_stream(items, grader, jobs, chunk, own)
        return
    if pool is None:
        for item in items:
            yield grader.grade(item)
        return
    # Full-size chunks start short, one of each size per worker: the first record comes out
    # when the first puzzle is graded, not the first sixteen (hard puzzles take a second
    # each), and a reader that goes away (`| head -1`) is noticed at the next short chunk.
    # Smaller chunks are a short batch already shared out over the workers.
    tasks = ((part,) for part in chunks(items, chunk, ramp=pool.jobs if chunk >= CHUNK else 0))
    for records in ordered(pool, _grade_chunk, tasks, pool.jobs * WINDOW):
        yield from records

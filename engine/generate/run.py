"""Candidates by number, judged in order, in one process or several.

Candidate ``i`` of seed ``s`` is a function of ``(s, i)`` alone: its random generator is
seeded with both (``candidate_rng``), never with anything that depends on which worker
process made it or when. Candidates are judged in chunks of consecutive numbers, in any
number of processes, and their verdicts are read back in number order, so a run gives the
same puzzles in the same order with any ``jobs``. A run can also start at any candidate
number (``start``): the puzzles of a run resumed at the candidate after the last one
written are exactly those the whole run would have written next.
"""

from __future__ import annotations

import random
import itertools
from collections import Counter
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, cast

from engine.cells import Digit
from engine.formats import format_line
from engine.generate.dig import Digger, random_solution
from engine.generate.judge import Judge, Verdict
from engine.generate import DEFAULT_MAX_TRIES
from engine.generate.request import Request
from engine.profiles import Rating
from engine.technique import Catalog
from engine.workers import Workers, ordered, process_pool

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import GeneratedRecord

#: Candidates per task sent to a worker process, and tasks in flight per worker.
CHUNK = 4
WINDOW = 3


def candidate_rng(seed: int, index: int) -> random.Random:
    """The random generator of candidate ``index`` of a run with ``seed`` (string seeding
    hashes with SHA-512: the same numbers on every machine and Python version)."""
    return random.Random(f"stepdoku-generate:{seed}:{index}")


def make_candidate(request: Request, seed: int, index: int) -> tuple[list[Digit], list[Digit]]:
    """Candidate ``index``: a puzzle with one solution (minimal, symmetric, clue count
    as the request says, when the dig allows) and that solution."""
    rng = candidate_rng(seed, index)
    solution = random_solution(rng)
    target = 0 if request.minimal else rng.randint(request.dig_range().low, request.dig_range().high)
    return Digger(solution).dig(request.symmetry.orbits(), rng, target), solution


@dataclass(frozen=True)
class Generated:
    """A generated puzzle: its candidate number, clues, solution and ratings (by profile
    name, the request's profile first)."""

    index: int
    values: tuple[Digit, ...]
    solution: tuple[Digit, ...]
    ratings: tuple[tuple[str, Rating], ...]

    @property
    def puzzle(self) -> str:
        """The 81-character line (``.`` for empty cells)."""
        return format_line(self.values)

    @property
    def rating(self) -> Rating:
        """The rating on the request's profile."""
        return self.ratings[0][1]

    @property
    def clues(self) -> int:
        return sum(1 for v in self.values if v)

    def to_json(self) -> GeneratedRecord:
        """``grade --format jsonl``'s fields (without the timing), the techniques used as
        in ``explain --json``'s rating, other scales' fields, clues and candidate number."""
        main = self.rating
        record: dict[str, Any] = {"puzzle": self.puzzle, "status": "ok", **dict(main.fields)}
        record.update(hardest=main.hardest, steps=main.steps, brute_force=main.brute_force)
        for _, other in self.ratings[1:]:
            for key, value in other.fields:
                record.setdefault(key, value)
        record["techniques"] = [count.to_json() for count in main.counts]
        record.update(clues=self.clues, candidate=self.index)
        return cast("GeneratedRecord", record)


@dataclass(frozen=True)
class Outcome:
    """One candidate's verdict (``generated`` when it was accepted)."""

    index: int
    reason: str | None
    generated: Generated | None = None


@dataclass
class Stats:
    """How a run went: candidates tried, puzzles found, rejections by reason, and whether
    it gave up (``--max-tries`` candidates in a row without a puzzle)."""

    tried: int = 0
    found: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    gave_up: bool = False
    next_index: int = 0  # the candidate a resumed run starts at

    def add(self, outcome: Outcome) -> None:
        self.tried += 1
        self.next_index = outcome.index + 1
        if outcome.reason is None:
            self.found += 1
        else:
            self.rejected[outcome.reason] += 1


class Worker:
    """Makes and judges candidates (in the main process or a worker process)."""

    def __init__(self, request: Request, catalog: Catalog, seed: int) -> None:
        self.request = request
        self.seed = seed
        self.judge = Judge(request, catalog)

    def outcome(self, index: int) -> Outcome:
        values, solution = make_candidate(self.request, self.seed, index)
        verdict: Verdict = self.judge.judge(values, solution)
        if not verdict.accepted:
            return Outcome(index, verdict.reason)
        return Outcome(index, None, Generated(index, tuple(values), tuple(solution), verdict.ratings))

    def chunk(self, start: int, size: int) -> list[Outcome]:
        return [self.outcome(i) for i in range(start, start + size)]


_worker: Worker | None = None


def _init_worker(worker: Worker) -> None:
    global _worker
    _worker = worker


def _judge_chunk(start: int, size: int) -> list[Outcome]:
    assert _worker is not None
    return _worker.chunk(start, size)


def worker_pool(worker: Worker, jobs: int) -> AbstractContextManager[Workers | None]:
    """Worker processes for ``outcomes`` (None for ``jobs`` <= 1), all started on entry
    (see ``engine.workers.process_pool``)."""
    return process_pool(jobs, _init_worker, (worker,))


def outcomes(worker: Worker, start: int = 0, pool: Workers | None = None, jobs: int = 1) -> Iterator[Outcome]:
    """Every candidate's outcome from ``start`` on, in number order (endless: the caller
    stops reading)."""
    index = start
    if pool is None:
        while True:
            yield worker.outcome(index)
            index += 1
    tasks = ((i, CHUNK) for i in itertools.count(start, CHUNK))
    for chunk in ordered(pool, _judge_chunk, tasks, jobs * WINDOW):
        yield from chunk


def run(
    worker: Worker,
    count: int | None,
    stats: Stats,
    *,
    start: int = 0,
    max_tries: int = DEFAULT_MAX_TRIES,
    pool: Workers | None = None,
    jobs: int = 1,
    progress: Callable[[Stats], None] | None = None,
) -> Iterator[Generated]:
    """The accepted candidates from ``start`` on, until ``count`` (None: no end) or
    ``max_tries`` candidates in a row without one (then ``stats.gave_up``)."""
    since = 0
    stats.next_index = start
    if count is not None and count <= 0:
        return
    for outcome in outcomes(worker, start, pool, jobs):
        stats.add(outcome)
        if progress is not None:
            progress(stats)
        if outcome.generated is not None:
            since = 0
            yield outcome.generated
            if count is not None and stats.found >= count:
                return
            continue
        since += 1
        if since >= max_tries:
            stats.gave_up = True
            return

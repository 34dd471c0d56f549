"""A generator run: ``Generator`` (the request checked, the judge built, the seed fixed)
and ``generate``, the iterator of puzzles that meet a request."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Callable, Iterator

from engine.generate.judge import Judge
from engine.generate import DEFAULT_MAX_TRIES
from engine.generate.request import Request
from engine.generate.run import Generated, Stats, Worker, run, worker_pool
from engine.technique import Catalog
from engine.workers import Workers


class Generator:
    """A generator run's set-up: the request checked (``RequestError`` if no puzzle can
    meet it), the judge built, the seed fixed. ``notes`` say when a request is possible
    but rare."""

    def __init__(self, catalog: Catalog, request: Request | None = None, *, seed: int = 0) -> None:
        self.request = request or Request()
        self.seed = seed
        self.worker = Worker(self.request, catalog, seed)
        self.stats = Stats()

    @property
    def judge(self) -> Judge:
        return self.worker.judge

    @property
    def notes(self) -> list[str]:
        return self.judge.notes

    def workers(self, jobs: int) -> AbstractContextManager[Workers | None]:
        """Worker processes for ``puzzles`` (None for ``jobs`` <= 1), all started on entry:
        enter it before starting any thread (a progress bar)."""
        return worker_pool(self.worker, jobs)

    def puzzles(
        self,
        count: int | None = None,
        *,
        jobs: int = 1,
        pool: Workers | None = None,
        start: int = 0,
        max_tries: int = DEFAULT_MAX_TRIES,
        progress: Callable[[Stats], None] | None = None,
    ) -> Iterator[Generated]:
        """Up to ``count`` puzzles (None: endless), in candidate order, from candidate
        ``start`` on, in ``jobs`` processes (those of ``pool`` when given, see
        ``workers``); ``self.stats`` counts what was tried and why it was rejected."""
        if pool is None and jobs > 1:
            with self.workers(jobs) as own:
                yield from self.puzzles(count, jobs=jobs, pool=own, start=start, max_tries=max_tries, progress=progress)
            return
        yield from run(self.worker, count, self.stats, start=start, max_tries=max_tries, pool=pool, jobs=jobs, progress=progress)

    def record_keys(self) -> tuple[str, ...]:
        """The keys of ``Generated.to_json()`` for this run, in order."""
        fields: list[str] = []
        for profile in self.judge.rated_profiles():
            fields += [column.key for column in profile.rating_columns if column.key not in fields]
        main = [column.key for column in self.judge.profile.rating_columns]
        others = [key for key in fields if key not in main]
        return ("puzzle", "status", *main, "hardest", "steps", "brute_force", *others, "techniques", "clues", "candidate")


def generate(
    catalog: Catalog,
    request: Request | None = None,
    *,
    count: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    start: int = 0,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> Iterator[Generated]:
    """New proper puzzles (one solution; minimal unless the request says otherwise) that
    meet ``request``, as they are found.

    Args:
        catalog: the techniques (``techniques.CATALOG``).
        request: what the puzzles must be (level, score, SE, required techniques,
            symmetry, clues, minimality); default: any proper minimal puzzle.
        count: how many (None: until the caller stops reading).
        seed: the same seed gives the same puzzles in the same order, with any ``jobs``.
        jobs: worker processes.
        start: the candidate number to start at (a run resumed where another stopped).
        max_tries: stop after this many candidates in a row without a puzzle.

    Yields:
        ``Generated``: ``puzzle`` (81 characters), ``values``, ``solution``,
        ``rating`` (on the request's profile), ``ratings`` (every scale the request
        used), ``index`` (candidate number), ``to_json()``.

    Raises:
        RequestError: (when the first puzzle is asked for) no puzzle can meet the request.
        UnknownTechnique: a required code no technique has.
    """
    yield from Generator(catalog, request, seed=seed).puzzles(count, jobs=jobs, start=start, max_tries=max_tries)



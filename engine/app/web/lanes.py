"""Where requests are worked on: two lanes of worker processes, each trying a request with
a small work budget first, then a larger one.

A request is tried with growing work budgets, each ten times the one before, until one is
enough; a try that runs out stops at once (work units are counted as they are spent) and
the next starts again from the beginning, so what is thrown away is at most a tenth of the
work that answers. The budgets, with the default flags:

==========  =====  ===============  ====================================================
lane        turn   budget (units)   what it answers
==========  =====  ===============  ====================================================
quick       0      100              a hint at almost any position, a solve, a read
quick       1      1,000            an easy puzzle's walkthrough, a hint needing a wing
full        0      20,000           a hint needing chains or nets, a hard walkthrough
full        1      200,000          the hardest walkthroughs (``--max-work``; past it 422)
==========  =====  ===============  ====================================================

In each lane a free worker goes to the waiting request of the lowest turn, the earliest
first: a request on its first, small budget never waits behind the second tries of heavier
ones, and a hint needing 20,000 units never waits behind walkthroughs of the hardest
puzzles. The full lane's workers run at a lower CPU priority, so a flood of the hardest
puzzles fills the full lane while easy requests keep the quick lane and their CPU. A
request seen to need more than the first budget (the same endpoint and fields) starts at
the budget that answered it next time.

Each lane holds at most ``workers + queue`` requests at once; past that the answer is 503
with ``Retry-After``, never a wait without end. The workers are those of ``grade -j``
(:class:`engine.workers.Workers`: started up front, a lost worker replaced, none left
behind); the event loop only waits for their futures, and only the worker holding a turn
has a task (the pool's own queue stays empty, so the turns decide the order).
"""

from __future__ import annotations

import asyncio
import hashlib
import heapq
import itertools
import json
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, AsyncIterator

from engine.app.web.jobs import Outcome, encoded, error_body, init_lane, run_job
from engine.workers import MAX_TRIES, Workers

#: Requests remembered as needing more than the first budget.
HEAVY_MEMORY = 4096
#: Lower CPU priority of the full lane's workers.
FULL_NICE = 10
#: Each budget of a lane is this many times the one before.
GROWTH = 10


class Busy(Exception):
    """A lane is full: answer 503, and say when to try again."""

    def __init__(self, lane: str, retry_after: int) -> None:
        super().__init__(f"the server is busy ({lane} lane full); try again in {retry_after} s")
        self.retry_after = retry_after


@dataclass(frozen=True)
class LaneSettings:
    workers: int
    queue: int
    quick_work: int
    max_work: int
    listening: tuple[int, ...] = ()  # the server's listening sockets: the workers close them


def budgets(low: int, high: int) -> tuple[int, ...]:
    """A lane's budgets up to ``high``: a tenth of it first when that is more than ``low``
    (the budget before it), then ``high`` itself.

    >>> budgets(0, 1_000), budgets(1_000, 200_000), budgets(1_000, 5_000)
    ((100, 1000), (20000, 200000), (5000,))
    """
    first = high // GROWTH
    return (first, high) if first > low else (high,)


class Turns:
    """``count`` turns at the workers, each given to the waiting request of the lowest
    rank, the earliest first (a priority queue of waiters, without a busy loop)."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @asynccontextmanager
    async def turn(self, rank: int) -> AsyncIterator[None]:
        if self.free and not self._waiting:
            self.free -= 1
        else:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (rank, next(self._arrivals), waiter))
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._hand_on()  # given the turn as it was cancelled: pass it on
                raise
        try:
            yield
        finally:
            self._hand_on()

    def _hand_on(self) -> None:
        while self._waiting:
            waiter = heapq.heappop(self._waiting)[2]
            if not waiter.done():  # a cancelled waiter is passed over
                waiter.set_result(None)
                return
        self.free += 1


class Lane:
    """``jobs`` worker processes taking at most ``capacity`` requests at once, each tried
    with the lane's budgets in turn."""

    def __init__(self, name: str, jobs: int, queue: int, work: tuple[int, ...], nice: int, retry_after: int, listening: tuple[int, ...] = ()) -> None:
        self.name = name
        self.capacity = jobs + queue
        self.budgets = work
        self.retry_after = retry_after
        self.busy = 0
        self.turns = Turns(jobs)
        self.workers = Workers(jobs, init_lane, (nice, listening))
        self._renewing = asyncio.Lock()
        self._generation = 0

    async def run(self, kind: str, fields: dict[str, Any], compress: bool, first: int, last_lane: bool) -> tuple[Outcome, int]:
        """The outcome of the first budget (from ``first`` on) that is enough, and its
        rank; an over-budget outcome when none is (the next lane's turn), unless this is
        the last lane (then the work-limit error)."""
        if self.busy >= self.capacity:
            raise Busy(self.name, self.retry_after)
        self.busy += 1
        try:
            for rank in range(first, len(self.budgets)):
                final = last_lane and rank == len(self.budgets) - 1
                async with self.turns.turn(rank):
                    outcome = await self._run(kind, fields, compress, self.budgets[rank], final)
                if not outcome.over_budget:
                    break
            return outcome, rank
        finally:
            self.busy -= 1

    async def _run(self, kind: str, fields: dict[str, Any], compress: bool, budget: int, final: bool) -> Outcome:
        for _ in range(MAX_TRIES):
            generation = self._generation
            try:
                return await asyncio.wrap_future(self.workers.submit(run_job, kind, fields, compress, budget, final))
            except BrokenProcessPool:
                await self._renew(generation)
        message = f"a worker process died {MAX_TRIES} times on this request (out of memory?)"
        return encoded(500, error_body("internal", message), compress=False)

    async def _renew(self, generation: int) -> None:
        """Fresh workers, once for all the requests that met the same broken pool."""
        async with self._renewing:
            if generation == self._generation:
                await asyncio.to_thread(self.workers.renew)
                self._generation += 1

    def close(self) -> None:
        self.workers.close(wait=True)


class Lanes:
    """The quick and the full lane, and which requests are known to need more than the
    first budget (and which one answered them)."""

    def __init__(self, settings: LaneSettings) -> None:
        self.settings = settings
        quick = budgets(0, settings.quick_work)
        self.quick = Lane("quick", settings.workers, settings.queue, quick, 0, 1, settings.listening)
        self.full = Lane("full", settings.workers, settings.queue, budgets(quick[-1], settings.max_work), FULL_NICE, 5, settings.listening)
        self._heavy: OrderedDict[str, tuple[int, int]] = OrderedDict()

    async def run(self, kind: str, fields: dict[str, Any], compress: bool = False) -> tuple[Outcome, str]:
        """The outcome of a request (its answer gzip-compressed with ``compress``), and the
        lane that answered it."""
        key = _fingerprint(kind, fields)
        start, first = self._heavy.get(key, (0, 0))
        lanes = (self.quick, self.full)
        for number in range(start, len(lanes)):
            lane = lanes[number]
            outcome, rank = await lane.run(kind, fields, compress, first if number == start else 0, number == len(lanes) - 1)
            if not outcome.over_budget:
                if (number, rank) != (0, 0):
                    self._remember(key, (number, rank))
                return outcome, lane.name
        raise AssertionError("the last lane's last budget is final")

    def _remember(self, key: str, where: tuple[int, int]) -> None:
        self._heavy[key] = where
        self._heavy.move_to_end(key)
        while len(self._heavy) > HEAVY_MEMORY:
            self._heavy.popitem(last=False)

    def close(self) -> None:
        self.quick.close()
        self.full.close()


def _fingerprint(kind: str, fields: dict[str, Any]) -> str:
    text = json.dumps([kind, fields], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

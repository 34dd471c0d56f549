"""Where requests are worked on: two lanes of worker processes, each with a bounded queue.

* Every request first goes to the **quick lane** with a small work budget (``quick_work``
  units). Most requests (a hint, a solve, an easy walkthrough) finish there.
* One that needs more is run again from the start in the **full lane**, with the whole
  budget (``max_work``); its workers run at a lower CPU priority. A request seen needing
  the full lane (the same endpoint and fields) goes straight there next time.

So a flood of the hardest puzzles fills the full lane while easy requests keep the quick
lane and their CPU. Each lane takes at most ``workers + queue`` requests at once; past
that the answer is 503 with ``Retry-After``, never a wait without end. The workers are
those of ``grade -j`` (:class:`engine.workers.Workers`: started up front, a lost worker
replaced, none left behind); the event loop only waits for their futures.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from engine.app.web.jobs import Outcome, encoded, error_body, init_lane, run_job
from engine.workers import MAX_TRIES, Workers

#: Requests remembered as needing the full lane.
HEAVY_MEMORY = 4096
#: Lower CPU priority of the full lane's workers.
FULL_NICE = 10


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


class Lane:
    """``jobs`` worker processes with a work budget each, taking at most ``capacity``
    requests at once."""

    def __init__(self, name: str, jobs: int, queue: int, budget: int, quick: bool, nice: int, retry_after: int) -> None:
        self.name = name
        self.capacity = jobs + queue
        self.retry_after = retry_after
        self.busy = 0
        self.workers = Workers(jobs, init_lane, (budget, quick, nice))
        self._renewing = asyncio.Lock()
        self._generation = 0

    async def run(self, kind: str, fields: dict[str, Any], compress: bool) -> Outcome:
        if self.busy >= self.capacity:
            raise Busy(self.name, self.retry_after)
        self.busy += 1
        try:
            return await self._run(kind, fields, compress)
        finally:
            self.busy -= 1

    async def _run(self, kind: str, fields: dict[str, Any], compress: bool) -> Outcome:
        for _ in range(MAX_TRIES):
            generation = self._generation
            try:
                return await asyncio.wrap_future(self.workers.submit(run_job, kind, fields, compress))
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
    """The quick and the full lane, and which requests are known to need the full one."""

    def __init__(self, settings: LaneSettings) -> None:
        self.settings = settings
        self.quick = Lane("quick", settings.workers, settings.queue, settings.quick_work, True, 0, 1)
        self.full = Lane("full", settings.workers, settings.queue, settings.max_work, False, FULL_NICE, 5)
        self._heavy: OrderedDict[str, None] = OrderedDict()

    async def run(self, kind: str, fields: dict[str, Any], compress: bool = False) -> tuple[Outcome, str]:
        """The outcome of a request (its answer gzip-compressed with ``compress``), and the
        lane that answered it."""
        key = _fingerprint(kind, fields)
        if key not in self._heavy:
            outcome = await self.quick.run(kind, fields, compress)
            if not outcome.over_budget:
                return outcome, "quick"
            self._remember(key)
        return await self.full.run(kind, fields, compress), "full"

    def _remember(self, key: str) -> None:
        self._heavy[key] = None
        self._heavy.move_to_end(key)
        while len(self._heavy) > HEAVY_MEMORY:
            self._heavy.popitem(last=False)

    def close(self) -> None:
        self.quick.close()
        self.full.close()


def _fingerprint(kind: str, fields: dict[str, Any]) -> str:
    text = json.dumps([kind, fields], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

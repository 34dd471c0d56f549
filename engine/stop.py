"""A user's stop switch for long work, checked cooperatively (never from a signal handler).

``grade --max-seconds`` lets a user cut one record short. The solver loop, and long
searches between their work units, call :func:`checkpoint`; past the deadline it raises
:class:`Stopped`, at a point of our choosing, so nothing half-done (a hypothesis callback,
a ``finally`` block, a library's internals) is ever interrupted. The deadline only ever
cuts a record short (which then says so); it never changes what a search finds, so the
same puzzle gets the same steps on every machine. Searches are bounded by work on their
own (see each technique's limits); this is only the user's switch.

The deadline is held in a context variable: set for one block with :func:`stop_after`,
invisible outside it, and separate per thread.

A service bounds each request by work, never by the clock: :func:`work_limit` gives a
block a budget of work units, one spent per :func:`checkpoint` (each technique tried by
the solver loop, each unit of a long search), and past it raises :class:`WorkLimitReached`.
The same request spends the same units on every machine, busy or idle.

>>> with work_limit(2):
...     checkpoint(); checkpoint(); checkpoint()
Traceback (most recent call last):
    ...
engine.stop.WorkLimitReached: more than 2 work units

>>> with stop_after(None):
...     checkpoint()  # no deadline: returns at once
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_deadline: ContextVar[float] = ContextVar("stepdoku_deadline", default=math.inf)
_budget: ContextVar[list[int] | None] = ContextVar("stepdoku_work_budget", default=None)


class Stopped(BaseException):
    """The stop switch's deadline has passed. A BaseException, so that no technique's
    ``except Exception`` swallows it."""


@contextmanager
def stop_after(seconds: float | None) -> Iterator[None]:
    """Within the block, :func:`checkpoint` raises :class:`Stopped` once ``seconds`` have
    passed (None or infinity: never). An enclosing, earlier deadline still holds."""
    limit = math.inf if seconds is None else time.monotonic() + seconds
    token = _deadline.set(min(limit, _deadline.get()))
    try:
        yield
    finally:
        _deadline.reset(token)


class WorkLimitReached(BaseException):
    """A :func:`work_limit` budget is spent. A BaseException, as :class:`Stopped` is."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit} work units")
        self.limit = limit


@contextmanager
def work_limit(units: int | None) -> Iterator[list[int]]:
    """Within the block, the :func:`checkpoint` after the first ``units`` raises
    :class:`WorkLimitReached` (None: no limit). Yields ``[units left, limit]``."""
    budget = [units if units is not None else -1, units if units is not None else -1]
    token = _budget.set(budget if units is not None else None)
    try:
        yield budget
    finally:
        _budget.reset(token)


def work_spent(budget: list[int]) -> int:
    """The units a :func:`work_limit` block has spent so far."""
    return budget[1] - budget[0]


def checkpoint() -> None:
    """Raise :class:`Stopped` if the current deadline has passed, :class:`WorkLimitReached`
    when the work budget is spent; cheap enough (two context lookups and a clock read,
    well under a microsecond) to call between work units."""
    deadline = _deadline.get()
    if deadline != math.inf and time.monotonic() >= deadline:
        raise Stopped()
    budget = _budget.get()
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise WorkLimitReached(budget[1])

"""A user's stop switch for long work, and a bound on the work of a listing, both checked
cooperatively (never from a signal handler).

``grade --max-seconds`` lets a user cut one record short. The solver loop, and long
searches between their work units, call :func:`checkpoint`; past the deadline it raises
:class:`Stopped`, at a point of our choosing, so nothing half-done (a hypothesis callback,
a ``finally`` block, a library's internals) is ever interrupted. The deadline only ever
cuts a record short (which then says so); it never changes what a search finds, so the
same puzzle gets the same steps on every machine. Searches are bounded by work on their
own (see each technique's limits); this is only the user's switch.

The deadline is held in a context variable: set for one block with :func:`stop_after`,
invisible outside it, and separate per thread.

>>> with stop_after(None):
...     checkpoint()  # no deadline: returns at once

**A work bound** (:func:`work_limit`) is the other reason to stop, for listings (``steps``,
every step of a technique): every call of :func:`checkpoint` spends its ``work`` (one
unit: a trial, a closure, a chain run; more where a call stands for more, such as a
chaining run's nodes), and once a block's units are spent it raises :class:`WorkSpent`;
:func:`charge` spends units on what was found (a listed step).
Units are counted, not timed, so a listing cut short is cut at the same point on every
machine. The solver never sets one: a solve's steps do not depend on it.

>>> try:
...     with work_limit(2):
...         checkpoint(); checkpoint(); checkpoint()
... except WorkSpent as spent:
...     print(spent)
the work bound of 2 units is spent
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_deadline: ContextVar[float] = ContextVar("stepdoku_deadline", default=math.inf)
#: [units left, the bound] of the innermost work_limit block (None: no bound).
_work: ContextVar[list[int] | None] = ContextVar("stepdoku_work", default=None)


class Stopped(BaseException):
    """The stop switch's deadline has passed. A BaseException, so that no technique's
    ``except Exception`` swallows it."""


class WorkSpent(BaseException):
    """A :func:`work_limit` block spent its units. A BaseException, as :class:`Stopped`."""

    def __init__(self, bound: int) -> None:
        super().__init__(f"the work bound of {bound:,} units is spent")
        self.bound = bound


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


@contextmanager
def work_limit(units: int) -> Iterator[None]:
    """Within the block, :func:`checkpoint` spends units and raises :class:`WorkSpent` once
    more than ``units`` are spent. A block of its own inside another counts for itself."""
    token = _work.set([units, units])
    try:
        yield
    finally:
        _work.reset(token)


def charge(work: int) -> None:
    """Spend ``work`` units on output already found (a listed step): raise
    :class:`WorkSpent` when this spend passes the bound, not when the bound was passed
    before. A technique whose search reached its bound may still hand over, in order,
    what it found before it (then raise :class:`WorkSpent` itself)."""
    budget = _work.get()
    if budget is not None and budget[0] >= 0:
        budget[0] -= work
        if budget[0] < 0:
            raise WorkSpent(budget[1])


def checkpoint(work: int = 1) -> None:
    """Spend ``work`` units of the current work bound, if any, and raise
    :class:`WorkSpent` once it is spent; raise :class:`Stopped` if the current deadline
    has passed. Cheap enough (two context lookups, and a clock read only under a deadline)
    to call between work units."""
    budget = _work.get()
    if budget is not None:
        budget[0] -= work
        if budget[0] < 0:
            raise WorkSpent(budget[1])
    deadline = _deadline.get()
    if deadline != math.inf and time.monotonic() >= deadline:
        raise Stopped()

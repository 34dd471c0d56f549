"""A user's stop switch for long work, and work budgets, checked cooperatively (never from
a signal handler).

``grade --max-seconds`` lets a user cut one record short. The solver loop, and long
searches between their work units, call :func:`checkpoint`; past the deadline it raises
:class:`Stopped`, at a point of our choosing, so nothing half-done (a hypothesis callback,
a ``finally`` block, a library's internals) is ever interrupted. The deadline only ever
cuts a record short (which then says so); it never changes what a search finds, so the
same puzzle gets the same steps on every machine. Searches are bounded by work on their
own (see each technique's limits); this is only the user's switch.

The deadline is held in a context variable: set for one block with :func:`stop_after`,
invisible outside it, and separate per thread.

Work is bounded by work units, never by the clock: :func:`work_limit` gives a block a
budget of units, spent at each :func:`checkpoint` (each technique tried by the solver
loop, each unit of a long search: a trial, a closure, a chain run; a call may stand for
more than one) and by :func:`charge` (output already found, such as a listed step); past
it :class:`WorkLimitReached` is raised. The same work spends the same units on every
machine, busy or idle. A service bounds each request this way; ``steps`` bounds each
technique's listing (``engine.listing``). A block inside another counts for itself, and
the enclosing block pays for what it spent. A solve outside such a block never meets one.

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
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final, Iterator

_deadline: Final[ContextVar[float]] = ContextVar("stepdoku_deadline", default=math.inf)
#: [units left, limit] of the innermost work_limit block (None: no budget).
_budget: Final[ContextVar[list[int] | None]] = ContextVar("stepdoku_work_budget", default=None)


class _OpenBlocks:
    """How many blocks with a deadline (``stop_after``) and with a budget (``work_limit``)
    are open, in every thread together: while there are none, :func:`checkpoint` and
    :func:`budgeted` have nothing to look up (a plain solve or grade: hundreds of
    thousands of calls per thousand puzzles). Counted under a lock; read without one,
    since a block only matters to the thread that opened it, which counted it first."""

    def __init__(self) -> None:
        self.deadlines = 0
        self.budgets = 0
        self.lock = threading.Lock()

    def count(self, deadlines: int, budgets: int) -> None:
        with self.lock:
            self.deadlines += deadlines
            self.budgets += budgets


#: Final: compiled, a module name that is not is looked up in a dict at each use.
_OPEN: Final = _OpenBlocks()


class Stopped(BaseException):
    """The stop switch's deadline has passed. A BaseException, so that no technique's
    ``except Exception`` swallows it."""


@contextmanager
def stop_after(seconds: float | None) -> Iterator[None]:
    """Within the block, :func:`checkpoint` raises :class:`Stopped` once ``seconds`` have
    passed (None or infinity: never). An enclosing, earlier deadline still holds."""
    limit = math.inf if seconds is None else time.monotonic() + seconds
    counted = int(limit != math.inf)
    _OPEN.count(counted, 0)
    token = _deadline.set(min(limit, _deadline.get()))
    try:
        yield
    finally:
        _deadline.reset(token)
        _OPEN.count(-counted, 0)


class WorkLimitReached(BaseException):
    """A :func:`work_limit` budget is spent. A BaseException, as :class:`Stopped` is."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit} work units")
        self.limit = limit


@contextmanager
def work_limit(units: int | None) -> Iterator[list[int]]:
    """Within the block, the :func:`checkpoint` after the first ``units`` raises
    :class:`WorkLimitReached` (None: no limit). Yields ``[units left, limit]``. An
    enclosing block is charged, on the way out, with the units this one spent."""
    outer = _budget.get()
    budget = [units if units is not None else -1, units if units is not None else -1]
    counted = int(units is not None)
    _OPEN.count(0, counted)
    token = _budget.set(budget if units is not None else None)
    try:
        yield budget
    finally:
        _budget.reset(token)
        _OPEN.count(0, -counted)
        if outer is not None and units is not None:
            outer[0] -= work_spent(budget)


def budgeted() -> bool:
    """Is a :func:`work_limit` budget counting here? (Results remembered across positions
    skip the checkpoints that spend it, so they are neither used nor kept inside one.)"""
    if not _OPEN.budgets:
        return False
    return _budget.get() is not None


def work_spent(budget: list[int]) -> int:
    """The units a :func:`work_limit` block has spent so far."""
    return budget[1] - budget[0]


def charge(work: int) -> None:
    """Spend ``work`` units on output already found (a listed step): raise
    :class:`WorkLimitReached` when this spend passes the budget, not when the budget was
    passed before: a search that reached its budget may still hand over, in order, what it
    found before it (then raise :class:`WorkLimitReached` itself)."""
    budget = _budget.get()
    if budget is not None and budget[0] >= 0:
        budget[0] -= work
        if budget[0] < 0:
            raise WorkLimitReached(budget[1])


def checkpoint(work: int = 1) -> None:
    """Raise :class:`Stopped` if the current deadline has passed; spend ``work`` units of
    the work budget, if any, and raise :class:`WorkLimitReached` once it is spent. Cheap
    enough (two context lookups, and a clock read only under a deadline) to call between
    work units; while no thread has a block open, nothing is looked up at all."""
    if not (_OPEN.deadlines or _OPEN.budgets):
        return
    deadline = _deadline.get()
    if deadline != math.inf and time.monotonic() >= deadline:
        raise Stopped()
    budget = _budget.get()
    if budget is not None:
        budget[0] -= work
        if budget[0] < 0:
            raise WorkLimitReached(budget[1])

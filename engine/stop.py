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


def checkpoint() -> None:
    """Raise :class:`Stopped` if the current deadline has passed; cheap enough (a context
    lookup and a clock read, well under a microsecond) to call between work units."""
    deadline = _deadline.get()
    if deadline != math.inf and time.monotonic() >= deadline:
        raise Stopped()

"""HoDoKu 2.2's step choice: which step to take when a technique finds several.

HoDoKu's solver asks each technique for one step. Which one it gets depends on the
technique: singles come from queues, oldest first; most techniques return the first step
their search finds; some collect every step and sort them (``SolutionStep.compareTo``).
``choose`` is that policy as a ``solve(..., choose=...)`` hook, for the ``hodoku``
profile. The rules, as learnt from HoDoKu's published behaviour and source, are noted
beside each function; the code is our own.
"""

from __future__ import annotations

from typing import Iterator, Protocol, runtime_checkable

from engine.grid import Grid
from engine.step import Step
from engine.technique import Technique


@runtime_checkable
class OldestFirst(Protocol):
    """A technique that can list its steps in the order they appeared (the singles)."""

    def oldest_first(self, grid: Grid) -> Iterator[Step]: ...


def choose(technique: Technique, grid: Grid) -> Step | None:
    """The step HoDoKu takes from ``technique`` in ``grid`` (None: it finds none).

    Singles: HoDoKu keeps a queue of naked singles and one of hidden singles, filled as
    candidates disappear; Full House is the oldest naked single that is the last empty
    cell of a house, Naked Single the oldest naked single, Hidden Single the oldest hidden
    single.
    """
    if isinstance(technique, OldestFirst):
        return next(technique.oldest_first(grid), None)
    return next(technique.find(grid), None)

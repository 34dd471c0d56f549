"""One cache for whatever is computed from a grid: keyed by the grid's version.

A grid gets a new version number on every change (and a copy keeps its original's), so a
result computed for one version holds for as long as that version exists. Searches that
several techniques share (link graphs, ALS collections, fish searches, rectangles,
templates) decorate their function with ``per_grid_version``: the first call for a
version computes, the later ones reuse. Each function keeps its own few most recent
results; the solver only ever asks about the latest position or two. Results are shared
between callers, so treat them as read-only.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from typing import Callable, Concatenate, Generic, Hashable, Iterable, ParamSpec, TypeVar

from engine.grid import Grid
from engine.stop import budgeted

P = ParamSpec("P")
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def per_grid_version(size: int = 4) -> Callable[[Callable[Concatenate[Grid, P], T]], Callable[Concatenate[Grid, P], T]]:
    """Cache ``function(grid, *args)`` by grid version and arguments, keeping the ``size``
    most recently used results (the arguments must be hashable)."""

    def decorate(function: Callable[Concatenate[Grid, P], T]) -> Callable[Concatenate[Grid, P], T]:
        results: OrderedDict[Hashable, T] = OrderedDict()

        def cached(grid: Grid, /, *args: P.args, **kwargs: P.kwargs) -> T:
            key = (grid.version, args, tuple(sorted(kwargs.items()))) if kwargs else (grid.version, args)
            try:
                found = results[key]
            except KeyError:
                found = results[key] = function(grid, *args, **kwargs)
                if len(results) > size:
                    results.popitem(last=False)
                return found
            results.move_to_end(key)
            return found

        functools.update_wrapper(cached, function)
        return cached

    return decorate


class StateMemo(Generic[K, T]):
    """Results keyed by the part of a position they depend on (one digit's candidates,
    say), kept across grid versions and puzzles: a solve asks again and again about digits
    the last step left alone. Bounded (emptied when full), and neither read nor written
    under a work budget (:func:`engine.stop.work_limit`: a hit skips the checkpoints that
    spend it). The same answers either way, so the output never depends on it."""

    def __init__(self, size: int = 1 << 15) -> None:
        self.size = size
        self.results: dict[K, T] = {}

    def get(self, key: K) -> T | None:
        return None if budgeted() else self.results.get(key)

    def put(self, key: K, value: T) -> None:
        if budgeted():
            return
        if len(self.results) >= self.size:
            self.results.clear()
        self.results[key] = value


def remembered(memo: StateMemo[K, tuple[T, ...]], key: K, compute: Callable[[], Iterable[T]]) -> tuple[T, ...]:
    """What ``compute`` gives, from ``memo`` when it holds ``key`` (else computed, kept)."""
    found = memo.get(key)
    if found is None:
        found = tuple(compute())
        memo.put(key, found)
    return found

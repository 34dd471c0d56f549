"""HoDoKu 2.2's step choice: which step the ``hodoku`` profile takes when a technique
finds several.

HoDoKu's solver asks each technique for one step. Which one it gets depends on the
technique: singles come from queues, oldest first; most techniques return the first step
their search finds; some collect every step and sort them (``SolutionStep.compareTo``);
a few (forcing chains, uniqueness tests) have checks and an order of their own. This
module is that policy, technique by technique (``policy``); the profile decides it once
per technique (``HodokuProfile.choose``). The rules, as learnt from HoDoKu's published
behaviour and source, are noted beside each function; the code is our own.

The engine does not know the techniques: a technique that needs more than its ``find``
offers it through a protocol (``OldestFirst``, ``HodokuSearch``), and the sorted ones are
named by step code.
"""

from __future__ import annotations

from typing import Callable, Iterator, Protocol, Sequence, runtime_checkable

from engine.grid import Grid
from engine.step import Candidate, Step
from engine.technique import Technique

#: Techniques whose steps HoDoKu collects and sorts before taking the first: the simple
#: chains (X-Chain, XY-Chain, Remote Pair, Turbot Fish), the nice loops and AICs, and the
#: ALS Chain (its ``AlsComparator`` ranks steps of different effect the same way).
SORTED = frozenset({"x", "xyc", "rp", "tf", "nl", "gnl", "ach"})

#: How the profile takes a step from one technique in a grid (None: it finds none).
Policy = Callable[[Grid], Step | None]


@runtime_checkable
class OldestFirst(Protocol):
    """A technique that can list its steps in the order they appeared (the singles)."""

    def oldest_first(self, grid: Grid) -> Iterator[Step]: ...


@runtime_checkable
class OldestStep(Protocol):
    """An ``OldestFirst`` technique that can give its first step without listing."""

    def oldest_step(self, grid: Grid) -> Step | None: ...


@runtime_checkable
class Pending(Protocol):
    """A sorted technique that can list its steps unbuilt: in ``find``'s order, each as its
    eliminations (the step's, exactly) and a function that builds the step."""

    def pending(self, grid: Grid) -> Iterator[tuple[tuple[Candidate, ...], Callable[[], Step]]]: ...


@runtime_checkable
class RankedStep(Protocol):
    """A sorted technique that can give the step ``first_ranked`` would take from its
    ``pending`` steps without finishing every one of them."""

    def ranked_step(self, grid: Grid) -> Step | None: ...


@runtime_checkable
class HodokuSearch(Protocol):
    """A technique whose HoDoKu step needs HoDoKu's own search: its checks in its order,
    and its names (Forcing Chain; the uniqueness tests on the rectangles HoDoKu examines)."""

    def hodoku_step(self, grid: Grid) -> Step | None: ...


def policy(technique: Technique) -> Policy:
    """How HoDoKu takes a step from ``technique``.

    Singles (``OldestFirst``): HoDoKu keeps a queue of naked singles and one of hidden
    singles, filled as candidates disappear; Full House is the oldest naked single that is
    the last empty cell of a house, Naked Single the oldest naked single, Hidden Single the
    oldest hidden single. Techniques with a search of HoDoKu's own (``HodokuSearch``): that
    search. Sorted techniques (``SORTED``): the step that sorts first by ``rank``, the first
    found among equals. Every other technique: the first step its search finds.
    """
    if isinstance(technique, OldestStep):
        return technique.oldest_step
    if isinstance(technique, OldestFirst):
        oldest = technique.oldest_first
        return lambda grid: next(oldest(grid), None)
    if isinstance(technique, HodokuSearch):
        return technique.hodoku_step
    find = technique.find
    if technique.code in SORTED:
        if isinstance(technique, RankedStep):  # the same step, fewer chains traced
            return technique.ranked_step
        if isinstance(technique, Pending):  # the same step, only that one built
            pending = technique.pending
            return lambda grid: first_ranked(pending(grid))
        return lambda grid: min(find(grid), key=rank, default=None)
    return lambda grid: next(find(grid), None)


def first_ranked(found: Iterator[tuple[tuple[Candidate, ...], Callable[[], Step]]]) -> Step | None:
    """What ``min(find(grid), key=rank)`` gives (the first of the lowest rank), built from
    a technique's unbuilt steps."""
    best: Callable[[], Step] | None = None
    best_key = (0, 0)
    for eliminations, build in found:
        key = rank_of(eliminations)
        if best is None or key < best_key:
            best, best_key = build, key
    return best() if best is not None else None


def rank(step: Step) -> tuple[int, int]:
    """HoDoKu 2.2's sort key for steps of different effect (``SolutionStep.compareTo``):
    more eliminations first, then the smaller ``weighted_sum`` of the eliminations (in
    HoDoKu's sorted order: digit, then cell). Chain length only separates steps with
    the same eliminations, and those are kept once each (the shortest chain)."""
    return rank_of(step.eliminations)


def rank_of(eliminations: Sequence[Candidate]) -> tuple[int, int]:
    """``rank`` of a step with these eliminations."""
    ordered = sorted(eliminations)
    return (-len(ordered), weighted_sum(ordered))


def weighted_sum(eliminations: Sequence[Candidate]) -> int:
    """HoDoKu's ``getIndexSumme``: the k-th candidate (from 0) adds cell * (1 + 80k) + digit.

    >>> weighted_sum([Candidate(9, 21), Candidate(9, 67)])
    5466
    """
    return sum(cell * (1 + 80 * k) + digit for k, (digit, cell) in enumerate(eliminations))

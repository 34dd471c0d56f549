"""HoDoKu 2.2's step choice: which step to take when a technique finds several.

HoDoKu's solver asks each technique for one step. Which one it gets depends on the
technique: singles come from queues, oldest first; most techniques return the first step
their search finds; some collect every step and sort them (``SolutionStep.compareTo``).
``choose`` is that policy as a ``solve(..., choose=...)`` hook, for the ``hodoku``
profile. The rules, as learnt from HoDoKu's published behaviour and source, are noted
beside each function; the code is our own.
"""

from __future__ import annotations

from typing import Callable, Iterator, Protocol, Sequence, runtime_checkable

from engine.grid import Grid
from engine.step import Candidate, Step
from engine.technique import BaseTechnique, Technique
from techniques.forcing.hodoku_order import hodoku_forcing_chain
from techniques.uniqueness.unique_rectangles import hodoku_rectangle_step

#: Techniques whose steps HoDoKu collects and sorts before taking the first: the simple
#: chains (X-Chain, XY-Chain, Remote Pair, Turbot Fish), the nice loops and AICs, and the
#: ALS Chain (its ``AlsComparator`` ranks steps of different effect the same way).
SORTED = frozenset({"x", "xyc", "rp", "tf", "nl", "gnl", "ach"})
#: Techniques whose HoDoKu step needs HoDoKu's own search: code -> that search.
OWN_SEARCH: dict[str, Callable[[BaseTechnique, Grid], Step | None]] = {
    "fc": hodoku_forcing_chain,
    **{code: hodoku_rectangle_step for code in ("u1", "u2", "u3", "u4", "u5", "u6", "hr")},
}


@runtime_checkable
class OldestFirst(Protocol):
    """A technique that can list its steps in the order they appeared (the singles)."""

    def oldest_first(self, grid: Grid) -> Iterator[Step]: ...


def choose(technique: Technique, grid: Grid) -> Step | None:
    """The step HoDoKu takes from ``technique`` in ``grid`` (None: it finds none).

    Singles: HoDoKu keeps a queue of naked singles and one of hidden singles, filled as
    candidates disappear; Full House is the oldest naked single that is the last empty
    cell of a house, Naked Single the oldest naked single, Hidden Single the oldest hidden
    single. Sorted techniques (``SORTED``): the step that sorts first by ``rank``, the
    first found among equals. Forcing chains: HoDoKu's own checks and order
    (``techniques.forcing.hodoku_order``). Every other technique: the first step its
    search finds.
    """
    known = _POLICIES.get(id(technique))
    if known is None or known[0] is not technique:
        known = _POLICIES[id(technique)] = (technique, _policy(technique))
    return known[1](grid)


#: Each technique's policy, decided once (a protocol check per call costs more than many
#: techniques' searches); the technique is kept with it, so its id stays its own.
_POLICIES: dict[int, tuple[Technique, Callable[[Grid], Step | None]]] = {}


def _policy(technique: Technique) -> Callable[[Grid], Step | None]:
    if isinstance(technique, OldestFirst):
        oldest = technique.oldest_first
        return lambda grid: next(oldest(grid), None)
    own = OWN_SEARCH.get(technique.code)
    if own is not None and isinstance(technique, BaseTechnique):
        base = technique
        return lambda grid: own(base, grid)
    find = technique.find
    if technique.code in SORTED:
        return lambda grid: min(find(grid), key=rank, default=None)
    return lambda grid: next(find(grid), None)


def rank(step: Step) -> tuple[int, int]:
    """HoDoKu 2.2's sort key for steps of different effect (``SolutionStep.compareTo``):
    more eliminations first, then the smaller ``weighted_sum`` of the eliminations (in
    HoDoKu's sorted order: digit, then cell). Chain length only separates steps with
    the same eliminations, and those are kept once each (the shortest chain)."""
    eliminations = sorted(step.eliminations)
    return (-len(eliminations), weighted_sum(eliminations))


def weighted_sum(eliminations: Sequence[Candidate]) -> int:
    """HoDoKu's ``getIndexSumme``: the k-th candidate (from 0) adds cell * (1 + 80k) + digit.

    >>> weighted_sum([Candidate(9, 21), Candidate(9, 67)])
    5466
    """
    return sum(cell * (1 + 80 * k) + digit for k, (digit, cell) in enumerate(eliminations))

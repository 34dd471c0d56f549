"""Runs one nesting level of SE's nested forcing chains leaves to the next, on one position.

SE's levels keep the lower levels' inner rules first: level 2 is level 1's rules plus
forcing chains and cycles, level 3 is level 2's plus multiple forcing chains, level 5 is
level 4's plus level-2 nested chains (level 4 is level 1's plus dynamic forcing chains).
When a stuck run tries its rules, the first that finds anything wins, so a run of level
``L`` from a start is the run of its base level from that start until that one ended; it
goes on from there only if the base level's rules found nothing at all, with the rules
``L`` adds (``propagation.Stuck``).

The solver asks each level in turn on the same position, the next one only when the
previous one found nothing: level 5 then remakes all of level 4's runs, inner chains and
all. Kept here, per thread, for the position of the last top-level search (a producer
call of SE's choice; inner searches keep nothing), each run with the nodes it spent, they
are taken up instead. A search within a work budget (``engine.stop.work_limit``) neither
keeps nor takes runs: its checkpoints would not be spent.
"""

from __future__ import annotations

import threading
from typing import Callable, Final, Protocol

from engine.position import Position
from techniques.se_chains.nodes import Node
from techniques.se_chains.propagation import Advanced, Budget, Nested, Run

#: The level whose inner rules each level's begin with.
BASE_LEVEL: Final = {2: 1, 3: 2, 4: 1, 5: 4}


class NestedRules(Protocol):
    """A level's inner rules (``nested.Nesting``): all of them, or those beyond a lower
    level's."""

    def __call__(
        self, initial: Position, work: list[int], work_with: list[int], places: list[int], run: Run, budget: Budget
    ) -> list[tuple[Node, tuple[Node, ...], Nested | None]]: ...

    def beyond(self, level: int) -> Advanced: ...


#: Per level, each start's run and the nodes it spent (inner rules included).
LevelTable = dict[int, dict[Node, tuple[Run, int]]]


class LevelRuns:
    """The runs of the top-level nested searches on the last position, per thread."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], LevelTable]] = {}

    def at(self, position: Position) -> LevelTable:
        """The runs kept for this position (none kept for another one any more)."""
        key = (tuple(position.values), tuple(position.cands))
        thread = threading.get_ident()
        kept = self._kept.get(thread)
        if kept is None or kept[0] != key:
            kept = self._kept[thread] = (key, {})
        return kept[1]

    def clear(self) -> None:
        """Forget every run kept."""
        self._kept.clear()


LEVEL_RUNS: Final = LevelRuns()


def level_run(
    table: LevelTable, level: int, start: Node, budget: Budget, fresh: Callable[[], Run], resume: Callable[[Run, Advanced], Run], rules: NestedRules
) -> Run:
    """The run of ``level`` from ``start``: the base level's (as it is when it ended on a
    contradiction or with rules that found something, else gone on from with the rules
    ``level`` adds), or ``fresh``; kept if a higher level begins with this one. A run
    taken up spends on ``budget`` what it spent when made."""
    base_level = BASE_LEVEL.get(level)
    bases = table.get(base_level) if base_level is not None else None
    base = None if bases is None else bases.get(start) if base_level in _SHARED else bases.pop(start, None)
    before = budget.used
    if base is None or base_level is None:
        run = fresh()
    else:
        run, spent = base
        budget.spend(spent)
        if run.stuck is not None:
            run = resume(run, rules.beyond(base_level))
    if level in _BASES:
        table.setdefault(level, {})[start] = (run, budget.used - before)
    return run


#: The levels some level begins with (only their runs are kept), and of those, the one
#: two levels begin with (its runs are kept when taken up).
_BASES: Final = frozenset(BASE_LEVEL.values())
_SHARED: Final = frozenset(b for b in _BASES if list(BASE_LEVEL.values()).count(b) > 1)

"""Sudoku Explainer's own solving policy (serate 1.2.1.3): its producers, order and ratings.

SE rates a puzzle by solving it its own way: at each step it asks its producers, in one
fixed order, for a hint, applies the first one found (chaining producers first sort
their hints by difficulty, then complexity), and records its difficulty. Placing a digit
removes it from the cell's houses; nothing else happens between steps.

* ER: the hardest step of the path.
* EP: the hardest step up to and including the first step that places a digit.
* ED: the first step's difficulty.

When no producer finds anything SE reports 20.0. Work is bounded by the producers (nodes
of propagation, never time); a puzzle that exceeds a bound is reported as such, with no
number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from engine.cells import CELL_NAMES
from engine.grid import Grid
from engine.rated import RatedStep, WorkBoundExceeded, tenths
from engine.step import Step
from techniques.fish.se_fish import SE_JELLYFISH, SE_SWORDFISH, SE_X_WING
from techniques.intersections.se_locking import SE_DIRECT_LOCKING, SE_LOCKING
from techniques.singles.se_singles import SE_HIDDEN_SINGLE, SE_NAKED_SINGLE
from techniques.subsets.se_subsets import (
    SE_DIRECT_HIDDEN_PAIR,
    SE_DIRECT_HIDDEN_TRIPLET,
    SE_HIDDEN_PAIR,
    SE_HIDDEN_QUAD,
    SE_HIDDEN_TRIPLET,
    SE_NAKED_PAIR,
    SE_NAKED_QUAD,
    SE_NAKED_TRIPLET,
)
from techniques.wings.se_wings import SE_XY_WING, SE_XYZ_WING
from techniques.uniqueness.unique_loops import UNIQUE_LOOPS
from techniques.uniqueness.se_bug import SE_BUG
from techniques.exclusion.aligned import ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLET_EXCLUSION
from techniques.chaining.cycles import FORCING_CHAINS_AND_CYCLES
from techniques.chaining.multiple import DYNAMIC_FORCING_CHAINS, MULTIPLE_FORCING_CHAINS, NISHIO_FORCING_CHAINS
from techniques.chaining.nested import DYNAMIC_PLUS_FORCING_CHAINS, NESTED_FORCING_CHAINS

from typing import Iterator

#: serate's rating of a puzzle it cannot solve, in tenths.
UNSOLVABLE = 200


class Producer(Protocol):
    """What the SE loop needs from a technique: its steps with their SE difficulties, in
    the order SE would find them (the first one is taken)."""

    @property
    def name(self) -> str: ...

    def rated(self, grid: Grid) -> Iterator[RatedStep]: ...


PRODUCERS: tuple[Producer, ...] = (
    SE_HIDDEN_SINGLE,
    SE_DIRECT_LOCKING,
    SE_DIRECT_HIDDEN_PAIR,
    SE_NAKED_SINGLE,
    SE_DIRECT_HIDDEN_TRIPLET,
    SE_LOCKING,
    SE_NAKED_PAIR,
    SE_X_WING,
    SE_HIDDEN_PAIR,
    SE_NAKED_TRIPLET,
    SE_SWORDFISH,
    SE_HIDDEN_TRIPLET,
    SE_XY_WING,
    SE_XYZ_WING,
    UNIQUE_LOOPS,
    SE_NAKED_QUAD,
    SE_JELLYFISH,
    SE_HIDDEN_QUAD,
    SE_BUG,
    ALIGNED_PAIR_EXCLUSION,
    FORCING_CHAINS_AND_CYCLES,
    ALIGNED_TRIPLET_EXCLUSION,
    NISHIO_FORCING_CHAINS,
    MULTIPLE_FORCING_CHAINS,
    DYNAMIC_FORCING_CHAINS,
    DYNAMIC_PLUS_FORCING_CHAINS,
    *NESTED_FORCING_CHAINS,
)


@dataclass(frozen=True)
class SePath:
    """SE's path through a puzzle and its ratings in tenths (``er`` 200: SE gives up).

    ``status``: ``solved``, ``stuck`` (no producer applies: SE's 20.0) or ``bound`` (a
    producer exceeded its work bound; the ratings are then None)."""

    steps: tuple[RatedStep, ...]
    status: str
    er: int | None
    ep: int | None
    ed: int | None
    detail: str = ""

    @property
    def rating(self) -> str:
        """``ER/EP/ED`` as serate prints it, e.g. ``7.2/1.2/1.2``."""
        if self.er is None or self.ep is None or self.ed is None:
            return "-"
        return "/".join(f"{v // 10}.{v % 10}" for v in (self.er, self.ep, self.ed))


def next_rated_step(grid: Grid, producers: Sequence[Producer] = PRODUCERS) -> RatedStep | None:
    """The step SE takes in this position: the first one of the first producer that has one."""
    for producer in producers:
        found = next(producer.rated(grid), None)
        if found is not None:
            return found
    return None


def se_path(grid: Grid, producers: Sequence[Producer] = PRODUCERS) -> SePath:
    """Solve a position SE's way and rate it (the grid is not changed)."""
    work = grid.copy()
    steps: list[RatedStep] = []
    while work.empty_count():
        try:
            found = next_rated_step(work, producers)
        except WorkBoundExceeded as bound:
            return SePath(tuple(steps), "bound", None, None, None, f"step {len(steps) + 1}: {bound}")
        if found is None:
            return _rated(steps, "stuck")
        work.apply(found.step)
        steps.append(found)
    return _rated(steps, "solved")


def _rated(steps: list[RatedStep], status: str) -> SePath:
    er = ep = ed = None
    hardest = 0
    for rated in steps:
        hardest = max(hardest, rated.tenths)
        if ed is None:
            ed = hardest
        if ep is None and _places(rated.step):
            ep = hardest
    if status == "stuck":
        er = UNSOLVABLE
    elif steps:
        er = hardest
    return SePath(tuple(steps), status, er, ep if ep is not None else 0, ed if ed is not None else 0)


def _places(step: Step) -> bool:
    return bool(step.placements)


def notation(rated: RatedStep) -> str:
    """A step as serate's path files write it: ``difficulty|SE name|effect``, the effect
    being the placement, if any, then the removals by cell and digit
    (``7.2|Forcing Chain|r4c2=9,r4c2<>7``)."""
    step = rated.step
    placed = [f"{CELL_NAMES[c.cell]}={c.digit}" for c in step.placements]
    removed = [f"{CELL_NAMES[c.cell]}<>{c.digit}" for c in sorted(step.eliminations, key=lambda c: (c.cell, c.digit))]
    return f"{rated.tenths // 10}.{rated.tenths % 10}|{step.technique}|{','.join(placed + removed)}"


def producer_codes() -> dict[str, Producer]:
    """Every SE producer by each step code it reports (for tests and listings)."""
    out: dict[str, Producer] = {}
    for producer in PRODUCERS:
        for code in getattr(producer, "codes", ()):
            out.setdefault(code, producer)
    return out

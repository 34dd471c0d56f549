"""Listings: every step some techniques find in a position (``steps``), bounded by work.

A solve asks each technique for its first step; a listing asks for all of them, and on a
player's grid (singles pending, many candidates) some techniques have thousands (Kraken
Fish, nested dynamic chains, Mutant fish of five and six lines), which took up to a
minute. So each technique's listing may spend at most ``LISTING_WORK`` units of work
(:func:`engine.stop.work_limit`): its searches spend units at their checkpoints (a trial,
a closure, a chain run's nodes), and every step listed costs ``STEP_WORK`` (building its
words and pictures is most of a listing's cost when there are many). A listing that
spends its units stops there: the steps found so far are kept, in their order, and the
listing says it was cut short. Units are counted, never timed, so the same position gives
the same listing, cut or not, on every machine. The solver never sets a bound: what a
solve finds does not depend on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.grid import Grid
from engine.step import Step
from engine.stop import WorkLimitReached, charge, work_limit
from engine.technique import Technique

#: Work units one technique's listing may spend. A unit is about a millisecond of CPU at
#: the searches' checkpoints (measured on the positions of ``benchmarks/listings.py``), so
#: a listing cut short took about a second; one that is not cut is never slowed.
LISTING_WORK = 1_000
#: Units each listed step costs, plus one per ``LINKS_PER_UNIT`` links it draws: a step's
#: words and proofs are built from its chains (a Kraken Fish step has dozens of links).
STEP_WORK = 1
LINKS_PER_UNIT = 10


@dataclass(frozen=True)
class Listing:
    """The steps of a listing, in order, and the codes of the techniques whose listing
    was cut short by the work bound (their steps up to the cut are in ``steps``)."""

    steps: tuple[Step, ...]
    cut: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.cut


def list_steps(grid: Grid, techniques: Sequence[Technique], work: int = LISTING_WORK) -> Listing:
    """Every step of each technique in ``grid``, technique by technique, each listing
    bounded by ``work`` units (see the module docstring)."""
    steps: list[Step] = []
    cut: list[str] = []
    for technique in techniques:
        if not _list_one(grid, technique, work, steps):
            cut.append(technique.code)
    return Listing(tuple(steps), tuple(cut))


def step_work(step: Step) -> int:
    """The units a listed step costs (see ``STEP_WORK``)."""
    return STEP_WORK + len(step.highlights.links) // LINKS_PER_UNIT


def _list_one(grid: Grid, technique: Technique, work: int, into: list[Step]) -> bool:
    """Append the technique's steps to ``into``; False when its work bound cut it short."""
    found = technique.find(grid)
    try:
        with work_limit(work):
            for step in found:
                into.append(step)
                charge(step_work(step))
    except WorkLimitReached:
        return False
    finally:
        close = getattr(found, "close", None)  # a generator: end it where it stopped
        if close is not None:
            close()
    return True

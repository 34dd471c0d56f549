"""The ``se`` profile's rater: ER, EP and ED of one path, and the counts per technique.

Kept apart from the profile (``engine.profiles.se``, whose class derives from the
uncompiled ``Profile``) so that the compiled build can compile it: the rater runs once for
every step of every graded puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Final

from engine.grid import Grid
from engine.profiles.rating import Rating, TechniqueCount
from engine.profiles.se_style import se_tenths
from engine.step import Step, tenths

#: serate's rating of a puzzle it cannot solve, in tenths.
UNSOLVABLE: Final = 200


@dataclass
class SeRater:
    """ER, EP and ED of one path, from each step's own SE rating (a step of a technique SE
    lacks, asked for by code, gets the SE-style estimate)."""

    position: Callable[[str], int | None]  # step code -> position in the profile, for the counts
    values: list[int] = field(default_factory=list)
    ep: int | None = None  # the hardest value up to the first placement
    gave_up: bool = False  # SE found nothing: a Brute Force step
    hardest: tuple[int, int, str] | None = None  # (tenths, step number, name)
    brute_force: int = 0
    counts: dict[str, list[Any]] = field(default_factory=dict)  # code -> [name, count, max tenths]

    def watch(self, grid: Grid | None, step: Step) -> None:
        if step.code == "bf":
            self.brute_force += 1
            self.gave_up = True
        if self.gave_up:
            return
        value = tenths(step.rating) if step.rating is not None else se_tenths(step, grid)
        self.values.append(value)
        if self.ep is None and step.placements:
            self.ep = max(self.values)
        if self.hardest is None or value > self.hardest[0]:
            self.hardest = (value, len(self.values), step.technique)
        count = self.counts.get(step.code)
        if count is None:  # not ``setdefault``: that would make a list for every step
            count = self.counts[step.code] = [step.technique, 0, 0]
        count[1] += 1
        count[2] = max(count[2], value)

    def so_far(self) -> float:
        """The hardest step so far: the ER of the path up to here (20.0 once SE gave up)."""
        return (UNSOLVABLE if self.gave_up else max(self.values, default=0)) / 10

    def rating(self, solved: bool) -> Rating:
        values = self.values
        er: float | None = None
        ep: float | None = None
        ed: float | None = None
        if solved and (values or self.gave_up):
            er = (UNSOLVABLE if self.gave_up else max(values)) / 10
            ep = (self.ep or 0) / 10
            ed = (values[0] if values else 0) / 10
        ordered = sorted(self.counts.items(), key=lambda item: _or_last(self.position(item[0])))
        detail = f" (SE ER {er:.1f}, EP {ep:.1f}, ED {ed:.1f})" if er is not None and ep is not None and ed is not None else ""
        return Rating(
            label=f"{er:.1f}" if er is not None else "Incomplete",
            fields=(("er", er), ("ep", ep), ("ed", ed)),
            detail=detail,
            hardest=self.hardest[2] if self.hardest else None,
            hardest_step=self.hardest[1] if self.hardest else None,
            brute_force=self.brute_force,
            steps=len(values) + self.brute_force,
            counts=tuple(TechniqueCount(name, code, n, (("se", top / 10),)) for code, (name, n, top) in ordered),
        )


def _or_last(position: int | None) -> int:
    """A position in the order, a code it lacks after every other."""
    return 10**6 if position is None else position

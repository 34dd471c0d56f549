"""Walking one profile's solution path of a candidate, dropping it as early as possible.

A profile's path takes, at each position, the first step of the first technique in the
profile's order that has one. Solving with only a *prefix* of that order (the techniques
up to some order number) therefore gives the very same path as long as the prefix has a
step, and stops (STUCK) exactly where the full path would need a technique beyond it. So:

* a **cap** (a prefix no accepted path leaves: the last technique a level allows, say) is
  exact: stuck there means the candidate is out, without trying the costly techniques
  beyond it;
* a **stage** is a prefix up to a technique the path must use: while the path has not used
  it yet, techniques beyond it are not tried, and a candidate stuck there is dropped. That
  is a choice, not a proof: it keeps only puzzles that meet their required techniques before
  anything harder, and saves the costly searches on the rest;
* **checks** run after every step (a score over its bound drops the candidate at once),
  **finals** on the finished rating.

Whatever was dropped early, an accepted candidate's rating is that of the profile's full
path: a prefix that solves the puzzle took exactly the full path's steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Callable

from engine.analysis import Analysis
from engine.grid import Grid
from engine.profiles import Profile, Rating
from engine.profiles.rating import PathRater
from engine.solver import SolveStatus
from engine.step import Step
from engine.technique import Technique

BRUTE_FORCE_REASON = "needs Brute Force (beyond every technique)"


class Rejected(Exception):
    """A candidate is not what was asked for; ``reason`` says why, in a few words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Want:
    """A step code the path must use: ``matches`` are the step codes that count (a
    technique's code stands for its sub-types), ``order`` its technique's place."""

    code: str
    matches: frozenset[str]
    order: int


class Walk:
    """One path as it is walked: the rater, and what the checks look at."""

    def __init__(self, rules: PathRules, grid: Grid) -> None:
        self.rules = rules
        self.rater: PathRater = rules.profile.rater()
        self.empty = grid.empty_count()  # cells empty at the start
        self.placed = 0  # digits placed so far
        self.first_placed: dict[str, int] = {}  # step code -> digits placed before its first step
        self.steps: list[Step] = []

    def watch(self, grid: Grid, step: Step) -> None:
        self.rater.watch(grid, step)
        self.first_placed.setdefault(step.code, self.placed)
        self.placed += len(step.placements)
        for check in self.rules.checks:
            reason = check(self, step)
            if reason is not None:
                raise Rejected(reason)

    def uses(self, want: Want) -> bool:
        return not want.matches.isdisjoint(self.first_placed)

    def first_use(self, want: Want) -> int | None:
        """Digits placed before the first step of ``want`` (None: not used yet)."""
        found = [self.first_placed[code] for code in want.matches if code in self.first_placed]
        return min(found) if found else None


StepCheck = Callable[[Walk, Step], "str | None"]
FinalCheck = Callable[[Walk, Rating], "str | None"]


@dataclass
class PathRules:
    """What one profile's path must do (see the module docstring)."""

    profile: Profile
    cap: int | None = None
    cap_reason: str = BRUTE_FORCE_REASON
    wants: list[Want] = field(default_factory=list)
    checks: list[StepCheck] = field(default_factory=list)
    finals: list[FinalCheck] = field(default_factory=list)

    def lower_cap(self, order: int, reason: str) -> None:
        if self.cap is None or order < self.cap:
            self.cap, self.cap_reason = order, reason

    def walk(self, grid: Grid, analysis: Analysis) -> Rating:
        """The rating of the profile's path on ``grid``, or Rejected.

        Raises:
            Rejected: the path breaks a rule (or would need Brute Force).
        """
        walk = Walk(self, grid)
        position = grid
        while True:
            unmet = [want for want in self.wants if not walk.uses(want)]
            limit = max(want.order for want in unmet) if unmet else None
            if limit is None or (self.cap is not None and limit >= self.cap):
                limit = self.cap
            result = self.profile.solve(position, self.prefix(limit), allow_search=False, analysis=analysis, watch=walk.watch)
            walk.steps.extend(result.steps)
            position = result.grid
            if result.status is SolveStatus.SOLVED:
                break
            if limit == self.cap:
                raise Rejected(self.cap_reason if self.cap is not None else BRUTE_FORCE_REASON)
            missing = [want.code for want in self.wants if not walk.uses(want)]
            if missing:
                raise Rejected(f"needs a harder technique before {','.join(missing)}")
        rating = walk.rater.rating(True)
        for final in self.finals:
            reason = final(walk, rating)
            if reason is not None:
                raise Rejected(reason)
        return rating

    def prefix(self, limit: int | None) -> tuple[Technique, ...]:
        """The profile's default techniques ordered no later than ``limit`` (None: all)."""
        return _prefix(self.profile, limit)


@cache
def _prefix(profile: Profile, limit: int | None) -> tuple[Technique, ...]:
    if limit is None:
        return profile.default
    return tuple(t for t in profile.default if profile.entry(t.code).order <= limit)

"""Grading a solution path: HoDoKu's level and score, the hardest step, an SE-style number.

HoDoKu 2.2 (techniques.md): every step adds its technique's score; the level starts at
Easy, rises to the highest level of any technique used, then rises one level at a time
while the score exceeds the level's maximum (Easy 800, Medium 1000, Hard 1600, Unfair
1800). Sub-type steps (Simple Colors Trap) count with their parent technique's settings.
The SE-style number is the highest SE-scale value among the steps (``engine.se_scale``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.grid import Grid
from engine.se_scale import se_tenths
from engine.solver import BRUTE_FORCE
from engine.step import Step
from engine.technique import Catalog, Level, Technique


@dataclass(frozen=True)
class TechniqueCount:
    """How often one technique was used in a solution, and the score it added."""

    name: str
    code: str
    count: int
    score: int


@dataclass(frozen=True)
class Rating:
    """The grade of a solution path (``level`` None: the path does not solve the puzzle)."""

    level: Level | None
    score: int
    se: float | None
    hardest: str | None  # the hardest technique's name
    hardest_step: int | None  # its first step, 1-based
    brute_force: int
    steps: int
    counts: tuple[TechniqueCount, ...]

    @property
    def label(self) -> str:
        """``Hard`` or, for an unsolved path, ``Incomplete``."""
        return self.level.label if self.level is not None else "Incomplete"

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.label,
            "score": self.score,
            "se": self.se,
            "hardest": self.hardest,
            "hardest_step": self.hardest_step,
            "brute_force": self.brute_force,
            "steps": self.steps,
            "techniques": [{"name": c.name, "code": c.code, "count": c.count, "score": c.score} for c in self.counts],
        }


class TechniqueLookup:
    """Step code -> technique (sub-type codes included), Brute Force among them."""

    def __init__(self, catalog: Catalog) -> None:
        self._by_code: dict[str, Technique] = {code: BRUTE_FORCE for code in BRUTE_FORCE.codes}
        for technique in catalog.techniques:
            for code in technique.codes:
                self._by_code.setdefault(code, technique)

    def get(self, code: str) -> Technique | None:
        return self._by_code.get(code)


def final_level(highest: Level, score: int) -> Level:
    """HoDoKu's rule: a level whose maximum score is exceeded moves up until it fits.

    >>> final_level(Level.MEDIUM, 1200).label, final_level(Level.EASY, 700).label
    ('Hard', 'Easy')
    """
    level = highest
    while level.max_score is not None and score > level.max_score:
        level = Level(level + 1)
    return level


@dataclass
class _Tally:
    """What ``rate`` adds up over the steps."""

    score: int = 0
    highest: Level = Level.EASY
    se: int = 0
    counts: dict[str, list[Any]] = field(default_factory=dict)  # code -> [name, count, score, order]
    hardest: tuple[tuple[int, int], int, str] | None = None  # ((level, order), step number, name)

    def add(self, number: int, step: Step, technique: Technique | None, se: int) -> None:
        score = technique.score if technique is not None else 0
        level = technique.level if technique is not None else Level.EXTREME
        order = technique.difficulty if technique is not None else _UNKNOWN_ORDER
        self.score += score
        self.highest = max(self.highest, level)
        self.se = max(self.se, se)
        entry = self.counts.setdefault(step.code, [step.technique, 0, 0, order])
        entry[1] += 1
        entry[2] += score
        if self.hardest is None or (int(level), order) > self.hardest[0]:
            self.hardest = ((int(level), order), number, step.technique)


def rate(
    steps: Sequence[Step],
    catalog: Catalog | TechniqueLookup,
    solved: bool = True,
    start: Grid | None = None,
    se_values: Sequence[int | None] | None = None,
) -> Rating:
    """Grade a solution path.

    Args:
        steps: the path, in order.
        catalog: where the steps' techniques (scores, levels) are looked up.
        solved: False when the path stops short: the level is then Incomplete.
        start: the position the path starts from; with it, singles are rated as SE would
            rate the easiest single of each position.
        se_values: the singles' SE-style values in tenths (None for other steps), when
            recorded during the solve with ``se_scale.SeRecorder``; ``start`` is then
            not needed.
    """
    lookup = catalog if isinstance(catalog, TechniqueLookup) else TechniqueLookup(catalog)
    replay = start.copy() if start is not None and se_values is None else None
    tally = _Tally()
    for number, step in enumerate(steps, 1):
        technique = lookup.get(step.code)
        known = se_values[number - 1] if se_values is not None else None
        level = technique.level if technique is not None else Level.EXTREME
        tally.add(number, step, technique, known if known is not None else se_tenths(step, level, replay))
        if replay is not None:
            replay.apply(step)
    ordered = sorted(tally.counts.items(), key=lambda item: item[1][3])  # stable: sub-types in order seen
    return Rating(
        level=(final_level(tally.highest, tally.score) if steps else Level.EASY) if solved else None,
        score=tally.score,
        se=tally.se / 10 if steps else None,
        hardest=tally.hardest[2] if tally.hardest else None,
        hardest_step=tally.hardest[1] if tally.hardest else None,
        brute_force=sum(1 for s in steps if s.code == BRUTE_FORCE.code),
        steps=len(steps),
        counts=tuple(TechniqueCount(name, code, n, score) for code, (name, n, score, _) in ordered),
    )


_UNKNOWN_ORDER = 10**6

"""The ``hodoku`` profile's rater: one path's score, level, SE-style number and counts.

Kept apart from the profile (``engine.profiles.hodoku``, whose class derives from the
uncompiled ``Profile``) so that the compiled build can compile it: the rater runs once for
every step of every graded puzzle.
"""

from __future__ import annotations

from typing import Final

from dataclasses import dataclass, field

from engine.grid import Grid
from engine.profiles.levels import Level
from engine.profiles.rating import Rating, TechniqueCount
from engine.profiles.se_style import MULTIPLE, SINGLES_MAX, X_CHAIN, SeRule, se_tenths
from engine.step import Step
from engine.technique import SINGLE_CODES

INCOMPLETE: Final = "Incomplete"  # the label of a path that stops short


@dataclass(frozen=True)
class HodokuStep:
    """HoDoKu's configuration of one technique: search index, score, level, enabled."""

    code: str
    index: int
    score: int
    level: Level
    enabled: bool = True


#: The last resort (``engine.solver.BRUTE_FORCE``): rated, never listed.
BRUTE_FORCE_STEP: Final = HodokuStep("bf", 8900, 10000, Level.EXTREME)
#: A step code the profile does not know: as hard as it gets, no score.
UNKNOWN_STEP: Final = HodokuStep("?", 10**6, 0, Level.EXTREME)

#: For a code the SE table lacks: an SE-style value typical of its HoDoKu level.
LEVEL_FALLBACK: Final[dict[Level, SeRule]] = {
    Level.EASY: SeRule(15),
    Level.MEDIUM: SeRule(34),
    Level.HARD: SeRule(45),
    Level.UNFAIR: X_CHAIN,
    Level.EXTREME: MULTIPLE,
}


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
class _Count:
    name: str
    order: int
    count: int = 0
    score: int = 0


@dataclass
class HodokuRater:
    """Adds up one path: score, highest level, SE-style maximum, the hardest step."""

    configs: dict[str, HodokuStep]
    steps: int = 0
    score: int = 0
    highest: Level = Level.EASY
    se: int = 0
    brute_force: int = 0
    counts: dict[str, _Count] = field(default_factory=dict)
    hardest: tuple[tuple[int, int], int, str] | None = None  # ((level, index), step number, name)

    def watch(self, grid: Grid | None, step: Step) -> None:
        self.steps += 1
        config = self.configs.get(step.code, UNKNOWN_STEP)
        self.score += config.score
        self.highest = max(self.highest, config.level)
        if self.se < SINGLES_MAX or grid is None or step.code not in SINGLE_CODES:  # no single rates above 2.3
            self.se = max(self.se, se_tenths(step, grid, LEVEL_FALLBACK[config.level]))
        self.brute_force += step.code == BRUTE_FORCE_STEP.code
        count = self.counts.get(step.code)
        if count is None:
            count = self.counts[step.code] = _Count(step.technique, config.index)
        count.count += 1
        count.score += config.score
        if self.hardest is None or (int(config.level), config.index) > self.hardest[0]:
            self.hardest = ((int(config.level), config.index), self.steps, step.technique)

    def rating(self, solved: bool) -> Rating:
        level = (final_level(self.highest, self.score) if self.steps else Level.EASY) if solved else None
        label = level.label if level is not None else INCOMPLETE
        se = self.se / 10 if self.steps else None
        ordered = sorted(self.counts.items(), key=lambda item: item[1].order)  # stable: sub-types in order seen
        return Rating(
            label=label,
            fields=(("level", label), ("score", self.score), ("se", se)),
            detail=f" (HoDoKu score {self.score})" + (f", SE-style {se:.1f}" if se is not None else ""),
            hardest=self.hardest[2] if self.hardest else None,
            hardest_step=self.hardest[1] if self.hardest else None,
            brute_force=self.brute_force,
            steps=self.steps,
            counts=tuple(TechniqueCount(c.name, code, c.count, (("score", c.score),)) for code, c in ordered),
        )

"""The ``hodoku`` profile: HoDoKu 2.2's solving order, scores and levels (the default).

HoDoKu 2.2 (techniques.md) tries its enabled techniques in ascending search index and
takes a step of the first one that applies: which one, when it finds several, is HoDoKu's
own rule per technique (``engine.profiles.hodoku_choice``), so that the path is HoDoKu's. Every step adds its technique's
score; the level starts at Easy, rises to the highest level of any technique used, then
rises one level at a time while the score exceeds the level's maximum (Easy 800, Medium
1000, Hard 1600, Unfair 1800). Sub-type steps (Simple Colors Trap) count with their
parent technique's settings. Beside the level and score, a rating carries an SE-style
number: the highest value on the ``se`` profile's scale among the steps of this path.

The numbers are HoDoKu's step configuration (search index, score, level, enabled by
default), with gaps in the index so that a technique HoDoKu lacks slots in anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Iterator

from engine.grid import Grid
from engine.profiles.base import Entry, Profile
from engine.profiles.levels import Level
from engine.profiles.hodoku_choice import Policy, policy
from engine.profiles.hodoku_rater import (  # re-exported: the profile's rater and step table live there
    BRUTE_FORCE_STEP as BRUTE_FORCE_STEP,
    INCOMPLETE as INCOMPLETE,
    LEVEL_FALLBACK as LEVEL_FALLBACK,
    UNKNOWN_STEP as UNKNOWN_STEP,
    HodokuRater as HodokuRater,
    HodokuStep as HodokuStep,
    final_level as final_level,
)
from engine.profiles.rating import Column
from engine.profiles.se_style import se_label
from engine.step import Step
from engine.technique import Catalog, Technique


_E, _M, _H, _U, _X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME

_STEPS = (
    HodokuStep("fh", 100, 4, _E),
    HodokuStep("n1", 200, 4, _E),
    HodokuStep("h1", 300, 14, _E),
    HodokuStep("l2", 1000, 40, _M),
    HodokuStep("l3", 1100, 60, _M),
    HodokuStep("lc1", 1200, 50, _M),
    HodokuStep("lc2", 1210, 50, _M),
    HodokuStep("n2", 1300, 60, _M),
    HodokuStep("n3", 1400, 80, _M),
    HodokuStep("h2", 1500, 70, _M),
    HodokuStep("h3", 1600, 100, _M),
    HodokuStep("n4", 2000, 120, _H),
    HodokuStep("h4", 2100, 150, _H),
    HodokuStep("rp", 2800, 110, _H),
    HodokuStep("bug1", 2900, 100, _H),
    HodokuStep("sk", 3000, 130, _H),
    HodokuStep("2sk", 3100, 150, _H),
    HodokuStep("tf", 3120, 120, _H),
    HodokuStep("er", 3170, 120, _H),
    HodokuStep("w", 3200, 150, _H),
    HodokuStep("xy", 3300, 160, _H),
    HodokuStep("xyz", 3400, 180, _H),
    HodokuStep("u1", 3500, 100, _H),
    HodokuStep("u2", 3600, 100, _H),
    HodokuStep("u3", 3700, 100, _H),
    HodokuStep("u4", 3800, 100, _H),
    HodokuStep("u5", 3900, 100, _H),
    HodokuStep("u6", 4000, 100, _H),
    HodokuStep("hr", 4010, 100, _H),
    HodokuStep("ar1", 4020, 100, _H),
    HodokuStep("ar2", 4030, 100, _H),
    HodokuStep("sdc", 5300, 250, _U),
    HodokuStep("sc", 5330, 150, _H),
    HodokuStep("mc", 5360, 200, _H),
    HodokuStep("x", 5400, 260, _U),
    HodokuStep("xyc", 5500, 260, _U),
    HodokuStep("nl", 5600, 280, _U),
    HodokuStep("gnl", 5650, 300, _U),
    HodokuStep("axz", 5700, 300, _U),
    HodokuStep("axy", 5800, 320, _U),
    HodokuStep("ach", 5900, 340, _U),
    HodokuStep("db", 6000, 360, _U, enabled=False),
    HodokuStep("kf", 8450, 500, _X, enabled=False),
    HodokuStep("fc", 8500, 500, _X),
    HodokuStep("fn", 8600, 700, _X),
    HodokuStep("ts", 8700, 10000, _X, enabled=False),
    HodokuStep("td", 8800, 10000, _X, enabled=False),
)


@dataclass(frozen=True)
class _FishType:
    """HoDoKu's configuration of one fish type, sizes 2-7: index of size 2 and the step to
    the next size, score and level per size, and the sizes enabled by default."""

    code: str  # "fbf" + "3"
    first_index: int
    stride: int
    scores: tuple[int, ...]
    levels: tuple[Level, ...]
    enabled: tuple[int, ...]

    def steps(self) -> Iterator[HodokuStep]:
        for size in range(2, 8):
            index = self.first_index + self.stride * (size - 2)
            yield HodokuStep(f"{self.code}{size}", index, self.scores[size - 2], self.levels[size - 2], size in self.enabled)


_FISH = (
    _FishType("bf", 2200, 100, (140, 150, 160, 470, 470, 470), (_H,) * 3 + (_U,) * 3, (2, 3, 4)),
    _FishType("fbf", 4100, 200, (130, 200, 250) + (470,) * 3, (_H,) + (_U,) * 5, (2, 3, 4)),
    _FishType("sbf", 4200, 200, (150, 240, 260) + (470,) * 3, (_H,) + (_U,) * 5, (2, 3, 4)),
    _FishType("ff", 6100, 100, (300, 350, 370) + (470,) * 3, (_U,) * 3 + (_X,) * 3, (2, 3)),
    _FishType("fff", 6700, 100, (390, 410, 430) + (470,) * 3, (_U,) * 3 + (_X,) * 3, (2, 3)),
    _FishType("mf", 7300, 100, (450,) * 3 + (470,) * 3, (_X,) * 6, ()),
    _FishType("fmf", 7900, 100, (470,) * 6, (_X,) * 6, ()),
)

#: Every technique's configuration (codes the catalog lacks are left out of the profile).
STEPS: tuple[HodokuStep, ...] = tuple(sorted((*_STEPS, *(s for fish in _FISH for s in fish.steps())), key=lambda s: s.index))


class HodokuProfile(Profile):
    """HoDoKu 2.2: its order, the step it takes from the first technique that has one
    (``hodoku_choice``), its level and score."""

    name = "hodoku"
    title = "HoDoKu 2.2: search order, level and score (and an SE-style number)"
    technique_columns: ClassVar[tuple[Column, ...]] = (
        Column("level", "Level", 8, "<"),
        Column("score", "Score", 5),
        Column("se", "SE", 7, rich_only=True),
    )
    rating_columns: ClassVar[tuple[Column, ...]] = (
        Column("level", "level", 10, "<"),
        Column("score", "score", 6),
        Column("se", "SE", 4, decimals=1),
    )
    count_columns: ClassVar[tuple[Column, ...]] = (Column("score", "Score", 5),)

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog)
        self._configs = self._configs_of(self.placed)
        #: By the technique's id, with the technique (which keeps the id its own): a catalog's
        #: stand-in hashes as its technique does, in Python, and this runs for every
        #: technique at every step.
        self._policies: dict[int, tuple[Technique, Policy]] = {}

    def choose(self, technique: Technique, grid: Grid) -> Step | None:
        """The step HoDoKu 2.2 takes from ``technique`` (``hodoku_choice.policy``, decided
        once per technique: this runs for every technique at every step)."""
        known = self._policies.get(id(technique))
        if known is None:
            known = self._policies[id(technique)] = (technique, policy(technique))
        return known[1](grid)

    def build_entries(self, catalog: Catalog) -> Iterable[Entry]:
        for config in STEPS:
            if config.code in catalog and catalog.by_code(config.code).code == config.code:
                numbers = (("level", config.level.label), ("score", config.score), ("se", se_label(config.code)))
                yield Entry(catalog.by_code(config.code), config.index, config.enabled, numbers)

    def configs(self) -> dict[str, HodokuStep]:
        """Step code (sub-types included) -> configuration, Brute Force among them."""
        return self._configs_of(self.entries)

    @staticmethod
    def _configs_of(entries: Iterable[Entry]) -> dict[str, HodokuStep]:
        by_index = {config.code: config for config in STEPS}
        out = {code: by_index.get(e.technique.code, UNKNOWN_STEP) for e in entries for code in e.technique.codes}
        out[BRUTE_FORCE_STEP.code] = BRUTE_FORCE_STEP
        return out

    def rater(self) -> HodokuRater:
        # The placed techniques' configurations: the rater reads any other code as
        # UNKNOWN_STEP, which is what ``configs`` gives the techniques the profile does not place.
        return HodokuRater(self._configs)

    def label_key(self, label: str) -> Any:
        names = [level.label for level in Level] + [INCOMPLETE]
        return names.index(label) if label in names else None

"""What a generator run is asked for: a ``Request``, its ranges, and how to read them.

A request only says what the puzzles must be; ``engine.generate.judge`` decides whether a
candidate is one (and refuses up front a request that no puzzle can meet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Generic, TypeVar

from engine.generate.symmetry import Symmetry
from engine.profiles import DEFAULT_PROFILE
from engine.profiles.levels import Level

N = TypeVar("N", int, float)

#: No proper puzzle has fewer clues (McGuire, Tugemann and Civario, 2012: an exhaustive
#: search of every solution grid found no 16-clue puzzle).
MIN_CLUES = 17
#: Clue counts asked for with --no-minimal and no --clues: clues are removed down to a
#: count drawn from this range (fewer when the puzzle becomes minimal first is impossible).
NON_MINIMAL_CLUES = (28, 34)


class RequestError(ValueError):
    """A request that is malformed, or that no puzzle can meet (the message says why)."""


@dataclass(frozen=True)
class Range(Generic[N]):
    """A closed range ``low``-``high`` of clue counts, scores or SE values."""

    low: N
    high: N

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise RequestError(f"empty range {self}: the lower end is above the upper one")

    def __contains__(self, value: object) -> bool:
        return isinstance(value, (int, float)) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low}" if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Request:
    """What the generated puzzles must be (every field optional).

    Args:
        level: HoDoKu levels allowed (``Range(Level.HARD, Level.HARD)``).
        score: HoDoKu scores allowed.
        se: SE ratings (ER) allowed, on the SE scale (``engine.generate.judge.SE_PROFILE``).
        requires: step codes the logical solution (under ``profile``) uses at least once
            each; a technique's own code also stands for its sub-types (``nl`` for
            ``cnl``, ``dnl``, ``aic``), a sub-type's code for itself only.
        requires_hardest: the step code of the solution's hardest step (``grade``'s
            "hardest" column).
        teach: a technique to practise: ``requires_hardest`` and ``requires`` it, and its
            first step comes while at least half of the cells empty at the start still are.
        profile: the profile whose solution path ``requires``, ``requires_hardest`` and
            ``teach`` refer to.
        symmetry: the clue pattern's symmetry.
        clues: clue counts allowed.
        minimal: remove clues until none can go (with a symmetry: until no symmetric
            group of clues can go).
    """

    level: Range[int] | None = None
    score: Range[int] | None = None
    se: Range[float] | None = None
    requires: tuple[str, ...] = ()
    requires_hardest: str | None = None
    teach: str | None = None
    profile: str = DEFAULT_PROFILE
    symmetry: Symmetry = Symmetry.NONE
    clues: Range[int] | None = None
    minimal: bool = True

    def dig_range(self) -> Range[int]:
        """The clue counts to dig towards: ``clues``, else everything (minimal) or
        ``NON_MINIMAL_CLUES``."""
        if self.clues is not None:
            return self.clues
        return Range(MIN_CLUES, 81) if self.minimal else Range(*NON_MINIMAL_CLUES)

    def wanted_codes(self) -> tuple[str, ...]:
        """Every code the solution must use (``requires``, the hardest, the taught one)."""
        codes = [*self.requires, *(c for c in (self.requires_hardest, self.teach) if c)]
        return tuple(dict.fromkeys(codes))

    def describe(self) -> str:
        """The request in a few words, for reports."""
        parts = []
        if self.level is not None:
            low, high = (Level(x).label for x in (self.level.low, self.level.high))
            parts.append(f"level {low}" if low == high else f"level {low}-{high}")
        for name, value in (("score", self.score), ("SE", self.se), ("clues", self.clues)):
            if value is not None:
                parts.append(f"{name} {value}")
        if self.requires:
            parts.append("requires " + ",".join(self.requires))
        if self.requires_hardest:
            parts.append(f"hardest {self.requires_hardest}")
        if self.teach:
            parts.append(f"teaching {self.teach}")
        if self.symmetry is not Symmetry.NONE:
            parts.append(f"{self.symmetry.value} symmetry")
        parts.append("minimal" if self.minimal else "not minimal")
        return ", ".join(parts)


LEVEL_NAMES = tuple(level.name.lower() for level in Level)


def parse_levels(text: str) -> Range[int]:
    """``hard`` or ``medium-hard`` as a range of HoDoKu levels.

    >>> parse_levels("medium-hard")
    Range(low=2, high=3)
    """
    names = text.lower().split("-")
    if len(names) > 2 or not all(name in LEVEL_NAMES for name in names):
        raise RequestError(f"unknown level {text!r} (choose from {', '.join(LEVEL_NAMES)}, or a range like medium-hard)")
    levels = [LEVEL_NAMES.index(name) + 1 for name in names]
    if levels[0] > levels[-1]:
        raise RequestError(f"empty level range {text!r}: {names[0]} is above {names[-1]} (from easy up to extreme: write {names[-1]}-{names[0]})")
    return Range(levels[0], levels[-1])


def parse_int_range(text: str) -> Range[int]:
    """``20-26`` or ``24``.

    >>> parse_int_range("20-26")
    Range(low=20, high=26)
    """
    return _parse_range(text, int, "not a whole number or range: {!r} (e.g. 20-26)")


def parse_float_range(text: str) -> Range[float]:
    """``7.0-8.0`` or ``7.2``.

    >>> parse_float_range("7-8.5")
    Range(low=7.0, high=8.5)
    """
    return _parse_range(text, _finite, "not a number or range: {!r} (e.g. 7.0-8.0)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _parse_range(text: str, number: Callable[[str], N], problem: str) -> Range[N]:
    low, high = _split(text)
    try:
        ends = number(low), number(high)
    except ValueError:
        raise RequestError(problem.format(text)) from None
    return Range(*ends)


def _split(text: str) -> tuple[str, str]:
    parts = text.strip().split("-")
    if len(parts) == 1:
        return parts[0], parts[0]
    if len(parts) == 2 and parts[0] and parts[1]:
        return parts[0], parts[1]
    raise RequestError(f"expected MIN-MAX or a single value, got {text!r}")

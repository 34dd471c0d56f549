"""A step with its difficulty on a rating scale that depends on the step itself.

Sudoku Explainer rates a chain by its length, a Unique Loop by its size: the number belongs
to the step found, not only to its technique. Techniques that rate their own steps yield
``RatedStep`` values; ``difficulty`` keeps the scale's own arithmetic (SE adds 0.1 in
floating point, and compares the sums), ``tenths`` is the number as printed.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.step import Step


class RatedStep(NamedTuple):
    """A step and its difficulty (SE's scale: 1.0 to 11.9, as SE computes it)."""

    step: Step
    difficulty: float

    @property
    def tenths(self) -> int:
        return tenths(self.difficulty)


def tenths(difficulty: float) -> int:
    """A difficulty rounded to tenths as serate prints it: ``(int)((d + 0.05) * 10)``.

    >>> tenths(6.6 + 0.1 + 0.1 + 0.1 + 0.1), tenths(1.2), tenths(7.0)
    (70, 12, 70)
    """
    return int((difficulty + 0.05) * 10)


def plus_tenths(base: float, count: int) -> float:
    """``base`` plus 0.1 added ``count`` times, in floating point as SE adds it.

    >>> plus_tenths(6.6, 1) < plus_tenths(6.5, 2)  # a 6.7 X-chain sorts before a 6.7 Y-cycle
    True
    """
    added = 0.0
    for _ in range(count):
        added += 0.1
    return base + added


class WorkBoundExceeded(Exception):
    """A search went past its work bound (nodes, links, trials: never time). Whoever rates
    a path then reports the bound instead of a number."""

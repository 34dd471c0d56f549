"""A walkthrough: a solution path cut into what a reader sees, ready to render.

Each step that is shown in full becomes a ``StepFrame`` holding the position it was taken
in. With singles collapsed, a run of Full Houses, Naked Singles and Hidden Singles becomes
one ``SinglesRun`` (its lines only); the grid that follows it (the next step's, or the
closing grid) marks the digits the run placed. A walkthrough opens and closes with a
``GridFrame``; the opening one is left out when the first step is shown in full (its grid
is the same position), the closing one when a step shown in full ends a part of the
solution (its grid shows what it changes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from engine.cells import Cell
from engine.grid import Grid
from engine.step import Step
from engine.technique import SINGLE_CODES


@dataclass(frozen=True)
class GridFrame:
    """A position on its own: the start, or where the walkthrough ends."""

    title: str
    grid: Grid
    new: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class StepFrame:
    """A step shown in full, with the position it was taken in."""

    number: int
    step: Step
    before: Grid
    new: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class SinglesRun:
    """Consecutive singles shown as lines; ``first`` is the number of the first one."""

    first: int
    steps: tuple[Step, ...]

    @property
    def last(self) -> int:
        return self.first + len(self.steps) - 1


Frame = Union[GridFrame, StepFrame, SinglesRun]


@dataclass
class _Builder:
    collapse: bool
    frames: list[Frame] = field(default_factory=list)
    run: list[Step] = field(default_factory=list)
    run_first: int = 0
    new: set[Cell] = field(default_factory=set)

    def add(self, number: int, step: Step, before: Grid) -> None:
        if self.collapse and step.code in SINGLE_CODES:
            if not self.run:
                self.run_first = number
            self.run.append(step)
        else:
            self.flush()
            self.frames.append(StepFrame(number, step, before.copy(), frozenset(self.new)))
            self.new.clear()
        self.new.update(cell for _, cell in step.placements)

    def flush(self) -> None:
        if self.run:
            self.frames.append(SinglesRun(self.run_first, tuple(self.run)))
            self.run = []


def build_walkthrough(
    start: Grid,
    steps: tuple[Step, ...],
    *,
    collapse_singles: bool = True,
    first: int = 1,
    last: int | None = None,
) -> list[Frame]:
    """The frames of steps ``first`` to ``last`` (1-based, inclusive) of a path from ``start``."""
    last = len(steps) if last is None else min(last, len(steps))
    grid = start.copy()
    builder = _Builder(collapse_singles)
    for number, step in enumerate(steps[:last], 1):
        if number == first:
            title = "Start" if first == 1 else f"The position before step {first}"
            builder.frames.append(GridFrame(title, grid.copy()))
        if number >= first:
            builder.add(number, step, grid)
        grid.apply(step)
    builder.flush()
    if len(builder.frames) > 1 and isinstance(builder.frames[1], StepFrame):
        del builder.frames[0]  # the step's own grid shows the start position
    if not steps[first - 1 : last]:
        return [GridFrame("Start", grid.copy())]
    if last == len(steps) or not isinstance(builder.frames[-1], StepFrame):
        done = "Solved" if last == len(steps) and grid.is_solved() else f"After step {last}"
        builder.frames.append(GridFrame(done, grid.copy(), frozenset(builder.new)))
    return builder.frames

"""Walkthroughs: singles collapsed into runs, step ranges, the grids shown."""

from __future__ import annotations

from engine.grid import Grid
from engine.solver import solve
from engine.step import Step
from engine.walkthrough import GridFrame, SinglesRun, StepFrame, build_walkthrough
from tests.conftest import DEFAULT, puzzle_lines

EASY = puzzle_lines("easy50.txt", 1)[0]


def _path() -> tuple[Grid, tuple[Step, ...]]:
    grid = Grid.from_string(EASY)
    return grid, solve(grid, DEFAULT).steps


def _fake(steps: tuple[Step, ...], where: int) -> tuple[Step, ...]:
    """The same path with step ``where`` (1-based) relabelled as a non-single."""
    step = steps[where - 1]
    return steps[: where - 1] + (Step("Pretend Pattern", "pp", placements=step.placements),) + steps[where:]


def test_singles_collapse_into_one_run_and_a_closing_grid() -> None:
    grid, steps = _path()
    frames = build_walkthrough(grid, steps)
    assert [type(f) for f in frames] == [GridFrame, SinglesRun, GridFrame]
    run = frames[1]
    assert isinstance(run, SinglesRun) and (run.first, run.last) == (1, len(steps))
    closing = frames[-1]
    assert isinstance(closing, GridFrame) and closing.title == "Solved" and closing.grid.is_solved()
    assert len(closing.new) == len(steps)  # every digit the run placed is marked as new


def test_full_singles_show_every_step_with_its_grid() -> None:
    grid, steps = _path()
    frames = build_walkthrough(grid, steps, collapse_singles=False)
    assert sum(isinstance(f, StepFrame) for f in frames) == len(steps)
    assert not isinstance(frames[0], GridFrame)  # the first step's grid is the start


def test_a_step_between_runs_marks_what_the_run_placed() -> None:
    grid, steps = _path()
    steps = _fake(steps, 5)
    frames = build_walkthrough(grid, steps)
    assert [type(f) for f in frames] == [GridFrame, SinglesRun, StepFrame, SinglesRun, GridFrame]
    frame = frames[2]
    assert isinstance(frame, StepFrame) and frame.number == 5
    assert frame.new == {cell for s in steps[:4] for _, cell in s.placements}
    assert frame.before.values[steps[4].placements[0].cell] == 0  # the grid before the step


def test_step_range() -> None:
    grid, steps = _path()
    steps = _fake(steps, 5)
    frames = build_walkthrough(grid, steps, first=5, last=5)
    assert [type(f) for f in frames] == [StepFrame]  # its grid shows the position and the change
    frames = build_walkthrough(grid, steps, first=3, last=7)
    assert isinstance(frames[0], GridFrame) and frames[0].title == "The position before step 3"
    run = frames[1]
    assert isinstance(run, SinglesRun) and (run.first, run.last) == (3, 4)
    assert isinstance(frames[-1], GridFrame) and frames[-1].title == "After step 7"


def test_an_already_solved_grid() -> None:
    grid, steps = _path()
    for step in steps:
        grid.apply(step)
    frames = build_walkthrough(grid, ())
    assert len(frames) == 1 and isinstance(frames[0], GridFrame)



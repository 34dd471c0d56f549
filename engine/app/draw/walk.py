"""A solution path as page panels: the start, each step on the grid it was found in, runs
of singles (as one panel, and each single as a panel of its own for the expanded view),
and the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.cells import Cell
from engine.grid import Grid
from engine.technique import SINGLE_CODES
from engine.step import Step
from engine.app.draw import draw_svg
from engine.app.draw.page import Panel
from engine.app.draw.picture import Picture


@dataclass
class _Run:
    first: int = 0
    steps: list[Step] = field(default_factory=list)
    singles: list[Panel] = field(default_factory=list)
    placed: set[Cell] = field(default_factory=set)


def step_panel(prefix: str, number: int, step: Step, before: Grid, kind: str = "step") -> Panel:
    """A step on the grid it was found in."""
    picture = draw_svg(before, Picture.of_step(step), f"Step {number}: {step}", standalone=False)
    return Panel(
        f"{prefix}s{number}", f"Step {number}", f"{number}. {step.technique}", picture,
        kind="single" if kind == "single" else "step", line=step.text, explanation=step.explanation,
    )  # fmt: skip


def grid_panel(panel_id: str, label: str, grid: Grid, new: frozenset[Cell] = frozenset()) -> Panel:
    picture = draw_svg(grid, Picture(new=new), label, standalone=False)
    return Panel(panel_id, label, label, picture, kind="grid")


def path_panels(prefix: str, start: Grid, steps: tuple[Step, ...], first: int = 1, last: int | None = None, end_label: str = "") -> list[Panel]:
    """The panels of steps ``first`` to ``last`` (1-based) of a path from ``start``; ids
    start with ``prefix`` so that several puzzles share a page."""
    last = len(steps) if last is None else min(last, len(steps))
    grid = start.copy()
    panels: list[Panel] = []
    run = _Run()
    for number, step in enumerate(steps[:last], 1):
        if number == first:
            label = "Start" if first == 1 else f"Before step {first}"
            panels.append(grid_panel(f"{prefix}start", label, grid))
        if number >= first:
            if step.code in SINGLE_CODES:
                run.first = run.first or number
                run.steps.append(step)
                run.singles.append(step_panel(prefix, number, step, grid, "single"))
                run.placed.update(c for _, c in step.placements)
            else:
                panels += _close_run(prefix, run, grid)
                run = _Run()
                panels.append(step_panel(prefix, number, step, grid))
        grid.apply(step)
    panels += _close_run(prefix, run, grid)
    if not panels:
        panels.append(grid_panel(f"{prefix}start", "Start", grid))
    done = end_label or ("Solved" if last == len(steps) and grid.is_solved() else f"After step {last}")
    panels.append(grid_panel(f"{prefix}end", done, grid, frozenset(run.placed)))
    return panels


def _close_run(prefix: str, run: _Run, after: Grid) -> list[Panel]:
    """The run's panel (the grid after it, its digits underlined), then its singles."""
    if not run.steps:
        return []
    count = len(run.steps)
    lastn = run.first + count - 1
    span = f"Step {run.first}" if count == 1 else f"Steps {run.first}-{lastn}"
    heading = f"{span}: {count} single" + ("" if count == 1 else "s")
    run_id = f"{prefix}r{run.first}"
    picture = draw_svg(after, Picture(new=frozenset(run.placed)), heading, standalone=False)
    first_single = run.singles[0]
    run_panel = Panel(run_id, span, heading, picture, kind="run", singles=tuple(s.text for s in run.steps), first_single=run.first, twin=first_single.id)
    return [run_panel, *(replace(p, twin=run_id) for p in run.singles)]

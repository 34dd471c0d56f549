"""Soundness sweep for the se profile: every step of SE's path agrees with the solution.

A placement must put the solution's digit, a removal must never take it; a solved path
must end on the solution. The default run takes slices of the easy and 17-clue sets and
the sources of the SE positions (Nishio, multiple and dynamic forcing chains); ``-m slow``
runs top95, a slice of top1465 and the famous hardest (nested forcing chains: minutes).
"""

from __future__ import annotations

import pytest

from engine.analysis import analyse
from engine.cells import CELL_NAMES
from engine.grid import Grid
from engine.profiles.se import notation
from engine.solver import SolveStatus
from tests.conftest import SE, puzzle_lines, values_of


def check_sound(line: str) -> str:
    """SE's path through one puzzle, every step checked; returns the path's status."""
    grid = Grid.from_values(values_of(line))
    analysis = analyse(grid.values)
    solution = analysis.solution
    assert solution is not None, line
    result = SE.solve(grid, analysis=analysis)
    for step in result.steps:
        for digit, cell in step.placements:
            assert solution[cell] == digit, f"{line}: {notation(step)} places {digit} in {CELL_NAMES[cell]}"
        for digit, cell in step.eliminations:
            assert solution[cell] != digit, f"{line}: {notation(step)} removes the true {digit} from {CELL_NAMES[cell]}"
    if result.status is SolveStatus.SOLVED:
        assert tuple(result.grid.values) == solution
        return "bf" if result.brute_force else "solved"
    return "bound"


SETS = {
    # name: (file, default slice step, slow slice step; 0: only in the slow run)
    "easy50": ("easy50.txt", 5, 1),
    "royle17": ("royle17_sample1000.tsv", 40, 4),
    "se_sources": ("se_sources.txt", 3, 1),
    "top95": ("top95.txt", 0, 1),
    "top1465": ("top1465.txt", 0, 25),
    "famous": ("famous.tsv", 0, 3),
}


def _cases(slow: bool) -> list[tuple[str, str]]:
    out = []
    for name, (file, step, slow_step) in SETS.items():
        every = slow_step if slow else step
        if every:
            out += [(name, line) for line in puzzle_lines(file)[::every]]
    return out


DEFAULT_CASES = _cases(slow=False)


@pytest.mark.parametrize(("name", "line"), DEFAULT_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(DEFAULT_CASES)])
def test_every_se_step_is_sound(name: str, line: str) -> None:
    assert check_sound(line) == "solved"


@pytest.mark.slow
def test_every_se_step_is_sound_on_the_whole_sets() -> None:
    for _name, line in _cases(slow=True):
        assert check_sound(line) in ("solved", "bf", "bound")

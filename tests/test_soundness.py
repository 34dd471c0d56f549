"""Soundness sweep: every step of every logical solve agrees with the known solution.

A placement must put the solution's digit; an elimination must never remove it; the final
grid must equal the solution. This catches more technique bugs than unit tests do. The
default run takes a representative slice of each set; ``-m slow`` runs them whole.
"""

from __future__ import annotations

import pytest

from engine.analysis import analyse
from engine.cells import CELL_NAMES
from engine.grid import Grid
from engine.profiles import load_profile
from engine.solver import SolveStatus, solve
from techniques import CATALOG
from tests.conftest import DEFAULT, iter_reference_puzzles, puzzle_lines, values_of

FULL = load_profile("full", CATALOG)


def check_sound(line: str, full: bool = False) -> int:
    """Solve one puzzle (with the default techniques, or the ``full`` profile) and check
    every step; returns the number of Brute Force steps."""
    grid = Grid.from_values(values_of(line))
    analysis = analyse(grid.values)
    solution = analysis.solution
    assert solution is not None, line
    result = FULL.solve(grid, analysis=analysis) if full else solve(grid, DEFAULT, analysis=analysis)
    assert result.status is SolveStatus.SOLVED, line
    for step in result.steps:
        for digit, cell in step.placements:
            assert solution[cell] == digit, f"{line}: {step} places {digit} in {CELL_NAMES[cell]}"
        for digit, cell in step.eliminations:
            assert solution[cell] != digit, f"{line}: {step} removes the true {digit} from {CELL_NAMES[cell]}"
    assert tuple(result.grid.values) == solution
    return result.brute_force


SETS = {
    # name: (file, default slice step, slow slice step)
    "easy50": ("easy50.txt", 5, 1),
    "top95": ("top95.txt", 4, 1),
    "royle17": ("royle17_sample1000.tsv", 10, 1),
    "top1465": ("top1465.txt", 30, 1),
    "forum_hardest": ("forum_hardest300.txt", 30, 1),
    # AI Escargot, Fata Morgana, ... Easter Monster and Golden Nugget in the slow run: the
    # hardest need nested forcing nets, a second or two each.
    "famous": ("famous.tsv", 6, 1),
}


def _cases(slow: bool) -> list[tuple[str, str]]:
    out = []
    for name, (file, step, slow_step) in SETS.items():
        lines = puzzle_lines(file)
        out += [(name, line) for line in lines[:: slow_step if slow else step]]
    return out


DEFAULT_CASES = _cases(slow=False)


@pytest.mark.parametrize(("name", "line"), DEFAULT_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(DEFAULT_CASES)])
def test_every_step_is_sound(name: str, line: str) -> None:
    check_sound(line)


@pytest.mark.slow
def test_every_step_is_sound_on_the_whole_sets() -> None:
    for _name, line in _cases(slow=True):
        check_sound(line)


@pytest.mark.slow
def test_sound_on_reference_hardest_lists() -> None:
    for line in iter_reference_puzzles("eleven_hardest_26370_er_ep_ed.tsv", 200):
        check_sound(line)


# The full profile's patterns (Exocets, Kraken Fish, Tridagons, ...) on the hardest lists:
# a slice by default (a second or two per puzzle), the whole lists in the slow run.
FULL_SETS = {"forum_hardest": ("forum_hardest300.txt", 60, 3), "top95": ("top95.txt", 19, 1)}
FULL_CASES = [(name, line) for name, (file, step, _) in FULL_SETS.items() for line in puzzle_lines(file)[::step]]


@pytest.mark.parametrize(("name", "line"), FULL_CASES, ids=[f"full-{n}-{i}" for i, (n, _) in enumerate(FULL_CASES)])
def test_every_step_of_the_full_profile_is_sound(name: str, line: str) -> None:
    check_sound(line, full=True)


@pytest.mark.slow
def test_full_profile_sound_on_the_hardest_lists() -> None:
    for _name, (file, _step, slow_step) in FULL_SETS.items():
        for line in puzzle_lines(file)[::slow_step]:
            check_sound(line, full=True)
    for line in iter_reference_puzzles("mith_te3_sample500_expands.txt", 60):
        check_sound(line, full=True)

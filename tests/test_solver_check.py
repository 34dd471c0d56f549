"""The solver's check by search, made only when something needs it (engine/solver.py).

A solve must give the very result a check made first gives (status, steps, grid and
analysis) on proper puzzles, puzzles without a solution and puzzles with several; and the
search must be skipped when logic fills the grid before any uniqueness technique is asked.
"""

from __future__ import annotations

from typing import Sequence

import pytest

import engine.analysis as analysis_module
from engine.analysis import Status, analyse_grid
from engine.cells import N_CELLS
from engine.grid import Contradiction, Grid
from engine.search import find_solutions, solve as search_solve
from engine.solver import SolveResult, SolveStatus
from tests.conftest import HODOKU, SE, profile_with, puzzle_lines

EASY = puzzle_lines("easy50.txt", 5)
MULTIPLE = puzzle_lines("multisolution200.txt", 5)
# The first puzzle of puzzles/royle17_sample1000.tsv where the techniques before HoDoKu's
# first uniqueness technique (u1) find nothing at some step: u1 is asked, so the check runs.
NEEDS_UNIQUE = ".......71.8.4........5.....1...72....5....63.............38.4..2.7......6........"


class _Searches:
    """Counts the solver's searches (the check calls ``find_solutions``)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, values: Sequence[int], limit: int, candidates: Sequence[int] | None = None) -> list[list[int]]:
        self.calls += 1
        return find_solutions(values, limit, candidates)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> _Searches:
    counter = _Searches()
    monkeypatch.setattr(analysis_module, "find_solutions", counter)
    return counter


def no_solution(puzzle: str) -> str:
    """The puzzle with one empty cell given a digit its peers allow but the solution does
    not have there: no clue clashes, and there is no solution."""
    values = [int(ch) if ch.isdigit() else 0 for ch in puzzle]
    solution = search_solve(values)
    assert solution is not None
    grid = Grid.from_values(values)
    for cell in range(N_CELLS):
        for digit in range(1, 10):
            if values[cell] or not grid.cands[cell] >> (digit - 1) & 1 or digit == solution[cell]:
                continue
            spoiled = "".join(str(digit) if c == cell else str(v) if v else "." for c, v in enumerate(values))
            try:
                Grid.from_string(spoiled)  # a grid that shows no clash when it is built
            except Contradiction:
                continue
            return spoiled
    raise AssertionError("no cell to spoil")


def checked_first(puzzle: str, result: SolveResult) -> None:
    """``result`` is what a check made before the solve would have given."""
    grid = Grid.from_string(puzzle)
    found = analyse_grid(grid)
    assert result.analysis == found
    if found.status is not Status.UNIQUE:
        assert result.status is SolveStatus.INVALID
        assert result.steps == ()
        assert result.grid.values == grid.values and result.grid.cands == grid.cands
    elif result.status is SolveStatus.SOLVED:
        assert tuple(result.grid.values) == found.solutions[0]


@pytest.mark.parametrize("puzzle", EASY)
def test_logic_that_fills_the_grid_needs_no_search(puzzle: str, searches: _Searches) -> None:
    result = HODOKU.solve(Grid.from_string(puzzle))
    assert result.status is SolveStatus.SOLVED
    assert searches.calls == 0
    checked_first(puzzle, result)


def test_a_uniqueness_technique_asked_makes_the_check(searches: _Searches) -> None:
    result = HODOKU.solve(Grid.from_string(NEEDS_UNIQUE))
    assert result.status is SolveStatus.SOLVED
    assert searches.calls == 1
    checked_first(NEEDS_UNIQUE, result)


@pytest.mark.parametrize("profile", [HODOKU, SE], ids=["hodoku", "se"])
@pytest.mark.parametrize("puzzle", MULTIPLE + [no_solution(p) for p in EASY[:3]] + [no_solution(NEEDS_UNIQUE)])
def test_puzzles_without_one_solution_are_reported_as_a_check_first_does(puzzle: str, profile: object, searches: _Searches) -> None:
    from engine.profiles import Profile

    assert isinstance(profile, Profile)
    result = profile.solve(Grid.from_string(puzzle))
    checked_first(puzzle, result)
    assert searches.calls >= 1


def test_brute_force_and_stuck_use_the_check() -> None:
    singles = profile_with(*(t for t in HODOKU.default if t.code in ("fh", "n1", "h1")))
    puzzle = puzzle_lines("top95.txt", 1)[0]
    stuck = singles.solve(Grid.from_string(puzzle), allow_search=False)
    assert stuck.status is SolveStatus.STUCK
    checked_first(puzzle, stuck)
    guessed = singles.solve(Grid.from_string(puzzle))
    assert guessed.status is SolveStatus.SOLVED and guessed.brute_force > 0
    checked_first(puzzle, guessed)


def test_a_work_budget_spent_before_the_check_still_reports_the_puzzle_as_a_check_first_does() -> None:
    from engine.stop import work_limit

    puzzle = no_solution(EASY[0])
    with work_limit(3):
        result = HODOKU.solve(Grid.from_string(puzzle))
    checked_first(puzzle, result)

"""Search correctness: solutions obey the rules and keep the clues; counts are right."""

from __future__ import annotations

import time

import pytest

from engine.analysis import Status, analyse
from engine.cells import UNITS
from engine.search import count_solutions, find_solutions, solve
from tests.conftest import iter_reference_puzzles, puzzle_lines, values_of


def assert_valid_solution(puzzle: list[int], solution: list[int] | tuple[int, ...]) -> None:
    assert all(1 <= v <= 9 for v in solution)
    for unit in UNITS:
        assert sorted(solution[c] for c in unit.cells) == list(range(1, 10)), unit.name
    assert all(p == 0 or p == s for p, s in zip(puzzle, solution))


@pytest.mark.parametrize("name", ["easy50.txt", "top95.txt", "hardest.txt"])
def test_real_puzzles_have_one_valid_solution(name: str) -> None:
    for line in puzzle_lines(name):
        values = values_of(line)
        found = find_solutions(values, 2)
        assert len(found) == 1, line
        assert_valid_solution(values, found[0])


def test_top1465_slice_is_unique() -> None:
    for line in puzzle_lines("top1465.txt")[::15]:
        assert count_solutions(values_of(line)) == 1, line


@pytest.mark.slow
def test_top1465_all_unique() -> None:
    for line in puzzle_lines("top1465.txt"):
        values = values_of(line)
        found = find_solutions(values, 2)
        assert len(found) == 1
        assert_valid_solution(values, found[0])


def test_multi_solution_set_is_reported_as_multiple() -> None:
    for line in puzzle_lines("multisolution200.txt"):
        values = values_of(line)
        found = find_solutions(values, 2)
        assert len(found) == 2 and found[0] != found[1], line
        for solution in found:
            assert_valid_solution(values, solution)


@pytest.mark.slow
def test_all_ten_thousand_multi_solution_grids() -> None:
    for line in iter_reference_puzzles("serg_benchmark_multisolution.txt", 10_000):
        assert count_solutions(values_of(line)) == 2


def test_empty_grid_returns_at_once() -> None:
    start = time.perf_counter()
    assert count_solutions([0] * 81, 2) == 2
    assert count_solutions([0] * 81, 50) == 50
    assert time.perf_counter() - start < 1.0


def test_no_solution_without_clashing_clues() -> None:
    # Row 1 misses only 9, but column 9 already has a 9 lower down: no clash among clues,
    # yet no solution.
    values = values_of("12345678." + "." * 8 + "9" + "." * 63)
    assert solve(values) is None
    assert analyse(values).status is Status.NONE


def test_pencil_marks_restrict_the_search() -> None:
    line = puzzle_lines("top95.txt", 1)[0]
    values = values_of(line)
    solution = solve(values)
    assert solution is not None
    cands = [0 if v else 0x1FF for v in values]
    first_empty = values.index(0)
    cands[first_empty] &= ~(1 << (solution[first_empty] - 1))  # remove the true digit
    assert find_solutions(values, 2, cands) == []


def test_count_is_capped() -> None:
    assert count_solutions([0] * 81, 7) == 7
    assert count_solutions(values_of(puzzle_lines("easy50.txt", 1)[0]), 1000) == 1

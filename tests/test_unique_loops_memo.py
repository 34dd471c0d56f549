"""SE's Unique Rectangles and Loops keep, from one position to the next, each pair of
digits' loops (by the cells holding both digits and their candidates) and each loop's type
3 hints (by the candidates they read): along real solves, with those memos warm from the
positions before, the steps are what a search with the memos emptied finds."""

from __future__ import annotations

from functools import cache

from engine.grid import Grid
from techniques.uniqueness import unique_loops
from techniques.uniqueness.unique_loops import UNIQUE_LOOPS
from tests.conftest import puzzle_lines, solve_positions


@cache
def positions() -> list[Grid]:
    """Every position of the default solves of every 150th top1465 puzzle."""
    return solve_positions(puzzle_lines("top1465.txt")[::150])


def _listed(grid: Grid) -> list[tuple[str, str]]:
    return [(s.code, f"{s} | {s.explanation} | {s.rating}") for s in UNIQUE_LOOPS.find(grid)]


def test_loops_and_type_3_hints_remembered_are_what_a_fresh_search_finds() -> None:
    found = type3 = 0
    for grid in positions():
        warm = _listed(grid)
        unique_loops._PAIR_LOOPS.results.clear()
        unique_loops._TYPE3.results.clear()
        assert _listed(grid) == warm
        found += len(warm)
        type3 += sum(code == "ul3" for code, _ in warm)
    assert found > 50 and type3  # the positions hold loops of every kind, type 3 too


def test_types_1_2_and_4_from_each_loop_once_are_those_from_every_loop_found() -> None:
    """A loop found again (from another start, or the other way round) adds no hint of
    types 1, 2 or 4: collected over each set of cells once, the hints are the same, in
    the same order, words included."""
    again = found = 0
    for grid in positions():
        loops = UNIQUE_LOOPS._loops(grid)
        once = unique_loops._first_of_each(loops)
        every_hint = unique_loops._collect(grid, loops, unique_loops._other_types)
        assert unique_loops._collect(grid, once, unique_loops._other_types) == every_hint
        again += len(loops) - len(once)
        found += len(every_hint)
    assert again > 100 and found > 20

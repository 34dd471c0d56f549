"""A solution as a shortcut for HoDoKu's forcing nets (``techniques/forcing/truth.py`` and
``hodoku_order._first_net_fact``).

The shortcut rests on two facts checked here on real positions: a premise some solution
meets breaks none of HoDoKu's rule checks, and the first fact found with it (tables made
only where needed) is the first fact of the straightforward computation (every premise's
table, every check, every either-or). The step derived from it must not change either,
although fewer tables are made.

Positions: the README puzzle's solve (every fourth position), and those of
tests/test_forcing_hodoku_bound.py (HoDoKu's forcing positions among them).
"""

from __future__ import annotations

import pytest

from engine.cells import N_CELLS, bit_indices
from engine.grid import Grid
from engine.search import find_solutions
from techniques.forcing import hodoku_order, truth
from techniques.forcing.chains_and_nets import FORCING_NET
from techniques.forcing.conclusions import NetProver, fully_open, premises
from techniques.forcing.hodoku_nets import NetTables
from techniques.forcing.link_tables import CANDIDATE_BITS
from techniques.forcing.truth import NO_TRUTH, truth_of
from techniques.shared import candidate_literal, false_literal, true_literal
from tests.conftest import grid_from, solve_positions
from tests.test_forcing_hodoku_bound import ALL, README_PUZZLE

POSITIONS: dict[str, Grid] = {**ALL, **{f"readme-{n}": grid for n, grid in enumerate(solve_positions([README_PUZZLE])) if n % 4 == 0}}


def first_fact_by_definition(tables: NetTables, grid: Grid) -> int | None:
    """The first fact in HoDoKu's order among every premise's contradiction and every
    either-or's verity, each premise's table made."""
    reach = {premise: tables.reach(premise) for premise in premises(grid)}
    breaks = hodoku_order._RuleCheck(grid).breaks
    facts = {premise ^ 1 for premise, (on, off) in reach.items() if breaks(premise, on, off)}
    for lits, skip in hodoku_order._either_ors(grid):
        if not lits:
            continue
        on = off = CANDIDATE_BITS
        for lit in lits:
            on, off = on & reach[lit][0], off & reach[lit][1]
        keep = hodoku_order._outside(skip)
        facts |= {true_literal(node) for node in bit_indices(on & keep)} | {false_literal(node) for node in bit_indices(off & keep)}
    # Two placements in one cell come only from a grid without a solution: the least digit.
    return min(facts, key=lambda fact: (hodoku_order._fact_key(fact), fact), default=None)


def test_truth_is_a_solution_of_the_grid() -> None:
    grid = POSITIONS["readme-4"]
    solution = find_solutions(grid.values, 1, grid.cands)[0]
    found = truth_of(grid)
    for cell in range(N_CELLS):
        for digit in grid.candidates(cell):
            assert found.meets(candidate_literal(cell, digit, True)) is (solution[cell] == digit)
            assert found.meets(candidate_literal(cell, digit, False)) is (solution[cell] != digit)
    assert found.on.bit_count() == grid.empty_count()
    assert found.on | found.off == sum(1 << (d - 1) * N_CELLS + c for c in range(N_CELLS) for d in grid.candidates(c))


def test_a_solution_remembered_is_used_only_where_it_is_one() -> None:
    readme = POSITIONS["readme-0"]
    truth_of(readme)
    other = grid_from("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    found = truth_of(other)
    solution = find_solutions(other.values, 1, other.cands)[0]
    assert found.known and all(found.meets(true_literal((solution[c] - 1) * N_CELLS + c)) for c in range(N_CELLS) if not other.values[c])


def test_a_grid_without_a_solution_gives_no_shortcut() -> None:
    grid = POSITIONS["readme-0"].copy()
    solution = find_solutions(grid.values, 1, grid.cands)[0]
    cell = next(c for c in range(N_CELLS) if not grid.values[c])
    assert grid.eliminate(cell, solution[cell])
    assert truth_of(grid) is NO_TRUTH
    assert not NO_TRUTH.meets(candidate_literal(cell, grid.candidates(cell)[0], True))


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_premise_a_solution_meets_breaks_no_rule(name: str) -> None:
    grid = POSITIONS[name]
    known = truth_of(grid)
    tables = NetTables(grid)
    breaks = hodoku_order._RuleCheck(grid).breaks
    met = [premise for premise in premises(grid) if known.meets(premise)]
    assert len(met) * 2 == len(premises(grid))  # one of each candidate's two premises
    for premise in met:
        assert not breaks(premise, *tables.reach(premise)), premise


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_first_fact_is_the_straightforward_one(name: str) -> None:
    grid = POSITIONS[name]
    tables = NetTables(grid)
    expected = first_fact_by_definition(NetTables(grid), grid)
    assert hodoku_order._first_net_fact(tables, grid, None) == expected
    if fully_open(grid):
        bounded = hodoku_order._first_net_fact(NetTables(grid), grid, hodoku_order._Bound(NetProver(grid)))
        assert bounded == expected
    if expected is not None:  # the step told from it, as from every premise's table
        every = NetTables(grid)
        for premise in premises(grid):
            every.reach(premise)
        assert hodoku_order._derivation(tables, grid, expected) == hodoku_order._derivation(every, grid, expected)


def test_the_shortcut_spares_tables_where_hodokus_nets_find_a_step() -> None:
    """Where HoDoKu's nets find a step, without the bound: the same step from fewer tables
    (a table per premise before)."""
    made = every = 0
    for grid in POSITIONS.values():
        tables = NetTables(grid)
        if hodoku_order._first_net_fact(tables, grid, None) is not None:
            made += len(tables.reaches_so_far())
            every += len(premises(grid))
    assert 0 < made * 10 < every * 9  # 8,474 of 10,240 when written


def test_the_step_is_the_same_with_the_remembered_solution_forgotten() -> None:
    grid = POSITIONS["hodoku-net"]
    step = hodoku_order.hodoku_forcing_net(FORCING_NET, grid)
    truth._last[0] = None
    again = hodoku_order.hodoku_forcing_net(FORCING_NET, grid)
    assert step is not None and again is not None
    assert (str(step), step.explanation) == (str(again), again.explanation)

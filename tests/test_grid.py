from __future__ import annotations

import random
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis import analyse
from engine.appearance import order_of_appearance
from engine.cells import CELL_NAMES, UNITS, Cell, Digit, parse_cell_name
from engine.grid import Contradiction, Grid
from tests.conftest import puzzle_lines, values_of

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def fresh(grid: Grid) -> Grid:
    """The same position rebuilt from scratch: every incremental index must agree."""
    return Grid.from_values(grid.values, grid.givens, grid.cands)


def assert_indexes_match(grid: Grid) -> None:
    rebuilt = fresh(grid)
    assert grid.cands == rebuilt.cands
    assert grid.cells_with == rebuilt.cells_with
    assert grid.naked_single_cells() == rebuilt.naked_single_cells()
    assert grid.hidden_single_keys() == rebuilt.hidden_single_keys()
    assert grid.full_house_units() == rebuilt.full_house_units()
    for unit in UNITS:
        for d in range(1, 10):
            assert grid.place_count(d, unit) == rebuilt.place_count(d, unit)


def test_candidates_follow_the_clues() -> None:
    grid = Grid.from_string(INKALA)
    assert grid.values[0] == 8 and grid.cands[0] == 0
    assert grid.candidates(parse_cell_name("r1c2")) == (1, 2, 4, 6)
    assert grid.is_given(0) and not grid.is_given(1)
    assert grid.empty_count() == 81 - 21


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_incremental_indexes_equal_a_rebuild(rnd: random.Random) -> None:
    """Place true digits and remove false candidates in random order; after every change
    the incremental book-keeping equals a grid rebuilt from scratch."""
    grid = Grid.from_string(INKALA)
    solution = values_of(INKALA_SOLUTION)
    moves = [(c, d) for c in range(81) if not grid.values[c] for d in grid.candidates(c)]
    rnd.shuffle(moves)
    for cell, digit in moves[:120]:
        if make_true_move(grid, cell, digit, solution):
            assert_indexes_match(grid)


def make_true_move(grid: Grid, cell: Cell, digit: Digit, solution: Sequence[Digit]) -> bool:
    """Place ``digit`` in ``cell`` if it is the solution's, else remove it; False (nothing
    done) when the cell is filled or has lost the digit already."""
    if grid.values[cell] or not grid.cands[cell] >> (digit - 1) & 1:
        return False
    if solution[cell] == digit:
        grid.place(cell, digit)
    else:
        grid.eliminate(cell, digit)
    return True


def assert_indexes_as_defined(grid: Grid) -> None:
    """Every index of a built grid equals its definition, computed cell by cell."""
    empty = [c for c in range(81) if not grid.values[c]]
    for d in range(1, 10):
        assert grid.cells_with[d] == sum(1 << c for c in range(81) if grid.cands[c] >> (d - 1) & 1)
    assert grid.empty_count() == len(empty)
    for unit in UNITS:
        assert grid.empty_in(unit.number) == sum(1 for c in unit.cells if not grid.values[c])
        for d in range(1, 10):
            places = sum(1 for c in unit.cells if grid.cands[c] >> (d - 1) & 1)
            assert grid.place_count(d, unit) == places
    assert grid.naked_single_cells() == [c for c in empty if bin(grid.cands[c]).count("1") == 1]
    assert grid.hidden_single_keys() == [
        (unit.number, d) for unit in UNITS for d in range(1, 10) if sum(1 for c in unit.cells if grid.cands[c] >> (d - 1) & 1) == 1
    ]
    assert grid.full_house_units() == [unit.number for unit in UNITS if sum(1 for c in unit.cells if not grid.values[c]) == 1]


@settings(max_examples=20, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_build_computes_its_indexes_as_defined(rnd: random.Random) -> None:
    """A grid built from values and pencil marks (its indexes computed in one pass over
    the cells) holds what each index is defined to hold, on positions along a solve."""
    grid = Grid.from_string(INKALA)
    solution = values_of(INKALA_SOLUTION)
    assert_indexes_as_defined(grid)
    moves = [(c, d) for c in range(81) if not grid.values[c] for d in grid.candidates(c)]
    rnd.shuffle(moves)
    for k, (cell, digit) in enumerate(moves[:150]):
        if make_true_move(grid, cell, digit, solution) and k % 10 == 0:
            assert_indexes_as_defined(fresh(grid))
            assert_indexes_as_defined(Grid.from_values(grid.values))


def test_place_clears_peers_and_copy_is_independent() -> None:
    grid = Grid.from_string(INKALA)
    other = grid.copy()
    cell = parse_cell_name("r1c2")
    grid.place(cell, 1)
    assert grid.values[cell] == 1
    assert all(not grid.cands[p] & 1 for p in range(81) if p != cell and p in _peers(cell))
    assert other.values[cell] == 0 and other.cands[cell] & 1
    assert grid.version != other.version


def _peers(cell: int) -> set[int]:
    from engine.cells import PEERS

    return set(PEERS[cell])


def test_contradiction_names_the_cell() -> None:
    grid = Grid.from_string(INKALA)
    cell = parse_cell_name("r1c2")
    for d in (1, 2, 4):
        grid.eliminate(cell, d)
    with pytest.raises(Contradiction) as info:
        grid.eliminate(cell, 6)
    assert "r1c2 has no candidate left" in str(info.value)
    assert info.value.cells == (cell,)


def test_contradiction_names_the_house() -> None:
    grid = Grid.from_string(INKALA)
    places = grid.places(5, UNITS[9])  # 5 in row 1
    for cell in places[:-1]:
        grid.eliminate(cell, 5)
    with pytest.raises(Contradiction) as info:
        grid.eliminate(places[-1], 5)
    assert str(info.value) == "5 has no place left in row 1"
    assert info.value.unit == UNITS[9]


def test_clashing_clues_are_named() -> None:
    with pytest.raises(Contradiction, match=r"r1c1 and r1c2 both hold 1 \(row 1\)"):
        Grid.from_string("11" + "." * 79)
    with pytest.raises(Contradiction, match=r"r1c1 and r2c1 both hold 7 \(column 1\)"):
        Grid.from_string("7" + "." * 8 + "7" + "." * 71)
    with pytest.raises(Contradiction, match=r"r1c1 and r2c2 both hold 3 \(box 1\)"):
        Grid.from_string("3" + "." * 9 + "3" + "." * 70)


def test_cell_without_candidates_is_named() -> None:
    # r1c9 sees 1-8 in its row and 9 in its column.
    text = "12345678." + "........9" + "." * 63
    with pytest.raises(Contradiction, match="r1c9 has no candidate left"):
        Grid.from_string(text)


def test_singles_indexes_on_a_real_position() -> None:
    grid = Grid.from_string(puzzle_lines("easy50.txt", 1)[0])
    for cell in grid.naked_single_cells():
        assert len(grid.candidates(cell)) == 1
    for u, d in grid.hidden_single_keys():
        assert len(grid.places(d, UNITS[u])) == 1
    assert grid.hidden_single_keys(), "an easy puzzle starts with hidden singles"
    assert all(CELL_NAMES[c] for c in grid.naked_single_cells())


def _ages(grid: Grid) -> tuple[list[int], list[tuple[int, int]]]:
    return grid.naked_singles_by_age(), grid.hidden_singles_by_age()


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False))
def test_singles_put_in_order_when_first_asked_are_in_the_order_of_a_build_ordered_at_once(rnd: random.Random) -> None:
    """A grid built from values orders the singles it starts with only when an order is
    first asked for; after any moves (placements, removals) that order equals the order of
    the same grid with its singles ordered at the build, copies included."""
    unordered = 0
    for line in rnd.sample(puzzle_lines("hodoku_generated500.txt")[::25], 4):
        values = values_of(line)
        solution = analyse(values).solution
        assert solution is not None
        lazy = Grid.from_values(values)
        eager = Grid.from_values(values)  # ordered at once, as builds did
        eager._naked, eager._hidden = order_of_appearance(values, eager._naked, eager._hidden, eager.cands)
        eager._unordered = None
        unordered += lazy._unordered is not None
        moves = [(c, d) for c in range(81) if not lazy.values[c] for d in lazy.candidates(c)]
        rnd.shuffle(moves)
        for k, (cell, digit) in enumerate(moves[:60]):
            for grid in (lazy, eager):
                make_true_move(grid, cell, digit, solution)
            if k % 6 == 0:
                assert _ages(lazy.copy()) == _ages(eager)
        assert _ages(lazy) == _ages(eager)
    assert unordered  # builds with singles to order

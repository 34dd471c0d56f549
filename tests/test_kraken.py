"""Kraken Fish: a finned fish joined to its targets by chains from the fins (type 1) or
from one cover line's base cells and the fins (type 2)."""

from __future__ import annotations

import pytest

from engine.cells import UNITS
from engine.grid import Grid
from engine.search import find_solutions
from engine.step import Candidate
from engine.profiles import load_profile
from techniques import CATALOG
from techniques.fish.kraken import KRAKEN_FISH, MAX_LINKS, _Search, _finned_fish
from techniques.forcing.link_tables import CANDIDATE_BITS
from techniques.shared import candidate_index
from tests.conftest import DEFAULT, grid_from
from tests.positions import load
from tests.conftest import PUZZLES

# The pencil-mark grid of an Enjoy Sudoku forum thread ("Where do I go from here?",
# HoDoKu's hint there: Kraken Fish Type 1, Sashimi X-Wing 9 r16 c27 fr1c5 fr6c3 => r4c2<>9).
FORUM = (
    "4.26.3.788...7.36.637.8.2....6....82.28..6...54.827.3696....8.718376542927...86.3",
    "r2c3<>5 r3c8<>15 r5c4<>4 r5c5<>4 r5c8<>15",
)
KRAKEN_POSITIONS = [p for p in load(PUZZLES / "techniques" / "fish.txt") if p.code.startswith("kf") and p.expected != "-"]


def _solution(grid: Grid) -> list[int]:
    found = find_solutions(grid.values, 2, grid.cands)
    assert len(found) == 1
    return found[0]


def test_the_forum_example_is_found_first_with_both_fins_chains() -> None:
    grid = grid_from(*FORUM)
    step = next(KRAKEN_FISH.find(grid))
    assert str(step) == "Kraken Fish Type 1: Sashimi X-Wing: 9 r16 c27 fr1c5 fr6c3 => r4c2<>9"
    assert step.code == "kf1"
    text = step.explanation
    assert "If r1c5 is 9: r4c6 is 9 (the last place for 9 in column 6), so r4c2 is not 9" in text
    assert "If r6c3 is 9: r4c2 is not 9 (it sees the 9 in r6c3)" in text
    assert text.endswith("Either way, remove 9 from r4c2.")


def test_highlights_show_the_fish_its_fins_and_houses_by_role() -> None:
    step = next(KRAKEN_FISH.find(grid_from(*FORUM)))
    marks = step.highlights
    assert set(marks.fins) == {Candidate(9, 4), Candidate(9, 47)}  # r1c5, r6c3
    assert set(marks.pattern) == {Candidate(9, 1), Candidate(9, 6), Candidate(9, 51)}  # r1c2, r1c7, r6c7
    assert [UNITS[u].name for u in marks.units] == ["r1", "r6"]
    assert [UNITS[u].name for u in marks.cover_units] == ["c2", "c7"]
    assert marks.links  # the chain r1c5 -> r4c6 -> r4c2


def test_every_step_on_the_forum_grid_is_true() -> None:
    grid = grid_from(*FORUM)
    solution = _solution(grid)
    steps = list(KRAKEN_FISH.find(grid))
    assert {s.code for s in steps} == {"kf1", "kf2"}
    for step in steps:
        assert all(solution[c.cell] != c.digit for c in step.eliminations), str(step)


@pytest.mark.parametrize("position", KRAKEN_POSITIONS, ids=[p.id for p in KRAKEN_POSITIONS])
def test_type_two_says_which_cover_line_and_every_premise(position) -> None:  # type: ignore[no-untyped-def]
    grid = grid_from(position.values, position.removed)
    step = next(s for s in KRAKEN_FISH.find(grid) if s.code == "kf2")
    assert " gets its " in step.explanation
    premises = step.explanation.split("So one of ")[1].split(" is ")[0].replace(" or ", ", ").split(", ")
    assert len(premises) >= 2
    for cell in premises:
        assert f"If {cell} is " in step.explanation


@pytest.mark.parametrize("position", KRAKEN_POSITIONS, ids=[p.id for p in KRAKEN_POSITIONS])
def test_chains_stay_within_the_bound(position) -> None:  # type: ignore[no-untyped-def]
    grid = grid_from(position.values, position.removed)
    search = _Search(grid)
    for size in (2, 3, 4):
        for shape in _finned_fish(grid, size):
            for kraken in search.krakens(shape):
                for cell in kraken.premises:
                    closure = search.closure(cell, kraken.fish.digit)
                    assert all(closure.distance(t, False) <= MAX_LINKS for t in kraken.targets)


def test_nothing_when_no_fin_reaches_the_target() -> None:
    # the position before the forum grid's chains exist: a plain start of a hard puzzle
    grid = Grid.from_string("........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
    assert next(KRAKEN_FISH.find(grid), None) is None


def test_off_in_hodoku_on_in_full_before_the_nets() -> None:
    assert KRAKEN_FISH not in DEFAULT
    full = load_profile("full", CATALOG)
    order = [e.technique.code for e in full.entries if e.enabled]
    assert order.index("ach") < order.index("kf") < order.index("fc")


@pytest.mark.parametrize("position", KRAKEN_POSITIONS[:4], ids=[p.id for p in KRAKEN_POSITIONS[:4]])
def test_what_a_premise_rules_out_is_the_closures_first_levels(position) -> None:  # type: ignore[no-untyped-def]
    # the breadth-first walk over literals against LinkTables.closure, level by level, for
    # every candidate of the grid as a premise
    grid = grid_from(position.values, position.removed)
    search = _Search(grid)
    for cell in range(81):
        for digit in range(1, 10):
            if grid.cands[cell] >> (digit - 1) & 1:
                closure = search.tables.closure(candidate_index(cell, digit), True)
                off = 0
                for _on, new_off in closure.levels[: MAX_LINKS + 1]:
                    off |= new_off
                assert search.ruled_out(cell, digit) == off & CANDIDATE_BITS, (cell, digit)


def _fish_by_cells(digit: int, everywhere: int, size: int) -> list[tuple[object, ...]]:
    """Reference: the finned fish of one digit and size found on cell sets: base lines
    (rows, then columns) in combinations order, every ``size`` of the cover lines their
    cells meet, each base line covered, at most MAX_FINS cells outside the covers."""
    from itertools import combinations

    from engine.cells import COLS, ROWS
    from techniques.fish.kraken import MAX_FINS

    found: list[tuple[object, ...]] = []
    for bases, covers in ((ROWS, COLS), (COLS, ROWS)):
        places = [everywhere & unit.mask for unit in bases]
        for combo in combinations([i for i in range(9) if places[i]], size):
            cells = 0
            for i in combo:
                cells |= places[i]
            crossing = [cover for cover in covers if cover.mask & cells]
            if not size < len(crossing) <= size + MAX_FINS:
                continue
            for chosen in combinations(crossing, size):
                covered = sum(cover.mask for cover in chosen)
                fins = cells & ~covered
                if fins.bit_count() <= MAX_FINS and all(places[i] & covered for i in combo):
                    found.append((digit, tuple(bases[i].number for i in combo), tuple(c.number for c in chosen), cells, fins, covered))
    return found


def test_finned_fish_shapes_from_line_masks_are_the_cell_set_ones() -> None:
    """The shapes worked out on 9-bit line masks are those found on cell sets, in the same
    order, for every digit and size at the Kraken Fish positions and along a full solve."""
    from techniques.fish.kraken import MAX_SIZE, _digit_fish

    grids = [grid_from(p.values, p.removed) for p in KRAKEN_POSITIONS]
    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    grid = Grid.from_string(inkala)
    for step in load_profile("full", CATALOG).solve(grid).steps[:40]:
        grids.append(grid.copy())
        grid.apply(step)
    shapes = 0
    for grid in grids:
        for digit in range(1, 10):
            for size in range(2, MAX_SIZE + 1):
                expected = _fish_by_cells(digit, grid.cells_with[digit], size)
                assert list(_digit_fish(digit, grid.cells_with[digit], size)) == expected
                shapes += len(expected)
    assert shapes > 1000

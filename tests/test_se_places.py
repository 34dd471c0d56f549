"""SE's direct producers and subsets read a grid's places as positions in each house
(``techniques.se_places``, one table per grid version): on every position of real se
solves they find what the cell-set reading (the one nested chains use on their views)
finds, in the same order. What fish and subsets remember from one position to the next
(by digit, by house) is what a fresh search finds."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine.cells import MASK_COUNT, MASK_DIGITS, UNITS, first_cell
from engine.formats import parse_library
from engine.grid import Grid
from engine.position import CandidateView, Position, empty_counts
from engine.profiles import load_profile
from techniques import CATALOG
from techniques.fish.se_fish import _DIGIT_FISH, _candidate_sets, _fish, _line_places, fish_patterns
from techniques.intersections.se_locking import _GROUPS, SE_DIRECT_LOCKING, SE_LOCKING, SeLocking, locked_sets
from techniques.se_chains.multiple import _NISHIO_RUNS, NISHIO_FORCING_CHAINS
from techniques import se_places
from techniques.se_places import cells_at, house_positions, places_table, positions_of
from techniques.se_order import BLOCK_COL_ROW, colex
from techniques.singles.se_singles import SE_HIDDEN_SINGLE
from techniques.subsets.se_subsets import _HIDDEN_SETS, _NAKED_SETS, _hidden_in, _may_be_naked, _may_hide, _naked_in, hidden_sets, naked_sets
from tests.positions import load

SE_CHAINS = Path(__file__).resolve().parent.parent / "puzzles" / "techniques" / "se_chains.txt"
ROYLE = Path(__file__).resolve().parent.parent / "puzzles" / "royle17_sample1000.tsv"


@cache
def positions() -> list[Grid]:
    """Every position of the se solves of ten 17-clue puzzles, and a thinned copy of
    each (a few candidates gone, as a solve's later positions have)."""
    profile = load_profile("se", CATALOG)
    lines = [line.split()[0] for line in ROYLE.read_text().splitlines() if line and not line.startswith("#")][:10]
    out: list[Grid] = []
    for line in lines:
        seen: list[Grid] = []
        profile.solve(Grid.from_string(line), watch=lambda grid, step: seen.append(grid.copy()))
        out.extend(seen[::3])
    return out


def view_of(grid: Grid) -> Position:
    """The same position as a view (read through cell sets)."""
    return CandidateView(grid.cands[:], grid.cells_with[:], grid.values[:], empty_counts(grid.values))


def test_the_table_is_each_house_s_places() -> None:
    for grid in positions()[::5]:
        table = house_positions(grid)
        for u in range(27):
            for digit in range(1, 10):
                cells = grid.cells_with[digit] & UNITS[u].mask
                assert table[u * 9 + digit - 1] == positions_of(u, cells)
                assert cells_at(u, table[u * 9 + digit - 1]) == cells


def test_places_read_from_cell_sets_are_each_house_s_places() -> None:
    """``places_table`` on a position's cell sets, for some digits only: each house's
    positions of those digits, 0 for the others."""
    for n, grid in enumerate(positions()[::4]):
        digits = 0x1FF if n % 3 == 0 else (n * 37) % 512
        table = places_table(grid.cells_with, digits)
        for u in range(27):
            for digit in range(1, 10):
                expected = positions_of(u, grid.cells_with[digit]) if digits >> (digit - 1) & 1 else 0
                assert table[u * 9 + digit - 1] == expected, (u, digit)


def test_locked_sets_on_a_view_skip_the_digits_not_asked_for() -> None:
    """``only``: a digit is looked at in a house only where its cell set meets the house."""
    kept = skipped = 0
    for n, grid in enumerate(positions()):
        view = view_of(grid)
        only = [0] + [grid.cells_with[d] & UNITS[(n + d) % 27].mask for d in range(1, 10)]
        every = list(locked_sets(view))
        asked = [found for found in every if only[found[2]] & UNITS[found[0]].mask]
        assert list(locked_sets(view, only)) == asked
        kept += len(asked)
        skipped += len(every) - len(asked)
    assert kept and skipped


def carried_view_of(grid: Grid) -> Position:
    """The same position as a view that carries its places table (as a nested run's
    inner rules get it)."""
    return CandidateView(grid.cands[:], grid.cells_with[:], grid.values[:], empty_counts(grid.values), places_table(grid.cells_with))


def test_a_view_s_carried_table_reads_as_its_cell_sets() -> None:
    """Locked sets (every digit, or some digits by house), hidden sets (some houses or
    all) and fish read from the table a view carries are those read from its cell sets."""
    for n, grid in enumerate(positions()):
        view, carried = view_of(grid), carried_view_of(grid)
        only = [0] + [grid.cells_with[d] & UNITS[(n + d) % 27].mask for d in range(1, 10)]
        assert list(locked_sets(carried)) == list(locked_sets(view))
        assert list(locked_sets(carried, only)) == list(locked_sets(view, only))
        houses = (n * 0x2F0B3E1) & ((1 << 27) - 1) if n % 2 else (1 << 27) - 1
        for k, direct in ((2, False), (2, True), (3, False), (4, False)):
            assert list(hidden_sets(carried, k, direct, houses)) == list(hidden_sets(view, k, direct, houses))
        digits = (n * 37) % 512 if n % 3 else 0x1FF
        for k in (2, 3):
            assert list(fish_patterns(carried, k, digits)) == list(fish_patterns(view, k, digits))


def test_a_changed_grid_gets_a_new_table() -> None:
    grid = positions()[0].copy()
    before = house_positions(grid)[:]
    cell = next(c for c in range(81) if grid.cands[c] and grid.cands[c] & (grid.cands[c] - 1))
    digit = grid.cands[cell].bit_length()
    grid.eliminate(cell, digit)
    assert house_positions(grid) != before


def test_the_table_is_corrected_from_the_last_where_candidates_went() -> None:
    """From one position of a solve to the next, the last table corrected where the
    candidates differ is the table read afresh; a position that has candidates the last
    one lacked (another puzzle) is read afresh."""
    grids = positions()
    corrected = afresh = 0
    for before, after in zip(grids, grids[1:]):
        house_positions(before)
        table = se_places._corrected(se_places._LAST[0], after.cands)
        gained = any(now & ~was for now, was in zip(after.cands, before.cands))
        if table is None:
            afresh += 1
            assert gained or sum(now != was for now, was in zip(after.cands, before.cands)) > se_places._MOST_CHANGED
        else:
            corrected += 1
            assert not gained
            assert table == places_table(after.cells_with)
        assert house_positions(after) == places_table(after.cells_with)
    assert corrected > 100 and afresh


def test_every_first_house_of_a_phase_has_its_crossings_at_the_phase_s_positions() -> None:
    """``_KINDS`` is read from each phase's first house: the others must match it."""
    for phase in _GROUPS:
        assert len({tuple(positions for _, positions in groups) for _, groups in phase}) == 1


def test_locked_sets_as_on_a_view() -> None:
    for grid in positions():
        assert list(locked_sets(grid)) == list(locked_sets(view_of(grid)))


@pytest.mark.parametrize("k", [2, 3, 4])
def test_naked_sets_as_on_a_view(k: int) -> None:
    """The grid's naked sets (a house skipped when its pre-test says it has too few small
    cells, the rest remembered by house) are the view's (every house searched)."""
    for grid in positions():
        assert list(naked_sets(grid, k)) == list(naked_sets(view_of(grid), k))


@pytest.mark.parametrize("k", [2, 3, 4])
def test_subset_pre_tests_skip_only_houses_with_nothing(k: int) -> None:
    """A house the pre-tests skip holds no naked (hidden) set of size k: the plain
    search there finds nothing; and they skip many houses (else they would cost for
    nothing)."""
    skipped = 0
    for grid in positions():
        table = house_positions(grid)
        for u in BLOCK_COL_ROW:
            if not _may_be_naked(grid.cands, UNITS[u].cells, k):
                assert not list(_naked_in(grid.cands, u, k))
                skipped += 1
            if not _may_hide(table, u * 9, k):
                assert not list(_hidden_in(table[u * 9 : u * 9 + 9], k))
                skipped += 1
    assert skipped > 1000


@pytest.mark.parametrize("k,direct", [(2, True), (3, True), (2, False), (3, False), (4, False)])
def test_hidden_sets_as_on_a_view(k: int, direct: bool) -> None:
    for grid in positions():
        assert list(hidden_sets(grid, k, direct)) == list(hidden_sets(view_of(grid), k, direct))


def test_fish_and_subsets_remembered_along_solves_are_what_a_fresh_search_finds() -> None:
    """Along the solves (memos warm from the positions before), then with the memos
    emptied: the same fish, naked and hidden sets, in the same order."""
    found = 0
    for grid in positions():
        warm: list[list[object]] = [list(fish_patterns(grid, k)) for k in (2, 3, 4)]
        warm += [list(naked_sets(grid, k)) for k in (2, 3, 4)]
        warm += [list(hidden_sets(grid, k, direct)) for k, direct in ((2, True), (3, True), (2, False), (3, False), (4, False))]
        for memo in (_DIGIT_FISH, _NAKED_SETS, _HIDDEN_SETS):
            memo.results.clear()
        fresh: list[list[object]] = [list(fish_patterns(grid, k)) for k in (2, 3, 4)]
        fresh += [list(naked_sets(grid, k)) for k in (2, 3, 4)]
        fresh += [list(hidden_sets(grid, k, direct)) for k, direct in ((2, True), (3, True), (2, False), (3, False), (4, False))]
        assert warm == fresh
        found += sum(map(len, warm))
    assert found > 100  # the positions hold many of them


@pytest.mark.parametrize("k", [3, 4])
def test_fish_line_sets_skipped_hold_no_fish(k: int) -> None:
    """The line sets searched for a Swordfish or Jellyfish (only lines with 2 to k places)
    are every set of ``colex(k, 9)`` that holds a fish, with its rank there; and many
    sets are skipped."""
    skipped = fish = 0
    for grid in positions()[::2]:
        table = house_positions(grid)
        for digit in range(1, 10):
            for by_column in (True, False):
                places = _line_places(table, digit, by_column)
                searched = _candidate_sets(places, k)
                every = list(enumerate(colex(k, 9)))
                expected = [(rank, lines) for rank, lines in every if _fish(grid, digit, lines, places, by_column, k) is not None]
                assert [entry for entry in searched if _fish(grid, digit, entry[1], places, by_column, k) is not None] == expected
                assert set(searched) <= set(every)
                skipped += len(every) - len(searched)
                fish += len(expected)
    assert fish and skipped > 1000


def test_fish_as_on_a_view() -> None:
    for grid in positions():
        view = view_of(grid)
        table, read = house_positions(grid), places_table(view.cells_with)
        assert read == table  # the places read from the digits' cell sets are the grid's
        for digit in range(1, 10):
            for by_column in (True, False):
                assert _line_places(table, digit, by_column) == _line_places(read, digit, by_column)
        for k in (2, 3, 4):
            assert list(fish_patterns(grid, k)) == list(fish_patterns(view, k))


@pytest.mark.parametrize("technique", [SE_DIRECT_LOCKING, SE_LOCKING], ids=["dpt", "spt"])
def test_pointing_and_claiming_as_on_a_view(technique: SeLocking) -> None:
    found = 0
    for grid in positions():
        steps = list(technique.find(grid))
        assert steps == list(technique.find(view_of(grid)))
        found += len(steps)
    assert found  # the positions hold such steps


def nishio_positions() -> list[Grid]:
    """The se_chains positions of Nishio steps, each with a thinned copy (a candidate of
    another digit gone) where every run of the untouched digits is kept."""
    lines = [p for p in load(SE_CHAINS) if p.code == "snfc"]
    out: list[Grid] = []
    for p in lines:
        grid = parse_library(p.library_line()).to_grid()
        out.append(grid)
        thinned = grid.copy()
        cell = next(c for c in range(81) if grid.cands[c] and MASK_COUNT[grid.cands[c]] > 2)
        thinned.eliminate(cell, MASK_DIGITS[grid.cands[cell]][-1])
        out.append(thinned)
    return out


def test_nishio_runs_kept_by_their_digit_s_places_give_the_same_steps() -> None:
    fresh = []
    for grid in nishio_positions():
        _NISHIO_RUNS.results.clear()
        fresh.append(list(NISHIO_FORCING_CHAINS.find(grid)))
    kept = [list(NISHIO_FORCING_CHAINS.find(grid)) for grid in nishio_positions()]
    assert fresh == kept
    assert sum(1 for steps in fresh if steps) >= 3 and len(_NISHIO_RUNS.results) > 0


def test_hidden_single_first_and_all_in_se_s_order() -> None:
    """The first Hidden Single (found as the least of one int per single) is the first of
    every single sorted in SE's order (houses with one empty cell, then blocks, columns,
    rows, then digits), and the listing follows that order."""
    checked = 0
    for grid in positions():
        keys = sorted((grid.empty_in(u) > 1, BLOCK_COL_ROW.index(u), d, u) for u, d in grid.hidden_singles_by_age())
        steps = list(SE_HIDDEN_SINGLE.find(grid))
        assert [(s.placements[0].digit, s.placements[0].cell) for s in steps] == [
            (d, first_cell(grid.cells_with[d] & UNITS[u].mask)) for _, _, d, u in keys
        ]
        checked += len(keys) > 1
    assert checked > 20

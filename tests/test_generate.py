"""The generator's core: symmetry orbits, digging, unavoidable sets, the judge's refusals,
reproducibility and resuming, and what generated puzzles are (checked by an independent
solver, not by the engine's search)."""

from __future__ import annotations

import random

import pytest

from engine.generate import Generator, Request, RequestError, Symmetry, generate
from engine.generate.dig import Digger, line_pair_unavoidable_sets, random_solution, two_digit_unavoidable_sets
from engine.generate.judge import Judge
from engine.generate.request import Range, parse_float_range, parse_int_range, parse_levels
from engine.generate.run import make_candidate
from engine.generate.symmetry import is_symmetric
from engine.grid import Grid
from engine.search import BasicReach, basic_reach
from engine.technique import UnknownTechnique
from techniques import CATALOG
from tests.independent import count_solutions, is_minimal, mirror_cells


def _valid_grid(values: list[int]) -> bool:
    houses = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
    houses += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    return all(sorted(values[c] for c in house) == list(range(1, 10)) for house in houses)


# --- symmetry ---------------------------------------------------------------------------


@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_orbits_are_closed_under_the_symmetry_maps(symmetry: Symmetry) -> None:
    orbits = symmetry.orbits()
    assert sorted(c for orbit in orbits for c in orbit) == list(range(81))
    for orbit in orbits:
        for cell in orbit:
            assert set(mirror_cells(cell, symmetry.value)) <= set(orbit)


def test_orbit_sizes_and_clue_counts() -> None:
    assert len(Symmetry.NONE.orbits()) == 81
    assert len(Symmetry.ROTATIONAL.orbits()) == 41  # 40 pairs and the centre
    assert sorted({len(o) for o in Symmetry.QUARTER.orbits()}) == [1, 4]
    assert sorted({len(o) for o in Symmetry.DIHEDRAL.orbits()}) == [1, 4, 8]
    counts = Symmetry.QUARTER.clue_counts()
    assert 24 in counts and 25 in counts and 22 not in counts and 23 not in counts


# --- the solution grid and digging ---------------------------------------------------------


def test_random_solutions_are_valid_and_differ() -> None:
    grids = [random_solution(random.Random(i)) for i in range(5)]
    assert all(_valid_grid(grid) for grid in grids)
    assert len({tuple(grid) for grid in grids}) == 5


def test_unavoidable_sets_are_unavoidable() -> None:
    """Swapping the two digits of a two-digit set, or the two lines' digits of a line-pair
    set, gives another valid grid: a puzzle without a clue there has two solutions."""
    solution = random_solution(random.Random(3))
    for cells in two_digit_unavoidable_sets(solution):
        members = [c for c in range(81) if cells >> c & 1]
        a, b = sorted({solution[c] for c in members})
        other = list(solution)
        for c in members:
            other[c] = b if solution[c] == a else a
        assert _valid_grid(other) and other != solution
    pairs = line_pair_unavoidable_sets(solution)
    assert pairs, "a random grid has line pairs with cycles longer than two"
    for cells in pairs:
        members = [c for c in range(81) if cells >> c & 1]
        assert len(members) >= 6


def test_digging_gives_a_minimal_puzzle_with_that_solution() -> None:
    rng = random.Random(11)
    solution = random_solution(rng)
    values = Digger(solution).dig(Symmetry.NONE.orbits(), rng)
    line = "".join(str(v) if v else "." for v in values)
    assert count_solutions(line) == 1 and is_minimal(line)
    assert all(v in (0, s) for v, s in zip(values, solution))


def test_digging_to_a_target_stops_there() -> None:
    rng = random.Random(2)
    values = Digger(random_solution(rng)).dig(Symmetry.NONE.orbits(), rng, target=34)
    line = "".join(str(v) if v else "." for v in values)
    assert sum(1 for v in values if v) == 34 and count_solutions(line) == 1 and not is_minimal(line)


@pytest.mark.parametrize("symmetry", [Symmetry.ROTATIONAL, Symmetry.MIRROR, Symmetry.DIAGONALS])
def test_symmetric_digging(symmetry: Symmetry) -> None:
    rng = random.Random(5)
    values = Digger(random_solution(rng)).dig(symmetry.orbits(), rng)
    line = "".join(str(v) if v else "." for v in values)
    assert count_solutions(line) == 1
    assert all(bool(values[c]) == bool(values[m]) for c in range(81) for m in mirror_cells(c, symmetry.value))
    assert is_symmetric(values, symmetry)


# --- basic reach ------------------------------------------------------------------------------


def test_basic_reach_agrees_with_the_hodoku_path() -> None:
    from engine.profiles import load_profile

    hodoku = load_profile("hodoku", CATALOG)
    seen = set()
    for index in range(40):
        values, _ = make_candidate(Request(), 21, index)
        reach = basic_reach(values)
        seen.add(reach)
        codes = {step.code for step in hodoku.solve(Grid.from_values(values)).steps}
        if reach is BasicReach.SINGLES:
            assert codes <= {"fh", "n1", "h1"}
        elif reach is BasicReach.LOCKED_CANDIDATES:
            assert codes <= {"fh", "n1", "h1", "l2", "l3", "lc1", "lc2"} and not codes <= {"fh", "n1", "h1"}
        else:
            assert not codes <= {"fh", "n1", "h1", "lc1", "lc2"}
    assert seen == set(BasicReach)


# --- requests ---------------------------------------------------------------------------------


def test_parsing_ranges_and_levels() -> None:
    assert parse_levels("hard") == Range(3, 3)
    assert parse_levels("Medium-Unfair") == Range(2, 4)
    assert parse_int_range("24") == Range(24, 24)
    assert parse_float_range("7-8.5") == Range(7.0, 8.5)
    for bad in ("hardest", "easy-hard-extreme"):
        with pytest.raises(RequestError, match="unknown level"):
            parse_levels(bad)
    with pytest.raises(RequestError, match="lower end is above"):
        parse_int_range("30-20")
    with pytest.raises(RequestError, match="MIN-MAX"):
        parse_float_range("7-")


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (Request(level=Range(1, 1), requires=("fn",)), "Forcing Net.*Extreme technique"),
        (Request(level=Range(2, 2), requires=("sk",)), "Skyscraper.*a Hard technique"),
        (Request(level=Range(1, 1), score=Range(900, 2000)), "more than 800 up a level"),
        (Request(level=Range(5, 5), score=Range(0, 300)), "an Extreme puzzle either uses a technique of that level or harder"),
        (Request(score=Range(0, 163)), "the HoDoKu score is at least 164"),
        (Request(level=Range(5, 5), score=Range(0, 659)), "the HoDoKu score is at least 660"),
        (Request(se=Range(12.0, 20.0)), "above 11.9"),
        (Request(se=Range(0.0, 0.9)), "at least 1.0"),
        (Request(requires_hardest="n1", level=Range(2, 5)), "an Easy puzzle at most"),
        (Request(level=Range(1, 1), se=Range(3.0, 4.0)), "Easy puzzle rates at most 2.3"),
        (Request(requires_hardest="sk", requires=("xyc",)), "xyc is harder than sk"),
        (Request(requires_hardest="sk", teach="xy"), "two different hardest"),
        (Request(requires=("db",)), "db is off by default"),
        (Request(clues=Range(10, 16)), "fewer than 17 clues"),
        (Request(clues=Range(22, 23), symmetry=Symmetry.QUARTER), "groups of 1 or 4"),
        (Request(clues=Range(41, 50)), "no minimal puzzle with more than 40"),
        (Request(score=Range(0, 500), requires=("fn", "fc")), "at least 1200 points"),
    ],
)
def test_impossible_requests_are_refused_up_front(request_: Request, message: str) -> None:
    with pytest.raises(RequestError, match=message):
        Judge(request_, CATALOG)


@pytest.mark.parametrize(
    "request_",
    [
        Request(score=Range(0, 164)),  # 41 empty cells filled by Full Houses and Naked Singles
        Request(level=Range(5, 5), score=Range(0, 660)),  # a Forcing Chain placing a digit, 40 singles
        Request(level=Range(2, 2), score=Range(801, 802)),  # an Easy path scoring over 800
        Request(se=Range(1.0, 1.0)),
        Request(se=Range(11.9, 11.9)),
        Request(requires_hardest="h1", level=Range(2, 2)),  # 64 Hidden Singles score 896 > 800
        Request(score=Range(0, 60), clues=Range(66, 70), minimal=False),  # 11 empty cells
    ],
    ids=str,
)
def test_requests_at_the_floors_are_not_refused(request_: Request) -> None:
    Judge(request_, CATALOG)  # possible, if rare: searched for, not refused


def test_an_unknown_code_is_named() -> None:
    with pytest.raises(UnknownTechnique, match="zz"):
        Judge(Request(requires=("zz",)), CATALOG)


def test_a_rare_clue_range_gets_a_note() -> None:
    assert any("very rare" in note for note in Judge(Request(clues=Range(31, 35)), CATALOG).notes)


# --- runs -------------------------------------------------------------------------------------


def test_generated_puzzles_are_proper_minimal_and_rated() -> None:
    puzzles = list(generate(CATALOG, Request(level=Range(1, 2)), count=3, seed=4))
    assert len(puzzles) == 3
    for puzzle in puzzles:
        assert count_solutions(puzzle.puzzle) == 1 and is_minimal(puzzle.puzzle)
        assert "".join(map(str, puzzle.solution)) == "".join(ch if ch != "." else str(s) for ch, s in zip(puzzle.puzzle, puzzle.solution))
        assert puzzle.rating.label in ("Easy", "Medium")
        assert puzzle.to_json()["candidate"] == puzzle.index


def test_same_seed_same_puzzles_in_one_or_two_processes() -> None:
    request = Request(level=Range(1, 1))
    one = [p.puzzle for p in generate(CATALOG, request, count=6, seed=99)]
    two = [p.puzzle for p in generate(CATALOG, request, count=6, seed=99, jobs=2)]
    other = [p.puzzle for p in generate(CATALOG, request, count=6, seed=100)]
    assert one == two and one != other


def test_a_run_resumes_at_any_candidate() -> None:
    request = Request(level=Range(2, 3))
    whole = list(generate(CATALOG, request, count=4, seed=8))
    resumed = list(generate(CATALOG, request, count=2, seed=8, start=whole[1].index + 1))
    assert [p.puzzle for p in resumed] == [p.puzzle for p in whole[2:]]


def test_a_rare_request_gives_up_and_says_why() -> None:
    generator = Generator(CATALOG, Request(requires=("bf4",)), seed=1)
    assert list(generator.puzzles(1, max_tries=30)) == []
    stats = generator.stats
    assert stats.gave_up and stats.tried == 30 and stats.found == 0
    assert sum(stats.rejected.values()) == 30 and "solved by singles alone" in stats.rejected

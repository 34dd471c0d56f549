"""Rating: HoDoKu's level and score rules, the hardest step, the SE-style scale."""

from __future__ import annotations

import re

import pytest

from engine.grid import Grid
from engine.profiles.hodoku import LEVEL_FALLBACK, Level, final_level
from engine.profiles.se_style import SE_TABLE, length_bonus, se_label, se_tenths, singles_tenths
from engine.step import Candidate, Highlights, Link, Step
from techniques import CATALOG
from tests.conftest import HODOKU, PUZZLES, SE, puzzle_lines, reference_file


@pytest.mark.parametrize(
    ("highest", "score", "expected"),
    [
        (Level.EASY, 800, Level.EASY),
        (Level.EASY, 801, Level.MEDIUM),
        (Level.EASY, 1001, Level.HARD),
        (Level.MEDIUM, 1000, Level.MEDIUM),
        (Level.HARD, 1601, Level.UNFAIR),
        (Level.UNFAIR, 1801, Level.EXTREME),
        (Level.EXTREME, 500, Level.EXTREME),  # one Extreme step is enough (HoDoKu's "Extreme (730)")
    ],
)
def test_levels_rise_with_the_score(highest: Level, score: int, expected: Level) -> None:
    assert final_level(highest, score) is expected


def _single(code: str, name: str, cell: int, digit: int, unit: int) -> Step:
    return Step(name, code, placements=(Candidate(digit, cell),), highlights=Highlights(units=(unit,)))


def test_rate_sums_scores_and_finds_the_hardest_step() -> None:
    steps = (
        _single("h1", "Hidden Single", 0, 1, 9),
        Step("Locked Candidates Type 1 (Pointing)", "lc1", "5 in b1", eliminations=(Candidate(5, 3),)),
        _single("n1", "Naked Single", 1, 2, 9),
        Step("Brute Force", "bf", placements=(Candidate(3, 2),)),
    )
    rating = HODOKU.rate(steps)
    assert rating["score"] == 14 + 50 + 4 + 10000
    assert rating["level"] == rating.label == "Extreme"
    assert (rating.hardest, rating.hardest_step, rating.brute_force) == ("Brute Force", 4, 1)
    assert [(c.code, c.count, c.number("score")) for c in rating.counts] == [("n1", 1, 4), ("h1", 1, 14), ("lc1", 1, 50), ("bf", 1, 10000)]
    assert rating["se"] == 10.0


def test_unsolved_paths_are_incomplete() -> None:
    rating = HODOKU.rate((_single("n1", "Naked Single", 0, 1, 9),), solved=False)
    assert rating["level"] == rating.label == "Incomplete"


def test_a_code_nobody_knows_counts_as_extreme() -> None:
    rating = HODOKU.rate((Step("Mystery Move", "zz9", placements=(Candidate(1, 0),)),))
    assert rating.label == "Extreme" and rating["score"] == 0 and rating.hardest == "Mystery Move"
    assert rating["se"] == LEVEL_FALLBACK[Level.EXTREME].tenths / 10


def test_hidden_single_is_easier_in_a_box() -> None:
    assert se_tenths(_single("h1", "Hidden Single", 0, 1, 0)) == 12  # box 1
    assert se_tenths(_single("h1", "Hidden Single", 0, 1, 9)) == 15  # row 1
    assert se_label("h1") == "1.2-1.5" and se_label("n2") == "3.0" and se_label("x") == "6.6+"


@pytest.mark.parametrize(("nodes", "bonus"), [(6, 0), (7, 1), (8, 1), (10, 2), (14, 3), (18, 4), (26, 5), (34, 6), (50, 7), (66, 8)])
def test_chain_length_bonus_follows_se(nodes: int, bonus: int) -> None:
    # se_ratings.md: n = nodes - 2; +0.1 past each of 4, 6, 8, 12, 16, 24, 32, 48, 64, ...
    assert length_bonus(nodes) == bonus


def test_chain_steps_get_the_length_bonus() -> None:
    nodes = [Candidate(5, c) for c in (0, 1, 10, 11, 20, 22, 30, 31)]
    links = tuple(Link(a, b, strong=n % 2 == 0) for n, (a, b) in enumerate(zip(nodes, nodes[1:])))
    step = Step("X-Chain", "x", eliminations=(Candidate(5, 80),), highlights=Highlights(links=links))
    assert se_tenths(step) == 66 + 1  # 8 nodes: n = 6


def test_every_hodoku_code_has_an_se_value() -> None:
    text = reference_file("hodoku", "techniques.md").read_text()
    codes = {row.split("|")[5].strip() for row in text.splitlines() if re.match(r"^\| (\d+|↳|MAX)", row)}
    assert len(codes) > 100
    assert sorted(codes - set(SE_TABLE)) == []


def test_every_registered_code_has_an_se_value() -> None:
    # SE's own producers (the se profile's) rate their steps themselves.
    missing = [code for t in CATALOG.techniques if t.declaration.profile is None for code in t.codes if code not in SE_TABLE]
    assert missing == []


def test_singles_are_rated_as_se_would_take_them() -> None:
    # Before any step, the easiest single of Norvig's first easy puzzle is a hidden single in a box.
    grid = Grid.from_string(puzzle_lines("easy50.txt", 1)[0])
    assert singles_tenths(grid) in (10, 12, 15, 23)
    rater = HODOKU.rater()
    result = HODOKU.solve(grid, watch=rater.watch)
    replayed = HODOKU.rate(result.steps, start=grid)
    recorded = rater.rating(solved=True)
    assert replayed == recorded
    assert recorded["se"] is not None and recorded["se"] <= 2.3


def test_se_matches_serate_on_most_singles_puzzles() -> None:
    """On the 17-clue sample, puzzles singles solve get SE's own rating on the se profile,
    which takes singles in SE's order. (The hodoku profile's SE-style number
    follows HoDoKu's path, whose singles come in HoDoKu's order, so it need not be SE's.)"""
    rows = [line.split("\t") for line in (PUZZLES / "royle17_sample1000.tsv").read_text().splitlines() if line and line[0] not in "#"]
    same = total = 0
    for line, ser, _ in rows[:300]:
        grid = Grid.from_string(line)
        result = SE.solve(grid, watch=(rater := SE.rater()).watch)
        if {s.code for s in result.steps} <= {"sh1", "sfh", "sn1"}:  # SE's singles
            total += 1
            same += rater.rating(solved=True)["er"] == float(ser)
    assert total > 50 and same == total  # the se profile is SE's exact scale

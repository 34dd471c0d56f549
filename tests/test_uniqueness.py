"""Uniqueness techniques on real positions (harvested from solves of top95/top1465).

Values use ``+d`` for digits filled in while solving (tests/conftest.py ``grid_from``).
"""

from __future__ import annotations

from engine.cells import parse_cell_name
from engine.grid import Grid
from engine.solver import usable_techniques
from techniques import REGISTRY, by_code
from techniques.uniqueness.avoidable import AVOIDABLE_RECTANGLE_1
from techniques.uniqueness.bug import BUG_PLUS_1
from techniques.uniqueness.rectangles import hodoku_examined
from techniques.uniqueness.unique_rectangles import HIDDEN_RECTANGLE, UNIQUENESS_1, UNIQUENESS_4, UniquenessTest
from tests.conftest import HODOKU, grid_from

U1 = (
    ".6.5+21.9+41+2..9..539+5+4+3+87....4.8...7.......5.8.817.5.3.....5.2.+7....+7.....76..8...",
    "r2c7<>6 r4c6<>6 r4c7<>9 r4c9<>9 r5c4<>6 r5c6<>6 r6c7<>6 r8c7<>168 r9c7<>1",
)
AR1 = (
    "..+4+5+8+9+3+6+29+5+3+2+6+1+784+8623+4+7+95+1...6+7+3.453..+41+5.+96+5+4+69+2+8+17+3+6..1.+4+5.+74.5+7.2+6.+8.3.8+5+6+4.9",
    "r4c3<>8 r7c2<>9 r9c1<>1",
)
BUG = (
    "53+8+12+79+4+6+624+83+9+75+1+7+19+6+4+5.+8.+9+6..1+4827..+17+6..+9+4.+4+7.981+6.+4+9..+8+1+6+7...64+7..+191+72+95+643+8",
    "r6c4<>3",
)
# A Hidden Rectangle whose corner r4c8 has lost its 8: found only when missing candidates
# are allowed (HoDoKu's default).
HR_MISSING = (
    "+7+4+65+13+8+9+2+1+3+2+86+97+5+45+98+7+4+2+31636.+92.+4.+1...4.1+6.+3+4.+1+63.+9.567.+1.+42+38..4+37.+1+6+9.+1+32.+65+4+7",
    "r6c8<>8",
)
# A Uniqueness Test 4 that needs missing candidates (r5c9 lost 2, 5 and 6, r9c3 lost 2 and 4).
U4_MISSING = (
    "..+8.2..4+1.7..+16....1.5.....2.+7..+1.8....3..7..4.9....+1...+56..1.38.+3+19+5.........5.+8",
    "r1c2<>3 r1c7<>3 r2c1<>5 r2c7<>3 r2c8<>9 r3c3<>6 r3c5<>7 r3c6<>7 r3c7<>3 r3c8<>9 r4c5<>4 r5c1<>6 "
    "r5c8<>9 r5c9<>256 r7c8<>7 r8c2<>4 r9c3<>24 r9c8<>7",
)

UNIQUENESS_CODES = ("u1", "u2", "u3", "u4", "u5", "u6", "hr", "ar1", "ar2", "bug1")


def test_uniqueness_techniques_are_flagged_and_left_out_of_non_unique_solves() -> None:
    for code in UNIQUENESS_CODES:
        assert by_code(code).uniqueness, code
    allowed = {t.code for t in usable_techniques(REGISTRY, unique=False)}
    assert not allowed & set(UNIQUENESS_CODES)


def test_uniqueness_test_1_text_and_explanation() -> None:
    steps = list(UNIQUENESS_1.find(grid_from(*U1)))
    assert [str(s) for s in steps] == ["Uniqueness Test 1: 7/8 in r1c37,r2c37 => r1c3<>7, r1c3<>8"]
    text = steps[0].explanation
    assert "r1c3, r1c7, r2c3 and r2c7" in text
    assert "single solution" in text
    assert steps[0].digits == (7, 8)
    assert set(steps[0].highlights.cells) == {2, 6, 11, 15}


def test_the_step_is_gone_once_applied() -> None:
    grid = grid_from(*U1)
    step = next(UNIQUENESS_1.find(grid))
    grid.apply(step)
    assert all(s.effect != step.effect for s in UNIQUENESS_1.find(grid))


def test_missing_candidates_option() -> None:
    expected = "Hidden Rectangle: 7/8 in r4c68,r6c68 => r6c6<>8"
    assert expected in [str(s) for s in HIDDEN_RECTANGLE.find(grid_from(*HR_MISSING))]
    strict = UniquenessTest(HIDDEN_RECTANGLE.declaration, allow_missing=False)
    assert expected not in [str(s) for s in strict.find(grid_from(*HR_MISSING))]
    expected = "Uniqueness Test 4: 1/6 in r5c13,r9c13 => r9c1<>6"
    assert expected in [str(s) for s in UNIQUENESS_4.find(grid_from(*U4_MISSING))]
    assert expected not in [str(s) for s in UniquenessTest(UNIQUENESS_4.declaration, allow_missing=False).find(grid_from(*U4_MISSING))]


def test_hidden_rectangle_explanation_walks_through_the_corners() -> None:
    step = next(s for s in HIDDEN_RECTANGLE.find(grid_from(*HR_MISSING)) if str(s).endswith("r6c6<>8"))
    assert "row 6 and column 6" in step.explanation
    assert "single solution" in step.explanation


def test_avoidable_rectangle_needs_cells_filled_while_solving() -> None:
    steps = [str(s) for s in AVOIDABLE_RECTANGLE_1.find(grid_from(*AR1))]
    assert steps == ["Avoidable Rectangle Type 1: 3/6 in r1c78,r8c78 => r8c8<>3"]
    step = next(AVOIDABLE_RECTANGLE_1.find(grid_from(*AR1)))
    assert "r1c7, r1c8 and r8c7 were filled in while solving" in step.explanation
    assert "single solution" in step.explanation
    # The same digits as clues: swapping them would change the puzzle, so no rectangle.
    as_clues = AR1[0].replace("+", "")
    assert not list(AVOIDABLE_RECTANGLE_1.find(grid_from(as_clues, AR1[1])))


def test_bug_plus_one() -> None:
    steps = list(BUG_PLUS_1.find(grid_from(*BUG)))
    assert [str(s) for s in steps] == ["Bivalue Universal Grave + 1 => r5c1<>2, r5c1<>8"]
    assert "r5c1 is 3" in steps[0].explanation
    assert "single solution" in steps[0].explanation
    # With 3 back in r6c4 a second cell has three candidates: no BUG+1.
    assert not list(BUG_PLUS_1.find(grid_from(BUG[0])))


# Issue 11: every cell bivalue but r9c9 (2, 5, 7), and 7 three times in r9, c9 and b9, but
# a hidden single is pending (a digit with ONE place in a house): not a grave. The old rule
# ("at most two places") said r9c9 is 7; the solution has 2 there.
BUG_WITH_PENDING_SINGLE = "812753649943682...67549128315423789636984572128716953.521974368.3852691..9....4.."


def test_bug_plus_one_needs_exactly_two_places_per_digit_and_house() -> None:
    grid = grid_from(BUG_WITH_PENDING_SINGLE)
    assert grid.cands[80].bit_count() == 3
    assert not list(BUG_PLUS_1.find(grid))

def test_every_uniqueness_explanation_says_it_relies_on_one_solution() -> None:
    from tests.test_contract import POSITIONS

    for position in POSITIONS:
        if position.code in UNIQUENESS_CODES and position.expected != "-":
            grid = grid_from(position.values, position.removed)
            for step in by_code(position.code).find(grid):
                assert "single solution" in step.explanation, step


# --- BUG-Lite and BUG+n ------------------------------------------------------------------

from engine.cells import CELL_NAMES  # noqa: E402
from engine.step import Candidate  # noqa: E402
from techniques.uniqueness.bug_lite import BUG_LITE, BUG_PLUS_N  # noqa: E402

#: Six cells, 3 and 6 in each, every row, column and box holding 3 and 6 in none or two of
#: them (the loop of the forum_hardest_1905 position in uniqueness.txt, on an empty grid).
LOOP = ("r2c4", "r2c6", "r5c5", "r5c6", "r8c4", "r8c5")


def _loop(extra: dict[str, str]) -> str:
    """Removed pencil marks: each loop cell keeps 3, 6 and its extra digits."""
    keep = {name: "36" + extra.get(name, "") for name in LOOP}
    return " ".join(f"{n}<>{''.join(d for d in '123456789' if d not in k)}" for n, k in keep.items())


def test_bug_lite_one_extra_is_placed() -> None:
    steps = list(BUG_LITE.find(grid_from("." * 81, _loop({"r5c5": "1"}))))
    assert [str(s) for s in steps] == ["BUG-Lite: r2c46,r5c56,r8c45 => r5c5=1"]
    text = steps[0].explanation
    assert "Take the 6 cells r2c4, r2c6, r5c5, r5c6, r8c4 and r8c5." in text
    assert "(3 and 6 in r2c46,r5c56,r8c45)" in text
    assert text.endswith("one of the other candidates of these cells is true: 1 in r5c5. It is the only one, so r5c5 is 1.")
    assert steps[0].highlights.fins == (Candidate(1, 40),)
    assert len(steps[0].highlights.pattern) == 12
    assert sorted(CELL_NAMES[c] for c in steps[0].highlights.cells) == sorted(LOOP)


def test_bug_lite_extras_in_one_cell_leave_only_them() -> None:
    steps = [str(s) for s in BUG_LITE.find(grid_from("." * 81, _loop({"r5c5": "12"})))]
    assert steps == ["BUG-Lite: r2c46,r5c56,r8c45 => r5c5<>3, r5c5<>6"]


def test_bug_lite_extras_in_several_cells_remove_what_sees_them_all() -> None:
    steps = [str(s) for s in BUG_LITE.find(grid_from("." * 81, _loop({"r5c5": "1", "r8c5": "1"})))]
    assert steps == ["BUG-Lite: r2c46,r5c56,r8c45 => r1234679c5<>1"]


def test_bug_lite_needs_every_digit_twice_per_house() -> None:
    # r2c4 holds 3 and 7 instead of 3 and 6: 6 is once in row 2 and once in column 4.
    removed = _loop({"r5c5": "1"}).replace("r2c4<>1245789", "r2c4<>1245689")
    assert "r2c4<>1245689" in removed
    assert not list(BUG_LITE.find(grid_from("." * 81, removed)))


def test_bug_plus_n_names_its_extras() -> None:
    from tests.test_contract import POSITIONS

    position = next(p for p in POSITIONS if p.code == "bugn" and "extras 3 in r2c2; 4 in r2c2; 8 in r3c2" in p.expected)
    step = next(s for s in BUG_PLUS_N.find(grid_from(position.values, position.removed)) if str(s) == position.expected)
    assert "Every open cell has two candidates except r2c2 and r3c2; take all the open cells." in step.explanation
    assert "one of the other candidates of these cells is true: 3 in r2c2, 4 in r2c2, 8 in r3c2." in step.explanation
    assert step.highlights.fins == (Candidate(3, 10), Candidate(4, 10), Candidate(8, 19))


def test_bug_plus_n_and_lite_keep_away_from_pending_singles() -> None:
    # The issue 11 position above: a hidden single pending, so the open cells are no grave.
    assert not list(BUG_PLUS_N.find(grid_from(BUG_WITH_PENDING_SINGLE)))


def test_hodoku_examines_four_cells_once_whatever_their_digits() -> None:
    """HoDoKu's step 27 of top1465 #342: r4c3 (6 and 8) starts a 6/8 rectangle on r4c13,
    r8c13 first; HoDoKu then skips the 4/6 rectangle on the same four cells, so the
    Uniqueness Test 4 there, sound as it is, is not HoDoKu's step (it took an AIC)."""
    grid = grid_from(
        ".6..31...5+4+3..2..9+1..4.+6....2...9..1...6..8..7.5.....+6.3..6+54...+5.3.....2.1.....5",
        "r1c4<>78 r1c8<>5 r2c7<>7 r2c8<>78 r3c5<>78 r4c1<>8 r4c3<>4 r5c1<>9 r6c4<>8 r7c4<>789 r7c8<>9 r8c1<>89 "
        "r8c3<>789 r8c5<>4789 r8c6<>4 r8c7<>6 r8c8<>6 r9c2<>9 r9c7<>79 r9c8<>789",
    )
    u4 = by_code("u4")
    assert [str(s) for s in u4.find(grid)] == ["Uniqueness Test 4: 4/6 in r4c13,r8c13 => r4c1<>4"]
    assert HODOKU.choose(u4, grid) is None
    cells = sum(1 << parse_cell_name(n) for n in ("r4c1", "r4c3", "r8c1", "r8c3"))
    examined = hodoku_examined(grid)
    assert (cells, 6, 8) in examined and (cells, 4, 6) not in examined


def test_bug_lite_patterns_remembered_across_steps_are_the_searched_ones() -> None:
    """BUG-Lite's patterns per three digits, remembered across a solve's steps, are at
    every position what the search gives for that position (top1465 line 387: its
    full-profile path takes a BUG-Lite at step 19)."""
    from itertools import combinations

    from engine.cells import bit
    from engine.grid import Grid
    from engine.profiles import load_profile
    from techniques import CATALOG
    from techniques.uniqueness import bug_lite
    from tests.conftest import ROOT

    puzzle = (ROOT / "puzzles" / "top1465.txt").read_text().splitlines()[386].split()[0]
    steps = load_profile("full", CATALOG).solve(Grid.from_string(puzzle)).steps
    assert "bugl" in [s.code for s in steps[:25]]
    bug_lite._LITE.results.clear()
    grid, hits = Grid.from_string(puzzle), 0
    for step in steps[:30]:
        before = len(bug_lite._LITE.results)
        remembered = list(bug_lite.all_lite_patterns(grid))
        hits += 84 - (len(bug_lite._LITE.results) - before)
        searched = [p for a, b, c in combinations(range(1, 10), 3) for p in bug_lite.lite_patterns(grid, bit(a) | bit(b) | bit(c))]
        assert remembered == searched
        grid.apply(step)
    assert hits > 500  # most triples' answers came from the memo


def test_bug_lite_patterns_kept_from_the_last_call_are_the_searched_ones() -> None:
    """The patterns kept from the last call (``_LAST``: triples no changed cell touched,
    or whose cells only lost extras) are at every position what the search gives, along
    top1465 line 387's full-profile path and when the positions of two puzzles alternate
    (candidates coming back); the memo by key emptied before each call, so that only the
    kept patterns are reused."""
    from itertools import combinations

    from engine.cells import bit
    from engine.grid import Grid
    from engine.profiles import load_profile
    from techniques import CATALOG
    from techniques.uniqueness import bug_lite
    from tests.conftest import ROOT

    lines = (ROOT / "puzzles" / "top1465.txt").read_text().splitlines()
    full = load_profile("full", CATALOG)
    paths = []
    for line in (386, 4):
        puzzle = lines[line].split()[0]
        grid, grids = Grid.from_string(puzzle), []
        for step in full.solve(Grid.from_string(puzzle)).steps[:30]:
            grids.append(grid.copy())
            grid.apply(step)
        paths.append(grids)
    alternating = [g for pair in zip(*paths) for g in pair]
    bug_lite._LAST.found = []
    searched_triples = []
    for grid in paths[0] + alternating:
        bug_lite._LITE.results.clear()
        remembered = list(bug_lite.all_lite_patterns(grid))
        searched_triples.append(len(bug_lite._LITE.results))
        searched = [p for a, b, c in combinations(range(1, 10), 3) for p in bug_lite.lite_patterns(grid, bit(a) | bit(b) | bit(c))]
        assert remembered == searched
    assert sum(searched_triples[1:30]) < 84 * 29 // 2  # along the path, most triples kept from the last call


def _lite_patterns_from_every_start(grid: Grid, digits: int) -> list[dict[int, int]]:
    """BUG-Lite's search grown from every usable cell and pair, none skipped."""
    from engine.cells import MASK_COUNT
    from techniques.uniqueness import bug_lite

    search, found = bug_lite._LiteSearch(grid.cands, digits), []
    for start in range(81):
        cands = grid.cands[start]
        if MASK_COUNT[cands & digits] >= 2 and MASK_COUNT[cands] - 2 <= bug_lite.MAX_EXTRAS:
            for pair in bug_lite._PAIRS[cands & digits]:
                search.start = start
                search.add(start, pair)
                search.grow(MASK_COUNT[cands] - 2)
                search.remove(start)
                found += search.found
                search.found = []
    return found


def test_bug_lite_skips_only_starts_that_complete_no_pattern() -> None:
    """The search skips a start cell and pair when a house of the start has no later
    usable cell with a pair digit (``partnered_digits``): along top1465 line 387's
    full-profile path, every triple's patterns are those grown from every start."""
    from itertools import combinations

    from engine.cells import bit
    from engine.grid import Grid
    from engine.profiles import load_profile
    from techniques import CATALOG
    from techniques.uniqueness import bug_lite
    from tests.conftest import ROOT

    puzzle = (ROOT / "puzzles" / "top1465.txt").read_text().splitlines()[386].split()[0]
    steps = load_profile("full", CATALOG).solve(Grid.from_string(puzzle)).steps
    grid, patterns, skipped = Grid.from_string(puzzle), 0, 0
    for step in steps[:30]:
        for a, b, c in combinations(range(1, 10), 3):
            digits = bit(a) | bit(b) | bit(c)
            found = list(bug_lite.lite_patterns(grid, digits))
            assert found == _lite_patterns_from_every_start(grid, digits)
            patterns += len(found)
            usable = [x for x in range(81) if grid.cands[x] and bin(grid.cands[x] & digits).count("1") >= 2 and bin(grid.cands[x]).count("1") <= 5]
            partnered = bug_lite.partnered_digits(grid.cands, digits, usable)
            skipped += sum(1 for x in usable for pair in bug_lite._PAIRS[grid.cands[x] & digits] if pair & ~partnered[x])
        grid.apply(step)
    assert patterns > 0 and skipped > 1000

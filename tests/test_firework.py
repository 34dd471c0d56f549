"""Firework (techniques/patterns/firework.py): the rule's edges on hand-made grids, and the
words and roles of steps at real positions (puzzles/techniques/patterns.txt; the contract
test checks their exact eliminations against the solutions)."""

from __future__ import annotations

from engine.cells import BOXES, COLS, ROWS, parse_cell_name
from engine.step import Candidate, Step
from techniques.patterns.firework import FIREWORK, fireworks
from tests.conftest import PUZZLES, grid_from
from tests.positions import Position, load

EMPTY = "." * 81


def _cell(name: str) -> int:
    return parse_cell_name(name)


def _without(digits: str, cells: list[str]) -> str:
    return " ".join(f"{name}<>{digits}" for name in cells)


def _line(prefix: str, indexes: str, keep: str) -> list[str]:
    """Cells ``r1c4``...: a row (``prefix`` r1, indexes of columns) or a column, but ``keep``."""
    names = [f"{prefix}c{i}" if prefix.startswith("r") else f"r{i}{prefix}" for i in indexes]
    return [n for n in names if n != keep]


def _triple_marks(digits: str = "123") -> str:
    """``digits`` kept in row 1 outside box 1 only at r1c9, in column 1 only at r9c1."""
    return " ".join((_without(digits, _line("r1", "45678", "")), _without(digits, _line("c1", "45678", ""))))


def test_three_digits_on_one_cross_lock_its_three_cells() -> None:
    grid = grid_from(EMPTY, _triple_marks())
    steps = [str(s) for s in FIREWORK.find(grid)]
    assert steps == ["Triple Firework: 1/2/3 in r1c1 with r1c9,r9c1 => r1c19,r9c1<>4, r1c19,r9c1<>5, r1c19,r9c1<>6, r1c19,r9c1<>7, r1c19,r9c1<>8, r1c19,r9c1<>9"]


def test_a_second_place_outside_the_box_breaks_the_firework() -> None:
    # 3 keeps r1c5 as well as r1c9: two places in row 1 outside box 1.
    marks = " ".join((_triple_marks("12"), _without("3", _line("r1", "4678", "")), _without("3", _line("c1", "45678", ""))))
    grid = grid_from(EMPTY, marks)
    assert [f.digit for f in fireworks(grid).get(_cell("r1c1"), [])] == [1, 2]
    assert list(FIREWORK.find(grid)) == []


def test_a_missing_wing_still_fits_and_the_cross_need_not_hold_the_digit() -> None:
    # 3 is nowhere in column 1 outside box 1 and not in r1c1: it is in r1c9 (or the column
    # wing r9c1, which it lacks): the triple still holds.
    grid = grid_from(EMPTY, _triple_marks() + " r9c1<>3 r1c1<>3")
    found = {f.digit: f for f in fireworks(grid)[_cell("r1c1")]}
    assert found[3] == (3, _cell("r1c1"), _cell("r1c9"), None)
    steps = list(FIREWORK.find(grid))
    assert steps and steps[0].code == "fw3" and Candidate(4, _cell("r1c1")) in steps[0].eliminations


def test_a_digit_placed_in_the_row_is_no_firework() -> None:
    # 3 is placed in r1c5: row 1 has no 3 left to place, so nothing forces 3 into r1c1, r1c9
    # or r9c1 (r1c9 and r1c1 lost their 3 to the placed one).
    values = EMPTY[:4] + "3" + EMPTY[5:]
    grid = grid_from(values, _triple_marks("12") + " " + _without("3", _line("c1", "45678", "")))
    assert 3 not in [f.digit for f in fireworks(grid).get(_cell("r1c1"), [])]
    assert list(FIREWORK.find(grid)) == []


def _quad_marks() -> str:
    """1 and 2 fire at r1c1 with wings r1c5 (row 1) and r5c1 (column 1); 3 and 4 at r5c5
    with wings r5c1 (row 5) and r1c5 (column 5)."""
    row1 = _without("12", _line("r1", "46789", ""))
    col1 = _without("12", _line("c1", "46789", ""))
    row5 = _without("34", _line("r5", "23789", ""))
    col5 = _without("34", _line("c5", "23789", ""))
    return " ".join((row1, col1, row5, col5))


def test_two_pairs_on_a_rectangle_lock_its_corners() -> None:
    grid = grid_from(EMPTY, _quad_marks())
    steps = list(FIREWORK.find(grid))
    assert [s.code for s in steps] == ["fw4"]
    step = steps[0]
    assert str(step).startswith("Quad Firework: 1/2 in r1c1, 3/4 in r5c5 with r1c5,r5c1 => ")
    removed = {(d, c) for d, c in step.eliminations}
    assert {d for d, c in removed if c == _cell("r1c1")} == set(range(3, 10))
    assert {d for d, c in removed if c == _cell("r5c5")} == {1, 2, *range(5, 10)}
    assert {d for d, c in removed if c == _cell("r1c5")} == {d for d, c in removed if c == _cell("r5c1")} == set(range(5, 10))
    lights = step.highlights
    assert lights.cells == (_cell("r1c1"), _cell("r5c5")) and lights.cover_units == (BOXES[0].number, BOXES[4].number)
    assert set(lights.units) == {ROWS[0].number, COLS[0].number, ROWS[4].number, COLS[4].number}


def test_the_quad_needs_the_pairs_on_the_same_wings() -> None:
    # Outside box 5, row 5 keeps 4 in r5c2 besides r5c1: 4 is no firework at r5c5, and 3
    # alone makes no pair.
    grid = grid_from(EMPTY, _quad_marks().replace("r5c2<>34", "r5c2<>3"))
    assert list(FIREWORK.find(grid)) == []


# --- real positions --------------------------------------------------------------------

POSITIONS = load(PUZZLES / "techniques" / "patterns.txt")


def _at(code: str, expected: str) -> tuple[Position, Step]:
    position = next(p for p in POSITIONS if p.code == code and p.expected.startswith(expected))
    steps = [s for s in FIREWORK.find(grid_from(position.values, position.removed)) if str(s) == position.expected]
    assert steps, position.expected
    return position, steps[0]


def test_triple_words_name_the_cross_the_wings_and_each_digits_places() -> None:
    _, step = _at("fw3", "Triple Firework: 1/6/7 in r9c4 with r9c9,r5c4")
    text = step.explanation
    assert text.startswith(
        "Row 9 and column 4 cross at r9c4, in box 8. Outside box 8, row 9 and column 4 have 1 only in r5c4; "
        "6 only in r9c9 and r5c4; 7 only in r9c9 and r5c4. "
    )
    assert "So each of 1, 6 and 7 is in r9c4, r9c9 or r5c4" in text
    assert "r5c4, r9c4 and r9c9 hold 1, 6 and 7 and nothing else." in text
    assert text.endswith("Remove 2 from r9c9; 5 and 9 from r5c4; 8 from r9c4.")


def test_triple_roles_cross_wings_lines_and_box() -> None:
    _, step = _at("fw3", "Triple Firework: 1/6/7 in r9c4 with r9c9,r5c4")
    lights = step.highlights
    cross, wings = _cell("r9c4"), {_cell("r9c9"), _cell("r5c4")}
    assert lights.cells == (cross,)
    assert lights.pattern and {c.cell for c in lights.pattern} == {cross} and {c.digit for c in lights.pattern} <= {1, 6, 7}
    assert lights.alt and {c.cell for c in lights.alt} == wings and {c.digit for c in lights.alt} <= {1, 6, 7}
    assert lights.units == (ROWS[8].number, COLS[3].number) and lights.cover_units == (BOXES[7].number,)


def test_quad_words_follow_the_argument_on_a_real_position() -> None:
    _, step = _at("fw4", "Quad Firework: 6/8 in r1c8, 5/9 in r4c6 with r1c6,r4c8")
    text = step.explanation
    assert text.startswith("Take the rectangle r1c6, r1c8, r4c6 and r4c8. Outside box 3, row 1 and column 8 have 6 only in r1c6; 8 only in r1c6:")
    assert "each of 6 and 8 is in r1c8, r1c6 or r4c8" in text and "each of 5 and 9 is in r4c6, r4c8 or r1c6" in text
    assert "r1c8 is 6 or 8, r4c6 is 5 or 9, and r1c6 and r4c8 hold two of 5, 6, 8 and 9." in text
    lights = step.highlights
    assert lights.cells == (_cell("r1c8"), _cell("r4c6")) and lights.cover_units == (BOXES[2].number, BOXES[4].number)
    assert {c.cell for c in lights.alt} <= {_cell("r1c6"), _cell("r4c8")}


def test_the_full_profile_takes_the_triple_and_the_others_leave_it_out() -> None:
    from engine.grid import Grid
    from engine.profiles import load_profile
    from techniques import CATALOG

    puzzle = "1.....5.82.........4..9.7.6..3..2....26.8.9..5....92......73....8....1.....9...42"  # GNPX's example
    codes = {name: [s.code for s in load_profile(name, CATALOG).solve(Grid.from_string(puzzle)).steps] for name in ("full", "hodoku")}
    assert "fw3" in codes["full"] and not {"fw", "fw3", "fw4"} & set(codes["hodoku"])
    assert all(FIREWORK not in load_profile(name, CATALOG).default for name in ("hodoku", "se"))  # their ratings stay

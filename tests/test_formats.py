"""Every layout, parsed and formatted in pairs, with the exact samples of the issue."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis import analyse
from engine.cells import PEERS, parse_cell_name
from engine.formats import (
    Layout,
    PuzzleFormatError,
    format_boxed,
    format_compact,
    format_grid,
    format_library,
    format_line,
    format_pm,
    format_spaced,
    format_values,
    parse_library,
    parse_line,
    pm_tokens,
)
from engine.leetcode import board_values
from engine.grid import Grid
from engine.reader import parse_puzzle
from tests.conftest import values_of

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"

SPACED_INKALA = """\
8 0 0 0 0 0 0 0 0
0 0 3 6 0 0 0 0 0
0 7 0 0 9 0 2 0 0
0 5 0 0 0 7 0 0 0
0 0 0 0 4 5 7 0 0
0 0 0 1 0 0 0 3 0
0 0 1 0 0 0 0 6 8
0 0 8 5 0 0 0 1 0
0 9 0 0 0 0 4 0 0"""

SPACED_SOLUTION = """\
8 1 2 7 5 3 6 4 9
9 4 3 6 8 2 1 7 5
6 7 5 4 9 1 2 8 3
1 5 4 2 3 7 8 9 6
3 6 9 8 4 5 7 2 1
2 8 7 1 6 9 5 3 4
5 2 1 9 7 4 3 6 8
4 3 8 5 2 6 9 1 7
7 9 6 3 1 8 4 5 2"""

COMPACT_ROWS = "005300000 800000020 070010500 400005300 010070006 003200080 060500009 004000030 000009700".split()
COMPACT_SOLUTION = "145327698 839654127 672918543 496185372 218473956 753296481 367542819 984761235 521839764".split()

BOXED = """\
 8 . . | . . . | . . .
 . . 3 | 6 . . | . . .
 . 7 . | . 9 . | 2 . .
-------+-------+-------
 . 5 . | . . 7 | . . .
 . . . | . 4 5 | 7 . .
 . . . | 1 . . | . 3 .
-------+-------+-------
 . . 1 | . . . | . 6 8
 . . 8 | 5 . . | . 1 .
 . 9 . | . . . | 4 . ."""

LIBRARY = (
    ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9"
    ":811 515 715 538 761 595 795:193 198::"
)


def solution_in_layout(text: str) -> str:
    puzzle = parse_puzzle(text)
    analysis = analyse(puzzle.values, puzzle.candidates)
    assert analysis.solution is not None
    return format_values(analysis.solution, puzzle.layout, puzzle.empty_char)


def test_spaced_grid_is_answered_as_a_spaced_grid() -> None:
    puzzle = parse_puzzle(SPACED_INKALA)
    assert puzzle.layout is Layout.SPACED
    assert format_line(puzzle.givens) == INKALA.replace("0", ".")
    assert solution_in_layout(SPACED_INKALA) == SPACED_SOLUTION


def test_compact_rows_are_answered_as_compact_rows() -> None:
    text = "\n".join(COMPACT_ROWS)
    assert parse_puzzle(text).layout is Layout.COMPACT
    assert solution_in_layout(text).split() == COMPACT_SOLUTION


def test_compact_rows_with_dots() -> None:
    text = "\n".join(row.replace("0", ".") for row in COMPACT_ROWS)
    assert parse_puzzle(text).values == parse_puzzle("\n".join(COMPACT_ROWS)).values
    assert text.splitlines()[0] == "..53....."


def test_boxed_grid_with_separators() -> None:
    puzzle = parse_puzzle(BOXED)
    assert puzzle.layout is Layout.BOXED
    assert format_line(puzzle.givens, "0") == INKALA
    assert format_boxed(puzzle.givens).splitlines()[3] == "------+-------+------"


@pytest.mark.parametrize("empty", list(".0-*_x"))
def test_line_with_every_empty_character(empty: str) -> None:
    text = INKALA.replace("0", empty)
    puzzle = parse_line(text)
    assert format_line(puzzle.givens, "0") == INKALA
    assert puzzle.empty_char == empty


def test_text_after_the_81_cells_is_ignored() -> None:
    puzzle = parse_puzzle(INKALA + "\t10.7/10.7/9.7 #1 Medium")
    assert format_line(puzzle.givens, "0") == INKALA


def test_pm_grid_round_trip_keeps_pencil_marks() -> None:
    grid = Grid.from_string(INKALA)
    grid.eliminate(parse_cell_name("r1c2"), 6)
    text = format_pm(grid)
    puzzle = parse_puzzle(text)
    assert puzzle.layout is Layout.PM
    assert puzzle.to_grid().cands == grid.cands
    assert format_pm(puzzle.to_grid()) == text


def test_pm_grid_pasted_from_a_forum() -> None:
    rows = [
        "*-----------------------------------------------------------------------------*",
        "| 8      1246   24569  | 2347   12357  1234   | 13569  4579   1345679 |",
        "| 12459  124    3      | 6      12578  1248   | 1589   45789  14579   |",
        "| 1456   7      456    | 348    9      1348   | 2      458    13456   |",
        "|-----------------------+----------------------+-----------------------|",
        "| 123469 5      2469   | 2389   2368   7      | 1689   2489   12469   |",
        "| 12369  12368  269    | 2389   4      5      | 7      289    1269    |",
        "| 24679  2468   24679  | 1      268    2689   | 5689   3      24569   |",
        "|-----------------------+----------------------+-----------------------|",
        "| 23457  234    1      | 23479  237    2349   | 359    6      8       |",
        "| 23467  2346   8      | 5      2367   23469  | 39     1      2379    |",
        "| 23567  9      2567   | 2378   123678 12368  | 4      257    2357    |",
        "*-----------------------------------------------------------------------------*",
    ]
    puzzle = parse_puzzle("\n".join(rows))
    assert puzzle.layout is Layout.PM
    assert format_line(puzzle.values, "0") == INKALA
    assert puzzle.to_grid().cands == Grid.from_string(INKALA).cands


def test_library_line_gives_givens_placed_digits_and_candidates() -> None:
    puzzle = parse_library(LIBRARY)
    assert puzzle.layout is Layout.LIBRARY
    # ".+92....+365": r1c1 empty, r1c2 placed 9, r1c3 given 2, r1c8 placed 3, r1c9 given 6
    assert puzzle.givens[:3] == (0, 0, 2) and puzzle.entered[:3] == (0, 9, 0)
    assert puzzle.entered[7:9] == (3, 0) and puzzle.givens[8] == 6
    assert puzzle.library is not None and puzzle.library.code == "0100"
    grid = puzzle.to_grid()
    assert not grid.cands[parse_cell_name("r1c1")] & (1 << 7)  # 811 deleted
    assert [str(d) + str(c) for d, c in puzzle.library.eliminations] == ["1" + str(parse_cell_name("r9c3")), "1" + str(parse_cell_name("r9c8"))]
    assert format_library(grid, puzzle.library) == LIBRARY


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_value_layouts_round_trip(values: list[int]) -> None:
    for layout in (Layout.LINE, Layout.SPACED, Layout.COMPACT, Layout.BOXED):
        text = format_values(values, layout)
        puzzle = parse_puzzle(text)
        assert list(puzzle.givens) == values, layout


def test_grid_layouts_round_trip_on_a_solved_position() -> None:
    grid = Grid.from_string(INKALA)
    for layout in Layout:
        text = format_grid(grid, layout)
        assert parse_puzzle(text).to_grid().cands == grid.cands, layout


def test_spaced_and_compact_formatting() -> None:
    values = values_of(INKALA)
    assert format_spaced(values) == SPACED_INKALA
    assert format_compact(values, "0").splitlines()[0] == "800000000"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (INKALA[:80], "line 1: 80 cells, need 81"),
        (INKALA + "5", "line 1: 82 cells, need 81"),
        (INKALA[:5] + "\u00b3" + INKALA[6:], "line 1, column 6: unexpected character '\u00b3'"),  # superscript 3: no decimal digit
        ("\n".join(SPACED_INKALA.splitlines()[:8]), "a grid of 8 rows (lines 1-8), need 9"),
        ("8 0 0 0 0 0 0 0\n" + "\n".join(SPACED_INKALA.splitlines()[1:]), "line 1: 8 cells in this grid row, need 9"),
        (":0100:1:123", "line 1: 3 cells in the givens field, need 81"),
        ("", "no puzzle found"),
        (INKALA + "\n" + INKALA, "2 puzzles found, expected one"),
    ],
)
def test_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_puzzle(text)
    assert message in str(info.value)


def test_leetcode_board_values() -> None:
    board = [list(INKALA[r * 9 : r * 9 + 9].replace("0", ".")) for r in range(9)]
    assert format_line(board_values(board), "0") == INKALA
    with pytest.raises(PuzzleFormatError, match=r"r1c1: 'a' is not a digit 1-9 or '\.'"):
        board_values([["a"] + row[1:] if r == 0 else row for r, row in enumerate(board)])


# --- LeetCode boards: written back in the shape they came in ------------------------------

SHAPES = {
    "json": '[["5","3",".",".","7",".",".",".","."],' + ",".join(['[".",".",".",".",".",".",".",".","."]'] * 8) + "]",
    "spaced python": "board = [['5', '3', '.', '.', '7', '.', '.', '.', '.'], " + ", ".join(["['.', '.', '.', '.', '.', '.', '.', '.', '.']"] * 8) + "];",
    "pretty": "[\n" + ",\n".join(['    ["5","3",".",".","7",".",".",".","."]'] + ['    [".",".",".",".",".",".",".",".","."]'] * 8) + "\n]",
    "bare": "grid=[" + ",".join(["[5,3,0,0,7,0,0,0,0]"] + ["[0,0,0,0,0,0,0,0,0]"] * 8) + "]",
}


@pytest.mark.parametrize("name", list(SHAPES))
def test_a_board_round_trips_in_its_own_shape(name: str) -> None:
    puzzle = parse_puzzle(SHAPES[name])
    assert puzzle.layout is Layout.LEETCODE and puzzle.givens[:5] == (5, 3, 0, 0, 7)
    assert format_values(puzzle.givens, Layout.LEETCODE, board=puzzle.board) == SHAPES[name]


def test_leetcode_format_by_default_is_leetcodes_one_line_json() -> None:
    text = format_values([int(ch) for ch in INKALA], Layout.LEETCODE)
    assert text.startswith('[["8",".",".",".",".",".",".",".","."],[".",".","3","6"')
    assert parse_puzzle(text).givens == tuple(int(ch) for ch in INKALA)


# --- pencil-mark grids: one digit is a placed digit or a single pencil mark ----------------


def test_one_digit_in_a_pm_grid_is_a_pencil_mark_when_a_cell_it_sees_still_has_it() -> None:
    grid = Grid.from_values([int(ch) for ch in INKALA])
    tokens = pm_tokens(grid)
    assert tokens[:3] == ["8", "1246", "24569"]
    tokens[1] = "6"  # r1c2: one pencil mark left, while r1c3 (24569) still has a 6
    tokens[3] = "7"  # r1c4: 7 is gone from every cell it sees: a placed digit
    for cell in PEERS[3]:
        tokens[cell] = tokens[cell].replace("7", "") if len(tokens[cell]) > 1 else tokens[cell]
    puzzle = parse_puzzle(format_pm_tokens(tokens))
    assert puzzle.givens[:4] == (8, 0, 0, 7)
    assert puzzle.candidates is not None and puzzle.candidates[1] == 1 << 5
    assert puzzle.to_grid().candidates(1) == (6,)


def format_pm_tokens(tokens: list[str]) -> str:
    return "\n".join(" ".join(tokens[r * 9 : r * 9 + 9]) for r in range(9))

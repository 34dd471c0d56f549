from __future__ import annotations

import pytest

from engine import InvalidPuzzleError, PuzzleFormatError, solve_board
from engine.analysis import Status, analyse
from tests.conftest import puzzle_lines, values_of

LEETCODE = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]


def test_unique_multiple_none() -> None:
    assert analyse(values_of(puzzle_lines("top95.txt", 1)[0])).status is Status.UNIQUE
    multiple = analyse(values_of(puzzle_lines("multisolution200.txt", 1)[0]))
    assert multiple.status is Status.MULTIPLE
    assert multiple.differing_cells()
    assert "more than one solution (the first two differ at r" in multiple.describe()
    clash = analyse(values_of("55" + "." * 79))
    assert clash.status is Status.NONE
    assert clash.describe() == "no solution: r1c1 and r1c2 both hold 5 (row 1)"


def test_solve_board_in_place_like_leetcode_37() -> None:
    board = [row[:] for row in LEETCODE]
    solve_board(board)
    assert board[0] == list("534678912")
    assert board[8] == list("345286179")


def test_solve_board_rejects_bad_boards() -> None:
    board = [row[:] for row in LEETCODE]
    board[0][2] = "5"
    with pytest.raises(InvalidPuzzleError, match="both hold 5"):
        solve_board(board)
    assert board[0][3] == "."  # unchanged
    empty = [["."] * 9 for _ in range(9)]
    with pytest.raises(InvalidPuzzleError, match="more than one solution"):
        solve_board(empty)
    with pytest.raises(PuzzleFormatError):
        solve_board([["1"] * 8])

"""LeetCode-style boards (problem 37): a 9x9 list of '1'-'9' and '.' solved in place."""

from __future__ import annotations

from engine.analysis import InvalidPuzzleError, Status, analyse
from engine.leetcode import board_values


def solve_board(board: list[list[str]]) -> None:
    """Fill a LeetCode-style board in place with its unique solution.

    Raises:
        PuzzleFormatError: the board is not 9x9 of '1'-'9' and '.'.
        InvalidPuzzleError: the board has no solution or more than one (the board is
            left unchanged).
    """
    analysis = analyse(board_values(board))
    if analysis.status is not Status.UNIQUE or analysis.solution is None:
        raise InvalidPuzzleError(analysis)
    for r in range(9):
        for c in range(9):
            board[r][c] = str(analysis.solution[r * 9 + c])

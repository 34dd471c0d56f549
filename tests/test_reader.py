"""Files of many puzzles: order, line numbers, bad lines that do not stop the batch."""

from __future__ import annotations

from engine.formats import Layout, Puzzle, PuzzleFormatError, format_line
from engine.reader import read_puzzles
from tests.conftest import PUZZLES

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def test_file_of_lines_with_comments_blanks_and_a_bad_line() -> None:
    text = f"# header\n\n{INKALA}\n{INKALA[:80]}\n{INKALA} # comment\n"
    items = list(read_puzzles(text.splitlines()))
    assert [type(i).__name__ for i in items] == ["Puzzle", "PuzzleFormatError", "Puzzle"]
    assert [i.line for i in items] == [3, 4, 5]
    assert str(items[1]) == "line 4: 80 cells, need 81"


def test_several_multi_line_grids_separated_by_blank_lines() -> None:
    grid = "\n".join(INKALA[r * 9 : r * 9 + 9] for r in range(9))
    items = list(read_puzzles(f"{grid}\n\n{grid}\n".splitlines()))
    assert [i.line for i in items] == [1, 11]
    assert all(isinstance(i, Puzzle) and i.layout is Layout.COMPACT for i in items)


def test_back_to_back_grids_split_every_nine_rows() -> None:
    grid = "\n".join(INKALA[r * 9 : r * 9 + 9] for r in range(9))
    items = list(read_puzzles(f"{grid}\n{grid}".splitlines()))
    assert len(items) == 2 and all(isinstance(i, Puzzle) for i in items)


def test_tsv_with_rating_columns() -> None:
    lines = (PUZZLES / "royle17_sample1000.tsv").read_text().splitlines()
    items = list(read_puzzles(lines))
    assert len(items) == 1000
    assert all(isinstance(i, Puzzle) for i in items)
    first = items[0]
    assert isinstance(first, Puzzle) and sum(1 for v in first.givens if v) == 17


def test_crlf_and_spaces_on_one_line() -> None:
    spaced = " ".join(INKALA)
    items = list(read_puzzles([INKALA + "\r\n", spaced + "\r\n"]))
    assert all(isinstance(i, Puzzle) and format_line(i.givens, "0") == INKALA for i in items)


def test_unknown_characters_report_line_and_column() -> None:
    items = list(read_puzzles(["8 0 0 0 0 0 0 0 0", "0 0 3 6 ? 0 0 0 0"]))
    assert isinstance(items[0], PuzzleFormatError)
    assert str(items[0]) == "line 2, column 9: unexpected character '?'"

"""Files of many puzzles: order, line numbers, bad lines that do not stop the batch."""

from __future__ import annotations

import pytest

from engine.formats import Layout, Puzzle, PuzzleFormatError, format_line, format_pm
from engine.grid import Grid
from engine.lines import MAX_LINE_CHARS
from engine.reader import MAX_BLOCK_ROWS, read_puzzles
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


# --- one 81-character line: any non-digit is an empty cell (reader rule 6) --------------

INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


@pytest.mark.parametrize("mark", ["x", "?", "*", "_", "-", ".", "0", "a", "Z", "o"])
def test_any_non_digit_is_an_empty_cell_in_an_81_character_line(mark: str) -> None:
    [item] = read_puzzles([INKALA.replace("0", mark)])
    assert isinstance(item, Puzzle) and format_line(item.givens, "0") == INKALA
    assert item.layout is Layout.LINE and item.empty_char == mark


def test_mixed_empty_marks_and_text_after_the_81_cells() -> None:
    line = "".join(ch if ch != "0" else "x?*_-.aZ"[n % 8] for n, ch in enumerate(INKALA))
    items = list(read_puzzles([line + " hardest 2012", line + ",11.0", line + "#note", "\t" + line]))
    assert all(isinstance(i, Puzzle) and format_line(i.givens, "0") == INKALA for i in items)
    assert [i.comment for i in items if isinstance(i, Puzzle)] == ["hardest 2012", "11.0", "#note", ""]


def test_free_empty_marks_need_exactly_81_characters() -> None:
    items = list(read_puzzles(["?" * 80, "x3" + "?" * 80, INKALA.replace("0", "?") + "?"]))
    assert [str(i) for i in items] == ["line 1: 80 cells, need 81", "line 2: 82 cells, need 81", "line 3: 82 cells, need 81"]


def test_what_the_81_character_rule_does_not_take() -> None:
    comment = "#" + "x" * 80  # a comment stays a comment
    dashes = "-" * 81  # a box line, not an empty grid
    library = ":0000:x:" + INKALA + ":::"  # a library line, not a puzzle of letters
    superscript = "\u00b2" + INKALA[1:]  # digit-like, but no decimal digit: never an empty cell
    control = "\x01" + INKALA[1:]
    items = list(read_puzzles([comment, dashes, library, superscript, control]))
    assert isinstance(items[0], Puzzle) and items[0].layout is Layout.LIBRARY and items[0].line == 3
    assert [str(i) for i in items[1:]] == ["line 4, column 1: unexpected character '²'", "line 5, column 1: unexpected character '\\x01'"]


def _script(text: str, zero: int) -> str:
    """The text with its ASCII digits written in another script (``zero``: its 0)."""
    return "".join(chr(zero + int(ch)) if ch.isdigit() else ch for ch in text)


@pytest.mark.parametrize("zero", [0xFF10, 0x0660, 0x0966], ids=["full-width", "arabic-indic", "devanagari"])
def test_digits_of_other_scripts_are_read_as_digits_in_every_layout(zero: int) -> None:
    # Issue 26: "any other character is an empty cell", but '８' was refused.
    rows = [INKALA[r * 9 : r * 9 + 9] for r in range(9)]
    layouts = {
        Layout.LINE: INKALA,
        Layout.SPACED: "\n".join(" ".join(row) for row in rows),
        Layout.COMPACT: "\n".join(rows),
        Layout.BOXED: "\n".join(f"{row[:3]}|{row[3:6]}|{row[6:]}" + ("\n---+---+---" if r in (2, 5) else "") for r, row in enumerate(rows)),
        Layout.LIBRARY: ":0000:x:" + INKALA + ":::",
        Layout.LEETCODE: "[" + ",".join("[" + ",".join(f'"{ch}"' for ch in row.replace("0", ".")) + "]" for row in rows) + "]",
        Layout.PM: PM,
    }
    for layout, text in layouts.items():
        items = list(read_puzzles(_script(text, zero).splitlines()))
        assert len(items) == 1 and isinstance(items[0], Puzzle), (layout, items)
        assert format_line(items[0].values, "0") == INKALA and items[0].layout is layout, layout


def test_grids_and_pm_grids_keep_their_layouts_next_to_letter_lines() -> None:
    grid = "\n".join(INKALA[r * 9 : r * 9 + 9] for r in range(9))
    text = f"{INKALA.replace('0', 'x')}\n\n{grid}"
    items = list(read_puzzles(text.splitlines()))
    assert isinstance(items[0], Puzzle) and items[0].layout is Layout.LINE
    assert len(items) == 2 and isinstance(items[1], Puzzle) and items[1].layout is Layout.COMPACT


SPACED = "\n".join(" ".join(INKALA[r * 9 : r * 9 + 9]) for r in range(9))
COMPACT = "\n".join(INKALA[r * 9 : r * 9 + 9].replace("0", ".") for r in range(9))
PM = format_pm(Grid.from_values([int(ch) for ch in INKALA]))  # boxed, with box lines


@pytest.mark.parametrize("grid, layout", [(SPACED, Layout.SPACED), (COMPACT, Layout.COMPACT), (PM, Layout.PM)], ids=["spaced", "compact", "pm"])
@pytest.mark.parametrize("between", ["\n\n", "\n"], ids=["blank line", "no blank line"])
def test_a_grid_after_one_line_puzzles_is_a_grid(grid: str, layout: Layout, between: str) -> None:
    # Issue 26: a grid after an 81-character line was read as nine "9 cells, need 81" errors.
    text = f"{INKALA}{between}{grid}\n\n{INKALA}\n"
    items = list(read_puzzles(text.splitlines()))
    assert [type(i).__name__ for i in items] == ["Puzzle", "Puzzle", "Puzzle"], items
    assert [i.layout for i in items if isinstance(i, Puzzle)] == [Layout.LINE, layout, Layout.LINE]
    assert format_line(items[1].values, "0") == INKALA and items[1].line == len(between) + (layout is Layout.PM) + 1


def test_stray_short_lines_after_one_line_puzzles_stay_one_record_each() -> None:
    text = f"{INKALA}\n123\n4 5\n\n{INKALA}\n" + "\n".join(["123456789"] * 8) + "\n"
    items = list(read_puzzles(text.splitlines()))
    assert [str(i) if isinstance(i, PuzzleFormatError) else "puzzle" for i in items] == [
        "puzzle",
        "line 2: 3 cells, need 81",
        "line 3: 2 cells, need 81",
        "puzzle",
        *(f"line {n}: 9 cells, need 81" for n in range(6, 14)),  # eight rows are not a grid
    ]


# --- LeetCode boards -----------------------------------------------------------------------

ROWS = [INKALA[r * 9 : r * 9 + 9].replace("0", ".") for r in range(9)]
ONE_LINE = "[" + ",".join("[" + ",".join(f'"{ch}"' for ch in row) + "]" for row in ROWS) + "]"
PRETTY = "[\n" + ",\n".join("  [" + ", ".join(f'"{ch}"' for ch in row) + "]" for row in ROWS) + "\n]"
PYTHON = "board = [\n" + ",\n".join("    [" + ", ".join(f"'{ch}'" for ch in row) + "]" for row in ROWS) + ",\n]"
HANGING = "board=[[" + ",".join(f"'{ch}'" for ch in ROWS[0]) + "],\n" + ",\n".join(" [" + ",".join(f"'{ch}'" for ch in row) + "]" for row in ROWS[1:]) + "];"
BARE = "let board: number[][] = [" + ",".join("[" + ",".join(ch.replace(".", "0") for ch in row) + "]" for row in ROWS) + "];"
ONE_CELL_A_LINE = "[\n" + ",\n".join("  [\n" + ",\n".join(f'    "{ch}"' for ch in row) + "\n  ]" for row in ROWS) + "\n]"


@pytest.mark.parametrize(
    "text",
    [ONE_LINE, PRETTY, PYTHON, HANGING, BARE, ONE_CELL_A_LINE, "  # a board\n" + PRETTY + "  # done"],
    ids=["json", "pretty", "python", "hanging", "bare", "one-cell-a-line", "comments"],
)
def test_a_board_is_one_puzzle_however_it_is_written(text: str) -> None:
    items = list(read_puzzles(text.splitlines()))
    assert len(items) == 1 and isinstance(items[0], Puzzle), items
    assert format_line(items[0].givens, "0") == INKALA and items[0].layout is Layout.LEETCODE


def test_boards_in_a_file_with_other_puzzles_keep_order_and_line_numbers() -> None:
    text = f"{INKALA}\n{PRETTY}\n{INKALA}\n\n{ONE_LINE}\n"
    items = list(read_puzzles(text.splitlines()))
    assert [(type(i).__name__, i.line) for i in items] == [("Puzzle", 1), ("Puzzle", 2), ("Puzzle", 13), ("Puzzle", 15)]
    assert [i.layout for i in items if isinstance(i, Puzzle)] == [Layout.LINE, Layout.LEETCODE, Layout.LINE, Layout.LEETCODE]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" + ",".join("[" + ",".join(f'"{ch}"' for ch in row) + "]" for row in ROWS[:8]) + "]", "line 1: the board has 8 rows, need 9"),
        (ONE_LINE.replace('["8",".","."', '["8","."', 1), "line 1: row 1 of the board has 8 cells, need 9"),
        (ONE_LINE.replace('"3"', '"10"', 1), "line 1: r2c3: '10' is not a digit 1-9 or '.'"),
        (ONE_LINE.replace('"3"', '"a"', 1), "line 1: r2c3: 'a' is not a digit 1-9 or '.'"),
        (PRETTY.replace('"7"', '"x7"', 1), "line 4: r3c2: 'x7' is not a digit 1-9 or '.'"),
        (PRETTY.replace('"5"', "", 1), "line 5: row 4 of the board has 8 cells, need 9"),
        (ONE_LINE + " extra", "line 1: unexpected 'extra' after the board"),
    ],
    ids=["8 rows", "a row of 8", "10", "a letter", "line of a pretty board", "row of 8, pretty", "junk after"],
)
def test_bad_boards_are_named_in_one_line(text: str, message: str) -> None:
    items = list(read_puzzles(text.splitlines()))
    assert [str(i) for i in items] == [message]


def test_an_unclosed_board_stops_at_the_next_puzzle_line() -> None:
    items = list(read_puzzles(["[[", INKALA, "board = [", "", INKALA]))
    assert [str(i) if isinstance(i, PuzzleFormatError) else i.line for i in items] == [
        "line 1: the board is not closed: a ']' is missing",
        2,
        "line 3: the board is not closed: a ']' is missing",
        5,
    ]


# --- titles, caps, byte-order marks --------------------------------------------------------


def test_project_euler_file_titles_before_grids() -> None:
    grid = [INKALA[r * 9 : r * 9 + 9] for r in range(9)]
    items = list(read_puzzles(["Grid 01", *grid, "Grid 02", *grid]))
    assert [(type(i).__name__, i.line) for i in items] == [("Puzzle", 2), ("Puzzle", 12)]
    # A first line of words is a header (a CSV header, an .sdk section) when a puzzle follows.
    for header in ("quizzes,solutions", "[Puzzle]", "Grid 01"):
        [item] = list(read_puzzles([header, "", INKALA + "," + INKALA_SOLUTION]))
        assert isinstance(item, Puzzle) and item.line == 3
    # Words anywhere else, or with nothing after them, are reported.
    items = list(read_puzzles([INKALA, "Grid 02", INKALA]))
    assert str(items[1]) == "line 2, column 1: unexpected character 'G'" and len(items) == 3
    assert [str(i) for i in read_puzzles(["hello"])] == ["line 1, column 1: unexpected character 'h'"]


def test_back_to_back_grid_rows_are_read_in_bounded_blocks() -> None:
    grid = [INKALA[r * 9 : r * 9 + 9] for r in range(9)]
    rows = grid * (MAX_BLOCK_ROWS // 9 + 3)
    items = list(read_puzzles(rows))
    assert len(items) == MAX_BLOCK_ROWS // 9 + 3 and all(isinstance(i, Puzzle) for i in items)
    assert [i.line for i in items[-2:]] == [len(rows) - 17, len(rows) - 8]


def test_a_long_line_is_one_error_and_a_long_comment_is_a_comment() -> None:
    items = list(read_puzzles(["#" * (MAX_LINE_CHARS + 5), "1" * (MAX_LINE_CHARS + 1), INKALA]))
    assert str(items[0]) == "line 2: longer than 16,384 characters: too long for a puzzle line, skipped"
    assert isinstance(items[1], Puzzle)


def test_a_byte_order_mark_is_dropped() -> None:
    [item] = list(read_puzzles(["\ufeff" + INKALA]))
    assert isinstance(item, Puzzle) and format_line(item.givens, "0") == INKALA


def test_bad_one_line_puzzles_before_any_good_one_are_each_a_record() -> None:
    items = list(read_puzzles([INKALA[:80], "x" * 70, ":0100:1:12", INKALA]))
    assert [str(i) if isinstance(i, PuzzleFormatError) else i.line for i in items] == [
        "line 1: 80 cells, need 81",
        "line 2: 70 cells, need 81",
        "line 3: 2 cells in the givens field, need 81",
        4,
    ]


@pytest.mark.parametrize("empty", ["0", "."])
@pytest.mark.parametrize("row", [0, 4])
def test_a_pencil_mark_grid_with_a_cell_of_no_candidates_names_the_cell(empty: str, row: int) -> None:
    # Issue 26: this gave "34 cells, need 81" and "a grid of 8 rows, need 9".
    lines = PM.splitlines()
    rows = [n for n, line in enumerate(lines) if "|" in line and "-" not in line]
    number = rows[row]
    tokens = lines[number].split()
    emptied = next(i for i, t in enumerate(tokens) if len(t) > 1)  # the row's first cell with marks
    tokens[emptied] = empty
    lines[number] = " ".join(tokens)
    items = list(read_puzzles(lines))
    column = sum(1 for t in tokens[:emptied] if t != "|") + 1
    assert [str(i) for i in items] == [
        f"line {number + 1}: r{row + 1}c{column} has no candidate left (written {empty!r}): in a pencil-mark grid every cell shows its digit or its candidates"
    ]

"""Property-based tests: whatever text comes in, the readers answer with puzzles or
one-line errors, never an exception, and a batch keeps one record per line."""

from __future__ import annotations

import io
import time

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from engine.formats import Puzzle, PuzzleFormatError, parse_library
from engine.grid import Contradiction
from engine.formats import BoardStyle, Layout, format_values
from engine.leetcode import is_board_start
from engine.reader import read_puzzles

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
CELLISH = st.sampled_from(list("0123456789.-*_x |+:\t?aZ[]\"',#="))
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_items(items: list[Puzzle | PuzzleFormatError]) -> None:
    for item in items:
        assert isinstance(item, (Puzzle, PuzzleFormatError))
        if isinstance(item, PuzzleFormatError):
            text = str(item)
            assert text and "\n" not in text
            assert item.line is not None
        else:
            try:
                item.to_grid()
            except Contradiction as broken:
                assert str(broken) and "\n" not in str(broken)


@FUZZ
@given(st.text(max_size=400))
def test_any_text(text: str) -> None:
    check_items(list(read_puzzles(text.splitlines())))


@FUZZ
@given(st.lists(st.text(CELLISH, min_size=0, max_size=100), max_size=25))
def test_grid_like_text(lines: list[str]) -> None:
    check_items(list(read_puzzles(lines)))


@FUZZ
@given(st.binary(max_size=300))
def test_binary_bytes(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    check_items(list(read_puzzles(text.splitlines())))


@FUZZ
@given(st.lists(st.text(st.characters(blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"), max_size=90), max_size=30))
def test_one_record_per_line_after_a_line_puzzle(extra: list[str]) -> None:
    extra = [line for line in extra if not is_board_start(line)]  # a board is one record over many lines
    lines = [INKALA, *extra]
    items = list(read_puzzles(lines))
    check_items(items)
    counted = [
        line
        for line in lines
        if line.strip() and not line.strip().startswith("#") and not _is_box_line(line)
    ]
    assert len(items) == len(counted)
    assert [i.line for i in items] == sorted(i.line for i in items)


# Any printable character that is not a digit of some script stands for an empty cell in a
# line of exactly 81 (reader rule 6).
FREE_EMPTY = st.characters(blacklist_categories=["Nd", "No", "Cc", "Cf", "Cn", "Co", "Cs", "Zs", "Zl", "Zp"], blacklist_characters=",;#\x85\xa0")


@FUZZ
@given(st.lists(st.one_of(st.sampled_from("123456789"), FREE_EMPTY), min_size=81, max_size=81))
def test_any_81_characters_read_as_their_digits(cells: list[str]) -> None:
    line = "".join(cells)
    items = list(read_puzzles([line]))
    assert len(items) == 1
    item = items[0]
    if line.lstrip()[:1] in ("#", ":", "[") or is_board_start(line) or _is_box_line(line):
        return  # an earlier rule (comment, library line, board, box line) took the line
    assert isinstance(item, Puzzle), item
    assert item.givens == tuple(int(ch) if ch in "123456789" else 0 for ch in cells)


BOARD_STYLES = st.builds(
    BoardStyle,
    quote=st.sampled_from(['"', "'", ""]),
    comma=st.sampled_from([",", ", "]),
    multiline=st.booleans(),
    indent=st.sampled_from(["  ", "    ", "\t"]),
    prefix=st.sampled_from(["", "board = ", "board=", "grid: List[List[str]] = "]),
    suffix=st.sampled_from(["", ";", ","]),
)


@FUZZ
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81), BOARD_STYLES)
def test_boards_round_trip_in_every_style(values: list[int], style: BoardStyle) -> None:
    text = format_values(values, Layout.LEETCODE, board=style)
    [item] = list(read_puzzles(text.splitlines()))
    assert isinstance(item, Puzzle) and item.givens == tuple(values)
    assert format_values(item.givens, Layout.LEETCODE, board=item.board) == text


@FUZZ
@given(st.integers(0, 2000), st.text(CELLISH, max_size=3), st.booleans())
def test_damaged_boards_give_one_line_errors(at: int, junk: str, pretty: bool) -> None:
    style = BoardStyle(multiline=pretty)
    text = format_values([int(ch) for ch in INKALA], Layout.LEETCODE, board=style)
    at %= len(text)
    damaged = text[:at] + junk + text[at + 1 :]
    check_items(list(read_puzzles(damaged.splitlines() + [INKALA])))


def _is_box_line(line: str) -> bool:
    from engine.reader.classify import is_separator as _is_separator

    return _is_separator(line.strip())


@FUZZ
@given(st.text(max_size=200))
def test_library_lines(text: str) -> None:
    try:
        parse_library(":" + text)
    except PuzzleFormatError as error:
        assert "\n" not in str(error)


def test_unicode_digits_are_read_as_digits() -> None:
    fullwidth = "８" + INKALA[1:]
    [item] = list(read_puzzles([fullwidth]))
    assert isinstance(item, Puzzle) and item.values[0] == 8
    arabic = ":0000:x:" + INKALA.replace("8", ".", 1) + ":٣١١::::"  # delete candidate 3 from r1c1
    [item] = list(read_puzzles([arabic]))
    assert isinstance(item, Puzzle) and item.to_grid().cands[0] >> 2 & 1 == 0
    superscript = "²" + INKALA[1:]
    [item] = list(read_puzzles([superscript]))
    assert isinstance(item, PuzzleFormatError) and str(item) == "line 1, column 1: unexpected character '²'"


def test_tabs_crlf_and_a_huge_line() -> None:
    items = list(read_puzzles(["\t" + INKALA + "\t# tab\r\n", "9" * 1_000_000 + "\r\n", INKALA]))
    assert isinstance(items[0], Puzzle) and isinstance(items[2], Puzzle)
    assert str(items[1]) == "line 2: longer than 16,384 characters: too long for a puzzle line, skipped"
    start = time.perf_counter()
    list(read_puzzles(["x" * 2_000_000]))
    assert time.perf_counter() - start < 2


COMMANDS = {
    "solve": ["solve", "--json"],
    "explain": ["explain", "--json"],
    "steps": ["steps", "--json"],
    "grade": ["grade", "--format", "jsonl", "--quiet"],
    "hint": ["hint"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.text(max_size=300).map(lambda t: t.encode("utf-8", errors="replace")), st.binary(max_size=300)))
def test_no_command_tracebacks_on_any_input(command: str, data: bytes) -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.txt"
        path.write_bytes(data)
        args = COMMANDS[command]
        out, err = io.StringIO(), io.StringIO()
        code = cli.main([args[0], str(path), *args[1:]], out=out, err=err)
    assert code in (0, 1, 2), err.getvalue()
    assert all(line.startswith("stepdoku: ") for line in err.getvalue().splitlines() if line.strip())

"""What every command reads (LeetCode boards, free empty marks, byte-order marks) and how it
refuses what it cannot read (empty input, binary files, bad options), in one line each."""

from __future__ import annotations

import io
import json
from importlib import metadata
from pathlib import Path

import pytest

import cli

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LEETCODE_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
ROWS = [LEETCODE[r * 9 : r * 9 + 9] for r in range(9)]
ONE_LINE = "[" + ",".join("[" + ",".join(f'"{ch}"' for ch in row) + "]" for row in ROWS) + "]"
PRETTY = "[\n" + ",\n".join('  ["' + '", "'.join(row) + '"]' for row in ROWS) + "\n]\n"
PYTHON = "board = [" + ", ".join("['" + "', '".join(row) + "']" for row in ROWS) + "]"

# Each command with the options that make it print one JSON object per puzzle.
JSON_COMMANDS = {
    "solve": ["solve", "--json"],
    "explain": ["explain", "--json"],
    "steps": ["steps", "--json", "-t", "h1"],
    "grade": ["grade", "--format", "jsonl", "--quiet"],
    "hint": ["hint", "--json"],
}


def main(*args: str, stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = cli.main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def command(name: str, source: str) -> list[str]:
    args = JSON_COMMANDS[name]
    return [args[0], source, *args[1:]]


@pytest.mark.parametrize("name", list(JSON_COMMANDS))
@pytest.mark.parametrize("shape", ["one-line", "pretty", "python"])
def test_every_command_reads_a_leetcode_board(name: str, shape: str, tmp_path: Path) -> None:
    text = {"one-line": ONE_LINE, "pretty": PRETTY, "python": PYTHON}[shape]
    path = tmp_path / "board.txt"
    path.write_text(text)
    source = str(path) if shape == "pretty" else text
    code, out, err = main(*command(name, source))
    assert code == 0 and err == "", err
    [record] = [json.loads(line) for line in out.splitlines()]
    assert record.get("puzzle", record.get("state")) == LEETCODE


def test_solve_answers_a_board_in_the_shape_it_came_in(tmp_path: Path) -> None:
    path = tmp_path / "board.py"
    path.write_text(PRETTY)
    _, out, _ = main("solve", str(path))
    solved = [LEETCODE_SOLUTION[r * 9 : r * 9 + 9] for r in range(9)]
    assert out == "[\n" + ",\n".join('  ["' + '", "'.join(row) + '"]' for row in solved) + "\n]\n"
    _, out, _ = main("solve", PYTHON + ";")
    assert out == "board = [" + ", ".join("['" + "', '".join(row) + "']" for row in solved) + "];\n"
    _, out, _ = main("solve", LEETCODE, "--format", "leetcode")
    assert out == "[" + ",".join("[" + ",".join(f'"{ch}"' for ch in row) + "]" for row in solved) + "]\n"


def test_the_leetcode_layout_is_named_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    assert "pm, library, leetcode (default: as the input)" in " ".join(capsys.readouterr().out.split())


def test_a_bad_board_is_one_line_naming_the_cell() -> None:
    code, out, err = main("solve", ONE_LINE.replace('"9"', '"10"', 1))
    assert code == 2 and out == ""
    assert err == "stepdoku: line 1: r2c5: '10' is not a digit 1-9 or '.'\n"


def test_any_non_digit_is_an_empty_cell_in_an_81_character_argument() -> None:
    code, out, _ = main("solve", LEETCODE.replace(".", "?"))
    assert code == 0 and out == LEETCODE_SOLUTION + "\n"
    code, _, err = main("solve", LEETCODE.replace(".", "?")[:80])
    assert code == 2 and err == "stepdoku: line 1: 80 cells, need 81\n"


EMPTY_INPUTS = {
    "empty argument": ("", "no puzzle found in argument 1 (it is empty)"),
    "blank argument": ("  \n\n", "no puzzle found in argument 1 (only blank lines, comments or box lines)"),
    "empty file": ("@", "no puzzle found in '{path}' (it is empty)"),
    "comments only": ("@# one\n\n# two\n", "no puzzle found in '{path}' (only blank lines, comments or box lines)"),
    "empty stdin": ("-", "no puzzle found in standard input (it is empty)"),
}


@pytest.mark.parametrize("name", list(JSON_COMMANDS))
@pytest.mark.parametrize("case", list(EMPTY_INPUTS))
def test_empty_input_is_an_error_for_every_command(name: str, case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, message = EMPTY_INPUTS[case]
    path = tmp_path / "empty.txt"
    if source.startswith("@"):
        path.write_text(source[1:])
        source = str(path)
    args = [a for a in command(name, source) if a != "--json" and a != "--format" and a != "jsonl"]
    code, out, err = main(*args, stdin="" if source == "-" else None, monkeypatch=monkeypatch)
    assert code == 2
    if name == "grade":  # the record is a row of the table
        assert out.splitlines()[1].endswith(message.format(path=path))
    else:
        assert err == f"stepdoku: {message.format(path=path)}\n"


@pytest.mark.parametrize("name", list(JSON_COMMANDS))
def test_a_binary_file_is_one_error_line(name: str, tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 40 + b"\n" * 100)
    code, out, err = main(*[a for a in command(name, str(path)) if a not in ("--json", "--quiet")])
    assert code == 2
    if name == "grade":
        assert f"{path}:1: not a text file (binary data)" in out
    else:
        assert err == f"stepdoku: {path}:1: not a text file (binary data)\n"


@pytest.mark.parametrize("name", list(JSON_COMMANDS))
def test_a_byte_order_mark_is_read_in_files_and_on_stdin(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "windows.txt"
    path.write_bytes("\ufeff".encode() + INKALA.encode() + b"\r\n")
    code, out, err = main(*command(name, str(path)))
    assert code == 0 and err == "" and json.loads(out)
    code, out, err = main(*command(name, "-"), stdin="\ufeff" + INKALA + "\n", monkeypatch=monkeypatch)
    assert code == 0 and err == "" and json.loads(out)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.build_parser().parse_args(["--version"])
    assert done.value.code == 0
    # the package's own version (what pip installed, from pyproject's dynamic version)
    assert capsys.readouterr().out == f"stepdoku {metadata.version('stepdoku')}\n"
    assert cli.build_parser().format_help().count("--version") == 2


def test_count_limits(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("0", "-3"):
        with pytest.raises(SystemExit) as done:
            main("solve", INKALA, "--count", "--limit", bad)
        assert done.value.code == 2 and f"--limit: must be 1 or more: '{bad}'" in capsys.readouterr().err
    code, out, _ = main("solve", "." * 81, "--count", "--limit", "1")
    assert (code, out) == (1, "line 1: stopped counting at 1 (--limit 1): more than one solution\n")
    code, out, _ = main("solve", INKALA, "--count", "--limit", "1")
    assert (code, out) == (0, "line 1: 1 solution\n")
    code, out, _ = main("solve", "." * 81, "--count", "--limit", "3", "--json")
    assert code == 1 and json.loads(out) == {"puzzle": "." * 81, "count": 3, "capped": True, "source": "line 1"}


@pytest.mark.parametrize("args", [["explain", "--only", ""], ["explain", "--only", " , "], ["steps", "-t", ""]])
def test_an_empty_technique_list_is_an_error_not_the_default_set(args: list[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(*args, INKALA)
    assert done.value.code == 2

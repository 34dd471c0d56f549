"""``stepdoku hint`` end to end: mistakes first, then the next step by level."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.formats import format_pm, pm_tokens
from engine.grid import Grid
from tests.conftest import puzzle_lines
from tests.htmlcheck import problems
from tests.test_cli_solve import run

PUZZLE = "030050040008010500460000012070502080000603000040109030250000098001020600080060020"
SOLUTION = "137256849928314567465897312673542981819673254542189736256731498391428675784965123"
SINGLES = {"fh", "n1", "h1"}


def library_state(**entries: int) -> str:
    """The puzzle as a HoDoKu library line with ``+d`` entries (cell names as keys)."""
    cells = []
    for n, ch in enumerate(PUZZLE):
        name = f"r{n // 9 + 1}c{n % 9 + 1}"
        cells.append(f"+{entries[name]}" if name in entries else ("." if ch == "0" else ch))
    return ":0000:x:" + "".join(cells) + ":::"


def hint(*args: str, stdin: str | None = None) -> dict[str, Any]:
    result = run("hint", *args, "--json", stdin=stdin)
    assert result.returncode in (0, 1), result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_a_wrong_entry_is_reported_and_no_hint_given() -> None:
    state = library_state(r1c1=1, r1c3=9)
    result = run("hint", state)
    assert result.returncode == 0
    assert "- r1c3 holds 9, which is not the solution there." in result.stdout  # the 7 stays secret
    assert "Fix these first" in result.stdout and "Hint" not in result.stdout and "7 there" not in result.stdout
    data = hint(state)
    assert data["status"] == "mistakes" and data["hint"] is None and data["givens_known"]
    assert data["mistakes"] == [{"kind": "wrong_digit", "cells": ["r1c3"], "digit": 9, "solution": None, "text": "r1c3 holds 9, which is not the solution there."}]


def test_reveal_names_the_solution_digit() -> None:
    state = library_state(r1c1=1, r1c3=9)
    assert "- r1c3 holds 9 but the solution has 7 there." in run("hint", state, "--reveal").stdout
    data = hint(state, "--reveal")
    assert data["mistakes"][0]["solution"] == 7 and data["mistakes"][0]["text"] == "r1c3 holds 9 but the solution has 7 there."


def test_ignore_mistakes_hints_from_the_grid_as_it_is() -> None:
    data = hint(library_state(r1c3=9), "--ignore-mistakes")
    assert data["status"] == "mistakes" and data["hint"] is not None
    assert any("mistakes included" in note for note in data["notes"])


def test_a_wrongly_removed_pencil_mark_in_a_pm_grid(tmp_path: Path) -> None:
    tokens = pm_tokens(Grid.from_string(PUZZLE.replace("0", ".")))
    assert tokens[0] == "179"
    tokens[0] = "79"  # r1c1: 1 is the solution there (a Grid would refuse this state)
    path = tmp_path / "state.txt"
    path.write_text("\n".join(" ".join(tokens[r * 9 : r * 9 + 9]) for r in range(9)) + "\n")
    data = hint(str(path))
    assert data["status"] == "mistakes"
    assert [(m["text"], m["digit"], m["solution"]) for m in data["mistakes"]] == [
        ("r1c1 has lost a pencil mark it needs: the solution digit there is no longer marked.", None, None)
    ]
    assert "*1" not in run("hint", str(path)).stdout  # the cell is marked, not the digit
    revealed = hint(str(path), "--reveal")
    assert [m["text"] for m in revealed["mistakes"]] == ["r1c1 has lost its pencil mark 1, but 1 is the solution there."]
    assert "*1" in run("hint", str(path), "--reveal").stdout  # the lost mark is shown on the grid


def test_a_pm_grid_hint_uses_the_players_own_marks(tmp_path: Path) -> None:
    grid = Grid.from_string(PUZZLE.replace("0", "."))
    grid.eliminate(0, 7)  # r1c1: 7 is not the solution, so this is a fair deduction
    state = tmp_path / "state.txt"
    state.write_text(format_pm(grid) + "\n")
    data = hint(str(state), "--level", "3", "--apply")
    assert data["status"] == "ok" and data["mistakes"] == []
    assert data["hint"]["code"] in SINGLES and data["hint"]["step"]["placements"]
    after = data["applied"]
    assert after.startswith(".---") and after.splitlines()[1].split("|")[1].split()[0] == "19"  # r1c1 keeps 7 out


def test_levels_reveal_more_and_more() -> None:
    one = hint(PUZZLE)
    two = hint(PUZZLE, "--level", "2")
    three = hint(PUZZLE, "--level", "3")
    assert one["status"] == "ok" and one["hint"]["text"].startswith("Look for a")
    assert set(one["hint"]) == {"level", "technique", "code", "where", "text"}
    assert {"digits", "cells"} <= set(two["hint"]) and "step" not in two["hint"]
    assert three["hint"]["step"]["text"] == three["hint"]["text"]
    text = run("hint", PUZZLE).stdout
    assert "Hint (level 1 of 3): Look for a" in text and "--level 2" in text


def test_apply_prints_the_state_in_the_same_layout() -> None:
    result = run("hint", PUZZLE, "--apply")
    state = result.stdout.splitlines()[-1]
    changed = [n for n in range(81) if state[n] != PUZZLE[n]]
    assert len(state) == 81 and len(changed) == 1  # one more digit: singles come first here
    assert state[changed[0]] == SOLUTION[changed[0]]


def test_conflicting_entries_when_the_grid_has_no_solution() -> None:
    result = run("hint", "11" + "." * 79)
    assert result.returncode == 1  # the grid is the puzzle here, and it has no solution (was 0: issue 26)
    assert "- r1c1 and r1c2 both hold 1 (row 1)." in result.stdout
    data = hint("11" + "." * 79)
    assert data["status"] == "mistakes" and data["mistakes"][0]["kind"] == "conflict"


def test_non_unique_puzzles_are_hinted_without_uniqueness_techniques() -> None:
    uniqueness = {code for t in json.loads(run("techniques", "--json").stdout) if t["uniqueness"] for code in t["codes"]}
    puzzle = puzzle_lines("multisolution200.txt", 1)[0]
    data = hint(puzzle)
    assert data["status"] == "ok" and data["uniqueness"] == "multiple"
    assert any("more than one solution" in note for note in data["notes"])
    assert data["hint"] is not None and data["hint"]["code"] not in uniqueness
    result = run("hint", puzzle)
    assert "more than one solution" in result.stdout and result.returncode == 1  # a hint, and exit 1 (was 0)
    result = run("hint", puzzle, "--puzzle", puzzle)
    assert result.returncode == 1  # the --puzzle itself has several solutions


def test_solved_and_invalid() -> None:
    assert hint(SOLUTION)["status"] == "solved"
    broken = "11" + "." * 79
    result = run("hint", PUZZLE, "--puzzle", broken)
    assert result.returncode == 2 and "does not match the puzzle" in result.stderr
    result = run("hint", broken, "--puzzle", broken, "--json")
    assert result.returncode == 1 and json.loads(result.stdout)["status"] == "invalid"


def test_the_original_puzzle_tells_entries_from_givens() -> None:
    state = list(PUZZLE)
    state[0] = "5"  # the solution has 1
    data = hint("".join(state), "--puzzle", PUZZLE, "--reveal")
    assert data["givens_known"] and data["mistakes"][0]["text"] == "r1c1 holds 5 but the solution has 1 there."


def test_bad_input_is_a_usage_error() -> None:
    result = run("hint", "12345")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    result = run("hint")
    assert result.returncode == 2


def test_two_wrong_digits_without_puzzle_name_cells_and_say_what_puzzle_does() -> None:
    state = "800750049003682070070490283154007096300845720007100530041900368608520010090310402"
    data = hint(state)
    assert data["status"] == "mistakes" and not data["givens_known"]
    assert "r8c1" in data["mistakes"][0]["cells"]
    assert any("--puzzle GIVENS" in note for note in data["notes"])
    result = run("hint", state)
    assert "--puzzle GIVENS" in result.stdout and "· marks the cells to check." in result.stdout
    named = hint(state, "--puzzle", "800000000003600000070090200050007000000045700000100030001000068008500010090000400")
    assert [m["cells"] for m in named["mistakes"]] == [["r7c2"], ["r8c1"]] and named["notes"] == []


def test_hint_html_draws_no_more_than_the_level(tmp_path: Path) -> None:
    state = library_state(r1c1=1, r1c3=7)
    pages = {}
    for level in (1, 2, 3):
        page = tmp_path / f"hint{level}.html"
        result = run("hint", state, "--level", str(level), "--html", str(page))
        assert result.returncode == 0 and result.stdout == "" and result.stderr == f"stepdoku: wrote {page}\n"
        pages[level] = page.read_text()
        assert problems(pages[level]) == [] and 'class="house"' in pages[level]
    assert 'class="cell"' not in pages[1] and 'class="cell"' in pages[2]  # the single's cell
    assert 'class="cand placement"' in pages[3] and 'class="cand placement"' not in pages[2]  # a Naked Single
    assert "Hint (level 3 of 3)" in pages[3] and "Ask with --level 2" in pages[1]


def test_hint_html_keeps_the_solution_secret(tmp_path: Path) -> None:
    state = library_state(r1c1=1, r1c3=9)
    page = tmp_path / "hint.html"
    assert run("hint", state, "--html", str(page)).returncode == 0
    html = page.read_text()
    assert problems(html) == [] and "r1c3 holds 9, which is not the solution there." in html
    assert "solution has 7" not in html and 'class="check"' in html
    assert run("hint", state, "--html", str(page), "--reveal").returncode == 0
    assert "r1c3 holds 9 but the solution has 7 there." in page.read_text()

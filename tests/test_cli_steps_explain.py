"""``stepdoku steps``, ``explain`` and ``techniques`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import puzzle_lines
from tests.htmlcheck import problems
from tests.test_cli_solve import INKALA, INKALA_SOLUTION, run

LC1_LINE = (
    ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9"
    ":811 515 715 538 761 595 795:193 198::"
)


def test_steps_on_a_library_line_uses_its_technique() -> None:
    result = run("steps", LC1_LINE)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "# line 1: 2 steps"
    assert lines[1] == "Locked Candidates Type 1 (Pointing): 1 in b8 => r9c38<>1"
    assert lines[2].startswith("    In box 8, 1 can only go in row 9 (r9c4 or r9c5)")


def test_steps_json_per_position(tmp_path: Path) -> None:
    path = tmp_path / "positions.txt"
    path.write_text(f"{LC1_LINE}\nnot a puzzle\n{INKALA}\n")
    result = run("steps", str(path), "--technique", "lc1,lc2", "--json")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["position"] for r in records] == [1, 2, 3]
    assert [s["code"] for s in records[0]["steps"]] == ["lc1", "lc1", "lc2", "lc2"]
    assert records[0]["steps"][0]["eliminations"] == [{"cell": "r9c3", "digit": 1}, {"cell": "r9c8", "digit": 1}]
    assert records[1]["status"] == "error" and records[1]["steps"] == []
    assert result.returncode == 2


def test_steps_exit_1_when_the_position_has_no_solution_or_several() -> None:
    several = puzzle_lines("multisolution200.txt", 1)[0]
    result = run("steps", "-t", "n1", several)  # was exit 0 (issue 26); no solution was already 1
    assert result.returncode == 1 and "# more than one solution" in result.stdout
    assert run("steps", "-t", "n1", "11" + "." * 79).returncode == 1
    assert run("steps", "-t", "n1", INKALA).returncode == 0


def test_unknown_technique_code_is_a_usage_error() -> None:
    result = run("steps", INKALA, "--technique", "n9")
    assert result.returncode == 2
    assert result.stderr == "stepdoku: unknown technique code 'n9' (see 'stepdoku techniques')\n"


def test_explain_json_gives_a_sound_path() -> None:
    result = run("explain", INKALA, "--json")
    data = json.loads(result.stdout)
    assert data["status"] == "solved" and data["solution"] == INKALA_SOLUTION
    assert data["steps"] and all({"technique", "code", "text", "explanation", "placements", "eliminations", "highlights"} <= set(s) for s in data["steps"])
    placed = {p["cell"]: p["digit"] for s in data["steps"] for p in s["placements"]}
    assert len(placed) == 81 - 21
    assert data["brute_force"] == sum(1 for s in data["steps"] if s["code"] == "bf")


def test_explain_reports_invalid_and_stuck() -> None:
    invalid = json.loads(run("explain", "." * 81, "--json").stdout)
    assert invalid["status"] == "invalid" and invalid["steps"] == []
    assert invalid["error"].startswith("more than one solution")
    # Forcing nets solve Inkala's puzzle; without the last resorts it gets stuck.
    stuck = json.loads(run("explain", INKALA, "--json", "--no-search", "--max-difficulty", "8400").stdout)
    assert stuck["status"] == "stuck" and stuck["brute_force"] == 0


def test_explain_restricted_to_singles() -> None:
    easy = puzzle_lines("easy50.txt", 1)[0]
    data = json.loads(run("explain", easy, "--json", "--only", "fh,n1,h1").stdout)
    assert data["status"] == "solved"
    assert {s["code"] for s in data["steps"]} <= {"fh", "n1", "h1"}


def test_techniques_listing() -> None:
    rows = json.loads(run("techniques", "--json").stdout)
    assert rows[0] == {"code": "fh", "name": "Full House", "difficulty": 100, "level": "Easy", "score": 4, "uniqueness": False, "enabled": True, "codes": ["fh"], "subtypes": []}
    text = run("techniques").stdout.splitlines()
    assert text[1].split() == ["100", "fh", "Full", "House", "Easy", "4"]


def test_steps_html_draws_each_step_on_the_position(tmp_path: Path) -> None:
    page = tmp_path / "steps.html"
    royle = ".....14..5.4......2........3..26.....1....7.....5...........32..8..4...........65"
    result = run("steps", royle, "-t", "h1", "--html", str(page))
    assert result.returncode == 0 and result.stdout == ""
    html = page.read_text()
    count = len(run("steps", royle, "-t", "h1", "--brief").stdout.splitlines()) - 1
    assert problems(html) == [] and count == 3
    assert html.count('data-kind="step"') == count and html.count("<svg ") == count
    assert html.count('class="cand placement" data-cand=') == count  # each on its own picture (legends aside)

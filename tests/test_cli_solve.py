"""``stepdoku solve`` end to end, through a real subprocess: stdout, stderr, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_default_puzzle() -> None:
    result = run("solve")
    assert result.returncode == 0
    assert result.stdout == INKALA_SOLUTION + "\n"
    assert result.stderr == ""


def test_spaced_grid_on_stdin_answers_spaced() -> None:
    text = "\n".join(" ".join(INKALA[r * 9 : r * 9 + 9]) for r in range(9))
    result = run("solve", "-", stdin=text)
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == "8 1 2 7 5 3 6 4 9"
    assert len(result.stdout.splitlines()) == 9


def test_format_override() -> None:
    result = run("solve", INKALA, "--format", "compact")
    assert result.stdout.split() == [INKALA_SOLUTION[r * 9 : r * 9 + 9] for r in range(9)]
    assert run("solve", INKALA, "--format", "boxed").stdout.splitlines()[3] == "------+-------+------"
    assert "|" in run("solve", INKALA, "--format", "pm").stdout
    assert run("solve", INKALA, "--format", "library").stdout.startswith(":0000:x:8+1+2+7")
    bad = run("solve", INKALA, "--format", "xml")
    assert bad.returncode == 2 and "unknown format 'xml'" in bad.stderr


def test_bad_line_is_reported_and_the_batch_carries_on(tmp_path: Path) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(f"# three puzzles\n{INKALA}\n{INKALA[:80]}\n{'.' * 81}\n{INKALA}\n")
    result = run("solve", str(path))
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert lines[0] == INKALA_SOLUTION
    assert lines[1].startswith(f"# {path}:4: more than one solution")
    assert lines[2] == INKALA_SOLUTION
    assert result.stderr == f"stepdoku: {path}:3: 80 cells, need 81\n"


def test_json_lines_for_a_batch(tmp_path: Path) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(f"{INKALA}\nabc\n{'1' * 2 + '.' * 79}\n{'.' * 81}\n")
    result = run("solve", str(path), "--json")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["unique", "error", "none", "multiple"]
    assert records[0]["solution"] == INKALA_SOLUTION
    assert records[0]["puzzle"] == INKALA.replace("0", ".")
    assert records[1]["error"] == "unexpected character 'a'" and records[1]["source"] == f"{path}:2"
    assert records[2]["error"] == "r1c1 and r1c2 both hold 1 (row 1)"
    assert len(records[3]["solutions"]) == 2 and records[3]["solution"] is None
    assert result.returncode == 2


def test_invalid_puzzles_exit_1() -> None:
    none = run("solve", "11" + "." * 79)
    assert none.returncode == 1
    assert none.stdout == "# line 1: no solution: r1c1 and r1c2 both hold 1 (row 1)\n"
    many = run("solve", "." * 81)
    assert many.returncode == 1
    assert "more than one solution" in many.stdout


def test_count() -> None:
    assert run("solve", INKALA, "--count").stdout == "line 1: 1 solution\n"
    capped = run("solve", "." * 81, "--count", "--limit", "5")
    assert capped.stdout == "line 1: stopped counting at 5 (--limit 5): at least 5 solutions\n" and capped.returncode == 1


def test_unreadable_inputs_never_traceback(tmp_path: Path) -> None:
    for args in (["solve", "no-such-file.txt"], ["solve", str(tmp_path)], ["solve", INKALA[:80]]):
        result = run(*args)
        assert result.returncode == 2, args
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith("stepdoku: ")
        assert len(result.stderr.splitlines()) == 1
    assert "neither a file nor a puzzle" in run("solve", "no-such-file.txt").stderr


def test_usage_errors_exit_2() -> None:
    assert run("frobnicate").returncode == 2
    assert run().returncode == 2

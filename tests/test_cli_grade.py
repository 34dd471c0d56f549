"""``stepdoku grade`` end to end: formats, order with -j 2, bad lines, timeouts, summary."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.conftest import puzzle_lines
from tests.test_cli_solve import INKALA, run

COLUMNS = ["puzzle", "status", "level", "score", "se", "hardest", "steps", "brute_force", "seconds", "error"]


def batch(tmp_path: Path) -> tuple[Path, list[str]]:
    """Five easy puzzles, a bad line in the middle, a non-unique puzzle, Inkala's."""
    easy = puzzle_lines("easy50.txt", 5)
    lines = easy[:3] + ["this is not a puzzle"] + easy[3:] + ["." * 81, INKALA]
    path = tmp_path / "batch.txt"
    path.write_text("# a comment line\n" + "\n".join(lines) + "\n")
    return path, lines


def test_jsonl_with_two_workers_keeps_order_and_reports_the_bad_line(tmp_path: Path) -> None:
    path, lines = batch(tmp_path)
    result = run("grade", str(path), "-j", "2", "--format", "jsonl")
    assert result.returncode == 2  # a bad line
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert all(list(r) == COLUMNS for r in records)
    assert [r["status"] for r in records] == ["ok", "ok", "ok", "error", "ok", "ok", "invalid", "ok"]
    assert records[3]["error"] == f"{path}:5: unexpected character 't'" and records[3]["puzzle"] is None
    assert [r["puzzle"] for r in records if r["puzzle"]] == [line.replace("0", ".") for line in lines if line[0] != "t"]
    assert records[0]["level"] == "Easy" and records[0]["brute_force"] == 0 and records[0]["hardest"]
    assert records[6]["error"].startswith("more than one solution")
    inkala = records[7]
    assert inkala["score"] >= 10000 * inkala["brute_force"] and inkala["se"] >= 1.0 and inkala["steps"] > 0
    assert "Puzzles by level" in result.stderr  # the summary stays off stdout


def test_csv_has_the_same_columns_and_matches_one_worker(tmp_path: Path) -> None:
    path, _ = batch(tmp_path)
    one = run("grade", str(path), "--format", "csv", "-q")
    two = run("grade", str(path), "--format", "csv", "-q", "-j", "2")
    assert one.stderr == "" and two.stderr == ""
    rows = list(csv.DictReader(io.StringIO(one.stdout)))
    assert list(rows[0]) == COLUMNS and len(rows) == 8
    strip = [{k: v for k, v in row.items() if k != "seconds"} for row in rows]
    assert strip == [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(io.StringIO(two.stdout))]
    assert rows[3]["status"] == "error" and rows[3]["level"] == ""


def test_table_and_summary(tmp_path: Path) -> None:
    path, _ = batch(tmp_path)
    result = run("grade", str(path))
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["#", "level", "score", "SE", "hardest", "steps", "bf", "seconds", "puzzle"]
    assert lines[4].split()[:2] == ["4", "error"]
    assert "Puzzles by level" in lines and "Puzzles by hardest technique" in lines
    assert lines[-1].startswith("8 puzzles in ") and lines[-1].endswith("puzzles/s)")


def test_a_puzzle_over_budget_is_recorded_as_timeout(tmp_path: Path) -> None:
    hard = puzzle_lines("top95.txt", 3)
    result = run("grade", *hard, "--max-seconds", "0.001", "--format", "jsonl", "-j", "2")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in records] == ["timeout"] * 3
    assert records[0]["error"] == "not graded within 0.001 s" and records[0]["level"] is None
    assert result.returncode == 0


def test_usage_errors() -> None:
    assert run("grade").returncode == 2
    assert run("grade", INKALA, "-j", "0").returncode == 2
    assert run("grade", INKALA, "--max-seconds", "-1").returncode == 2
    result = run("grade", "no-such-file.txt", "--format", "jsonl")
    assert result.returncode == 2 and json.loads(result.stdout)["status"] == "error"


def _grade_in_process(*args: str) -> tuple[int, str, str]:
    import cli

    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["grade", "-q", "--format", "jsonl", *args], out, err)
    return code, out.getvalue(), err.getvalue()


def test_any_number_of_seconds_gets_a_clear_answer(capsys: pytest.CaptureFixture[str]) -> None:
    easy = puzzle_lines("easy50.txt", 1)[0]
    for no_limit in ("inf", "Infinity", "1e300"):  # inf: no limit; 1e300 is just a long one
        code, out, err = _grade_in_process(easy, "--max-seconds", no_limit)
        assert code == 0 and err == "" and json.loads(out)["status"] == "ok", no_limit
    for bad, why in (("0", "must be more than 0"), ("-1", "must be more than 0"), ("-inf", "must be more than 0"), ("nan", "not a number"), ("soon", "not a number")):
        with pytest.raises(SystemExit) as stop:
            _grade_in_process(easy, f"--max-seconds={bad}")
        assert stop.value.code == 2, bad
        message = capsys.readouterr().err
        assert message.count("\n") == 1 and why in message and repr(bad) in message, message


def test_without_jobs_a_long_input_is_graded_on_every_core_and_a_short_one_here() -> None:
    from engine.app.commands import grade as grade_command
    from engine.formats import Puzzle
    from engine.grading import Item
    from engine.workers import usable_cpus

    items: list[Item] = [Puzzle(tuple([0] * 81)) for _ in range(grade_command.AUTO_PARALLEL + 1)]
    jobs, again = grade_command.auto_jobs(iter(items))
    assert jobs == usable_cpus() and list(again) == items  # nothing lost to the look-ahead
    jobs, again = grade_command.auto_jobs(iter(items[:-1]))
    assert jobs == 1 and list(again) == items[:-1]


def test_grade_help_states_the_auto_parallel_threshold() -> None:
    from engine.app.commands import grade as grade_command

    help_text = run("grade", "--help").stdout
    assert f"one per core for more than {grade_command.AUTO_PARALLEL} puzzles" in " ".join(help_text.split())


def test_default_jobs_give_the_records_of_one_worker(tmp_path: Path) -> None:
    path = tmp_path / "forty.txt"
    path.write_text("\n".join(puzzle_lines("royle17_sample1000.tsv", 40)) + "\n")

    def records(*extra: str) -> list[dict[str, object]]:
        out = run("grade", str(path), "--format", "jsonl", "-q", *extra).stdout.splitlines()
        return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in out]

    assert records() == records("-j", "1") and len(records()) == 40

"""``stepdoku generate`` as a user runs it: what the puzzles are (checked by an independent
solver and by ``grade`` and ``explain`` on the output), formats, reproducibility, refusals,
giving up, and Ctrl-C."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

import cli
from tests.independent import count_solutions, is_minimal, mirror_cells
from tests.test_interrupt import interrupted


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _generate(*argv: str) -> list[str]:
    code, out, err = _run("generate", "-q", *argv)
    assert code == 0, err
    return out.splitlines()


def _graded(puzzles: list[str], *extra: str) -> list[dict[str, object]]:
    code, out, err = _run("grade", "--format", "jsonl", "-q", *extra, *puzzles)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


def _explained(puzzle: str) -> dict[str, object]:
    code, out, _ = _run("explain", "--json", puzzle)
    assert code == 0
    record: dict[str, object] = json.loads(out)
    return record


def test_puzzles_are_proper_minimal_and_of_the_level_asked() -> None:
    puzzles = _generate("-n", "4", "--seed", "5", "--level", "easy")
    assert len(puzzles) == 4 and len(set(puzzles)) == 4
    for line in puzzles:
        assert len(line) == 81 and count_solutions(line) == 1 and is_minimal(line)
    assert {record["level"] for record in _graded(puzzles)} == {"Easy"}


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_levels_as_grade_sees_them(level: str) -> None:
    puzzles = _generate("-n", "2", "--seed", "6", "--level", level)
    assert all(count_solutions(p) == 1 for p in puzzles)
    assert {record["level"] for record in _graded(puzzles)} == {level.capitalize()}


def test_jsonl_carries_grades_fields_and_values() -> None:
    records = [json.loads(line) for line in _generate("-n", "3", "--seed", "2", "--level", "medium-hard", "--format", "jsonl")]
    graded = _graded([r["puzzle"] for r in records])
    for record, grade in zip(records, graded):
        assert list(record) == ["puzzle", "status", "level", "score", "se", "hardest", "steps", "brute_force", "techniques", "clues", "candidate"]
        assert {k: record[k] for k in grade if k not in ("seconds", "error")} == {k: v for k, v in grade.items() if k not in ("seconds", "error")}
        rating = _explained(str(record["puzzle"]))["rating"]
        assert isinstance(rating, dict) and record["techniques"] == rating["techniques"]
        assert record["clues"] == sum(ch != "." for ch in str(record["puzzle"]))


def test_csv_has_a_header_and_one_row_per_puzzle() -> None:
    rows = list(csv.reader(_generate("-n", "2", "--seed", "3", "--format", "csv", "--se", "3.0-4.5")))
    header, *data = rows
    assert header == ["puzzle", "status", "level", "score", "se", "hardest", "steps", "brute_force", "er", "ep", "ed", "techniques", "clues", "candidate"]
    assert len(data) == 2
    for row in data:
        record = dict(zip(header, row))
        assert 3.0 <= float(record["er"]) <= 4.5
        assert re.fullmatch(r"([a-z0-9]+:\d+ ?)+", record["techniques"])


def test_se_range_as_the_se_profile_rates_it() -> None:
    puzzles = _generate("-n", "2", "--seed", "4", "--se", "3.0-4.5")
    for record in _graded(puzzles, "--profile", "se"):
        assert 3.0 <= float(str(record["er"])) <= 4.5


def test_requires_puzzles_use_the_technique_in_their_explanation() -> None:
    puzzles = _generate("-n", "2", "--seed", "1", "--requires", "sk")
    for puzzle in puzzles:
        steps = _explained(puzzle)["steps"]
        assert isinstance(steps, list) and any(step["code"] == "sk" for step in steps)


def test_requires_follows_the_profile_asked_for() -> None:
    records = [json.loads(line) for line in _generate("-n", "2", "--seed", "1", "--profile", "se", "--requires", "sxy", "--format", "jsonl")]
    for record in records:
        assert list(record)[2:5] == ["er", "ep", "ed"]
        code, out, _ = _run("explain", "--json", "--profile", "se", str(record["puzzle"]))
        steps = json.loads(out)["steps"]
        assert code == 0 and any(step["code"] == "sxy" for step in steps)
        assert json.loads(out)["rating"]["er"] == record["er"]


def test_requires_hardest_is_grades_hardest() -> None:
    puzzles = _generate("-n", "2", "--seed", "2", "--requires-hardest", "xy")
    assert {record["hardest"] for record in _graded(puzzles)} == {"XY-Wing"}


def test_teach_meets_the_technique_early_and_nothing_harder() -> None:
    puzzles = _generate("-n", "2", "--seed", "7", "--teach", "lc1")
    for puzzle in puzzles:
        steps = _explained(puzzle)["steps"]
        assert isinstance(steps, list)
        first = next(i for i, step in enumerate(steps) if step["code"] == "lc1")
        placed = sum(len(step["placements"]) for step in steps[:first])
        assert placed * 2 <= puzzle.count(".")
    assert {record["hardest"] for record in _graded(puzzles)} == {"Locked Candidates Type 1 (Pointing)"}


@pytest.mark.parametrize("symmetry", ["rotational", "diagonal", "mirrors"])
def test_symmetry_and_clue_range(symmetry: str) -> None:
    for puzzle in _generate("-n", "2", "--seed", "9", "--symmetry", symmetry, "--clues", "24-32"):
        clues = [i for i, ch in enumerate(puzzle) if ch != "."]
        assert 24 <= len(clues) <= 32 and count_solutions(puzzle) == 1
        assert all(puzzle[m] != "." for c in clues for m in mirror_cells(c, symmetry))


def test_not_minimal_stops_at_a_clue_count_in_range() -> None:
    puzzles = _generate("-n", "3", "--seed", "1", "--no-minimal", "--clues", "33-35")
    for puzzle in puzzles:
        assert 33 <= sum(ch != "." for ch in puzzle) <= 35 and count_solutions(puzzle) == 1
    assert not all(is_minimal(p) for p in puzzles)


def test_same_seed_same_bytes_with_one_or_two_processes() -> None:
    args = ("-n", "6", "--seed", "12", "--level", "easy-medium", "--format", "jsonl")
    assert _generate(*args, "-j", "1") == _generate(*args, "-j", "2")


def test_the_report_names_the_seed_and_the_rejections() -> None:
    code, out, err = _run("generate", "-n", "2", "--level", "medium")
    seed = re.search(r"seed (\d+)", err)
    assert code == 0 and seed, err
    tried = re.search(r"2 puzzles \(level Medium, minimal\) from ([\d,]+) candidates", err)
    assert tried, err
    assert ("rejected: " in err) == (int(tried.group(1).replace(",", "")) > 2)  # a random seed: maybe the first two were Medium
    assert _generate("-n", "2", "--level", "medium", "--seed", seed.group(1)) == out.splitlines()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--level", "easy", "--requires", "fn"], "Forcing Net \\(fn\\) is an Extreme technique"),
        (["--symmetry", "quarter", "--clues", "22-23"], "groups of 1 or 4"),
        (["--clues", "12-16"], "fewer than 17 clues"),
        (["--requires", "zz"], "unknown technique code 'zz'"),
        (["--level", "easy", "--score", "900-1000"], "HoDoKu moves an Easy puzzle scoring more than 800 up a level"),
        # Issue 26: each of these was searched for minutes before giving up (exit 5).
        (["--se", "99"], "no puzzle is known to rate above 11.9 on the SE scale"),
        (["--se", "20"], "no puzzle is known to rate above 11.9 on the SE scale"),
        (["--se", "50-60"], "no puzzle is known to rate above 11.9"),
        (["--score", "0"], "a minimal puzzle has at most 40 clues, so at least 41 empty cells: the HoDoKu score is at least 164, so --score 0 cannot"),
        (["--level", "easy", "--score", "0-10"], "the HoDoKu score is at least 164, so --score 0-10 cannot be met"),
        (["--level", "extreme", "--score", "0-500"], "the cheapest, Forcing Chain, scores 500.*at least 660, so --score 0-500 cannot"),
        (["--requires-hardest", "fh", "--level", "hard"], "hardest step is fh uses singles only \\(Full House\\).*an Easy puzzle at most"),
        (["--requires-hardest", "h1", "--level", "hard"], "896 in all, which makes a Medium puzzle at most, so --level hard"),
        (["--level", "easy", "--se", "0-0.5"], "every puzzle rates at least 1.0 on the SE scale"),
        (["--score", "100", "--no-minimal"], "--no-minimal stops at 34 clues at most, so at least 47 empty cells: the HoDoKu score is at least 188"),
    ],
)
def test_impossible_requests_are_refused(argv: list[str], message: str) -> None:
    code, out, err = _run("generate", *argv)
    assert code == 2 and out == ""
    assert re.search(message, err) and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--level", "hardest"], "argument --level: unknown level 'hardest'"),
        (["--se", "9-7"], "argument --se: empty range 9.0-7.0"),
        (["--level", "hard-easy"], "argument --level: empty level range 'hard-easy': hard is above easy (from easy up to extreme: write easy-hard)"),
        (["--clues", "x"], "argument --clues: not a whole number"),
        (["--seed", "-3"], "argument --seed: must be 0 or more"),
        (["--symmetry", "spiral"], "unknown symmetry 'spiral'"),
    ],
)
def test_malformed_options_are_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["generate", *argv])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_a_rare_request_gives_up_with_a_report() -> None:
    code, out, err = _run("generate", "-n", "2", "--seed", "1", "--requires", "bf4", "--max-tries", "25")
    assert code == 5 and out == ""
    assert "from 25 candidates" in err and "rejected: solved by singles alone" in err
    assert "gave up after 25 candidates in a row without a puzzle (--max-tries 25)" in err and "0 of 2 made: this request is very rare" in err


def test_ctrl_c_keeps_whole_lines() -> None:
    code, lines, err = interrupted(["generate", "-n", "100000", "--level", "easy", "--format", "jsonl", "--seed", "1"])
    assert code == 130
    records = [json.loads(line) for line in lines]
    match = re.search(r"interrupted after (\d+) puzzles?", err)
    assert match and int(match.group(1)) == len(records), err
    assert "seed 1" in err


# --- slow: the costly requests, more puzzles ----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("level", ["unfair", "extreme"])
def test_hard_levels(level: str) -> None:
    puzzles = _generate("-n", "3", "--seed", "11", "--level", level)
    assert all(count_solutions(p) == 1 and is_minimal(p) for p in puzzles)
    assert {record["level"] for record in _graded(puzzles)} == {level.capitalize()}


@pytest.mark.slow
@pytest.mark.parametrize("code", ["2sk", "er", "xy", "w", "x", "xyc", "u1"])
def test_required_techniques_show_in_the_explanation(code: str) -> None:
    puzzles = _generate("-n", "2", "--seed", "13", "-j", "2", "--requires", code)
    for puzzle in puzzles:
        assert count_solutions(puzzle) == 1
        steps = _explained(puzzle)["steps"]
        assert isinstance(steps, list) and any(step["code"] == code for step in steps)


@pytest.mark.slow
def test_se_seven_to_eight() -> None:
    puzzles = _generate("-n", "3", "--seed", "17", "-j", "2", "--se", "7.0-8.0")
    for record in _graded(puzzles, "--profile", "se"):
        assert 7.0 <= float(str(record["er"])) <= 8.0


@pytest.mark.slow
@pytest.mark.parametrize("symmetry", ["quarter", "antidiagonal", "flip", "dihedral"])
def test_more_symmetries_are_minimal_by_group(symmetry: str) -> None:
    from engine.generate.symmetry import Symmetry

    orbits = Symmetry(symmetry).orbits()
    for puzzle in _generate("-n", "2", "--seed", "19", "--symmetry", symmetry):
        assert count_solutions(puzzle) == 1
        for orbit in orbits:
            if puzzle[orbit[0]] != ".":
                emptied = "".join("." if i in orbit else ch for i, ch in enumerate(puzzle))
                assert count_solutions(emptied) > 1

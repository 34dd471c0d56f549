"""--profile on the command line, and every option declared once."""

from __future__ import annotations

import io
import json

import cli
from tests.conftest import puzzle_lines

ROYLE = ".....14..5.4......2........3..26.....1....7.....5...........32..8..4...........65"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_grade_columns_follow_the_profile() -> None:
    status, out, _ = _run("grade", "--profile", "se", "--format", "jsonl", "-q", ROYLE)
    record = json.loads(out)
    assert status == 0
    assert list(record) == ["puzzle", "status", "er", "ep", "ed", "hardest", "steps", "brute_force", "seconds", "error"]
    # serate: ER 2.0 (Direct Hidden Pair), EP and ED 1.2 (Hidden Single in a block)
    assert (record["er"], record["ep"], record["ed"]) == (2.0, 1.2, 1.2) and record["hardest"] == "Direct Hidden Pair"
    _, table, _ = _run("grade", "--profile", "se", "-q", ROYLE)
    assert table.splitlines()[0].split()[:5] == ["#", "ER", "EP", "ED", "hardest"]


def test_the_default_profile_is_hodoku() -> None:
    _, out, _ = _run("explain", "--json", ROYLE)
    assert _run("explain", "--profile", "hodoku", "--json", ROYLE)[1] == out
    assert list(json.loads(out)["rating"])[:3] == ["level", "score", "se"]


def test_explain_and_steps_solve_in_the_profiles_order() -> None:
    _, hodoku, _ = _run("explain", "--json", ROYLE)
    _, se, _ = _run("explain", "--profile", "se", "--json", ROYLE)
    se_rating = json.loads(se)["rating"]
    assert list(se_rating)[:3] == ["er", "ep", "ed"] and se_rating["techniques"][0]["code"] == "sh1"
    assert [s["code"] for s in json.loads(hodoku)["steps"]] != [s["code"] for s in json.loads(se)["steps"]]
    _, listed, _ = _run("steps", "--profile", "se", "-t", "sn1,sh1", "--json", puzzle_lines("easy50.txt", 1)[0])
    codes = [s["code"] for s in json.loads(listed)["steps"]]
    assert codes == sorted(codes, key=lambda c: c not in ("sfh", "sh1")) and "sn1" in codes  # SE: hidden singles first


def test_techniques_lists_the_profiles_order_and_numbers() -> None:
    _, out, _ = _run("techniques", "--profile", "se")
    lines = out.splitlines()
    assert lines[0].split() == ["order", "code", "technique", "se"]
    rows = [line.split() for line in lines[1:] if line.split()[0].isdigit()]  # not the sub-types' lines
    assert [row[1] for row in rows[:3]] == ["sh1", "dpt", "dh2"]  # SE's order
    assert rows[1][0] == "17" and rows[1][-1] == "1.7-1.9"


def test_max_difficulty_counts_in_the_profiles_order_numbers() -> None:
    _, hodoku, _ = _run("explain", "--max-difficulty", "1210", "--no-search", "--json", ROYLE)
    _, se, _ = _run("explain", "--profile", "se", "--max-difficulty", "17", "--no-search", "--json", ROYLE)
    assert {s["code"] for s in json.loads(hodoku)["steps"]} <= {"fh", "n1", "h1", "l2", "l3", "lc1", "lc2"}
    assert {s["code"] for s in json.loads(se)["steps"]} <= {"sfh", "sh1", "dpt", "dcl"}
    assert json.loads(se)["status"] == "stuck"  # the Direct Hidden Pair (2.0) is left out


def test_a_technique_the_profile_has_not_is_a_usage_error() -> None:
    status, _, err = _run("steps", "--profile", "se", "-t", "zz", ROYLE)
    assert status == 2 and err == "stepdoku: unknown technique code 'zz' (see 'stepdoku techniques')\n"


def test_every_option_is_declared_once() -> None:
    """Commands share Option objects; a flag has two only where it means two things."""
    owners: dict[str, set[int]] = {}
    for command in cli.COMMANDS:
        for taken in command.options:
            for option in taken if isinstance(taken, tuple) else (taken,):
                for flag in option.flags:
                    owners.setdefault(flag, set()).add(id(option))
    twice = sorted(flag for flag, options in owners.items() if len(options) > 1)
    # solve's output layout vs grade's table/csv/jsonl; a drawn picture per step in a folder vs
    # one picture of the terminal output; nargs * vs +; hint's reveal level vs generate's HoDoKu level;
    # grade's choice of the se field (style or exact) vs generate's SE range; grade's -j (by
    # default one worker per core for long inputs) vs generate's (1); serve's work bound per
    # request vs steps' per technique listing
    assert twice == ["--format", "--jobs", "--level", "--max-work", "--se", "--svg", "-j", "inputs"]
    takes_profile = sorted(c.name for c in cli.COMMANDS if cli.PROFILE in c.options)
    assert takes_profile == ["explain", "generate", "grade", "hint", "steps", "techniques"]

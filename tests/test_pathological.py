"""Pathological puzzles through every command: the right answer, quickly, never a crash.

The timing figures (all under a second) are measured by benchmarks/pathological.py; here a
generous bound only guards against a search that runs away.
"""

from __future__ import annotations

import io
import json
import time

import pytest

import cli

SOLVED = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
CASES = {
    # name: (puzzle, solve status, explain status, hint status, grade status)
    "empty grid": ("." * 81, "multiple", "invalid", "ok", "invalid"),
    "one clue": ("1" + "." * 80, "multiple", "invalid", "ok", "invalid"),
    "16 clues, several solutions": (
        # Royle's 17-clue puzzle .......1579..........2..........87.6..1............9...7....83.4..15.......3..... without its first clue.
        "........579..........2..........87.6..1............9...7....83.4..15.......3.....",
        "multiple",
        "invalid",
        "ok",
        "invalid",
    ),
    # Norvig's "impossible" puzzle: no two clues clash, yet it has no solution.
    "contradiction hidden deep": (
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
        "none",
        "invalid",
        "mistakes",
        "invalid",
    ),
    "already solved": (SOLVED, "unique", "solved", "solved", "ok"),
    "solved grid with one wrong digit": ("9" + SOLVED[1:], "none", "invalid", "mistakes", "invalid"),
}


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    code = cli.main(list(args), out=out, err=err)
    assert time.perf_counter() - start < 10, args
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue()


@pytest.mark.parametrize("name", list(CASES))
def test_every_command_answers(name: str) -> None:
    puzzle, solve_status, explain_status, hint_status, grade_status = CASES[name]
    code, out = run("solve", puzzle, "--json")
    assert json.loads(out)["status"] == solve_status
    assert code == (0 if solve_status == "unique" else 1)
    _, out = run("explain", puzzle, "--json")
    assert json.loads(out)["status"] == explain_status
    _, out = run("hint", puzzle, "--json")
    assert json.loads(out)["status"] == hint_status
    _, out = run("grade", puzzle, "--format", "jsonl")
    assert json.loads(out)["status"] == grade_status


def test_the_wrong_digit_is_named() -> None:
    _, out = run("hint", "9" + SOLVED[1:], "--json")
    data = json.loads(out)
    assert any("r1c1" in json.dumps(m) for m in data["mistakes"])

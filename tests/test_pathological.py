"""Pathological puzzles through every command: the right answer, quickly, never a crash.

The timing figures (all under a second) are measured by benchmarks/pathological.py; here a
generous bound only guards against a search that runs away.
"""

from __future__ import annotations

import io
import json
import time

from typing import Iterator

import pytest

import cli
from engine import diagnosis
from engine.advice import OPEN_GRID, Advice, HintOptions, advise
from engine.diagnosis import PlayerState
from engine.formats import Layout
from engine.grid import Grid
from engine.step import Step
from engine.technique import BaseTechnique, Declaration
from tests.conftest import profile_with

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
    # Inkala's puzzle with 25 digits entered, two of them wrong, no two equal in a house.
    "two wrong digits, no --puzzle": (
        "800750049003682070070490283154007096300845720007100530041900368608520010090310402",
        "none",
        "invalid",
        "mistakes",
        "invalid",
    ),
    "every cell the same digit": ("1" * 81, "none", "invalid", "mistakes", "invalid"),
    "empty LeetCode board": ("[" + ",".join(['[".",".",".",".",".",".",".",".","."]'] * 9) + "]", "multiple", "invalid", "ok", "invalid"),
    "empty pencil-mark grid": ("\n".join(" ".join(["123456789"] * 9) for _ in range(9)), "multiple", "invalid", "ok", "invalid"),
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


class _Refuses(BaseTechnique):
    """A technique that fails the test if it is ever asked to look."""

    declaration = Declaration("Refuses", "zz")

    def find(self, grid: Grid) -> Iterator[Step]:
        raise AssertionError("a technique looked at a grid where nothing can be deduced")


@pytest.mark.parametrize("values", [[0] * 81, [1] + [0] * 80], ids=["empty", "one clue"])
def test_hint_on_a_wide_open_grid_settles_it_without_the_techniques(values: list[int]) -> None:
    state = PlayerState(tuple(values), (0,) * 81, None, False)
    advice = advise(Advice("line 1", state, Layout.LINE, "."), profile_with(_Refuses()), HintOptions(state=""))
    assert advice.hint is None and OPEN_GRID in advice.notes


def test_the_search_for_suspect_entries_is_bounded_by_work(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = diagnosis.solvable_within

    def counted(values: list[int], nodes: int, candidates: object = None) -> bool | None:
        calls.append(nodes)
        return real(values, nodes)

    monkeypatch.setattr(diagnosis, "solvable_within", counted)
    _, out = run("hint", CASES["contradiction hidden deep"][0], "--json")
    assert json.loads(out)["status"] == "mistakes"
    # one check per clue for a single culprit, one more per clue for the core: each bounded
    assert len(calls) <= 2 * 17 and set(calls) == {diagnosis.CHECK_NODES}

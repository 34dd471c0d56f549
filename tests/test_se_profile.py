"""The se profile through the commands: grade's ER/EP/ED and ``--se exact``, hint's next
step on SE's path, and the bounds (work, and the user's stop switch) of its chaining.

The puzzle is from serate's own paths (cb001, line 26): ER/EP/ED 8.3/1.2/1.2, with
forcing chains at 7.1-7.3 and cell and region forcing chains at 8.3 on the way.
"""

from __future__ import annotations

import io
import json

import pytest

import cli
import techniques
from engine.formats import format_library
from engine.grid import Grid
from engine.profiles import load_profile
from engine.solver import SolveStatus
from engine.stop import Stopped, stop_after
from techniques.se_chains.multiple import MULTIPLE_FORCING_CHAINS
from techniques.se_chains.propagation import path_bound
from tests.conftest import SE

PUZZLE = "..3.......5...9132.8.1....6..5...47.......6...71.4..5....86.9...3.975...8..2....."


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def se_path() -> list[tuple[Grid, str]]:
    """Each position of the se profile's path, with the text of the step taken there."""
    seen: list[tuple[Grid, str]] = []
    SE.solve(Grid.from_string(PUZZLE), watch=lambda grid, step: seen.append((grid.copy(), str(step))))
    return seen


def test_grade_gives_serates_er_ep_ed() -> None:
    code, out, err = run("grade", "--profile", "se", "--format", "jsonl", PUZZLE)
    record = json.loads(out)
    assert code == 0 and (record["er"], record["ep"], record["ed"]) == (8.3, 1.2, 1.2), err
    assert record["hardest"] == "Cell Forcing Chains" and record["error"] is None


def test_the_default_se_field_becomes_the_exact_er_and_says_so() -> None:
    style = json.loads(run("grade", "--format", "jsonl", PUZZLE)[1])
    exact = json.loads(run("grade", "--format", "jsonl", "--se", "exact", PUZZLE)[1])
    assert "se_exact" not in style and style["level"] == exact["level"] and style["score"] == exact["score"]
    assert exact["se"] == 8.3 and exact["se_exact"] is True
    header = run("grade", "--format", "csv", "--se", "exact", PUZZLE)[1].splitlines()[0]
    assert header.split(",")[2:6] == ["level", "score", "se", "se_exact"]


def test_hint_gives_ses_next_step() -> None:
    path = se_path()
    at = next(i for i, (_, text) in enumerate(path) if text.startswith("Cell Forcing Chains"))
    grid, text = path[at]
    code, out, err = run("hint", "--profile", "se", "--level", "3", "--json", format_library(grid))
    step = json.loads(out)["hint"]["step"]
    assert code == 0 and step["text"] == text == "Cell Forcing Chains: r9c7 (12 nodes) => r1c7<>5", err
    assert step["rating"] == 8.3


def test_a_path_past_its_work_bound_stops_there_and_says_so() -> None:
    with path_bound(1_000):
        result = SE.solve(Grid.from_string(PUZZLE))
    assert result.status is SolveStatus.STUCK and "the path's chaining passed its bound of 1,000 nodes" in (result.error or "")
    assert SE.rate(result.steps, solved=False)["er"] is None
    with path_bound(10_000_000):
        assert SE.rate(SE.solve(Grid.from_string(PUZZLE)).steps, solved=True)["er"] == 8.3


def test_chaining_heeds_the_stop_switch() -> None:
    grid = next(g for g, text in se_path() if text.startswith("Cell Forcing Chains"))
    assert next(MULTIPLE_FORCING_CHAINS.find(grid.copy())).technique == "Cell Forcing Chains"
    with stop_after(1e-9), pytest.raises(Stopped):
        next(MULTIPLE_FORCING_CHAINS.find(grid.copy()))


def test_a_codes_position_is_its_place_in_the_whole_order() -> None:
    """The raters sort a path's counts by position. A fresh profile answers the codes of
    the techniques it places from those alone; the positions, and those of the techniques
    it only knows of, are their places in the whole order."""
    profile = load_profile("se", techniques.CATALOG)
    placed = {code for entry in profile.placed for code in entry.technique.codes}
    assert "entries" not in vars(profile)  # not taken from the catalog yet
    assert [profile.position(code) for code in sorted(placed)]
    assert "entries" not in vars(profile)
    whole = {code: n for n, entry in enumerate(profile.entries) for code in entry.technique.codes}
    assert len(whole) > len(placed)
    assert {code: profile.position(code) for code in whole} == whole
    assert profile.position("no such code") is None

"""Same puzzle, same answer, on any machine: no search in the solving core reads the clock.

A slow or busy machine is simulated by a clock that races ahead (every reading an hour
after the last): a search bounded by time would stop at once and find less. Searches are
bounded by work (nodes, links, trials), so the steps are the same. The whole commands under
real load are checked by ``benchmarks/determinism.py`` (slow test below).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
import pytest

from engine.formats import parse_library
from engine.grid import Grid
from engine.technique import Technique
from techniques.hodoku_chains.nice_loops import GROUPED_NICE_LOOP, NICE_LOOP
from techniques.forcing.chains_and_nets import FORCING_NET
from tests.conftest import ROOT
from tests.test_nice_loops import position

# Inkala 2012 after four steps: no depth-1 net applies, the nested (depth-2) search runs.
NESTED_NET = ":0000:x:8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..:314 917 661 663:::"
#: Modules allowed to read the clock: the user's stop switch, and timing fields/progress
#: of the application (never a search bound).
CLOCK_READERS = {"engine/stop.py", "engine/grading.py"}


def race_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every clock reading is an hour after the previous one."""
    now = [time.monotonic()]

    def later() -> float:
        now[0] += 3600.0
        return now[0]

    for name in ("monotonic", "perf_counter", "time"):
        monkeypatch.setattr(time, name, later)


def _steps(technique: Technique, grid: Grid, limit: int | None = None) -> list[str]:
    found = []
    for step in technique.find(grid):
        found.append(str(step))
        if limit is not None and len(found) >= limit:
            break
    return found


def _positions() -> list[tuple[Technique, Grid, int | None]]:
    loop_grid, _ = position("cnl")
    grouped_grid, _ = position("gcnl")  # (the grouped search reports chains with a group only)
    return [
        (NICE_LOOP, loop_grid, None),
        (GROUPED_NICE_LOOP, grouped_grid, None),
        (FORCING_NET, parse_library(NESTED_NET).to_grid(), 1),
    ]


def test_a_racing_clock_changes_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = _positions()
    expected = [_steps(t, g, n) for t, g, n in cases]  # with the real clock
    assert all(expected)
    race_the_clock(monkeypatch)
    assert [_steps(t, g, n) for t, g, n in cases] == expected


def test_no_module_of_the_solving_core_reads_the_clock() -> None:
    clock = re.compile(r"\bimport time\b|\bfrom time\b|perf_counter|monotonic|\bdatetime\b|setitimer|SIGALRM")
    readers = set()
    for folder in ("engine", "techniques"):
        for path in (ROOT / folder).rglob("*.py"):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith("engine/app/"):
                continue  # the application layer: progress bars and timing columns
            if clock.search(path.read_text()):
                readers.add(name)
    assert readers == CLOCK_READERS


@pytest.mark.slow
def test_forty_hard_puzzles_grade_the_same_on_a_busy_machine() -> None:
    """Issue 11's "done means": grade (and explain) 40 hard puzzles quietly and with two
    CPU-burning processes running; the outputs are byte-identical minus timing fields."""
    from benchmarks.determinism import compare, hard_puzzles

    outcomes = compare(hard_puzzles(40), ["grade", "explain"], burners=2)
    for outcome in outcomes:
        assert outcome.identical, outcome.first_difference

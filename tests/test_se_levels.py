"""SE's nesting levels take up the runs of the level they begin with
(``techniques/se_chains/levels.py``): each run the same as made afresh, the same step."""

from __future__ import annotations

from engine.formats import parse_library
from engine.grid import Grid
from techniques.se_chains.levels import LEVEL_RUNS
from techniques.se_chains.nested import DYNAMIC_PLUS_FORCING_CHAINS, NESTED_FORCING_CHAINS, Nesting
from techniques.se_chains.propagation import Budget, Run, propagate

#: mat18c's first puzzle (SER 10.1) where serate takes its first level-2 step,
#: "Dynamic Cell Forcing Chains (+ Forcing Chains): r7c6 (25 nodes) => r9c9<>9"; level 1
#: finds nothing there.
POSITION = (
    ":0000:x:+2.+8..+5+1.+3...+3.1+8.2+1.3+24+856..+3+1+8+2....+8.753.+2+1..2..+1+7.+38...+1+8.3+2.+38...2..1.1+2.5+37+8."
    ":922 541 448 948 449 649 949 461 661 488:::"
)
LEVEL_2 = NESTED_FORCING_CHAINS[0]


def grid() -> Grid:
    return parse_library(POSITION).to_grid()


def fingerprint(run: Run) -> tuple[object, ...]:
    nested = {n: inner.identity for n, inner in run.nested.items()}
    depths = [run.depth_of(n) for n in (*run.on, *run.off)] if run.bounded else []
    return (list(run.on.items()), list(run.off.items()), run.rule, depths, run.deepest, run.contradiction, nested)


def test_level_two_takes_the_same_step_from_level_ones_runs() -> None:
    LEVEL_RUNS.clear()
    alone = next(LEVEL_2.find(grid()))
    LEVEL_RUNS.clear()
    assert list(DYNAMIC_PLUS_FORCING_CHAINS.find(grid())) == []
    assert LEVEL_RUNS.at(grid())[1], "level 1 keeps its runs for the levels that begin with it"
    taken = next(LEVEL_2.find(grid()))
    assert (str(taken), taken.rating, taken.explanation) == (str(alone), alone.rating, alone.explanation)
    assert str(taken) == "Dynamic Cell Forcing Chains (+ Forcing Chains): r7c6 (25 nodes) => r9c9<>9"


def test_a_run_gone_on_from_a_stuck_lower_level_run_is_the_run_made_afresh() -> None:
    LEVEL_RUNS.clear()
    position = grid()
    assert list(DYNAMIC_PLUS_FORCING_CHAINS.find(position)) == []
    level_one = list(LEVEL_RUNS.at(position)[1].items())
    stuck = [(start, run) for start, (run, _) in level_one if run.stuck is not None]
    assert len(stuck) > 10
    rules = Nesting(2)
    went_on = 0
    for start, run in stuck[:24]:
        afresh = propagate(position, (start,), dynamic=True, y_links=True, budget=Budget(10**9), advanced=rules)
        resumed = propagate(position, (start,), dynamic=True, y_links=True, budget=Budget(10**9), advanced=rules, resume=(run, rules.beyond(1)))
        assert fingerprint(resumed) == fingerprint(afresh)
        went_on += len(resumed.off) > len(run.off)
    assert went_on, "level 2's rules go further than level 1's somewhere"

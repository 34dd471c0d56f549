"""The depths of the nodes a run reached (``propagation.Run.depth_of``), computed from their
causes when asked, are the levels the run gave them while it went (the depths SE's choice
compares with the best hint's complexity), and ``Run.deepest`` is the deepest of them."""

from __future__ import annotations

from typing import Any

import pytest

from techniques.se_chains import multiple, propagation
from techniques.se_chains.propagation import Budget, Run
from tests.test_se_run_memo import path_positions


def levels_of_runs(monkeypatch: Any) -> list[tuple[Run, dict[int, int]]]:
    """Every run made while the runs' lists of levels are cleared, with each node's level
    read from the list just before (the run's own record of each node's depth)."""
    seen: list[dict[int, int]] = []
    original = propagation._clear

    def clear(level: list[int], pending_on: list[int], pending_off: list[int]) -> int:
        seen.append({n: abs(level[n]) for n in (*pending_on, *pending_off)})
        return original(level, pending_on, pending_off)

    monkeypatch.setattr(propagation, "_clear", clear)
    made: list[tuple[Run, dict[int, int]]] = []
    original_propagate = multiple.propagate

    def recorded(*args: Any, **kwargs: Any) -> Run:
        before = len(seen)
        run = original_propagate(*args, **kwargs)
        if len(seen) == before + 1:
            made.append((run, seen[-1]))
        return run

    monkeypatch.setattr(multiple, "propagate", recorded)
    return made


@pytest.mark.parametrize("technique", ["NISHIO_FORCING_CHAINS", "MULTIPLE_FORCING_CHAINS", "DYNAMIC_FORCING_CHAINS"])
def test_depths_from_causes_are_the_runs_levels(technique: str, monkeypatch: Any) -> None:
    made = levels_of_runs(monkeypatch)
    chaining = multiple.MultipleChaining(multiple=technique != "NISHIO_FORCING_CHAINS", dynamic=technique != "MULTIPLE_FORCING_CHAINS", nishio=technique == "NISHIO_FORCING_CHAINS")
    for position in path_positions()[-12:]:
        chaining._best(position, Budget(10**9))
    bounded = [(run, levels) for run, levels in made if run.bounded]
    assert len(bounded) > 200, "searches for SE's choice make bounded runs"
    deep = 0
    for run, levels in bounded:
        nodes = [*run.on, *run.off]
        assert sorted(nodes) == sorted(levels)
        assert {n: run.depth_of(n) for n in reversed(nodes)} == levels
        assert run.deepest == max(levels.values())
        deep += run.deepest > 3
    assert deep > 50, "runs several levels deep"


def test_reach_is_the_deepest_cause() -> None:
    position = path_positions()[-1]
    for n in range(2, 200, 7):
        run = propagation.propagate(position, (n,), dynamic=True, y_links=True, budget=Budget(10**9), limit=10**6)
        for node, causes in [*run.on.items(), *run.off.items()]:
            assert run.reach(causes) == (max(run.depth_of(c) for c in causes) if causes else 0)
            assert run.depth_of(node) == run.reach(causes) + 1


def test_hidden_parents_in_order() -> None:
    """``_with_lost`` gives the cause, then the off nodes of the lost candidates in the
    order of their bits: a cell's candidates, or a digit's places in a house."""
    from engine.cells import UNITS

    p = propagation.NODES[(40 * 9 + 4) << 1]
    for lost in range(1, 512):
        bits = [i for i in range(9) if lost >> i & 1]
        for cell in (0, 40, 80):
            assert propagation._with_lost(p, lost, cell * 9, 1) == (p, *[(cell * 9 + i) << 1 for i in bits])
        for house in (0, 13, 26):
            for shift in (0, 8):
                expected = (p, *[(UNITS[house].cells[i] * 9 + shift) << 1 for i in bits])
                assert propagation._with_lost(p, lost, house * 9, 9, shift) == expected

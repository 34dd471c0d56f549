"""The searches for SE's choice keep their runs from one position to the next
(``techniques/se_chains/run_memo.py``): a run is used again only where nothing it read
changed, and every search finds the hint, and spends the work, of a search made afresh."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cells import UNITS, UNITS_OF
from engine.grid import Grid
from engine.profiles import load_profile
from engine.step import Step
from techniques import CATALOG
from techniques.se_chains import multiple
from techniques.se_chains.multiple import MultipleChaining
from techniques.se_chains.propagation import Budget, propagate
from techniques.se_chains.run_memo import N_NODES, stale_nodes

#: top1465 #1251 (serate 8.5/1.2/1.2): dynamic and multiple forcing chains, step after step.
PUZZLE = "...59......7.2..5......74.1.1.8.......6.3..4....9....2.5...6.794.........8....3.."


def path_positions() -> list[Grid]:
    """The positions the se profile meets on PUZZLE's path, each just before a step."""
    positions: list[Grid] = []

    def keep(grid: Grid, step: Step) -> None:
        positions.append(grid.copy())

    load_profile("se", CATALOG).solve(Grid.from_string(PUZZLE), watch=keep)
    return positions


def stale_by_definition(before: Grid, now: Grid) -> list[bool]:
    out = []
    for n in range(N_NODES):
        cell, digit = n // 18, (n >> 1) % 9 + 1
        houses = [UNITS[u].mask for u in UNITS_OF[cell]]
        out.append(
            before.cands[cell] != now.cands[cell]
            or any(before.cells_with[digit] & mask != now.cells_with[digit] & mask for mask in houses)
        )
    return out


def test_stale_nodes_are_those_whose_cell_or_houses_changed() -> None:
    positions = path_positions()
    pairs = list(zip(positions, positions[1:])) + [(positions[0], positions[-1]), (positions[-1], positions[0])]
    changed = 0
    for before, now in pairs:
        flags = stale_nodes(before.cands, now.cands)
        assert flags == stale_by_definition(before, now)
        changed += any(flags) and not all(flags)
    assert changed, "some positions change some nodes and not others"


@pytest.mark.parametrize("dynamic", [True, False])
def test_kept_runs_give_the_hint_and_work_of_a_fresh_search(dynamic: bool, monkeypatch: Any) -> None:
    made = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return propagate(*args, **kwargs)

    monkeypatch.setattr(multiple, "propagate", counted)
    kept = MultipleChaining(multiple=True, dynamic=dynamic, nishio=False)
    made_fresh = made_kept = 0
    for position in path_positions()[-40:]:
        fresh_budget, kept_budget = Budget(10**9), Budget(10**9)
        made[0] = 0
        fresh = MultipleChaining(multiple=True, dynamic=dynamic, nishio=False)._best(position, fresh_budget)
        made_fresh += made[0]
        made[0] = 0
        found = kept._best(position, kept_budget)
        made_kept += made[0]
        assert (fresh is None) == (found is None)
        if fresh is not None and found is not None:
            assert (found.key, found.effect, found.words()) == (fresh.key, fresh.effect, fresh.words())
        assert kept_budget.used == fresh_budget.used
    assert made_kept < made_fresh, "runs are used again in later positions"

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


@pytest.mark.parametrize("dynamic", [True, False])
def test_every_kept_run_is_the_run_made_afresh(dynamic: bool, monkeypatch: Any) -> None:
    """Each run a search takes from what earlier ones kept, by its limit or as a whole run
    (not cut) for a limit at least its own or above its deepest node, has the nodes, causes,
    depths and contradiction of a run made afresh with the search's limit, and spends the
    same; it records no rules (SE's choice at the top level never reads them), which
    changes nothing else."""
    from techniques.se_chains.run_memo import UNBOUNDED, KeptRuns

    whole_used = [0]
    original_get = KeptRuns.get

    def get(self: KeptRuns, start: int, limit: int | None) -> Any:
        record = self.runs.get(start)
        found = original_get(self, start, limit)
        whole_used[0] += found is not None and record is not None and record[3] != (UNBOUNDED if limit is None else limit)
        return found

    original = multiple._Search._propagate
    compared = [0]

    def checked(self: Any, start: int, resume: Any = None) -> Any:
        before = self.budget.used
        run = original(self, start, resume)
        if self.kept is None:
            return run  # not a search that keeps runs (Nishio, nested, other producers)
        fresh_budget = Budget(10**9)
        limit = self.limit()
        if limit is None and run.bounded:
            limit = 10**6  # a whole run made with a limit, for none: the same run with its depths
        fresh = propagate(self.position, (start,), dynamic=dynamic, y_links=True, budget=fresh_budget, links=self.links, limit=limit)
        assert (list(run.on.items()), list(run.off.items())) == (list(fresh.on.items()), list(fresh.off.items()))
        assert (run.contradiction, run.cut, run.bounded, run.deepest) == (fresh.contradiction, fresh.cut, fresh.bounded, fresh.deepest)
        assert run.rule == {} and (fresh.rule or not fresh.on or list(fresh.on) == [start])
        if run.bounded:
            nodes = [*run.on, *run.off]
            assert [run.depth_of(n) for n in nodes] == [fresh.depth_of(n) for n in nodes]
        assert self.budget.used - before == fresh_budget.used
        compared[0] += 1
        return run

    positions = path_positions()[-40:]
    monkeypatch.setattr(KeptRuns, "get", get)
    monkeypatch.setattr(multiple._Search, "_propagate", checked)
    kept = MultipleChaining(multiple=True, dynamic=dynamic, nishio=False)
    for position in positions:
        kept._best(position, Budget(10**9))
    assert compared[0] > 1000 and whole_used[0] > 10, "whole runs are used again for other limits"


def test_runs_give_back_their_levels_cleared() -> None:
    """The lists of levels runs take (``propagation._take_levels``) come back with every
    entry 0: each node a run reached went through its lists of pending nodes."""
    from techniques.se_chains import propagation

    propagation._FREE_LEVELS.clear()
    for position in path_positions()[-10:]:
        for technique in (multiple.NISHIO_FORCING_CHAINS, multiple.MULTIPLE_FORCING_CHAINS, multiple.DYNAMIC_FORCING_CHAINS):
            technique.hints(position, Budget(10**9))
            technique._best(position, Budget(10**9))
    assert propagation._FREE_LEVELS, "runs gave their lists back"
    assert all(not any(level) for level in propagation._FREE_LEVELS)

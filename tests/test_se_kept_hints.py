"""A nested search's inner chaining rules keep, per position, the first hint of each set
of removals only (``nested._Kept``): the rule takes no other, and keeping them all held
thousands of hints (with their runs) per position in a long process."""

from __future__ import annotations

from engine.position import CandidateView
from techniques.se_chains.hints import ChainHint
from techniques.se_chains.levels import LEVEL_RUNS
from techniques.se_chains.multiple import MultipleChaining
from techniques.se_chains.nested import DYNAMIC_PLUS_FORCING_CHAINS, _Kept
from techniques.se_chains.propagation import Budget
from tests.test_se_levels import grid

STATIC = MultipleChaining(multiple=True, dynamic=False, nishio=False)


def effect(hint: ChainHint) -> frozenset[tuple[int, int]]:
    return frozenset((r.cell, r.digit) for r in hint.removals)


def stuck_views() -> list[CandidateView]:
    """Positions a real nested search got stuck in (where its inner rules are asked)."""
    LEVEL_RUNS.clear()
    position = grid()
    assert list(DYNAMIC_PLUS_FORCING_CHAINS.find(position)) == []
    stuck = [run.stuck for run, _ in LEVEL_RUNS.at(position)[1].values() if run.stuck is not None]
    empty = [position.empty_in(u) for u in range(27)]
    start = CandidateView(position.cands[:], position.cells_with[:], position.values, empty)
    return [start, *(CandidateView(s.work, s.work_with, position.values, empty) for s in stuck[:6])]


def test_kept_hints_are_the_first_of_each_set_of_removals_in_se_order() -> None:
    kept = _Kept(16)
    dropped = 0
    for view in stuck_views():
        every = sorted(STATIC.hints(view, Budget(10**9)), key=lambda h: h.key)
        first: dict[frozenset[tuple[int, int]], ChainHint] = {}
        for hint in every:
            first.setdefault(effect(hint), hint)
        held = kept.hints(view, Budget(10**9), lambda v, b: STATIC.hints(v, b))
        assert [(h.key, h.removals) for h in held] == [(h.key, h.removals) for h in first.values()]
        assert len({effect(h) for h in held}) == len(held)
        dropped += len(every) - len(held)
        again = kept.hints(view, Budget(10**9), lambda v, b: [])  # kept: the producer is not asked
        assert again is held
    assert dropped, "on these positions some hints share their removals with an earlier one"

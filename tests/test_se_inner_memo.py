"""A nested search's inner multiple forcing chains keep their static runs from one
position to the next (``walk_memo.InnerSearch``): the hints are those of a search made
afresh, and runs are used again where nothing they reached changed."""

from __future__ import annotations

from engine.position import CandidateView, Position
from techniques.se_chains.hints import ChainHint
from techniques.se_chains.levels import LEVEL_RUNS
from techniques.se_chains.multiple import MultipleChaining
from techniques.se_chains.nested import DYNAMIC_PLUS_FORCING_CHAINS
from techniques.se_chains.propagation import Budget
from techniques.se_chains.walk_memo import InnerMemo
from tests.test_se_levels import grid

STATIC = MultipleChaining(multiple=True, dynamic=False, nishio=False)


def described(hints: list[ChainHint]) -> list[tuple[object, ...]]:
    return [(h.key, h.placement, h.removals, h.words()) for h in hints]


def test_static_runs_kept_across_positions_give_the_hints_made_afresh() -> None:
    LEVEL_RUNS.clear()
    position = grid()
    assert list(DYNAMIC_PLUS_FORCING_CHAINS.find(position)) == []
    stuck = [run.stuck for run, _ in LEVEL_RUNS.at(position)[1].values() if run.stuck is not None]
    empty = [position.empty_in(u) for u in range(27)]
    views: list[Position] = [CandidateView(s.work, s.work_with, position.values, empty) for s in stuck[:6]]
    memo = InnerMemo(True)
    kept = 0
    for view in [position, *views]:
        search = memo.begin(view)
        before = dict(search.runs)
        with_memo = STATIC.hints(view, Budget(10**9), memo=search)
        assert described(with_memo) == described(STATIC.hints(view, Budget(10**9)))
        kept += sum(1 for start, record in search.runs.items() if before.get(start, (None, None, None))[2] is record[2])
    assert kept, "some runs are used again in a later position"

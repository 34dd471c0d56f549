"""Level 2's inner Forcing Chains & Cycles skip the walks of the nested search's starting
position that found nothing and hold in a run's position (``WalkMemo.set_base``): the
hints are those of a search made afresh in every position the stuck runs ask about."""

from __future__ import annotations

from engine.position import CandidateView, Position
from techniques.se_chains.cycles import FORCING_CHAINS_AND_CYCLES
from techniques.se_chains.hints import ChainHint
from techniques.se_chains.levels import LEVEL_RUNS
from techniques.se_chains.nested import DYNAMIC_PLUS_FORCING_CHAINS
from techniques.se_chains.walk_memo import WalkMemo
from tests.test_se_levels import grid


def described(hints: list[ChainHint]) -> list[tuple[object, ...]]:
    return [(h.key, h.placement, h.removals, h.words()) for h in hints]


def stuck_views() -> tuple[Position, list[Position]]:
    """The position of tests/test_se_levels and the positions where its level-1 runs got
    stuck (those level 2 asks its inner rules about)."""
    LEVEL_RUNS.clear()
    position = grid()
    assert list(DYNAMIC_PLUS_FORCING_CHAINS.find(position)) == []
    stuck = [run.stuck for run, _ in LEVEL_RUNS.at(position)[1].values() if run.stuck is not None]
    empty = [position.empty_in(u) for u in range(27)]
    return position, [CandidateView(s.work, s.work_with, position.values, empty) for s in stuck]


def test_walks_skipped_from_the_base_position_give_the_hints_made_afresh() -> None:
    position, views = stuck_views()
    assert len(views) > 50
    memo = WalkMemo()
    FORCING_CHAINS_AND_CYCLES.set_base(position, memo)
    assert memo.quiet, "the base position has walks that find nothing"
    skipped = found = 0
    for view in views:
        with_base = FORCING_CHAINS_AND_CYCLES.hints(view, memo)
        skipped += memo.skips.bit_count()
        assert described(with_base) == described(FORCING_CHAINS_AND_CYCLES.hints(view))
        found += bool(with_base)
    assert skipped > 1000, "walks are skipped"
    assert found > 10, "the positions hold hints"


def test_a_quiet_walk_the_run_changed_is_walked_again() -> None:
    """Skipping every quiet walk of the base (not only those that hold) loses hints: the
    check of what changed is what makes the skip exact."""
    position, views = stuck_views()
    memo = WalkMemo()
    FORCING_CHAINS_AND_CYCLES.set_base(position, memo)
    lost = 0
    for view in views:
        afresh = described(FORCING_CHAINS_AND_CYCLES.hints(view))
        memo.begin(view)
        memo.skips = memo.quiet
        walked = described(FORCING_CHAINS_AND_CYCLES._search(view, None, memo))
        lost += walked != afresh
    assert lost > 5

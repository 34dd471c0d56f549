"""``contradictions.chain_starts``, the pre-test of SE's Forcing Chains & Cycles walks: its
chain flags are exactly the failing nodes (a node that reaches its opposite in the XY
graph), every start whose walks find anything is flagged for it, and the search with the
pre-test gives the hints the search without it gives."""

from __future__ import annotations

from functools import cache

import pytest

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, UNITS
from engine.grid import Grid
from engine.position import CandidateView, Position
from techniques.se_chains import cycles
from techniques.se_chains.contradictions import CYCLES, OFF_CHAIN, ON_CHAIN, ChainStarts, Quiet, chain_starts
from techniques.se_chains.cycles import ForcingChainsAndCycles
from techniques.se_chains.hints import ChainHint
from techniques.se_chains.levels import LEVEL_RUNS
from techniques.se_chains.pass_memo import cycle_removals
from techniques.se_chains.walk_memo import WalkMemo
from techniques.se_chains.walks import UNBOUNDED, PassGraph, forcing, walk
from techniques.se_places import places_table
from tests.conftest import puzzle_lines, solve_positions
from tests.test_se_walks import PASSES, _thinned
from tests.test_se_walks import positions as chain_positions


@cache
def positions() -> tuple[Grid, ...]:
    """Positions with and without chains: the se chain library's, thinned copies of them,
    and the solve paths of some of top1465's puzzles."""
    library = chain_positions()
    thinned = [t for p in library for offset in range(2) if (t := _thinned(p, offset)) is not None]
    return (*library, *thinned, *solve_positions(puzzle_lines("top1465.txt")[::300]))


def _reached(graph: PassGraph, source: int) -> set[int]:
    """Every node ``source`` reaches in the full graph (itself included)."""
    seen = {source}
    todo = [source]
    while todo:
        n = todo.pop()
        for m in graph.offs(n) if n & 1 else graph.ons(n):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def _candidates(position: Grid) -> list[int]:
    return [cell * 9 + d - 1 for cell in range(N_CELLS) for d in MASK_DIGITS[position.cands[cell]]]


def test_chain_flags_are_the_failing_nodes() -> None:
    with_failing = without = failing = 0
    for position in positions():
        graph = PassGraph(position, True, True)
        starts = chain_starts(position)
        any_fails = False
        for cand in _candidates(position):
            on = (cand << 1) | 1
            on_fails = on ^ 1 in _reached(graph, on)
            off_fails = on in _reached(graph, on ^ 1)
            any_fails = any_fails or on_fails or off_fails
            failing += on_fails + off_fails
            if starts is not None:
                assert bool(starts.flags[cand] & ON_CHAIN) == on_fails, cand
                assert bool(starts.flags[cand] & OFF_CHAIN) == off_fails, cand
        assert (starts is not None) == any_fails
        with_failing += any_fails
        without += not any_fails
    assert with_failing > 5 and without > 5 and failing > 20


def test_every_start_that_finds_something_is_flagged() -> None:
    """Unbounded walks in each pass, from every start: a cycle that removes something
    only from a start flagged ``CYCLES``, a forcing chain only from one flagged for it;
    and most starts are not flagged at all."""
    found = unflagged = walked = 0
    for position in positions():
        starts = chain_starts(position)
        for y_links, x_links in PASSES:
            graph = PassGraph(position, y_links, x_links)
            for cell in range(N_CELLS):
                mask = position.cands[cell]
                if MASK_COUNT[mask] < 2 or (MASK_COUNT[mask] > 2 and not x_links):
                    continue
                for digit in MASK_DIGITS[mask]:
                    cand = cell * 9 + digit - 1
                    flags = 0 if starts is None else starts.flags[cand]
                    start = (cand << 1) | 1
                    walked += 1
                    unflagged += not flags
                    ends, chain, parent, _ = walk(graph, start, UNBOUNDED)
                    removing = [c for c in _cycles(ends, parent) if cycle_removals(position, c)]
                    off_chain = forcing(graph, start ^ 1, UNBOUNDED)[0] if x_links else None
                    if removing:
                        assert flags & CYCLES, (cand, y_links, x_links)
                    if chain is not None and x_links:
                        assert flags & ON_CHAIN, cand
                    if off_chain is not None:
                        assert flags & OFF_CHAIN, cand
                    found += bool(removing) + (chain is not None and x_links) + (off_chain is not None)
                    if flags:
                        assert starts is not None and starts.digits >> (digit - 1) & 1
    assert found > 50 and unflagged > walked // 2


def _cycles(ends: list[tuple[int, int, int]], parent: dict[int, int]) -> list[tuple[int, ...]]:
    out = []
    for _, p, q in ends:
        path = [p]
        while parent[path[-1]] != -1:
            path.append(parent[path[-1]])
        if q not in path:
            out.append(tuple(reversed(path)) + (q,))
    return out


def _everything(position: object, origin: object = None) -> ChainStarts:
    """A pre-test that lets every walk run (whatever ``origin`` says)."""
    out = ChainStarts()
    out.flags = [CYCLES | ON_CHAIN | OFF_CHAIN] * len(out.flags)
    out.digits = 0x1FF
    return out


def _described(hint: ChainHint) -> tuple[object, ...]:
    return (hint.name, hint.code, hint.key, hint.placement, hint.removals, hint.basis.ons(), hint.words())


def test_search_with_the_pre_test_is_the_search_without(monkeypatch: pytest.MonkeyPatch) -> None:
    search = ForcingChainsAndCycles()
    with_test = [([_described(h) for h in search.hints(p)], search.best(p)) for p in positions()]
    monkeypatch.setattr(cycles, "chain_starts", _everything)
    without_test = [([_described(h) for h in search.hints(p)], search.best(p)) for p in positions()]
    found = 0
    for (hints, best), (hints_all, best_all) in zip(with_test, without_test):
        assert hints == hints_all
        assert (best is None) == (best_all is None)
        if best is not None and best_all is not None:
            assert _described(best) == _described(best_all)
            found += 1
    assert found > 5 and sum(not h for h, _ in with_test) > 5


class _Recorder:
    """Forcing chains and cycles that keep a copy of each position a nested search asks
    them about (the run changes its lists afterwards), in order."""

    def __init__(self) -> None:
        self.views: list[CandidateView] = []

    def hints(self, grid: Position, memo: WalkMemo | None = None, origin: Quiet | None = None) -> list[ChainHint]:
        self.views.append(CandidateView(grid.cands[:], grid.cells_with[:], grid.values, [grid.empty_in(u) for u in range(27)]))
        return cycles.FORCING_CHAINS_AND_CYCLES.hints(grid, memo, origin)


def _run_level_2(monkeypatch: pytest.MonkeyPatch, recorder: _Recorder | _OriginRecorder) -> None:
    """Level 2's search on tests/test_se_levels' position, with ``recorder`` as its inner
    forcing chains and cycles (it keeps what they are asked about), to its known step."""
    from techniques.se_chains import nested
    from tests.test_se_levels import grid

    monkeypatch.setattr(nested, "FORCING_CHAINS_AND_CYCLES", recorder)
    LEVEL_RUNS.clear()
    step = next(nested.nested_forcing_chains(2).find(grid()))
    LEVEL_RUNS.clear()
    assert str(step) == "Dynamic Cell Forcing Chains (+ Forcing Chains): r7c6 (25 nodes) => r9c9<>9"


def test_a_memo_search_with_the_pre_test_is_the_memo_search_without(monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions level 2's inner forcing chains and cycles are asked about (its runs'
    stuck positions, in order), searched with one walk memo as the nested search does:
    the same hints, in order, whether the pre-test skips starts or every start is walked
    (the memo then keeps walks the other search never made)."""
    recorder = _Recorder()
    _run_level_2(monkeypatch, recorder)
    views = recorder.views[:80]
    assert len(views) == 80
    search = ForcingChainsAndCycles()
    memo = WalkMemo()
    with_test = [[_described(h) for h in search.hints(view, memo)] for view in views]
    reused = sum(record.generation < memo.positions.generation for record in memo.records if record is not None)
    monkeypatch.setattr(cycles, "chain_starts", _everything)
    memo = WalkMemo()
    without_test = [[_described(h) for h in search.hints(view, memo)] for view in views]
    assert with_test == without_test
    assert sum(bool(h) for h in with_test) > 10 and sum(not h for h in with_test) > 10 and reused


class _OriginRecorder:
    """Forcing chains and cycles that keep a copy of each position a nested search asks
    them about, with the places table its run carries and the quiet start it is given."""

    def __init__(self) -> None:
        self.asked: list[tuple[CandidateView, list[int] | None, Quiet | None]] = []

    def hints(self, grid: Position, memo: WalkMemo | None = None, origin: Quiet | None = None) -> list[ChainHint]:
        assert isinstance(grid, CandidateView)
        kept = None if grid.places is None else grid.places[:]
        view = CandidateView(grid.cands[:], grid.cells_with[:], grid.values, [grid.empty_in(u) for u in range(27)], kept)
        self.asked.append((view, kept, origin))
        return cycles.FORCING_CHAINS_AND_CYCLES.hints(grid, memo, origin)


def test_a_quiet_start_tells_only_positions_with_no_failing_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 2's inner forcing chains and cycles on tests/test_se_levels' position: each
    position comes with its run's places table (the straightforward one of its places)
    and the search's start, where no node fails; wherever the start says no node fails
    (``Quiet.holds_for``), the pre-test worked out in full finds none either, and the
    start says so for some positions, not for all."""
    recorder = _OriginRecorder()
    _run_level_2(monkeypatch, recorder)
    told = failing = 0
    for view, kept, origin in recorder.asked:
        assert kept == places_table(view.cells_with)
        assert origin is not None
        within = all(not view.cands[c] & ~origin.cands[c] for c in range(N_CELLS))
        assert origin.holds_for(view) == (within and _strong_links(view.cands) <= _strong_links(origin.cands))
        full = chain_starts(CandidateView(view.cands, view.cells_with, view.values, [view.empty_in(u) for u in range(27)]))
        if origin.holds_for(view):
            told += 1
            assert full is None
        failing += full is not None
    assert told > 10 and failing > 10


def _strong_links(cands: list[int]) -> set[frozenset[tuple[int, int]]]:
    """The strong links of a position's candidates, as pairs of (cell, digit): a cell's
    two candidates, a digit's two places in a house."""
    links = {frozenset((c, d) for d in MASK_DIGITS[cands[c]]) for c in range(N_CELLS) if MASK_COUNT[cands[c]] == 2}
    for unit in UNITS:
        for d in range(1, 10):
            places = [c for c in unit.cells if cands[c] >> (d - 1) & 1]
            if len(places) == 2:
                links.add(frozenset((c, d) for c in places))
    return links


def test_a_quiet_start_does_not_hold_for_a_new_bivalue_cell_or_more_candidates() -> None:
    """A cell down from three candidates to two is a new strong link, even where no
    house's places of the digit gone drop to two; a candidate the start lacks is never
    covered."""
    from tests.test_se_levels import grid

    start = grid()
    origin = Quiet(start)
    checked = 0
    for cell in range(N_CELLS):
        if MASK_COUNT[start.cands[cell]] != 3:
            continue
        for d in MASK_DIGITS[start.cands[cell]]:
            cands = start.cands[:]
            cands[cell] &= ~(1 << (d - 1))
            if _strong_links(cands) - _strong_links(start.cands) != {frozenset((cell, e) for e in MASK_DIGITS[cands[cell]])}:
                continue  # a house link is new too
            cells_with = start.cells_with[:]
            cells_with[d] &= ~(1 << cell)
            view = CandidateView(cands, cells_with, start.values, [start.empty_in(u) for u in range(27)])
            assert not origin.holds_for(view)
            checked += 1
    assert checked
    more = start.cands[:]
    empty = next(c for c in range(N_CELLS) if MASK_COUNT[more[c]] > 2)
    more[empty] = 0x1FF
    assert not origin.holds_for(CandidateView(more, start.cells_with, start.values, [start.empty_in(u) for u in range(27)]))
    assert origin.holds_for(start)

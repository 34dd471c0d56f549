"""The solver's Forcing Chains & Cycles search walks a pruned pass graph
(``walks.PassGraph.pruned``: off nodes that imply nothing left out): every walk finds the
same cycles and chains, round for round, as on the full graph the nested levels' memo
uses, at any depth."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS
from engine.formats import parse_library
from engine.grid import Contradiction, Grid
from engine.stop import work_limit
from techniques.se_chains.cycles import ForcingChainsAndCycles
from techniques.se_chains.hints import ChainHint
from techniques.se_chains import array_walks
from techniques.se_chains.array_walks import Marks, cycles_and_chain, kept_forcing, kept_walk, off_chain
from techniques.se_chains.walk_memo import WalkMemo
from techniques.se_chains.walks import N_NODES, UNBOUNDED, PassGraph, Walked, forcing, walk
from tests.positions import load
from tests.test_se_levels import grid as level_two_grid

SE_CHAINS = Path(__file__).resolve().parent.parent / "puzzles" / "techniques" / "se_chains.txt"
PASSES = ((False, True), (True, False), (True, True))
DEPTHS = (3, 4, 5, 7, 9, UNBOUNDED)


def positions() -> list[Grid]:
    return [level_two_grid()] + [parse_library(p.library_line()).to_grid() for p in load(SE_CHAINS)[:12]]


def walk_starts() -> Iterator[tuple[PassGraph, PassGraph, int]]:
    """For every position, pass and start of the pass's walks (in SE's order): the full
    graph, the pruned one and the start (on node)."""
    for position in positions():
        for y_links, x_links in PASSES:
            full = PassGraph(position, y_links, x_links)
            pruned = PassGraph.pruned(position, y_links, x_links)
            for cell in range(N_CELLS):
                mask = position.cands[cell]
                if MASK_COUNT[mask] < 2 or (MASK_COUNT[mask] > 2 and not x_links):
                    continue
                for digit in MASK_DIGITS[mask]:
                    yield full, pruned, ((cell * 9 + digit - 1) << 1) | 1


def test_pruned_walks_find_what_full_walks_find() -> None:
    dead_target_chains = pruned_nodes = full_nodes = 0
    for full, pruned, start in walk_starts():
        for depth in DEPTHS:
            ends, chain, seen, _ = walk(full, start, depth)
            ends_p, chain_p, seen_p, _ = walk(pruned, start, depth)
            assert (ends_p, chain_p) == (ends, chain), (start, depth)
            assert forcing(pruned, start ^ 1, depth)[0] == forcing(full, start ^ 1, depth)[0]
            full_nodes += len(seen)
            pruned_nodes += len(seen_p)
            if chain is not None and not full.ons(start ^ 1):
                dead_target_chains += 1
    assert dead_target_chains, "some chains end at an off node that implies nothing (found from the on nodes implying it)"
    assert pruned_nodes < full_nodes


def test_array_walks_find_what_dict_walks_find(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's search walks on arrays (``array_walks``): every start, pass and depth
    gives the cycles and chains ``walk``/``forcing`` give (the cycles as ``Walked.cycles``
    reads them, with and without a length cap), and leaves its arrays as it found them;
    walks for chains alone were stopped early (``_meets``: no chain left within the
    depth), and went on where one was left."""
    marks = Marks()
    cycles_seen = chains_seen = 0
    stopped: list[bool] = []
    meets = array_walks._meets

    def counted(marks: Marks, layers: list[list[int]], depth: int) -> bool:
        found = meets(marks, layers, depth)
        stopped.append(not found)
        return found

    monkeypatch.setattr(array_walks, "_meets", counted)
    for full, pruned, start in walk_starts():
        for depth in DEPTHS:
            ends, chain, seen, complete = walk(full, start, depth)
            off = forcing(full, start ^ 1, depth)[0]
            walked = Walked(depth, complete, seen, ends, chain, off)
            for longest in (UNBOUNDED, 8):
                cycles, chain_a = cycles_and_chain(pruned, marks, start, depth, longest)
                assert cycles == walked.cycles(depth, longest), (start, depth, longest)
                assert chain_a == chain
                cycles_seen += len(cycles)
            assert off_chain(pruned, marks, start ^ 1, depth) == off
            chains_seen += (chain is not None) + (off is not None)
    assert marks.parent == [None] * N_NODES and not any(marks.into) and marks.level == [-1] * N_NODES
    assert cycles_seen and chains_seen
    assert any(stopped) and not all(stopped), "some walks stopped early, some went on"


def test_kept_walks_on_arrays_are_the_dict_walks() -> None:
    """A memo's walks on arrays (``kept_walk``, ``kept_forcing``) reach the nodes the dict
    walks reach, in the same order and from the same parents, with the same cycle ends,
    chains and completeness, at every start, pass and depth; their arrays are left clean."""
    marks = Marks()
    ends_seen = chains_seen = incomplete = 0
    for full, _, start in walk_starts():
        for depth in DEPTHS:
            ends, chain, seen, complete = walk(full, start, depth)
            kept_ends, kept_chain, nodes, ups, end_at, kept_complete = kept_walk(full, marks, start, depth)
            assert (kept_ends, kept_chain, nodes, kept_complete) == (ends, chain, list(seen), complete), (start, depth)
            assert [nodes[up] if up >= 0 else -1 for up in ups] == list(seen.values()), "parents by index"
            assert [nodes[at] for at in end_at] == [p for _, p, _ in ends], "cycle ends' on nodes by index"
            off, seen_off, off_complete = forcing(full, start ^ 1, depth)
            assert kept_forcing(full, marks, start ^ 1, depth) == (off, list(seen_off), off_complete), (start, depth)
            walked = Walked(depth, complete, None, ends, chain, off, (nodes, ups, end_at))
            assert walked.cycles(depth) == Walked(depth, complete, seen, ends, chain, off).cycles(depth)
            assert walked.parent == seen
            ends_seen += len(ends)
            chains_seen += (chain is not None) + (off is not None)
            incomplete += not complete
    assert marks.parent == [None] * N_NODES and not any(marks.into) and marks.level == [-1] * N_NODES
    assert ends_seen and chains_seen and incomplete


def test_hints_from_the_walk_memo_are_fresh_hints() -> None:
    """Forcing chains and cycles asked in position after position with one ``WalkMemo``
    (as a nested search asks them: each position a little further reduced, and now and
    then back to an earlier one) give every hint a search without the memo gives, in
    order; the memo did keep walks across positions."""
    search = ForcingChainsAndCycles()
    compared = reused = x_walks = 0
    for budget in (None, 10**12):  # under a work budget (a listing) the memo walks the X pass too
        for position in positions()[:6]:
            memo = WalkMemo()
            sequence = [t for offset in (0, 1, 2) if (t := _thinned(position, offset, 8 + offset)) is not None]
            for view in [position, *sequence, position, *reversed(sequence)]:
                with work_limit(budget):
                    with_memo = search.hints(view, memo)
                fresh = search.hints(view)
                assert [_described(h) for h in with_memo] == [_described(h) for h in fresh]
                compared += len(fresh)
            reused += sum(record.generation < memo.positions.generation for record in memo.records if record is not None)
            x_walks += sum(record is not None for record in memo.records[:N_NODES])
    assert compared and reused and x_walks


def test_remembered_x_pass_keeps_what_the_walks_keep() -> None:
    """The X pass read from each digit's remembered findings (``pass_memo``) keeps the
    hints the pass's own walks keep, in order, improving or not, remembered or fresh.
    Besides the real positions, thinned ones (every fourth candidate gone, cells kept
    non-empty): many digits with X cycles and chains at once, and cells with one candidate
    (no start)."""
    search = ForcingChainsAndCycles()
    thinned = [t for p in positions() for offset in range(4) if (t := _thinned(p, offset)) is not None]
    compared = several_digits = 0
    for position in [*positions(), *thinned]:
        for improving in (False, True, True):  # the second improving run reads the memo
            walked: list[ChainHint] = []
            search._pass(position, 0, UNBOUNDED, walked, improving, None)
            remembered: list[ChainHint] = []
            search._remembered_pass(position, remembered, improving)
            assert [_described(h) for h in remembered] == [_described(h) for h in walked]
            compared += len(walked)
            several_digits += len({h.placement or h.removals[0] for h in walked}) > 1 and not improving
    assert compared and several_digits > 10


def _thinned(position: Grid, offset: int, every: int = 4) -> Grid | None:
    grid = position.copy()
    try:
        for cell in range(N_CELLS):
            for digit in MASK_DIGITS[grid.cands[cell]]:
                if (cell * 9 + digit + offset) % every == 0 and MASK_COUNT[grid.cands[cell]] > 1:
                    grid.eliminate(cell, digit)
    except Contradiction:
        return None
    return grid


def _described(hint: ChainHint) -> tuple[object, ...]:
    return (hint.name, hint.code, hint.key, hint.placement, hint.removals, hint.words())


def test_house_pair_reads_a_digits_two_places_from_halves() -> None:
    """``nodes.house_pair`` (the links' test for a digit with two places in a house, on a
    cell set split in halves) gives the two places exactly when the house has two, on
    every digit and house of real positions, and when a place has been taken out."""
    from engine.cells import UNITS
    from techniques.se_chains.nodes import house_pair, split

    pairs = others = 0
    for position in positions():
        for digit in range(1, 10):
            where = position.cells_with[digit]
            for cells in (where, where & ~(where & -where)):  # and without its first place
                low, high = split(cells)
                for u, unit in enumerate(UNITS):
                    places = [c for c in unit.cells if cells >> c & 1]
                    if len(places) == 2:
                        assert house_pair(low, high, u) == places[0] * 81 + places[1]
                        pairs += 1
                    else:
                        assert house_pair(low, high, u) == -1
                        others += 1
    assert pairs > 100 and others > 100

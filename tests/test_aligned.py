"""Aligned Triplet Exclusion's pre-test of a pair (some base cell near it sees two of its
common excluders) against the search without it: the same steps, in the same order; the
fillings' test against every filling listed; and what the search skips from one position
to the next (base cells and excluders unchanged since it last found nothing) against a
search that skips nothing."""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from engine.grid import Grid
import techniques.exclusion.aligned as aligned
from techniques.exclusion.aligned import ALIGNED_TRIPLET_EXCLUSION
from tests.conftest import PUZZLES, grid_from, puzzle_lines, solve_positions
from tests.positions import load

POSITIONS = [p for p in load(PUZZLES / "techniques" / "exclusion.txt") if p.code == "ate"]


def _steps(position) -> list[str]:  # type: ignore[no-untyped-def]
    aligned._QUIET.clear()  # no memory of an earlier position
    grid = grid_from(position.values, position.removed)
    return [f"{s} | {s.explanation}" for s in ALIGNED_TRIPLET_EXCLUSION.find(grid)]


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_triplets_pre_test_changes_no_step(position, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    found = _steps(position)
    assert bool(found) == (position.expected != "-")
    monkeypatch.setattr(aligned, "_some_third", lambda *args: True)
    assert _steps(position) == found


def _used_by_listing(masks: tuple[int, int, int], sees: int, blockers: list[int]) -> int:
    """What ``_used_three`` answers, from every filling of the three cells written out."""
    pairs = [(0, 1), (0, 2), (1, 2)]
    used = [0, 0, 0]
    for filling in product(*[[1 << i for i in range(10) if m >> i & 1] for m in masks]):
        if any(sees >> k & 1 and filling[a] == filling[b] for k, (a, b) in enumerate(pairs)):
            continue
        covered = filling[0] | filling[1] | filling[2]
        if any(not x & ~covered for x in blockers):
            continue
        for k in range(3):
            used[k] |= filling[k]
    return used[0] | used[1] << 10 | used[2] << 20


def test_fillings_test_agrees_with_every_filling_listed() -> None:
    rng = random.Random(2026)
    removing = 0
    for _ in range(3000):
        m0, m1, m2 = (sum(1 << d for d in rng.sample(range(9), rng.randint(2, 4))) for _ in range(3))
        if rng.random() < 0.3:  # a pair: the third cell's lone placeholder candidate
            m2 = aligned._NOTHING
            sees = rng.randint(0, 1)
        else:
            sees = rng.randint(0, 7)
        union = m0 | m1 | m2
        digits = [d for d in range(9) if union >> d & 1]
        blockers = [sum(1 << d for d in rng.sample(digits, min(len(digits), rng.randint(2, 3)))) for _ in range(rng.randint(0, 4))]
        expected = _used_by_listing((m0, m1, m2), sees, blockers)
        assert aligned._used_three(m0, m1, m2, sees, blockers) == expected, (m0, m1, m2, sees, blockers)
        removing += expected != m0 | m1 << 10 | m2 << 20
    assert removing > 100  # the sample holds many questions with a removal (197)


@cache
def solve_sequence() -> list[Grid]:
    """The positions of the default solves of every 250th top1465 puzzle, in order."""
    return solve_positions(puzzle_lines("top1465.txt")[::250])


@pytest.mark.parametrize("technique", [aligned.ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLET_EXCLUSION], ids=["ape", "ate"])
def test_what_the_last_quiet_position_lets_the_search_skip_finds_nothing(technique: aligned.AlignedExclusion) -> None:
    aligned._QUIET.clear()
    found = 0
    for grid in solve_sequence():
        warm = [f"{s} | {s.explanation}" for s in technique.find(grid)]
        kept = aligned._QUIET.copy()
        aligned._QUIET.clear()
        assert [f"{s} | {s.explanation}" for s in technique.find(grid)] == warm
        aligned._QUIET.clear()
        aligned._QUIET.update(kept)
        found += len(warm)
    assert found > 50  # the positions hold many of them

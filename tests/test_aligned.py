"""Aligned Pair and Triplet Exclusion against a plain listing of SE's rule (every pair of
base cells in SE's order, every third, every filling written out): the same steps in the
same order, on the curated positions, along solves and on positions with candidates taken
away at random; the fillings' test against every filling listed; and what the search skips
from one position to the next (base cells and excluders unchanged since it last found
nothing) against a search that skips nothing."""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from engine.cells import CELL_NAMES, PEER_MASK
from engine.grid import Contradiction, Grid
import techniques.exclusion.aligned as aligned
from techniques.exclusion.aligned import ALIGNED_TRIPLET_EXCLUSION
from techniques.se_order import HOUSE_CELLS
from tests.conftest import PUZZLES, grid_from, puzzle_lines, solve_positions
from tests.positions import load

POSITIONS = [p for p in load(PUZZLES / "techniques" / "exclusion.txt") if p.code == "ate"]


def _steps(position) -> list[str]:  # type: ignore[no-untyped-def]
    aligned._QUIET.clear()  # no memory of an earlier position
    grid = grid_from(position.values, position.removed)
    return [f"{s} | {s.explanation}" for s in ALIGNED_TRIPLET_EXCLUSION.find(grid)]


def _listed(grid: Grid, size: int) -> list[str]:
    """SE's rule written out plainly: base cells in row order, pairs of them in colex
    order with two or more common excluders, a pair's thirds (its cells' excluders that are
    base cells, the first's then the second's, in SE's house order) sharing two or more of
    them; a candidate goes when no filling of the base cells that puts no digit twice in a
    house and leaves every common excluder a candidate uses it."""
    cands = grid.cands
    bases, seen = aligned._base_cells(grid, size)
    out: list[str] = []
    for j, second in enumerate(bases):
        for first in bases[:j]:
            common = seen[first] & seen[second]
            if bin(common).count("1") < 2:
                continue
            groups: list[tuple[tuple[int, ...], int]]
            if size == 2:
                groups = [((first, second), common)]
            else:
                thirds: list[int] = []
                for cell in (first, second):
                    for c in HOUSE_CELLS[cell]:
                        if seen[cell] >> c & 1 and seen[c] and c not in (first, second) and c not in thirds:
                            thirds.append(c)
                groups = [((first, second, t), common & seen[t]) for t in thirds if bin(common & seen[t]).count("1") >= 2]
            for cells, excluders in groups:
                removals = _removed_by_listing(cands, cells, excluders)
                if removals:
                    out.append(",".join(CELL_NAMES[c] for c in cells) + " " + str(removals))
    return out


def _removed_by_listing(cands: list[int], cells: tuple[int, ...], excluders: int) -> list[tuple[int, int]]:
    masks = [[1 << d for d in range(9) if cands[c] >> d & 1] for c in cells]
    used = [0] * len(cells)
    for filling in product(*masks):
        if any(filling[x] == filling[y] and PEER_MASK[cells[x]] >> cells[y] & 1 for x in range(len(cells)) for y in range(x)):
            continue
        covered = 0
        for bit in filling:
            covered |= bit
        if any(excluders >> e & 1 and not cands[e] & ~covered for e in range(81)):
            continue
        for k, bit in enumerate(filling):
            used[k] |= bit
    return [(d + 1, c) for k, c in enumerate(cells) for d in range(9) if cands[c] >> d & 1 and not used[k] >> d & 1]


def _found(grid: Grid, size: int) -> list[str]:
    aligned._QUIET.clear()
    technique = aligned.AlignedExclusion(size)
    return [f"{s.detail} {[(c.digit, c.cell) for c in s.eliminations]}" for s in technique.find(grid)]


def _thinned(grid: Grid, rng: random.Random) -> Grid | None:
    """The position with a few candidates taken away at random (each cell keeps one; None
    when that leaves a digit no place in a house)."""
    cands = list(grid.cands)
    for cell in rng.sample(range(81), 12):
        digits = [d for d in range(9) if cands[cell] >> d & 1]
        if len(digits) > 1:
            cands[cell] &= ~(1 << rng.choice(digits))
    try:
        return Grid.from_values(list(grid.values), candidates=cands)
    except Contradiction:
        return None


@pytest.mark.parametrize("size", [2, 3], ids=["ape", "ate"])
def test_steps_equal_the_rule_written_out(size: int) -> None:
    rng = random.Random(size)
    grids = [grid_from(p.values, p.removed) for p in POSITIONS] + solve_sequence()[::5]
    grids += [t for t in (_thinned(g, rng) for g in grids) if t is not None]
    found = 0
    for grid in grids:
        listed = _listed(grid, size)
        assert _found(grid, size) == listed
        found += len(listed)
    assert found > 20  # many of the positions remove something


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

"""Almost Locked Sets: the ALS/RC collector and the ALS techniques."""

from __future__ import annotations

from itertools import combinations

from engine.cells import MASK_COUNT, MASK_DIGITS, PEER_MASK, UNITS, cellset_of, cells_of
from engine.grid import Grid
from techniques.als import Als, als_index, als_text, collect_alses
from tests.conftest import puzzle_lines

# The first top95 puzzle: over two hundred ALS, many overlapping.
POSITION = Grid.from_string(puzzle_lines("top95.txt", 1)[0])


def brute_alses(grid: Grid) -> set[int]:
    out = set()
    for unit in UNITS:
        empty = [c for c in unit.cells if not grid.values[c]]
        for n in range(1, len(empty)):
            for combo in combinations(empty, n):
                union = 0
                for c in combo:
                    union |= grid.cands[c]
                if MASK_COUNT[union] == n + 1:
                    out.add(cellset_of(combo))
    return out


def is_rc(a: Als, b: Als, digit: int) -> bool:
    ca, cb = a.holding[digit], b.holding[digit]
    if not ca or not cb or ca & b.cells or cb & a.cells:
        return False
    return all(PEER_MASK[x] >> y & 1 for x in cells_of(ca) for y in cells_of(cb))


def test_collects_every_als_once() -> None:
    alses = collect_alses(POSITION)
    assert len({a.cells for a in alses}) == len(alses)
    assert {a.cells for a in alses} == brute_alses(POSITION)
    for als in alses:
        assert MASK_COUNT[als.digits] == als.size + 1
        assert als.cells & ~UNITS[als.house].mask == 0


def test_sees_all_are_the_cells_seeing_every_holder() -> None:
    for als in collect_alses(POSITION):
        for d in MASK_DIGITS[als.digits]:
            expected = 0
            for c in cells_of(POSITION.cells_with[d] & ~als.cells):
                if all(PEER_MASK[c] >> x & 1 for x in cells_of(als.holding[d])):
                    expected |= 1 << c
            assert als.sees_all[d] == expected


def test_restricted_commons_match_the_definition() -> None:
    index = als_index(POSITION)
    found = {(rc.first, rc.second): rc for rc in index.rcs}
    alses = index.alses
    for i, j in combinations(range(len(alses)), 2):
        a, b = alses[i], alses[j]
        digits = sum(1 << (d - 1) for d in MASK_DIGITS[a.digits & b.digits] if is_rc(a, b, d))
        if digits:
            assert found[(i, j)].digits == digits
            assert found[(i, j)].overlap == bool(a.cells & b.cells)
        else:
            assert (i, j) not in found
    assert all(rc in index.links[rc.first] and rc in index.links[rc.second] for rc in index.rcs)


def test_index_is_cached_per_version() -> None:
    grid = POSITION.copy()
    first = als_index(grid)
    assert als_index(grid) is first
    cell = next(c for c in range(81) if MASK_COUNT[grid.cands[c]] > 2)
    grid.eliminate(cell, MASK_DIGITS[grid.cands[cell]][0])
    assert als_index(grid) is not first


def test_als_text_is_hodokus() -> None:
    als = Als(cellset_of([0, 1, 2, 3]), 0b11111, (0,) * 10, (0,) * 10, 9)
    assert als_text(als) == "r1c1234 {12345}"
    assert str(als) == als_text(als)
    column = Als(cellset_of([4, 13]), 0b100000110, (0,) * 10, (0,) * 10, 22)
    assert als_text(column) == "r12c5 {239}"

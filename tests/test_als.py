"""Almost Locked Sets: the ALS/RC collector and the ALS techniques."""

from __future__ import annotations

import re
from itertools import combinations

from engine.cells import MASK_COUNT, MASK_DIGITS, PEER_MASK, UNITS, cellset_of, cells_of
from engine.step import Candidate
from engine.grid import Grid
from techniques.als.chain_search import hodoku_chains
from techniques.als.sets import Als, als_index, als_text, collect_alses
from tests.conftest import HODOKU, puzzle_lines

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


def test_each_sets_links_come_ordered_by_the_other_set() -> None:
    # The ALS chain search walks links[i] in this order (HoDoKu's); the index builds it
    # without sorting, from the order of the restricted commons.
    for line in puzzle_lines("top95.txt", 12):
        index = als_index(Grid.from_string(line))
        assert [(rc.first, rc.second) for rc in index.rcs] == sorted((rc.first, rc.second) for rc in index.rcs)
        for i, own in enumerate(index.links):
            others = [rc.other(i) for rc in own]
            assert others == sorted(others) and len(set(others)) == len(others)
        assert sum(len(own) for own in index.links) == 2 * len(index.rcs) > 0


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


# --- the techniques -------------------------------------------------------------------

from engine.analysis import analyse  # noqa: E402
from techniques import REGISTRY, by_code  # noqa: E402
from techniques.als.chain import MAX_LINKS, MIN_LINKS  # noqa: E402
from techniques.als.xz_and_xy_wing import ALS_XY_WING, ALS_XY_WING_OVERLAP, ALS_XZ  # noqa: E402
from techniques.als.death_blossom import DEATH_BLOSSOM, DEATH_BLOSSOM_OVERLAP  # noqa: E402
from tests.conftest import DEFAULT, grid_from  # noqa: E402
from tests.test_contract import POSITIONS  # noqa: E402

XZ = grid_from(
    "4873...9....6..271126.9.3847.5...162...2..8..........9..1.769233..1..45.....53.18",
    "r1c6<>5 r2c6<>5 r4c2<>9 r4c4<>4 r5c6<>149 r6c1<>6 r6c3<>34 r6c4<>48 r6c5<>8 r6c6<>578 r8c2<>9 r8c3<>2",
)
DOUBLY = grid_from(
    ".6.521794127.9.853954387.2..4.8...7.7.....5.8.817.5.3.....5.2.7....7.....76..8...",
    "r4c3<>3 r4c6<>36 r4c7<>9 r4c9<>9 r5c4<>6 r5c6<>6 r6c7<>6 r8c3<>389 r8c7<>169 r9c4<>14 r9c7<>1",
)
CHAIN = grid_from(  # HoDoKu's step 39 of top1465 #686
    ".6...+5.7.87.3+6.59...54..2...+89.564+2....9...8.2.78..+9..7+9...4..2..8+6..71........+49",
    "r1c1<>3 r1c5<>12 r1c7<>8 r2c3<>1 r3c5<>1 r3c6<>1 r5c1<>13 r5c5<>3 r5c6<>1 r5c7<>6 r5c9<>56 "
    "r6c2<>5 r6c5<>3 r6c8<>3 r6c9<>13 r7c3<>3 r7c7<>3 r7c8<>6 r8c2<>5 r8c6<>3 r9c3<>2 r9c6<>13 r9c7<>3",
)
LONG_CHAIN = grid_from(  # a soundness-sweep position (royle17 path, after step 77): eleven sets
    "174.....223.4.7.5.5.6..27.4.5.824.7..2..734.54.795.2837...4.628.4.2.8.97..27...41",
    "r1c5<>36 r1c6<>9 r1c7<>3 r2c5<>89 r2c7<>9 r3c5<>1 r4c3<>9 r5c1<>6 r5c3<>1 r7c3<>19 r7c6<>5 "
    "r8c5<>3 r9c1<>36 r9c2<>9 r9c5<>69",
)
BLOSSOM = grid_from(
    "7.8...3...3.2.1...5..738....4.....263...8.......1...93.9.6....4....7.5...........",
    "r2c7<>8 r5c2<>5 r5c3<>5 r5c4<>5 r5c6<>57 r7c7<>8 r9c7<>8",
)


def test_als_xz_step_and_explanation() -> None:
    steps = list(ALS_XZ.find(XZ))
    # HoDoKu takes the first pair of sets it meets (rows before columns and boxes), not the
    # one that removes most.
    assert str(steps[0]) == "Almost Locked Set XZ-Rule: A=r2c1 {59}, B=r7c1,r8c3 {589}, X=5, Z=9 => r2c3,r9c1<>9"
    text = "Almost Locked Set XZ-Rule: A=r7c12 {458}, B=r258c3 {3489}, X=8, Z=4 => r456c2,r9c3<>4"
    step = next(s for s in steps if str(s) == text)
    assert "A = r7c1 and r7c2 (4, 5 and 8)" in step.explanation
    assert "Every 8 in A sees every 8 in B" in step.explanation
    assert "Remove 4 from r4c2, r5c2, r6c2 and r9c3, which see every 4 in both sets" in step.explanation
    assert step.highlights.pattern and step.highlights.alt and step.highlights.links


def test_doubly_linked_als_xz_locks_both_sets() -> None:
    steps = [str(s) for s in ALS_XZ.find(DOUBLY)]
    # HoDoKu lists what each link clears (6, for the link 4), then what the locked sets clear.
    assert "Almost Locked Set XZ-Rule: A=r5c23456 {123469}, B=r6c5 {46}, X=4,6 => r4c5<>6, r4c5,r5c8<>1" in steps


def test_als_xy_wing_names_three_sets() -> None:
    grid = next(p for p in POSITIONS if p.code == "axy")
    step = next(s for s in ALS_XY_WING.find(grid_from(grid.values, grid.removed)) if str(s) == grid.expected)
    assert "A = r6c4 (1 and 4), B = r4c2, r5c2, r6c2 and r7c2" in step.explanation
    assert "C = r8c2 and r8c4 (1, 4 and 9)" in step.explanation


def test_als_chain_is_a_simple_bounded_chain() -> None:
    steps = list(by_code("ach").find(CHAIN))
    # HoDoKu's forward search finds two chains here; of two with one elimination each it
    # takes the one whose elimination sorts first (r5c1 before r9c1).
    assert [str(s) for s in steps] == [
        "Almost Locked Set Chain: 3- r4c1 {13} -1- r4c49 {137} -3- r8c9 {35} -5- r1348c1 {13459} -3 => r9c1<>3",
        "Almost Locked Set Chain: 4- r5c35679 {123467} -6- r7c3 {16} -1- r7c4 {15} -5- r7c8 {35} -3- r8c9 {35}"
        " -5- r1348c1 {13459} -4 => r5c1<>4",
    ]
    assert HODOKU.choose(by_code("ach"), CHAIN) == steps[1]
    assert "Suppose A = r5c3, r5c5, r5c6, r5c7 and r5c9 held no 4: A would hold 6" in steps[1].explanation
    assert "F = r1c1, r3c1, r4c1 and r8c1 could hold no 5 and would hold 4" in steps[1].explanation
    for step in steps:
        sets = re.findall(r"(r[0-9rc,]+) [{]", step.detail)
        assert MIN_LINKS <= len(sets) - 1 <= MAX_LINKS, step
        assert len(set(sets)) == len(sets), step


def test_a_chain_of_more_than_ten_sets_is_explained_and_true() -> None:
    """HoDoKu's chains reach 51 sets; the explanation names them A to Z, then AA, AB, ...
    (it once ran out of letters after J)."""
    steps = list(by_code("ach").find(LONG_CHAIN))
    long = [s for s in steps if len(re.findall(r" [{]", s.detail)) > 10]
    assert long, "the position has a chain of eleven sets"
    solution = analyse(LONG_CHAIN.values, LONG_CHAIN.cands).solution
    assert solution is not None
    for step in steps:
        assert all(solution[c.cell] != c.digit for c in step.eliminations), str(step)
    assert " K = " in long[0].explanation


def test_als_chain_climbs_hodokus_list_of_sets() -> None:
    """HoDoKu follows links only to sets later in its list: the chain that went back to an
    earlier set (r7c8 {69} after the column set r23789c7) is not among its chains."""
    grid = grid_from(
        "6.2.5.3.9.....3.42.....2...43..28....1....2........7..5..27...3.......81...68..27",
        "r1c6<>1 r2c7<>5 r3c2<>5 r3c3<>5 r3c7<>5 r3c9<>8 r4c4<>1 r4c7<>5 r4c8<>6 r5c5<>6 r5c9<>56 "
        "r6c5<>6 r6c6<>1 r6c8<>16 r6c9<>56 r8c1<>3 r8c3<>3 r9c3<>9",
    )
    chains = list(hodoku_chains(als_index(CHAIN)))
    assert len(chains) == 2
    assert all(f.start < f.links[0].target for f in chains)
    assert all(a.target < b.target for f in chains for a, b in zip(f.links, f.links[1:]))
    assert not any("r23789c7 {145689} -9- r7c8" in str(s) for s in by_code("ach").find(grid))


def test_death_blossom() -> None:
    step = next(DEATH_BLOSSOM.find(BLOSSOM))
    assert str(step) == "Death Blossom: r4c5, -5- r2c1357 {45679}, -9- r5c4789 {14579} => r46c7<>7"
    assert "The stem r4c5 can only be 5 or 9" in step.explanation
    assert step.highlights.alt == (Candidate(5, 31), Candidate(9, 31))


def test_death_blossom_is_off_by_default_like_hodoku() -> None:
    assert DEATH_BLOSSOM in REGISTRY and DEATH_BLOSSOM not in DEFAULT
    assert all(t in DEFAULT for t in (ALS_XZ, ALS_XY_WING, by_code("ach")))


def test_overlap_variants_find_more() -> None:
    for plain, overlap in ((ALS_XY_WING, ALS_XY_WING_OVERLAP), (DEATH_BLOSSOM, DEATH_BLOSSOM_OVERLAP)):
        for grid in (XZ, DOUBLY, CHAIN, BLOSSOM):
            assert {s.effect for s in plain.find(grid)} <= {s.effect for s in overlap.find(grid)}
    assert ALS_XY_WING_OVERLAP not in REGISTRY and DEATH_BLOSSOM_OVERLAP not in REGISTRY


def test_nothing_on_an_empty_grid() -> None:
    empty = Grid.empty()
    assert {a.size for a in als_index(empty).alses} == {8}  # eight cells of a house, nine digits
    for code in ("axz", "axy", "ach", "db"):
        assert list(by_code(code).find(empty)) == []


def test_every_step_listed_is_sound() -> None:
    """Not just the first step: every step each ALS technique lists agrees with the solution."""
    for grid in (XZ, DOUBLY, CHAIN, BLOSSOM):
        solution = analyse(grid.values, grid.cands).solution
        assert solution is not None
        for technique in (ALS_XZ, ALS_XY_WING, ALS_XY_WING_OVERLAP, by_code("ach"), DEATH_BLOSSOM, DEATH_BLOSSOM_OVERLAP):
            for step in technique.find(grid):
                assert all(solution[c] != d for d, c in step.eliminations), step

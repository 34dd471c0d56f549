"""Patterns of the hardest puzzles (techniques/patterns/): what the contract test does not
check (wording, the rules' edges on hand-made grids)."""

from __future__ import annotations

from engine.cells import CELL_NAMES, cell_at
from techniques.patterns.tridagon import TRIDAGON
from tests.conftest import grid_from

EMPTY = "." * 81


def _only(cells: dict[str, str]) -> str:
    """Removed pencil marks leaving each named cell with just the given digits."""
    return " ".join(f"{name}<>{''.join(d for d in '123456789' if d not in keep)}" for name, keep in cells.items())


def _diagonal(box: int, columns: tuple[int, int, int]) -> list[str]:
    row0, col0 = 3 * (box // 3), 3 * (box % 3)
    return [CELL_NAMES[cell_at(row0 + i, col0 + columns[i])] for i in range(3)]


def _tridagon_grid(rising_in_box5: bool, guardian: str = "4") -> str:
    """Boxes 1, 2, 4, 5 with main diagonals holding only 1, 2 and 3, box 5's the other way
    when ``rising_in_box5``; r1c1 also holds ``guardian``."""
    cells = _diagonal(0, (0, 1, 2)) + _diagonal(1, (0, 1, 2)) + _diagonal(3, (0, 1, 2))
    cells += _diagonal(4, (2, 1, 0) if rising_in_box5 else (0, 1, 2))
    return _only({name: "123" + (guardian if name == "r1c1" else "") for name in cells})


def test_tridagon_one_guardian_is_placed() -> None:
    grid = grid_from(EMPTY, _tridagon_grid(rising_in_box5=True))
    steps = list(TRIDAGON.find(grid))
    assert [str(s) for s in steps] == ["Tridagon: 1/2/3 in r1c14,r2c25,r3c36,r4c16,r5c25,r6c34 => r1c1=4"]
    text = steps[0].explanation
    assert "In box 5 the cells rise (up to the right), in the other three they fall: an odd number" in text
    assert text.endswith("So one of the other candidates in these cells is true: 4 in r1c1. It is the only one, so r1c1 is 4.")
    assert steps[0].highlights.fins == ((4, 0),) and steps[0].highlights.units == (0, 1, 3, 4)


def test_tridagon_needs_an_odd_number_of_rising_boxes() -> None:
    # All four diagonals fall: 1, 2 and 3 fit (r1c1=1, r2c2=2, ... shifted box by box).
    grid = grid_from(EMPTY, _tridagon_grid(rising_in_box5=False))
    assert list(TRIDAGON.find(grid)) == []


def test_tridagon_guardians_in_two_cells_remove_what_sees_both() -> None:
    # Guardians 4 in r1c1 and 4 in r5c5: r1c5 and r5c1 see both.
    removed = _tridagon_grid(rising_in_box5=True).replace("r5c5<>456789", "r5c5<>56789")
    grid = grid_from(EMPTY, removed)
    steps = [str(s) for s in TRIDAGON.find(grid)]
    assert steps == ["Tridagon: 1/2/3 in r1c14,r2c25,r3c36,r4c16,r5c25,r6c34 => r1c5,r5c1<>4"]


# --- Exocet ---------------------------------------------------------------------------

from engine.grid import Grid  # noqa: E402
from techniques.patterns.exocet import JUNIOR_EXOCET, SENIOR_EXOCET  # noqa: E402

#: "Example 2 Having a Cross-Line as a Cover House" of David P. Bird's JExocet Compendium,
#: as posted on the enjoysudoku forum (thread "Exocet Example 2 from JExocet Compendium").
COMPENDIUM_2 = """
1359 139 2    | 149  8    349  | 359 6  7
6    7   349  | 1259 239  2359 | 8   24 139
13589 1389 349 | 6   7    239  | 359 24 139
139  1349 6   | 259  2349 2359 | 7   8  39
78   2   39   | 78   1    6    | 39  5  4
3789 3489 5   | 79   349  3789 | 6   1  2
239  6   1    | 2789 29   2789 | 4   37 5
239  39  8    | 247  5    2479 | 1   37 6
4    5   7    | 3    6    1    | 2   9  8
"""


def pencil_marks(text: str) -> Grid:
    """A grid from a pencil-mark layout: one token per cell, a single digit a value."""
    tokens = text.replace("|", " ").split()
    values = [int(t) if len(t) == 1 else 0 for t in tokens]
    return Grid.from_values(values, candidates=[sum(1 << (int(d) - 1) for d in t) for t in tokens])


def test_junior_exocet_compendium_example() -> None:
    steps = list(JUNIOR_EXOCET.find(pencil_marks(COMPENDIUM_2)))
    # The compendium's removals: r2c4 <> 2 (not a base digit), 5 (missing from the mirror),
    # 9 (a cross-line is a cover house of 9), r3c9 <> 3 and 9 (the mirror must hold 1).
    assert [str(s) for s in steps] == ["Junior Exocet: 1/3/5/9 r1c12,r2c4,r3c7 => r2c4<>2, r3c9<>3, r2c4<>5, r2c4,r3c9<>9"]
    text = steps[0].explanation
    assert "(1 in b7 and b9, 3 in b8 and r5, 5 in b4 and b5, 9 in r5 and c4)" in text
    assert "the companions r2c7 and r3c4 hold no base digit" in text
    assert "Mirror cell r3c9 must hold the digit of r2c4, 1, since the other mirror cell cannot." in text
    h = steps[0].highlights
    assert h.cells[:4] == (0, 1, 12, 24) and h.cover_units == (20, 21, 24)  # base, targets; columns 3, 4 and 7


def test_senior_exocet_is_not_junior() -> None:
    # Both targets of the compendium's example are in the band: a junior Exocet only.
    assert list(SENIOR_EXOCET.find(pencil_marks(COMPENDIUM_2))) == []


# --- SK-Loop and rank-0 sets ----------------------------------------------------------

from engine.cells import UNITS  # noqa: E402
from techniques.patterns.rank0 import rank0  # noqa: E402
from techniques.patterns.sk_loop import SK_LOOP  # noqa: E402
from tests.positions import load  # noqa: E402
from tests.conftest import PUZZLES  # noqa: E402

POSITIONS = {p.values[:20]: p for p in load(PUZZLES / "techniques" / "patterns.txt")}
EASTER_MONSTER = next(p for p in POSITIONS.values() if p.code == "skl" and p.values.startswith("1.......2.9.4"))


def test_sk_loop_easter_monster_links() -> None:
    grid = grid_from(EASTER_MONSTER.values, EASTER_MONSTER.removed)
    step = next(SK_LOOP.find(grid))
    # The loop of the Easter Monster as published: links 38, 16, 39, 27, 45, 16, 48, 27.
    assert (
        "3 and 8 in row 2, 1 and 6 in box 3, 3 and 9 in column 8, 2 and 7 in box 9, 4 and 5 in row 8, "
        "1 and 6 in box 7, 4 and 8 in column 2, 2 and 7 in box 1"
    ) in step.explanation
    assert "(r2c13, r2c79, r13c8, r79c8, r8c79, r8c13, r79c2, r13c2)" in step.explanation
    assert len(step.highlights.cells) == 16


def test_rank0_needs_every_candidate_covered() -> None:
    grid = grid_from(EASTER_MONSTER.values, EASTER_MONSTER.removed)
    step = next(SK_LOOP.find(grid))
    cells = sum(1 << c for c in step.highlights.cells)
    row2 = UNITS[9 + 1].number
    links = ((row2, 3), (row2, 8), (UNITS[2].number, 1), (UNITS[2].number, 6))
    assert rank0(grid, cells, links) is None  # 16 cells, 4 links


def test_msls_easter_monster() -> None:
    from techniques.patterns.msls import MSLS

    grid = grid_from(EASTER_MONSTER.values, EASTER_MONSTER.removed)
    step = next(MSLS.find(grid))
    assert str(step).startswith("Multi-Sector Locked Set: 16 cells r2c1379,r4c1379,r6c1379,r8c1379 => ")
    assert step.explanation.startswith("Take the 16 open cells r2c1, r2c3, r2c7, r2c9, r4c1")
    assert "and there are 16 links" in step.explanation
    assert {UNITS[u].kind.value for u in step.highlights.units} <= {"r", "c"}


def test_uneven_msls_inkala_2012_four_rows_five_columns() -> None:
    # Inkala 2012 (puzzles/famous.tsv) as given: no square MSLS, but rows 3, 4, 5, 9 with
    # columns 1, 3, 4, 8, 9 hold 20 open cells and 20 links.
    from techniques.patterns.msls import MSLS, UNEVEN_MSLS

    grid = Grid.from_string("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
    assert next(MSLS.find(grid), None) is None
    step = next(UNEVEN_MSLS.find(grid))
    assert str(step).startswith("Uneven Multi-Sector Locked Set: 20 cells r3c13489,r4c13489,r5c13489,r9c13489 => ")
    assert "and there are 20 links" in step.explanation
    rows = {UNITS[u].index for u in step.highlights.units if UNITS[u].kind.value == "r"}
    cols = {UNITS[u].index for u in step.highlights.units if UNITS[u].kind.value == "c"}
    assert rows <= {2, 3, 4, 8} and cols <= {0, 2, 3, 7, 8} and rows and cols
    assert len(step.eliminations) == 23


def _rank0_reference(grid: Grid, rows: tuple[int, ...], cols: int) -> bool:
    """Rows and columns whose open cells (at least 12, one in each row) are as many as the
    fewest row-or-column links per digit, counted cell by cell."""
    cells = [(r, c) for r in rows for c in range(9) if cols >> c & 1 and not grid.values[9 * r + c]]
    if len(cells) < 12 or any(all(r != row for r, _ in cells) for row in rows):
        return False
    links = 0
    for digit in range(1, 10):
        places = [(r, c) for r, c in cells if grid.cands[9 * r + c] >> (digit - 1) & 1]
        links += min(len({r for r, _ in places}), len({c for _, c in places}))
    return links == len(cells)


def test_msls_lanes_agree_with_a_cell_by_cell_count() -> None:
    # every three and four rows with every three to six columns of Inkala 2012 (which has
    # four rows and five columns of rank 0), the lane search against a plain count
    from itertools import combinations

    from techniques.patterns.msls import _COLUMN_SETS, rank0_crossings

    grid = Grid.from_string("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
    found = {(rows, cols) for rows, cols in rank0_crossings(grid) if len(rows) <= 4}
    expected = {(rows, cols) for k in (3, 4) for rows in combinations(range(9), k) for cols in _COLUMN_SETS if _rank0_reference(grid, rows, cols)}
    assert found == expected
    assert ((2, 3, 4, 8), 0b110001101) in found


def test_exocet_houses_needed_is_the_size_of_the_cover() -> None:
    """The count from the lowest cells' houses agrees with the search over every pair of
    houses (``cover``), on random cell sets and on sets of three columns outside a band."""
    import random

    from techniques.patterns.exocet import cover, houses_needed

    rng = random.Random(25)
    columns = [sum(1 << (9 * r + c) for r in range(9)) for c in range(9)]
    outside_band = sum(1 << (9 * r + c) for r in range(3, 9) for c in range(9))
    counts = [0, 0, 0, 0]
    for _ in range(4000):
        if rng.random() < 0.5:
            places = 0
            for _ in range(rng.randrange(8)):
                places |= 1 << rng.randrange(81)
        else:
            s_cells = (columns[rng.randrange(3)] | columns[3 + rng.randrange(3)] | columns[6 + rng.randrange(3)]) & outside_band
            places = sum(1 << c for c in range(81) if s_cells >> c & 1 and rng.random() < 0.3)
        found = cover(places)
        expected = 3 if found is None else len(found)
        assert houses_needed(places) == expected
        counts[expected] += 1
    assert min(counts) > 50  # every answer met


def _exocet_targets(grid: Grid, frame: object, line: int, stack: int, digits: int, senior: bool) -> list[tuple[int, int, int]]:
    """Reference: (target, cross-line position, companions) in one stack of the band of
    ``line``, per cross-line the band's cells first, from the rules: a target has a base
    digit, its companions (the cross-line's other cells in the band, base line aside) hold
    none, as a candidate or placed."""
    from techniques.patterns.frames import Frame

    assert isinstance(frame, Frame)
    band = frame.band_lines(line)

    def holds(cell: int) -> bool:
        value = grid.values[cell]
        return bool(grid.cands[cell] & digits) or bool(value and 1 << (value - 1) & digits)

    found = []
    for p in range(3 * stack, 3 * stack + 3):
        inside = [frame.cell(ln, p) for ln in band if ln != line]
        outside = [frame.cell(ln, p) for ln in range(9) if ln not in band] if senior else []
        for target in inside + outside:
            companions = [c for c in inside if c != target]
            if grid.cands[target] & digits and not any(holds(c) for c in companions):
                found.append((target, p, sum(1 << c for c in companions)))
    return found


def _exocet_bases(grid: Grid, frame: object) -> list[tuple[tuple[int, int], int, int]]:
    """Reference: (base cells, base digits, the base box's cross-line position) in the
    search's order (line, stack, pair): two open cells of a line in one box with three or
    four digits between them."""
    from itertools import combinations, product

    from engine.cells import MASK_COUNT
    from techniques.patterns.frames import Frame

    assert isinstance(frame, Frame)
    found = []
    for line, stack in product(range(9), range(3)):
        positions = range(3 * stack, 3 * stack + 3)
        for pair in combinations(positions, 2):
            base = (frame.cell(line, pair[0]), frame.cell(line, pair[1]))
            digits = grid.cands[base[0]] | grid.cands[base[1]]
            if grid.cands[base[0]] and grid.cands[base[1]] and 3 <= MASK_COUNT[digits] <= 4:
                found.append((base, digits, next(p for p in positions if p not in pair)))
    return found


def _exocets_one_kind(grid: Grid, senior: bool) -> list[object]:
    """Reference: the Exocets of one kind, searched for that kind alone from the rules
    (targets outside the band listed only for the Senior form), S cells counted cell by
    cell, in the search's order: frame, base, then targets."""
    from itertools import product

    from engine.cells import MASK_DIGITS
    from techniques.patterns import exocet as ex
    from techniques.patterns.frames import FRAMES

    found: list[object] = []
    for frame in FRAMES:
        for base, digits, p3 in _exocet_bases(grid, frame):
            line = frame.line(base[0])
            band = frame.band_lines(line)
            choices = [_exocet_targets(grid, frame, line, s, digits, senior) for s in range(3) if s != p3 // 3]
            for (t1, p1, c1), (t2, p2, c2) in product(*choices):
                if (frame.line(t1) in band and frame.line(t2) in band) == senior:
                    continue
                cross = (p3, p1, p2)
                s_cells = sum(1 << frame.cell(ln, p) for p in cross for ln in range(9) if ln not in band) & ~(1 << t1 | 1 << t2)
                if all(len(ex.cover(ex._places(grid, d, s_cells)) or (0, 0, 0)) <= 2 for d in MASK_DIGITS[digits]):
                    found.append(ex.Exocet(frame, base, digits, (t1, t2), cross, c1 | c2, s_cells))
    return found


def test_exocet_bases_and_targets_are_the_rules_own_along_solving_paths() -> None:
    """The search's bases and targets (with companions) equal the rules' on every
    position of two full-profile solves of top1465 puzzles."""
    from engine.cells import MASK_DIGITS
    from techniques.patterns import exocet as ex
    from techniques.patterns.frames import FRAMES
    from tests.conftest import full_solve_positions

    targets_met = 0
    for grid in full_solve_positions((77, 130)):
        holding = ex._holding(grid)
        for frame in FRAMES:
            bases = ex._bases(grid, frame)
            assert bases == _exocet_bases(grid, frame)
            for base, digits, p3 in bases:
                held = 0
                for d in MASK_DIGITS[digits]:
                    held |= holding[d]
                line = frame.line(base[0])
                for stack in (s for s in range(3) if s != p3 // 3):
                    found = ex._targets(grid.cands, held, frame.by_rows, line, stack, digits)
                    assert found == _exocet_targets(grid, frame, line, stack, digits, True)
                    targets_met += len(found)
    assert targets_met > 1000


def test_exocets_of_both_kinds_in_one_search_are_each_kinds_own() -> None:
    """One search for Junior and Senior Exocets gives each kind's Exocets in the order of
    a search for that kind alone, at the Exocet positions and on the path of Golden
    Nugget's full-profile solve."""
    from engine.profiles import load_profile
    from techniques import CATALOG
    from techniques.patterns.exocet import find_exocets
    from tests.conftest import PUZZLES
    from tests.positions import load

    grids = [grid_from(p.values, p.removed) for p in load(PUZZLES / "techniques" / "patterns.txt") if p.code in ("je", "sje")]
    grids += [grid_from(p.values, p.removed) for p in load(PUZZLES / "techniques" / "krakens.txt") if p.code == "kex"]
    nugget = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
    grid = Grid.from_string(nugget)
    for step in load_profile("full", CATALOG).solve(grid).steps[:60]:
        grids.append(grid.copy())
        grid.apply(step)
    counts = [0, 0]
    for grid in grids:
        for senior in (False, True):
            expected = _exocets_one_kind(grid, senior)
            assert list(find_exocets(grid, senior)) == expected
            counts[senior] += len(expected)
    assert counts[0] > 10 and counts[1] >= 2  # both kinds met


def test_msls_kept_search_equals_a_fresh_one_along_solving_paths() -> None:
    # The crossings after each step of two full-profile solves (steps that only remove
    # candidates, whose row sets are recounted digit by digit, and placements, whose row
    # sets are corrected for the closed cells or searched afresh), against a search with
    # nothing kept.
    import threading

    from techniques.patterns import msls
    from tests.conftest import full_solve_positions

    grids = full_solve_positions((77, 130))
    msls._LAST.clear()
    found = 0
    recounted = 0
    closed = 0
    for grid in grids:
        last = msls._LAST.get(threading.get_ident())
        kept = sorted(msls.rank0_crossings(grid))
        now = msls._LAST[threading.get_ident()]
        if last is not None:
            changed = sum(1 << r for r in range(9) if now.open_cols[r] != last.open_cols[r])
            recounted += not changed
            closed += bool(changed) and not msls._reopened(now.open_cols, now.row_digits, last, changed)
        saved = dict(msls._LAST)
        msls._LAST.clear()
        assert kept == sorted(msls.rank0_crossings(Grid.from_values(grid.values, candidates=grid.cands)))  # a new version
        msls._LAST.clear()
        msls._LAST.update(saved)
        found += len(kept)
    assert found > 20 and recounted > 20 and closed > 20 and len(grids) - recounted - closed >= 5


def test_tridagons_within_a_guardian_budget_are_every_odd_choice_within_it() -> None:
    """``tridagons(grid, k)`` lists, in ``itertools.product``'s order per rectangle, every
    choice of one diagonal per box with an odd number rising and at most k guardian cells
    (counted afresh here), on every 6th position of the pattern records (technique
    positions and forum_hardest states)."""
    from itertools import combinations, product

    from engine.cells import BOXES
    from techniques.patterns import tridagon as tri
    from tests.make_pattern_steps import positions

    met = [0, 0, 0]
    for _, grid in sorted(positions().items())[::6]:
        for index, budget in enumerate((2, 3, 6)):
            expected = []
            for triple in combinations(range(9), 3):
                digits = sum(1 << d for d in triple)
                others = 0
                for d in range(1, 10):
                    if not digits >> (d - 1) & 1:
                        others |= grid.cells_with[d]
                a, b, c = (grid.cells_with[d + 1] for d in triple)
                pure = ((a & b) | (a & c) | (b & c)) & ~others
                diagonals = {box: tri._diagonals(grid, box, digits) for box in range(9) if not grid.placed_mask(BOXES[box]) & digits}
                for boxes, cells in tri._RECTANGLES:
                    if (pure & cells).bit_count() < 12 - budget or not all(diagonals.get(x) for x in boxes):
                        continue
                    for pattern in product(*(diagonals[x] for x in boxes)):
                        guarded = len({g.cell for d in pattern for g in d.guardians})
                        if sum(d.rising for d in pattern) % 2 == 1 and guarded <= budget:
                            expected.append((digits, pattern))
            assert list(tri.tridagons(grid, budget)) == expected
            met[index] += len(expected)
    assert all(met), met

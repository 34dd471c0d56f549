"""Fish: the shared search, HoDoKu's classification and notation, explanations, Siamese fish."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine.cells import ALL_CELLS, PEER_MASK, UNITS, CellSet, cells_of
from engine.grid import Grid
from engine.solver import solve
from engine.technique import resolved
from techniques import REGISTRY, by_code
from techniques.fish.fish import FINNED_X_WING, SASHIMI_X_WING, X_WING, FishTechnique
from engine.digit_templates import template_deletable
from techniques.fish.search import PASSES, Fish, Shape, classify, find_fish, hodoku_rank
from tests.conftest import DEFAULT, HODOKU, grid_from, puzzle_lines

R = {i: 9 + i - 1 for i in range(1, 10)}  # row i -> unit number
C = {i: 18 + i - 1 for i in range(1, 10)}
B = {i: i - 1 for i in range(1, 10)}

FINNED_X_WING_POSITION = (
    ".623148.7.3....2...7.2..4.3...9...3.6.1....42.......8.2..6..1.4....5.6.8.167.83..",
    "r2c8<>59 r2c9<>16 r3c8<>59 r4c9<>5 r6c4<>5 r6c5<>3 r6c6<>3 r6c9<>59 r7c2<>9 r7c3<>39 r7c8<>9 r8c6<>39 r9c5<>9",
)
SASHIMI_X_WING_POSITION = (
    "1.5...987.4..57..1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
    "r2c3<>89 r2c4<>3 r3c2<>8 r3c4<>4 r3c6<>4 r5c1<>8 r5c7<>6 r5c8<>6 r5c9<>6 r8c1<>8 r9c1<>89",
)
FINNED_FRANKEN_POSITION = (
    "..247..58..............1.4.....2...952819.4....9...1252......3.3....75.2685..2...",
    "r1c2<>9 r2c1<>1 r2c2<>19 r2c3<>1 r3c2<>9 r4c4<>8 r4c6<>8 r4c7<>7 r4c8<>7 r7c7<>7 r7c9<>7",
)


def lines(technique_code: str, givens: str, removed: str) -> list[str]:
    return [str(s) for s in by_code(technique_code).find(grid_from(givens, removed)) if s.code == technique_code]


def test_classification_follows_hodoku() -> None:
    assert classify((R[1], R[5]), (C[3], C[9])) is Shape.BASIC
    assert classify((C[3], C[9]), (R[1], R[5])) is Shape.BASIC
    assert classify((R[2], R[3], R[6]), (C[2], C[4], B[3])) is Shape.FRANKEN
    assert classify((R[1], B[7]), (C[5], C[9])) is Shape.FRANKEN
    assert classify((R[3], R[6], C[1], C[5]), (R[1], R[8], C[6], B[4])) is Shape.MUTANT
    assert classify((B[1], B[2]), (C[1], C[5])) is Shape.MUTANT  # boxes alone are not Franken
    assert [hodoku_rank(u) for u in (R[1], C[1], B[1])] == [0, 9, 18]


def test_templates_delete_nothing_on_an_empty_grid_and_every_fish_elimination() -> None:
    assert all(template_deletable(Grid.empty(), d) == 0 for d in range(1, 10))
    grid = grid_from(*FINNED_X_WING_POSITION)
    for fish in find_fish(grid, Shape.MUTANT, 3, True):
        assert fish.eliminations & ~template_deletable(grid, fish.digit) == 0


def test_finned_x_wing_text_and_explanation() -> None:
    assert lines("fbf2", *FINNED_X_WING_POSITION)[0] == "Finned X-Wing: 4 r49 c15 fr4c2 fr4c3 => r6c1<>4"
    step = next(FINNED_X_WING.find(grid_from(*FINNED_X_WING_POSITION)))
    assert step.explanation.startswith("In rows 4 and 9, 4 can only go in columns 1 and 5, apart from the fins r4c2 and r4c3.")
    assert "r6c1 is in column 1 and sees every fin" in step.explanation
    assert [str(c) for c in step.highlights.fins] == ["r4c2(4)", "r4c3(4)"]
    assert [UNITS[u].name for u in step.highlights.units] == ["r4", "r9"]
    assert [UNITS[u].name for u in step.highlights.cover_units] == ["c1", "c5"]


def test_sashimi_is_told_apart_from_finned() -> None:
    sashimi = lines("sbf2", *SASHIMI_X_WING_POSITION)
    assert "Sashimi X-Wing: 5 c14 r48 fr5c1 => r4c2<>5" in sashimi
    assert not set(sashimi) & {s.replace("Sashimi", "Finned") for s in lines("fbf2", *SASHIMI_X_WING_POSITION)}


def test_finned_franken_swordfish() -> None:
    found = lines("fff3", *FINNED_FRANKEN_POSITION)
    assert "Finned Franken Swordfish: 3 r15b4 c267 fr4c3 fr5c9 => r4c7<>3" in found
    step = next(s for s in by_code("fff3").find(grid_from(*FINNED_FRANKEN_POSITION)) if "r4c7<>3" in str(s))
    assert "rows 1 and 5 plus box 4" in step.explanation and "r4c7 is in column 7 and sees every fin" in step.explanation


def test_nothing_without_the_pattern() -> None:
    start = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert lines("sbf2", start, "") == ["Sashimi X-Wing: 4 c24 r26 fr4c4 => r6c6<>4"]
    with_r6c2 = start[:46] + "4" + start[47:]  # after the hidden single r6c2=4
    for code in ("fbf2", "sbf2", "fbf3", "sbf3", "fbf4", "sbf4"):
        assert lines(code, with_r6c2, "") == []
    solved_grid = Grid.from_string(puzzle_lines("easy50.txt")[0])
    solved_grid = solve(solved_grid, DEFAULT).grid
    assert all(not list(t.find(solved_grid)) for t in REGISTRY if t.code.endswith(("f2", "f3")))


def test_siamese_fish_combine_two_fish_on_one_base() -> None:
    grid = grid_from(
        "4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......",
        "r1c6<>26 r2c1<>7 r2c3<>7 r2c6<>26 r3c6<>26 r7c5<>9 r7c7<>29 r7c9<>289 r8c2<>89 r9c2<>89",
    )
    steps = [s for s in by_code("fbf3").find(grid)]
    siamese = [s for s in steps if s.code == "sfbf3"]
    assert siamese and all(s.technique == "Siamese Finned Swordfish" for s in siamese)
    assert all("/" in s.detail for s in siamese)
    assert steps.index(siamese[0]) > max(i for i, s in enumerate(steps) if s.code == "fbf3")
    single = {s.eliminations for s in steps if s.code == "fbf3"}
    assert all(s.eliminations not in single for s in siamese)


def test_hodoku_defaults() -> None:
    enabled = {t.code for t in DEFAULT if isinstance(resolved(t), FishTechnique)}
    assert enabled == {"bf2", "bf3", "bf4", "fbf2", "sbf2", "fbf3", "sbf3", "fbf4", "sbf4", "ff2", "ff3", "fff2", "fff3"}
    entries = [HODOKU.entry(t.code) for t in (X_WING, FINNED_X_WING, SASHIMI_X_WING)]
    assert [(e.order, dict(e.numbers)["score"]) for e in entries] == [(2200, 140), (4100, 130), (4200, 150)]
    assert by_code("fmf6").name == "Finned Mutant Whale" and by_code("sfmf4").name == "Finned Mutant Jellyfish"


# --- the search against a plain enumeration of HoDoKu's rules ---------------------------


def _common_peers(cells: CellSet) -> CellSet:
    seen = ALL_CELLS
    for cell in cells_of(cells):
        seen &= PEER_MASK[cell]
    return seen


def _every_fish(grid: Grid, shape: Shape, size: int, finned: bool) -> set[tuple[int, tuple[int, ...], tuple[int, ...], CellSet]]:
    """All base/cover combinations HoDoKu's FishSolver accepts, tried one by one."""
    out = set()
    for digit in range(1, 10):
        cands = [grid.cells_with[digit] & unit.mask for unit in UNITS]
        for bases, covers in PASSES[shape]:
            usable = [u for u in bases if cands[u] and (finned or cands[u].bit_count() <= size)]
            for base in combinations(usable, size):
                cells = endo = 0
                for unit in base:
                    endo |= cells & cands[unit]
                    cells |= cands[unit]
                if endo and (not finned or shape is Shape.BASIC or endo.bit_count() > 2):
                    continue
                for cover in combinations([u for u in covers if cands[u] & cells and u not in base], size):
                    covered = twice = 0
                    for unit in cover:
                        twice |= covered & cands[unit]
                        covered |= cands[unit]
                    fins = (cells & ~covered) | endo
                    if bool(fins) != finned or fins.bit_count() > 5:
                        continue
                    eliminations = ((covered & ~cells) | twice) & _common_peers(fins)
                    if eliminations:
                        out.add((digit, tuple(sorted(base, key=hodoku_rank)), tuple(sorted(cover, key=hodoku_rank)), eliminations))
    return out


def _mid_solve_grids() -> list[Grid]:
    grids = []
    for line in puzzle_lines("top95.txt")[3:5]:
        grid = Grid.from_string(line)
        for step in solve(grid.copy(), DEFAULT).steps[:45]:
            grid.apply(step)
        grids.append(grid)
    return grids


@pytest.mark.parametrize(
    ("shape", "size", "finned"),
    [(Shape.BASIC, 2, True), (Shape.BASIC, 3, True), (Shape.BASIC, 4, False), (Shape.FRANKEN, 2, True),
     (Shape.FRANKEN, 3, False), (Shape.FRANKEN, 3, True), (Shape.MUTANT, 2, True), (Shape.MUTANT, 3, False)],
)  # fmt: skip
def test_search_finds_exactly_what_hodoku_rules_allow(shape: Shape, size: int, finned: bool) -> None:
    for grid in _mid_solve_grids():
        found: tuple[Fish, ...] = find_fish(grid, shape, size, finned)
        assert {(f.digit, f.base, f.cover, f.eliminations) for f in found} == _every_fish(grid, shape, size, finned)
        assert len(found) == len({(f.digit, f.base, f.cover) for f in found})

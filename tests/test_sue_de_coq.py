"""Sue de Coq on real positions (harvested from solves of top95/top1465)."""

from __future__ import annotations

from engine.analysis import analyse
from engine.grid import Grid
from techniques.misc.sue_de_coq import SUE_DE_COQ
from tests.conftest import grid_from

ROW_BOX = (
    "..247..58..............1.4.....2...9528+19.4....9...1+2+5+2......3.3....75.+2685..2...",
    "r1c2<>9 r2c1<>1 r2c2<>19 r2c3<>1 r3c2<>9 r4c4<>8 r4c6<>8 r4c7<>7 r4c8<>7 r7c7<>7 r7c9<>7",
)
# The line group and the box group share the extra digit 1 (HoDoKu's extension).
SHARED_EXTRA = (
    "5+82...+64+1...+681+5..6.+1+4..+9...+2..3+47.+64..5..+2........+49..97...3.....2..+16..1+6...8..",
    "r2c1<>3 r3c5<>7 r3c6<>37 r3c8<>2 r3c9<>2 r4c1<>8 r5c5<>79 r6c1<>38 r6c5<>7 r7c9<>5 r8c2<>3 r8c3<>38 "
    "r8c5<>45 r8c6<>579 r8c9<>45 r9c5<>79",
)
EMPTY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _sound(grid: Grid) -> None:
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    for step in SUE_DE_COQ.find(grid):
        assert all(solution[cell] != digit for digit, cell in step.eliminations), step


def test_row_and_box() -> None:
    grid = grid_from(*ROW_BOX)
    steps = list(SUE_DE_COQ.find(grid))
    assert [str(s) for s in steps] == [
        # HoDoKu's order: the three-cell core comes before the pair r4c23; the box's
        # eliminations are listed before the line's.
        "Sue de Coq: r4c123 - {13467} (r4c78 - {368}, r6c1 - {47}) => r6c2<>4, r6c2<>7, r4c46<>3, r4c46<>6"
    ]
    step = steps[0]
    assert step.explanation.startswith("r4c1, r4c2 and r4c3, where row 4 meets box 4, can only hold 1, 3, 4, 6 and 7")
    assert "r4c7 and r4c8 can only hold 3, 6 or 8" in step.explanation
    assert "Remove 3 and 6 from r4c4 and r4c6 and 4 and 7 from r6c2." in step.explanation
    assert step.digits == (1, 3, 4, 6, 7)
    assert step.highlights.units == (12, 3)  # row 4, box 4
    _sound(grid)


def test_shared_extra_digit() -> None:
    grid = grid_from(*SHARED_EXTRA)
    steps = [s for s in SUE_DE_COQ.find(grid) if str(s).startswith("Sue de Coq: r5c23 - {36789} (r5c589 - {1368}, r46c1 - {179})")]
    assert [str(s) for s in steps] == [
        "Sue de Coq: r5c23 - {36789} (r5c589 - {1368}, r46c1 - {179}) => r4c3<>9, r6c2<>7, r5c6<>6, r5c6<>8"
    ]
    assert "only 1 can go in two of them" in steps[0].explanation
    _sound(grid)


def test_nothing_without_the_pattern() -> None:
    assert not list(SUE_DE_COQ.find(grid_from(EMPTY)))

"""XY-Wing, XYZ-Wing and W-Wing on real positions (puzzles/techniques/wings.txt, from top95)."""

from __future__ import annotations

from techniques.wings.wings import W_WING, XY_WING, XYZ_WING
from tests.conftest import grid_from

XY = grid_from(
    "947582361.6..........6..7..62..1357......5.16.1..6....28..4.1...9.15..4.....2.69.",
    "r2c4<>3 r6c1<>3 r6c3<>3 r9c1<>357 r9c3<>35",
)
XYZ = grid_from(
    "3856.1...1795.....426739518.....5....3..1..6....4......17.5..8...31..9.......7132",
    "r2c7<>24 r2c9<>4 r4c1<>2 r5c1<>2 r6c1<>2 r7c1<>6 r7c6<>46 r8c1<>5 r8c2<>5 r8c8<>4 r8c9<>46",
)
W = grid_from(
    "...521.4.1423..586975...321..48.2.1525.1...3.781.35.6.5..214.73.1375..9..27..315.",
    "r3c5<>6 r5c6<>6 r5c7<>79 r6c7<>9 r9c5<>6",
)


def test_xy_wing_step_text_and_explanation() -> None:
    step = next(XY_WING.find(XY))
    assert str(step) == "XY-Wing: 7/9/3 in r35c5,r5c2 => r3c2<>3"
    assert step.digits == (3, 7, 9)
    assert step.explanation.startswith("r5c5 can only be 7 or 9. If it is 7, r5c2 (which holds 3 or 7) must be 3")
    assert step.explanation.endswith("remove it from r3c2.")


def test_xyz_wing_step_text_and_explanation() -> None:
    step = next(XYZ_WING.find(XYZ))
    assert str(step) == "XYZ-Wing: 2/8/9 in r5c46,r9c4 => r4c4<>8"
    assert "r5c4 can only be 2, 8 or 9; r5c6 holds 2 or 8 and r9c4 holds 8 or 9" in step.explanation
    assert "otherwise r5c4 is 8 itself" in step.explanation


def test_w_wing_step_text_and_explanation() -> None:
    step = next(W_WING.find(W))
    assert str(step) == "W-Wing: 7/9 in r1c9,r5c6 connected by 9 in r6c49 => r5c9<>7"
    assert "In row 6, 9 can only go in r6c9 or r6c4; r6c9 sees r1c9 and r6c4 sees r5c6" in step.explanation
    assert [link.strong for link in step.highlights.links] == [False, True, False]


def test_nothing_when_the_pattern_is_absent() -> None:
    assert list(XY_WING.find(XYZ)) == []
    assert list(W_WING.find(XYZ)) == []
    assert list(XYZ_WING.find(W)) == []




# --- WXYZ-Wing and VWXYZ-Wing (bent_sets.py) ------------------------------------------

from techniques.wings.bent_sets import VWXYZ_WING, WXYZ_WING  # noqa: E402

EMPTY = "." * 81


def test_wxyz_wing_text_and_explanation() -> None:
    grid = grid_from("4.....8.5.3..........7......2.....6.....8.4...+4..1.......6.3.7.5.+32.+1...1.4......")
    step = next(WXYZ_WING.find(grid))
    assert str(step) == "WXYZ-Wing: 2/6/8/9 in r7c123,r8c7 => r7c79,r8c2<>9"
    assert step.explanation.startswith("The four cells r7c1, r7c2, r7c3 and r8c7 hold only the digits 2, 6, 8 and 9")
    assert "2, 6 and 8 can each fill at most one of them" in step.explanation
    assert step.explanation.endswith("remove 9 from r7c7, r7c9 and r8c2.")
    assert {c.digit for c in step.highlights.alt} == {9} and len(step.highlights.cells) == 4


def test_wxyz_wing_by_hand_one_loose_digit() -> None:
    # Hinge r1c1 {1234}, wings r1c2 {14}, r2c3 {24}, r1c7 {34}: only 4 is not restricted
    # (r2c3 and r1c7 do not see each other); r1c3 sees every 4 of the set.
    grid = grid_from(EMPTY, "r1c1<>56789 r1c2<>2356789 r2c3<>1356789 r1c7<>1256789")
    steps = list(WXYZ_WING.find(grid))
    assert [str(s) for s in steps] == ["WXYZ-Wing: 1/2/3/4 in r1c127,r2c3 => r1c3<>4"]


def test_wxyz_wing_needs_exactly_one_loose_digit() -> None:
    # The same cells, but 1 is now in r2c3 and r1c7 too, which do not see each other:
    # two digits are not restricted, and the set proves nothing.
    grid = grid_from(EMPTY, "r1c1<>56789 r1c2<>2356789 r2c3<>356789 r1c7<>256789")
    assert list(WXYZ_WING.find(grid)) == []


def test_vwxyz_wing_five_cells() -> None:
    grid = grid_from(
        "4.....8.5.3..........7......2.....6.....8.4...+4..1.......6.3.7.5.+32.+1...1.4......",
        "r2c1<>7 r2c3<>7 r7c5<>9 r7c7<>29 r7c9<>289 r8c2<>89 r9c2<>89",
    )
    step = next(VWXYZ_WING.find(grid))
    assert str(step) == "VWXYZ-Wing: 2/6/7/8/9 in r237c1,r89c2 => r13c2<>6"
    assert step.explanation.startswith("The five cells r2c1, r3c1, r7c1, r8c2 and r9c2")
    assert "Without a 6, five cells would share four digits" in step.explanation


def test_bent_sets_kept_from_the_last_search_are_those_searched_afresh() -> None:
    """WXYZ/VWXYZ sets taken from the last search for the cells that did not change, and
    searched for the others, are the sets a fresh search finds: at every state of the full
    solves of two top1465 puzzles, taken in turn (a new puzzle's cells gain candidates, so
    the last search is set aside)."""
    from techniques.wings import bent_sets
    from tests.conftest import full_solve_positions

    grids = full_solve_positions((77, 130))
    found = 0
    for size in (4, 5):
        bent_sets._LAST.clear()
        for grid in grids:
            kept = list(bent_sets.wing_sets(grid, size))
            last = dict(bent_sets._LAST)
            bent_sets._LAST.clear()
            assert kept == list(bent_sets.wing_sets(grid, size))
            bent_sets._LAST.update(last)
            found += len(kept)
    assert found > 50

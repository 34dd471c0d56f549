"""Skyscraper, 2-String Kite (and Dual), Turbot Fish, Empty Rectangle (and Dual) on real positions.

The positions come from puzzles/techniques/single_digit.txt (solves of top95 and top1465).
"""

from __future__ import annotations

import pytest

from engine.analysis import analyse
from engine.grid import Grid
from engine.technique import Technique
from techniques.single_digit.empty_rectangle import EMPTY_RECTANGLE, EMPTY_RECTANGLE_TWO_CANDIDATES
from techniques.single_digit.two_links import SKYSCRAPER, TURBOT_FISH, TWO_STRING_KITE
from tests.conftest import grid_from
from tests.test_contract import POSITIONS, Position

SKY = grid_from(
    "863521794127496853954387621.4.83.17.73....5.8.817.5.3...8.5.2.7....7..8..76..8...",
    "r4c9<>9 r5c4<>6 r8c3<>9 r9c1<>4 r9c4<>1 r9c7<>4",
)
KITE = grid_from(
    "6.2.5...9.....4.32.....2...43..28....1....2........7..5..27...........81...68..27",
    "r1c6<>1 r1c8<>4 r2c7<>5 r3c2<>5 r3c3<>5 r3c4<>3 r3c5<>3 r3c7<>5 r3c8<>4 r3c9<>8 r4c7<>5 r5c5<>6 "
    "r5c9<>456 r6c5<>6 r6c6<>1 r6c9<>456 r7c8<>4 r7c9<>3 r8c2<>4 r8c3<>4 r8c7<>4",
)
DUALS = grid_from(
    "1.....7.9.4...72.18.7...6.427..1..633.......556..43.27........8..53...727.2....46",
    "r5c2<>8 r5c3<>19 r5c4<>9 r5c5<>9 r5c6<>9 r5c7<>19 r5c8<>8 r7c3<>4 r7c7<>19 r7c8<>35 r9c7<>19",
)
TURBOT = grid_from(
    ".47.8..61.6..........6..7..62..1357......5..6.1..6....28..4.....9.1...4.....2.69.",
    "r7c3<>1 r9c1<>357 r9c3<>35 r9c4<>5",
)
RECTANGLE = grid_from(
    "6.2.5.3.9.....3.42.....2...43..28....1....2........7..5..27...3.......81...68..27",
    "r1c6<>1 r2c7<>5 r3c2<>5 r3c3<>5 r3c7<>5 r3c9<>8 r4c7<>5 r5c5<>6 r5c9<>56 r6c5<>6 r6c6<>1 r6c9<>56 "
    "r8c1<>3 r8c3<>3",
)
#: An Empty Rectangle in box 3 whose 5s are only r2c8 and r3c7: HoDoKu's option (0402-1).
TWO_PLACES = grid_from(
    "12....3.8.7.428.1.58.3...2.293815...417263895865.4.132958632471.31.842...421...8.",
    "r2c1<>6 r3c5<>7 r3c6<>7",
)
#: The position before an XYZ-Wing: none of these patterns is left.
NOTHING = grid_from(
    "3856.1...1795.....426739518.....5....3..1..6....4......17.5..8...31..9.......7132",
    "r2c7<>24 r2c9<>4 r4c1<>2 r5c1<>2 r6c1<>2 r7c1<>6 r7c6<>46 r8c1<>5 r8c2<>5 r8c8<>4 r8c9<>46",
)


def lines(technique: Technique, grid: Grid) -> list[str]:
    return [str(s) for s in technique.find(grid)]


def test_skyscraper_step_text_and_explanation() -> None:
    step = next(SKYSCRAPER.find(SKY))
    assert str(step) == "Skyscraper: 4 in r6c7,r9c8 (connected by r69c5) => r5c8,r8c7<>4"
    assert "In row 6, 4 can only go in r6c7 or r6c5" in step.explanation
    assert "r6c5 and r9c5 both lie in column 5" in step.explanation
    assert "r6c7 or r9c8 must be 4" in step.explanation
    assert [link.strong for link in step.highlights.links] == [True, False, True]


def test_two_string_kite_step_text_and_explanation() -> None:
    step = next(TWO_STRING_KITE.find(KITE))
    assert str(step) == "2-String Kite: 4 in r1c2,r7c9 (connected by r1c7,r3c9) => r7c2<>4"
    assert "r1c7 and r3c9 both lie in box 3" in step.explanation
    assert step.explanation.endswith("r7c2 sees both of them, so it cannot be 4.")


def test_dual_kite_comes_after_the_plain_kites() -> None:
    found = list(TWO_STRING_KITE.find(DUALS))
    dual = "Dual 2-String Kite: 1 in r5c2,r8c7/in r6c3,r7c8 (connected by r5c8,r6c7) => r7c3,r8c2<>1"
    assert dual in [str(s) for s in found]
    codes = [s.code for s in found]
    assert codes == sorted(codes, key=lambda code: code == "d2sk")
    step = next(s for s in found if str(s) == dual)
    assert step.technique == "Dual 2-String Kite" and step.digits == (1,)
    assert "meet in the same two cells of box 6, r5c8 and r6c7" in step.explanation


def test_turbot_fish_prints_its_chain() -> None:
    step = next(TURBOT_FISH.find(TURBOT))
    assert str(step) == "Turbot Fish: 5 r1c1 =5= r1c4 -5- r7c4 =5= r8c5 => r8c1<>5"
    assert "in box 8, only in r7c4 or r8c5" in step.explanation


def test_empty_rectangle_step_text_and_explanation() -> None:
    step = next(EMPTY_RECTANGLE.find(RECTANGLE))
    assert str(step) == "Empty Rectangle: 1 in b5 (r1c48) => r6c8<>1"
    assert "In box 5, every place for 1 lies in column 4 or row 6 (r4c4, r6c4 and r6c5)" in step.explanation
    assert "Either way r6c8 cannot be 1." in step.explanation


def test_dual_empty_rectangle() -> None:
    found = [str(s) for s in EMPTY_RECTANGLE.find(DUALS)]
    assert "Dual Empty Rectangle: 1 in b7 (r57c8/r5c28) => r5c2,r7c8<>1" in found


def test_two_place_rectangles_need_the_option() -> None:
    expected = "Empty Rectangle: 5 in b3 (r19c5) => r9c7<>5"
    assert expected not in [str(s) for s in EMPTY_RECTANGLE.find(TWO_PLACES)]
    assert expected in [str(s) for s in EMPTY_RECTANGLE_TWO_CANDIDATES.find(TWO_PLACES)]


@pytest.mark.parametrize("technique", [SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH, EMPTY_RECTANGLE])
def test_nothing_when_the_pattern_is_absent(technique: Technique) -> None:
    assert lines(technique, NOTHING) == []


@pytest.mark.parametrize(
    "position", [p for p in POSITIONS if p.file == "single_digit.txt" and p.expected != "-"], ids=lambda p: str(p.number)
)
def test_the_two_place_option_stays_sound(position: Position) -> None:
    """The registry's techniques are checked by test_contract; the option is not registered."""
    grid = grid_from(position.values, position.removed)
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    for step in EMPTY_RECTANGLE_TWO_CANDIDATES.find(grid):
        assert step.eliminations and all(solution[c] != d for d, c in step.eliminations), str(step)

"""Remote Pair on real positions (puzzles/techniques/remote_pair.txt, from top95)."""

from __future__ import annotations

from techniques.hodoku_chains.remote_pair import REMOTE_PAIR
from tests.conftest import grid_from

FOUR = grid_from(
    "1.....7.9.4...72.18.7...6.427..1..633.......556..43.27........8..53...727.2....46",
    "r1c2<>3 r2c4<>9 r2c5<>9 r3c2<>39 r5c2<>8 r5c3<>19 r5c4<>89 r5c5<>89 r5c6<>89 r5c7<>19 r5c8<>8 "
    "r7c3<>34 r7c7<>19 r7c8<>35 r9c7<>19",
)
SIX = grid_from(
    ".1..3..9....2....1.5.9.....5........1.2.8.456.8.5...2.675......4.1..6..3.....4.6.",
    "r1c4<>78 r2c2<>39 r2c5<>5 r4c2<>39 r4c3<>46 r4c4<>137 r4c5<>7 r4c6<>7 r6c3<>379 r6c5<>179 r6c6<>7 "
    "r8c5<>7 r8c7<>78 r9c1<>2 r9c4<>38 r9c7<>8 r9c9<>8",
)
NOTHING = grid_from(
    "3856.1...1795.....426739518.....5....3..1..6....4......17.5..8...31..9.......7132",
    "r2c7<>24 r2c9<>4 r4c1<>2 r5c1<>2 r6c1<>2 r7c1<>6 r7c6<>46 r8c1<>5 r8c2<>5 r8c8<>4 r8c9<>46",
)


def test_remote_pair_step_text_and_explanation() -> None:
    step = next(REMOTE_PAIR.find(FOUR))
    assert str(step) == "Remote Pair: 1/9 r5c2 -9- r5c8 -1- r7c8 -9- r8c7 => r8c2<>1, r8c2<>9"
    assert step.digits == (1, 9)
    # Cells in chain order, so "each sees the next" reads true.
    assert step.explanation.startswith("r5c2, r5c8, r7c8 and r8c7 all hold only 1 and 9, and each sees the next")
    assert "r5c2 and r7c8 hold one of them and r5c8 and r8c7 the other" in step.explanation
    assert step.explanation.endswith("remove 1 and 9 from r8c2.")


def test_a_longer_chain_pairs_every_far_apart_couple() -> None:
    found = [str(s) for s in REMOTE_PAIR.find(SIX)]
    six = "Remote Pair: 4/6 r1c4 -6- r4c4 -4- r6c5 -6- r6c3 -4- r4c2 -6- r2c2 => r1c3,r24c5<>4, r1c3,r24c5<>6"
    assert six in found
    # Most eliminations first (the six-cell chain here), and each effect is listed once.
    counts = [len(s.eliminations) for s in REMOTE_PAIR.find(SIX)]
    assert counts == sorted(counts, reverse=True) and found[0] == six
    assert len({line.split(" => ")[1] for line in found}) == len(found)


def test_nothing_when_no_chain_of_four_exists() -> None:
    assert list(REMOTE_PAIR.find(NOTHING)) == []



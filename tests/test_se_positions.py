"""Positions for the se profile's producers, in puzzles/techniques/se/<family>.txt.

Line format (one case per line, ``#`` comments)::

    code | 81 values (``+d``: filled in while solving) | removed pencil marks | expected step

The expected step is written as serate writes its paths: ``difficulty|SE name|effect``
(``2.0|Direct Hidden Pair|r7c5=6``); ``-`` means the producer must find nothing there.
The producer must list the expected step among those it finds (chaining producers give
only the one SE takes), and the step must agree with the puzzle's solution. Positions come
from se-profile solves of public puzzles (tests/make_se_positions.py); the paths they come
from match serate's step for step (benchmarks/se_paths.py).
"""

from __future__ import annotations

import pytest

from engine.analysis import analyse
from engine.profiles.se import ORDER, notation
from tests.conftest import PUZZLES, SE, grid_from
from tests.positions import Position, load

FILES = sorted((PUZZLES / "techniques" / "se").glob("*.txt"))
#: Producers whose every case needs more than a second (nested forcing chains).
SLOW_CODES = frozenset({"sdfc1", "sdfc2", "sdfc3", "sdfc4", "sdfc5"})


CASES = [c for f in FILES for c in load(f)]


def _param(case: Position) -> object:
    marks = [pytest.mark.slow] if case.code in SLOW_CODES else []
    return pytest.param(case, id=case.id, marks=marks)


def test_every_producer_has_positions() -> None:
    covered = {c.code for c in CASES}
    missing = sorted({code for code, _, _ in ORDER} - covered - {"sdfc3", "sdfc4", "sdfc5"})
    assert not missing, f"SE producers without own test positions: {missing}"
    assert all(SE.by_code(code).declaration.profile == "se" for code in covered)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_position(case: Position) -> None:
    grid = grid_from(case.values, case.removed)
    found = [s for s in SE.by_code(case.code).find(grid) if s.code == case.code]
    if case.expected == "-":
        assert not found, [notation(s) for s in found]
        return
    written = [notation(s) for s in found]
    assert case.expected in written, f"found: {written}"
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    step = found[written.index(case.expected)]
    assert all(solution[c] == d for d, c in step.placements)
    assert all(solution[c] != d for d, c in step.eliminations)

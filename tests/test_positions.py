"""Our own positions for each technique, in puzzles/techniques/<family>.txt.

Line format (one case per line, ``#`` comments)::

    code | 81 values (givens and placed digits) | removed pencil marks | expected step line

In the values a digit written ``+d`` (HoDoKu's library notation) was filled in while solving
and is not a clue; avoidable rectangles need that difference.

Removed pencil marks read ``r2c4<>25 r3c5<>1`` (``-`` for none). The expected step line is
the exact HoDoKu-style text one found step must have; ``-`` means the technique must find
nothing in that position. Positions come from solving public puzzles (tests/make_positions.py
harvests them); each step was checked against the puzzle's solution and read by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.analysis import analyse
from techniques import by_code
from tests.conftest import PUZZLES, grid_from

FILES = sorted((PUZZLES / "techniques").glob("*.txt"))


@dataclass(frozen=True)
class Position:
    file: str
    number: int
    code: str
    values: str
    removed: str
    expected: str


def load(path: Path) -> list[Position]:
    out = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("  #")[0].strip()
        if not line or line.startswith("#"):
            continue
        code, values, removed, expected = (part.strip() for part in line.split("|"))
        out.append(Position(path.name, number, code, values, "" if removed == "-" else removed, expected))
    return out


POSITIONS = [p for f in FILES for p in load(f)]


def test_every_registered_technique_has_positions() -> None:
    from techniques import REGISTRY

    covered = {p.code for p in POSITIONS}
    missing = [t.code for t in REGISTRY if not covered & set(t.codes)]
    assert not missing, f"techniques without own test positions: {missing}"


@pytest.mark.parametrize("position", POSITIONS, ids=[f"{p.file}:{p.number}-{p.code}" for p in POSITIONS])
def test_position(position: Position) -> None:
    grid = grid_from(position.values, position.removed)
    technique = by_code(position.code)
    found = [str(s) for s in technique.find(grid) if s.code == position.code]
    if position.expected == "-":
        assert not found
        return
    assert position.expected in found, f"found: {found}"
    # The position must be a real one: a proper puzzle whose solution the step agrees with.
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    step = next(s for s in technique.find(grid) if str(s) == position.expected)
    assert all(solution[c] == d for d, c in step.placements)
    assert all(solution[c] != d for d, c in step.eliminations)

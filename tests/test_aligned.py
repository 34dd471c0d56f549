"""Aligned Triplet Exclusion's pre-test of a pair (some base cell near it sees two of its
common excluders) against the search without it: the same steps, in the same order."""

from __future__ import annotations

import pytest

import techniques.exclusion.aligned as aligned
from techniques.exclusion.aligned import ALIGNED_TRIPLET_EXCLUSION
from tests.conftest import PUZZLES, grid_from
from tests.positions import load

POSITIONS = [p for p in load(PUZZLES / "techniques" / "exclusion.txt") if p.code == "ate"]


def _steps(position) -> list[str]:  # type: ignore[no-untyped-def]
    aligned._QUIET.clear()  # no memory of an earlier position
    grid = grid_from(position.values, position.removed)
    return [f"{s} | {s.explanation}" for s in ALIGNED_TRIPLET_EXCLUSION.find(grid)]


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_triplets_pre_test_changes_no_step(position, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    found = _steps(position)
    assert bool(found) == (position.expected != "-")
    monkeypatch.setattr(aligned, "_thirds_may_share", lambda *args: True)
    assert _steps(position) == found

"""The costly pattern searches (MSLS, WXYZ/VWXYZ-Wing, BUG-Lite, BUG+n, SK-Loop, Tridagon) find exactly the steps
they found before they were made faster: on every technique position and on states of
forum_hardest solve paths, the same steps in the same order (line and a digest of the whole
step). The expected values were recorded by tests/make_pattern_steps.py with the old search.
Firework's record is its first search's, kept so that a faster one must find the same."""

from __future__ import annotations

import json

import pytest

from tests.make_pattern_steps import CODES, EXPECTED, found_steps, positions

_EXPECTED: dict[str, dict[str, list[list[str]]]] = json.loads(EXPECTED.read_text())
_POSITIONS = positions()


def test_every_position_has_a_record() -> None:
    assert sorted(_POSITIONS) == sorted(_EXPECTED)
    assert sum(len(found[code]) for found in _EXPECTED.values() for code in CODES) > 600


@pytest.mark.parametrize("code", CODES)
def test_same_steps_as_the_reference_search(code: str) -> None:
    differ = []
    for key, grid in _POSITIONS.items():
        if found_steps(grid, code) != _EXPECTED[key][code]:
            differ.append(key)
    assert not differ, f"{code} finds other steps than before at {differ[:5]}"


def test_records_are_not_empty_for_any_code() -> None:
    for code in CODES:
        assert any(found[code] for found in _EXPECTED.values()), code

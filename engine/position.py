"""What a technique reads of a position: candidates, where each digit can go, the values.

``Grid`` is the position the solver keeps. A chaining technique that reasons inside an
assumption works on a copy of the candidates it changes as it goes; ``CandidateView``
lets the same techniques read that copy.
"""

from __future__ import annotations

from typing import Protocol

from engine.cells import UNITS, Digit, Mask


class Position(Protocol):
    """Candidates (``cands[cell]``, 0 for a filled cell), places (``cells_with[digit]``)
    and values (0 for an empty cell)."""

    cands: list[Mask]
    cells_with: list[int]
    values: list[Digit]

    def empty_in(self, unit_number: int) -> int: ...


class CandidateView:
    """A position given by its lists (not copied: the owner may change them). ``places``:
    when the owner keeps one, its places table (``techniques.se_places.places_table`` of
    ``cells_with``, kept in step with it: read only), else None."""

    __slots__ = ("cands", "cells_with", "values", "_empty", "places")

    def __init__(
        self, cands: list[Mask], cells_with: list[int], values: list[Digit], empty: list[int], places: list[int] | None = None
    ) -> None:
        self.cands = cands
        self.cells_with = cells_with
        self.values = values
        self._empty = empty
        self.places = places

    def empty_in(self, unit_number: int) -> int:
        return self._empty[unit_number]


def empty_counts(values: list[Digit]) -> list[int]:
    """How many cells of each house are empty, by house number."""
    return [sum(1 for c in unit.cells if not values[c]) for unit in UNITS]

"""Is this a proper puzzle? One solution, several, or none, and why.

Everything that relies on uniqueness (uniqueness techniques, grading, hints) asks here
first, so the answer is computed once per puzzle and carried around in an ``Analysis``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from engine.cells import CELL_NAMES, N_CELLS, Cell, Digit, Mask
from engine.grid import Contradiction, Grid
from engine.search import find_solutions


class Status(Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"


@dataclass(frozen=True)
class Analysis:
    """The outcome of checking a position with search.

    ``solutions`` holds up to two solutions; ``reason`` says why there is none (two equal
    clues in a house, a cell without candidates, or simply no solution).
    """

    status: Status
    solutions: tuple[tuple[Digit, ...], ...] = ()
    reason: str = ""

    @property
    def solution(self) -> tuple[Digit, ...] | None:
        """The solution of a proper puzzle, else None."""
        return self.solutions[0] if self.status is Status.UNIQUE else None

    def differing_cells(self) -> list[Cell]:
        """Cells where the first two solutions differ (empty unless MULTIPLE)."""
        if len(self.solutions) < 2:
            return []
        first, second = self.solutions[0], self.solutions[1]
        return [c for c in range(N_CELLS) if first[c] != second[c]]

    def describe(self) -> str:
        """One sentence for people."""
        if self.status is Status.UNIQUE:
            return "unique solution"
        if self.status is Status.NONE:
            return f"no solution: {self.reason}" if self.reason else "no solution"
        cells = ", ".join(CELL_NAMES[c] for c in self.differing_cells())
        return f"more than one solution (the first two differ at {cells})"


def analyse(values: Sequence[Digit], candidates: Sequence[Mask] | None = None) -> Analysis:
    """Check a position: 81 values (0 = empty), optionally with pencil marks."""
    try:
        Grid.from_values(values, candidates=candidates)
    except Contradiction as broken:
        return Analysis(Status.NONE, reason=str(broken))
    return _by_search(values, candidates)


def analyse_grid(grid: Grid) -> Analysis:
    """``analyse`` for a grid: building it checked the position, and every change to a grid
    keeps it consistent (or raises), so only the search is left."""
    return _by_search(grid.values, grid.cands)


def _by_search(values: Sequence[Digit], candidates: Sequence[Mask] | None) -> Analysis:
    found = find_solutions(values, 2, candidates)
    if not found:
        return Analysis(Status.NONE, reason="no way to fill the grid is consistent with the clues")
    status = Status.UNIQUE if len(found) == 1 else Status.MULTIPLE
    return Analysis(status, tuple(tuple(s) for s in found))


class InvalidPuzzleError(ValueError):
    """A puzzle without exactly one solution where one was required."""

    def __init__(self, analysis: Analysis) -> None:
        super().__init__(analysis.describe())
        self.analysis = analysis

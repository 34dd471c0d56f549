"""The ``se`` profile: Sudoku Explainer's own solving policy and ratings (serate 1.2.1.3).

SE rates a puzzle by solving it its own way: at each step it asks its producers, in one
fixed order, for a hint and applies the first one found; placing a digit removes it from
the cell's houses and nothing else happens between steps. The producers are SE's own
techniques (declared for this profile in their families: singles, intersections,
subsets, fish, wings, uniqueness, exclusion, chaining), each of which finds its steps in
SE's order and rates each step as SE does (a chain by its length: ``Step.rating``).

* ER: the hardest step of the path; 20.0 when no producer applies (SE's "valid but not
  solvable"; our path then goes on with a logged Brute Force step).
* EP: the hardest step up to and including the first step that places a digit.
* ED: the first step's difficulty.

Numbers are rounded as serate prints them. A producer bounds its search by work (nodes);
a path that passes a bound stops there and says so, with no rating.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Callable, ClassVar, Iterable, Sequence

from engine.analysis import Analysis, analyse
from engine.cells import CELL_NAMES
from engine.grid import Grid
from engine.profiles.base import Entry, Profile
from engine.profiles.rating import Column
from engine.profiles.se_rater import UNSOLVABLE as UNSOLVABLE  # re-exported: the rater lives there
from engine.profiles.se_rater import SeRater as SeRater
from engine.solver import SolveResult, SolveStatus
from engine.step import Step, tenths
from engine.technique import Catalog, Technique, WorkBoundExceeded

#: SE's producers in its order: step code, the profile's order number (SE's value in
#: tenths, the base value for chains), the value shown in technique listings.
ORDER: tuple[tuple[str, int, str], ...] = (
    ("sh1", 10, "1.0-1.5"),  # Hidden Single: the last empty cell of a house first
    ("dpt", 17, "1.7-1.9"),  # Direct Pointing / Claiming
    ("dh2", 20, "2.0"),  # Direct Hidden Pair
    ("sn1", 23, "2.3"),  # Naked Single
    ("dh3", 25, "2.5"),  # Direct Hidden Triplet
    ("spt", 26, "2.6-2.8"),  # Pointing / Claiming
    ("sn2", 30, "3.0"),
    ("sf2", 32, "3.2"),
    ("sh2", 34, "3.4"),
    ("sn3", 36, "3.6"),
    ("sf3", 38, "3.8"),
    ("sh3", 40, "4.0"),
    ("sxy", 42, "4.2"),
    ("sxyz", 44, "4.4"),
    ("ul1", 45, "4.5-5.3"),  # Unique Rectangles and Loops, before SE's quads
    ("sn4", 50, "5.0"),
    ("sf4", 52, "5.2"),
    ("sh4", 54, "5.4"),
    ("sbug1", 56, "5.6-6.0"),
    ("ape", 62, "6.2"),
    ("sfc", 65, "6.5+"),  # cycles and forcing chains, before Aligned Triplet Exclusion
    ("ate", 75, "7.5"),
    ("snfc", 75, "7.5+"),
    ("smfc", 80, "8.0+"),
    ("sdfc", 85, "8.5+"),
    ("sdfc1", 90, "9.0+"),
    ("sdfc2", 95, "9.5+"),
    ("sdfc3", 100, "10.0+"),
    ("sdfc4", 105, "10.5+"),
    ("sdfc5", 110, "11.0+"),
)

def notation(step: Step) -> str:
    """A step as serate's path files write it: ``difficulty|SE name|effect``, the effect
    being the placement, if any, then the removals by cell and digit
    (``7.2|Forcing Chain|r4c2=9,r4c2<>7``)."""
    value = tenths(step.rating) if step.rating is not None else 0
    placed = [f"{CELL_NAMES[c.cell]}={c.digit}" for c in step.placements]
    removed = [f"{CELL_NAMES[c.cell]}<>{c.digit}" for c in sorted(step.eliminations, key=lambda c: (c.cell, c.digit))]
    return f"{value // 10}.{value % 10}|{step.technique}|{','.join(placed + removed)}"


def rating_text(values: Sequence[float | None]) -> str:
    """``ER/EP/ED`` as serate prints it (``7.2/1.2/1.2``), ``-`` when not rated."""
    if any(v is None for v in values):
        return "-"
    return "/".join(f"{v:.1f}" for v in values if v is not None)


class SeProfile(Profile):
    """Sudoku Explainer's producers in its order, the first hint of the first one that
    has one, rated ER/EP/ED as serate 1.2.1.3 rates them."""

    name = "se"
    title = "Sudoku Explainer (serate 1.2.1.3): its techniques, order and ratings, ER/EP/ED"
    technique_columns: ClassVar[tuple[Column, ...]] = (Column("se", "SE", 7),)
    rating_columns: ClassVar[tuple[Column, ...]] = (
        Column("er", "ER", 4, decimals=1),
        Column("ep", "EP", 4, decimals=1),
        Column("ed", "ED", 4, decimals=1),
    )
    count_columns: ClassVar[tuple[Column, ...]] = (Column("se", "SE", 4, decimals=1),)
    label_heading = "ER"
    hints_follow_policy = True

    def build_entries(self, catalog: Catalog) -> Iterable[Entry]:
        for code, order, label in ORDER:
            if code in catalog:
                yield Entry(catalog.by_code(code), order, True, (("se", label),))

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog)
        #: Step code -> position in the profile, for the techniques it places (shared by
        #: the raters, which only read it). Those come first in its order, so their
        #: positions are final without the others, which would import every technique
        #: (60 ms of imports here, `python -X importtime`).
        self._placed_order = {code: n for n, e in enumerate(self.placed) for code in e.technique.codes}

    @cached_property
    def _order(self) -> dict[str, int]:
        """Step code -> position, for every technique the profile knows."""
        return {code: n for n, e in enumerate(self.entries) for code in e.technique.codes}

    def position(self, code: str) -> int | None:
        """A step code's position in the profile's order (None: no technique it knows).
        Only a code the profile does not place (a technique asked for by code, a Brute
        Force step) takes every technique from the catalog."""
        placed = self._placed_order.get(code)
        return placed if placed is not None else self._order.get(code)

    def rater(self) -> SeRater:
        return SeRater(self.position)

    def label_key(self, label: str) -> Any:
        try:
            return float(label)
        except ValueError:
            return 1000.0 if label == "Incomplete" else None

    def solve(
        self,
        grid: Grid,
        techniques: Sequence[Technique] | None = None,
        *,
        allow_search: bool = True,
        analysis: Analysis | None = None,
        watch: Callable[[Grid, Step], None] | None = None,
    ) -> SolveResult:
        """Solve SE's way; a path whose producer passes its work bound stops there (status
        stuck, the bound named in ``error``)."""
        taken: list[Step] = []

        def record(position: Grid, step: Step) -> None:
            taken.append(step)
            if watch is not None:
                watch(position, step)

        try:
            return super().solve(grid, techniques, allow_search=allow_search, analysis=analysis, watch=record)
        except WorkBoundExceeded as bound:
            work = grid.copy()
            for step in taken:
                work.apply(step)
            note = f"step {len(taken) + 1} passed a work bound ({bound}), so SE's rating is not known"
            found = analysis or analyse(grid.values, grid.cands)
            return SolveResult(SolveStatus.STUCK, tuple(taken), work, found, sum(s.code == "bf" for s in taken), note=note)

"""What rating a solution path gives: the shape every profile's rating fits into.

A profile's scale has its own fields (HoDoKu: level, score, and an SE-style number; an SE
scale: ER, EP, ED), declared as ``Column``s so that commands print, export and sum them
without knowing the scale. Every rating also names the hardest step, counts Brute Force
steps and steps, and counts each technique used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from engine.grid import Grid
from engine.step import Step

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import RatingFields, RatingRecord, TechniqueCountRecord

Fields = tuple[tuple[str, Any], ...]  # (key, JSON value) pairs, in column order


@dataclass(frozen=True)
class Column:
    """One number a profile shows: its JSON key, its table heading and how it is printed.

    ``rich_only``: shown in rich tables but not in plain text or JSON (kept out of those so
    their shape does not change).
    """

    key: str
    heading: str
    width: int
    align: str = ">"  # "<" left, ">" right
    decimals: int | None = None  # floats shown with this many decimals
    rich_only: bool = False

    def text(self, value: Any) -> str:
        """The value as a table or CSV cell (``""`` for None)."""
        if value is None:
            return ""
        if self.decimals is not None and isinstance(value, float):
            return f"{value:.{self.decimals}f}"
        return str(value)

    def cell(self, value: Any) -> str:
        """The value padded to the column's width."""
        return f"{self.text(value):{self.align}{self.width}}"


@dataclass(frozen=True)
class TechniqueCount:
    """How often one technique (step code) was used in a path, with the profile's numbers
    for it (HoDoKu: the score it added)."""

    name: str
    code: str
    count: int
    numbers: Fields = ()

    def number(self, key: str) -> Any:
        return dict(self.numbers).get(key)

    def to_json(self) -> TechniqueCountRecord:
        record: TechniqueCountRecord = {"name": self.name, "code": self.code, "count": self.count}
        record.update(cast("TechniqueCountRecord", dict(self.numbers)))  # the profile's numbers (see engine.records)
        return record


@dataclass(frozen=True)
class Rating:
    """The grade of a solution path on one profile's scale.

    ``label`` is what batches group by (HoDoKu's level, ``Incomplete`` for a path that
    stops short); ``fields`` are the profile's rating columns; ``detail`` says the rest in
    words after the label (`` (HoDoKu score 806), SE-style 3.4``).
    """

    label: str
    fields: Fields
    detail: str
    hardest: str | None  # the hardest technique's name
    hardest_step: int | None  # its first step, 1-based
    brute_force: int
    steps: int
    counts: tuple[TechniqueCount, ...]

    def __getitem__(self, key: str) -> Any:
        """A rating field by its key (``rating["score"]``)."""
        for name, value in self.fields:
            if name == key:
                return value
        raise KeyError(key)

    def to_json(self) -> RatingRecord:
        return {
            **cast("RatingFields", dict(self.fields)),
            "hardest": self.hardest,
            "hardest_step": self.hardest_step,
            "brute_force": self.brute_force,
            "steps": self.steps,
            "techniques": [count.to_json() for count in self.counts],
        }


class PathRater(Protocol):
    """Rates one path step by step: ``watch`` sees each step with the position it was taken
    in (None when unknown) before the step is applied; ``rating`` gives the result.

    ``watch`` fits ``solve(..., watch=...)``, so a solve can be rated as it runs."""

    def watch(self, grid: Grid | None, step: Step) -> None: ...

    def rating(self, solved: bool) -> Rating: ...


def replay(rater: PathRater, steps: tuple[Step, ...] | list[Step], start: Grid | None) -> None:
    """Show a rater a finished path, replaying it from ``start`` when given."""
    grid = start.copy() if start is not None else None
    for step in steps:
        rater.watch(grid, step)
        if grid is not None:
            grid.apply(step)

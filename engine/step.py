"""Steps: one deduction each, what it changes and why, immutable.

The structured fields are the truth; the HoDoKu-style line (``str(step)``) and the JSON
form are derived from them at the edges.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from engine.cells import CELL_NAMES, N_CELLS, UNITS, Cell, Digit

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import CandidateRecord, GroupRecord, HighlightsRecord, LinkRecord, StepRecord


def tenths(difficulty: float) -> int:
    """A difficulty rounded to tenths as Sudoku Explainer prints it: ``(int)((d + 0.05) * 10)``.

    >>> tenths(6.6 + 0.1 + 0.1 + 0.1 + 0.1), tenths(1.2), tenths(7.0)
    (70, 12, 70)
    """
    return int((difficulty + 0.05) * 10)


class Candidate(NamedTuple):
    """A digit in a cell. Digit first, so sorting groups eliminations by digit."""

    digit: Digit
    cell: Cell

    def __str__(self) -> str:
        return f"{CELL_NAMES[self.cell]}({self.digit})"

    def to_json(self) -> CandidateRecord:
        return {"cell": CELL_NAMES[self.cell], "digit": self.digit}


def candidate(digit: Digit, cell: Cell) -> Candidate:
    """``Candidate(digit, cell)``, made once per value: compiled, a named tuple's
    constructor runs interpreted, and the searches make thousands."""
    return _CANDIDATES[digit * N_CELLS + cell]


#: Every candidate (digits 0-9: 0 for the placeholders some patterns name), by
#: ``digit * N_CELLS + cell``.
_CANDIDATES: Final[tuple[Candidate, ...]] = tuple(Candidate(d, c) for d in range(10) for c in range(N_CELLS))


class Link(NamedTuple):
    """An inference between two candidates; ``strong``: at least one of them is true."""

    start: Candidate
    end: Candidate
    strong: bool

    def to_json(self) -> LinkRecord:
        return {"from": self.start.to_json(), "to": self.end.to_json(), "strong": self.strong}


GroupKind = Literal["group", "als", "ahs"]


class Group(NamedTuple):
    """Candidates that act as one node of a chain or pattern, outlined together.

    ``group``: one digit in two or three cells of a box and a line (a grouped chain node);
    ``als``: an almost locked set, every candidate of its cells;
    ``ahs``: an almost hidden set's digits in the cells they are hidden in (drawn as a set).
    """

    kind: GroupKind
    candidates: tuple[Candidate, ...]

    def to_json(self) -> GroupRecord:
        return {"kind": self.kind, "candidates": [c.to_json() for c in self.candidates]}


@dataclass(frozen=True, slots=True)
class Highlights:
    """What to show, by role (never by colour): the renderer maps roles to styles.

    pattern: the candidates that make the pattern (colour A in colouring).
    alt: a second group of pattern candidates (colour B, the other ALS, the other wing).
    fins: fin candidates of finned fish, the extra candidates of uniqueness patterns.
    links: chain links, strong or weak.
    units / cover_units: the houses involved (base and cover sets for fish).
    cells: pattern cells without a particular candidate (rectangle corners, ALS cells).
    groups: group nodes and almost locked sets, each shown as one outlined node.
    colors: colour classes in pairs (classes 0 and 1 are one pair, 2 and 3 the next): in
        each pair one class is true and the other false (colouring clusters, remote pairs),
        or, in a forcing chain, what one branch's assumption makes true and false.
    color_words: what each colour class means, for a legend (empty: the pairs' default
        "colour A", "colour B: opposite of A", ...).
    """

    pattern: tuple[Candidate, ...] = ()
    alt: tuple[Candidate, ...] = ()
    fins: tuple[Candidate, ...] = ()
    links: tuple[Link, ...] = ()
    units: tuple[int, ...] = ()
    cover_units: tuple[int, ...] = ()
    cells: tuple[Cell, ...] = ()
    groups: tuple[Group, ...] = ()
    colors: tuple[tuple[Candidate, ...], ...] = ()
    color_words: tuple[str, ...] = ()

    def to_json(self) -> HighlightsRecord:
        return {
            "pattern": [c.to_json() for c in self.pattern],
            "alt": [c.to_json() for c in self.alt],
            "fins": [c.to_json() for c in self.fins],
            "links": [link.to_json() for link in self.links],
            "houses": [UNITS[u].name for u in self.units],
            "cover_houses": [UNITS[u].name for u in self.cover_units],
            "cells": [CELL_NAMES[c] for c in self.cells],
            "groups": [g.to_json() for g in self.groups],
            "colors": [[c.to_json() for c in colour] for colour in self.colors],
            "color_words": list(self.color_words),
        }


NO_HIGHLIGHTS: Final = Highlights()


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: what it found, what it changes, why it holds.

    technique/code: HoDoKu's name and short code of the step type ("Naked Pair", "n2");
    detail: the pattern part of the line ("2,7 in r4c19");
    placements/eliminations: the effect, in the order the technique found it (HoDoKu's);
    explanation: plain sentences for a person;
    digits: the digits the pattern is about (2 and 7 for that pair), for hints and lookups;
    rating: the step's own difficulty, for techniques whose scale rates each step (Sudoku
    Explainer rates a chain by its length): SE's value as SE computes it (1.0 to 11.9).
    """

    technique: str
    code: str
    detail: str = ""
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    explanation: str = ""
    highlights: Highlights = field(default=NO_HIGHLIGHTS)
    digits: tuple[Digit, ...] = ()
    rating: float | None = None

    @property
    def effect(self) -> tuple[tuple[Candidate, ...], tuple[Candidate, ...]]:
        """What the step changes, in a canonical order; two steps with the same effect
        are duplicates."""
        return (tuple(sorted(self.placements)), tuple(sorted(self.eliminations)))

    @property
    def text(self) -> str:
        """The HoDoKu-style one-liner, e.g. ``Naked Pair: 2,7 in r4c19 => r4c5<>2, r4c5<>7``."""
        from engine.notation import format_step

        return format_step(self)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> StepRecord:
        record: StepRecord = {
            "technique": self.technique,
            "code": self.code,
            "text": self.text,
            "explanation": self.explanation,
            "placements": [c.to_json() for c in self.placements],
            "eliminations": [c.to_json() for c in self.eliminations],
            "digits": list(self.digits),
            "highlights": self.highlights.to_json(),
        }
        if self.rating is not None:
            record["rating"] = tenths(self.rating) / 10
        return record

"""The JSON records the commands print (``--json``, ``--format jsonl``) and the web API
returns: each declared once, here, as a ``TypedDict``.

The objects build them (``Step.to_json() -> StepRecord``, ...), so mypy holds every
``to_json`` to its declaration, and the web layer's OpenAPI description is generated from
these same classes: the CLI, the API and its documentation cannot drift apart.

A profile's rating fields depend on the profile (``hodoku``: ``level``, ``score``, ``se``;
``se``: ``er``, ``ep``, ``ed``; ``full``: ``tier``, ``difficulty``, ``forcing``), so they
are declared ``NotRequired``; ``tests/test_records.py`` checks that every profile's fields
are declared here.

``typing_extensions.TypedDict``: the standard one works for mypy, but pydantic (which
turns these into JSON Schema for the API) needs the backport on Python < 3.12.
"""

from __future__ import annotations

import sys
from typing import Literal

if sys.version_info >= (3, 12):
    from typing import NotRequired, TypedDict
else:
    from typing_extensions import NotRequired, TypedDict

# --- a step ----------------------------------------------------------------------------


class CandidateRecord(TypedDict):
    """A candidate: a digit in a cell."""

    cell: str  # r1c2
    digit: int


LinkRecord = TypedDict("LinkRecord", {"from": CandidateRecord, "to": CandidateRecord, "strong": bool})
"""An inference between two candidates of a chain; ``strong``: at least one is true."""


class GroupRecord(TypedDict):
    """Candidates drawn as one node: a group node of a chain (``group``), an almost locked
    set (``als``: every candidate of its cells) or an almost hidden set (``ahs``: its digits
    in the cells they are hidden in)."""

    kind: Literal["group", "als", "ahs"]
    candidates: list[CandidateRecord]


class HighlightsRecord(TypedDict):
    """What a picture of the step shows, by role."""

    pattern: list[CandidateRecord]
    alt: list[CandidateRecord]
    fins: list[CandidateRecord]
    links: list[LinkRecord]
    houses: list[str]  # r4, c9, b1
    cover_houses: list[str]
    cells: list[str]
    groups: list[GroupRecord]
    colors: list[list[CandidateRecord]]
    color_words: list[str]


class StepRecord(TypedDict):
    """One deduction: what it places or removes, and why."""

    technique: str
    code: str
    text: str  # HoDoKu's one-line form
    explanation: str
    placements: list[CandidateRecord]
    eliminations: list[CandidateRecord]
    digits: list[int]
    highlights: HighlightsRecord
    rating: NotRequired[float]  # Sudoku Explainer's own rating of this step (se profile)


# --- ratings -----------------------------------------------------------------------------


class TechniqueCountRecord(TypedDict):
    """One technique used in a path: how often, and the profile's number for it."""

    name: str
    code: str
    count: int
    score: NotRequired[int]  # hodoku: the score it added
    se: NotRequired[float]  # se: its highest SE value
    difficulty: NotRequired[int]  # full: its difficulty


class RatingFields(TypedDict):
    """Every profile's rating fields (each profile has its own three)."""

    level: NotRequired[str]  # hodoku: Easy, Medium, Hard, Unfair, Extreme (or Incomplete)
    score: NotRequired[int]  # hodoku: the score
    se: NotRequired[float | None]  # hodoku: the SE-style number (grade --se exact: serate's ER)
    se_exact: NotRequired[bool | None]  # grade --se exact: se is serate's own ER
    er: NotRequired[float | None]  # se: serate's ER, EP, ED
    ep: NotRequired[float | None]
    ed: NotRequired[float | None]
    tier: NotRequired[str | None]  # full: the hardest step's tier
    difficulty: NotRequired[int | None]  # full: the hardest step's difficulty (1-100)
    forcing: NotRequired[int | None]  # full: forcing chain and net steps


class RatingRecord(RatingFields):
    """The rating of a solution path (``explain --json``'s ``rating``)."""

    hardest: str | None
    hardest_step: int | None
    brute_force: int
    steps: int
    techniques: list[TechniqueCountRecord]


# --- the commands' records ---------------------------------------------------------------


class SolveRecord(TypedDict):
    """``solve --json``: the solution by search, and whether it is the only one."""

    puzzle: str | None
    status: Literal["unique", "multiple", "none", "error"]
    solution: str | None
    solutions: list[str]  # two of them when there are several
    error: str | None
    source: str


class CountRecord(TypedDict):
    """``solve --count --json``: how many solutions, up to the limit."""

    puzzle: str
    count: int
    capped: bool
    source: str


class ExplainRecord(TypedDict):
    """``explain --json``: the whole logical solution and its rating."""

    puzzle: str | None
    status: Literal["solved", "stuck", "invalid", "error"]
    error: str | None
    solution: str | None
    brute_force: int
    steps: list[StepRecord]
    source: str
    rating: RatingRecord | None


class MistakeRecord(TypedDict):
    """One thing wrong in a player's grid (``digit``/``solution`` null unless revealed)."""

    kind: Literal["wrong_digit", "removed_candidate", "conflict", "no_solution", "pencil_marks"]
    cells: list[str]
    digit: int | None
    solution: int | None
    text: str


class HintRecord(TypedDict):
    """The hint, revealed up to its level: 2 adds ``digits`` and ``cells``, 3 the ``step``."""

    level: int
    technique: str
    code: str
    where: str
    text: str
    digits: NotRequired[list[int]]
    cells: NotRequired[list[str]]
    step: NotRequired[StepRecord]


class AdviceRecord(TypedDict):
    """``hint --json``: the mistakes in a player's grid, then the next step."""

    status: Literal["ok", "mistakes", "solved", "invalid", "error"]
    source: str
    state: str | None
    uniqueness: Literal["unique", "multiple", "none"] | None
    givens_known: bool
    mistakes: list[MistakeRecord]
    hint: HintRecord | None
    applied: str | None
    notes: list[str]
    error: str | None


class GradeRecordJSON(RatingFields):
    """``grade --format jsonl``: one puzzle's grade (its rating fields null when it was not
    graded)."""

    puzzle: str | None
    status: Literal["ok", "invalid", "timeout", "error"]
    hardest: str | None
    steps: int | None
    brute_force: int | None
    seconds: float
    error: str | None


class GeneratedRecord(RatingFields):
    """``generate --format jsonl``: a new puzzle with its rating (the request's profile's
    fields, then any other profile's the request refers to)."""

    puzzle: str
    status: Literal["ok"]
    hardest: str | None
    steps: int
    brute_force: int
    techniques: list[TechniqueCountRecord]
    clues: int
    candidate: int


class SubtypeRecord(TypedDict):
    code: str
    name: str


class TechniqueRecord(TypedDict):
    """``techniques --json``: one technique of a profile, in solving order."""

    code: str
    name: str
    difficulty: int  # the profile's order number
    level: NotRequired[str | None]  # hodoku
    score: NotRequired[int | None]  # hodoku
    se: NotRequired[float | None]  # se: its SE value
    tier: NotRequired[str | None]  # full
    uniqueness: bool
    enabled: bool
    codes: list[str]
    subtypes: list[SubtypeRecord]

"""The records only the web API has (its errors, the page's drawings, a read puzzle), and
its responses: the commands' records of :mod:`engine.records`, extended, never renamed.

A response with ``"draw": true`` asked is the command's record plus a ``drawing`` field;
without it, byte for byte the record ``--json`` prints (``tests/test_web_api.py``).
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import NotRequired, TypedDict

from engine.records import AdviceRecord, ExplainRecord

ErrorKind = Literal[
    "malformed_json", "not_json", "invalid_request", "bad_puzzle", "work_limit", "too_large", "busy", "not_found", "method_not_allowed", "internal"
]


class ErrorRecord(TypedDict):
    """Why a request got no answer: one line, as the command line says it."""

    error: str
    kind: ErrorKind


class HintDrawing(TypedDict):
    """The player's grid drawn as ``hint --html`` draws it (SVG elements)."""

    mistakes: str | None  # the cells to check framed
    hint: str | None  # the hint, no more than its level reveals


class HintResponse(AdviceRecord):
    """``hint --json``'s record; ``drawing`` when asked for."""

    drawing: NotRequired[HintDrawing]


class ExplainDrawing(TypedDict):
    """The walkthrough as ``explain --html`` draws it: its step list and its panels
    (HTML with inline SVG, runs of singles collapsed), the summary last."""

    nav: str
    panels: str


class ExplainResponse(ExplainRecord):
    """``explain --json``'s record; ``drawing`` when asked for."""

    drawing: NotRequired[ExplainDrawing]


class ReadRecord(TypedDict):
    """A puzzle text read as every command reads it (any layout): what a page needs to
    show it, and whether the puzzle (its givens) has one solution."""

    puzzle: str  # the 81 values (givens and entries), "." for empty
    givens: str
    entered: str
    candidates: list[int] | None  # each cell's pencil marks (bit d-1 for digit d), when the text had them
    layout: str
    givens_known: bool  # the text told entries from givens (a library line's +d)
    status: Literal["unique", "multiple", "none"]
    error: str | None  # why the puzzle has no solution or several, as solve says it
    source: str


class HealthRecord(TypedDict):
    status: Literal["ok"]
    version: str
    workers: int  # worker processes per lane
    busy: dict[str, int]  # requests in the quick and full lanes now
    capacity: dict[str, int]  # requests each lane takes before answering 503

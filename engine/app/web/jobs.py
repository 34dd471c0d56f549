"""The work behind each API endpoint: a request's fields in, (HTTP status, record) out.

These run in worker processes (:mod:`engine.app.web.lanes`), never on the server's event
loop, each inside a work budget (:func:`engine.stop.work_limit`: techniques tried and
search units, never the clock). They call the functions the commands call and return the
records the commands print, so an answer is the CLI's ``--json`` record. The worker also
encodes the answer as JSON and compresses it (a walkthrough with its drawings is 2 MB of
JSON): done on the event loop, that took 40 ms of every other request's time. Nothing
here reads or writes a file: puzzle text is only ever read as text (``text_records``).
"""

from __future__ import annotations

import gzip
import itertools
import json
import os
import secrets
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from engine.advice import HintOptions, StateMismatch
from engine.analysis import analyse
from engine.app.commands.explain import explain_json, explained
from engine.app.commands.generate import gave_up
from engine.app.commands.grade import grade_item, grader_for
from engine.app.commands.hint import advice_of, givens_of
from engine.app.commands.inputs import Record, text_records
from engine.app.commands.listing import rows_of
from engine.app.commands.drawn import solution_section
from engine.app.commands.solve import count_json, solve_json
from engine.app.draw.hint_page import hint_svg, mistakes_svg
from engine.app.draw.page import section_html
from engine.app.web.records import ErrorKind, ErrorRecord, ReadRecord
from engine.formats import Puzzle, format_line
from engine.generate import Generator, Request, RequestError, Symmetry
from engine.generate.request import parse_float_range, parse_int_range, parse_levels
from engine.grading import Item
from engine.profiles import Profile, load_profile
from engine.records import TechniqueRecord
from engine.stop import WorkLimitReached, work_limit, work_spent
from engine.technique import UnknownTechnique, code_list
from techniques import CATALOG
from techniques.options import with_options

#: Puzzles one grade request may hold.
MAX_GRADE = 100
#: Puzzles one generate request may ask for.
MAX_GENERATE = 10
_SEED_RANGE = 10**9
#: Answers shorter than this go as they are; longer ones compressed when the client takes gzip.
GZIP_MINIMUM = 2048
#: zlib's level: 6 makes a walkthrough 6% larger than 9 does, in less than half the time.
GZIP_LEVEL = 6


class JobError(Exception):
    """A request that cannot be answered: its HTTP status, kind and one-line message."""

    def __init__(self, status: int, kind: ErrorKind, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class Outcome:
    """What a job gives back to the server (picklable): the status and the answer, JSON
    already encoded (and compressed, when ``encoding`` says so); or ``over_budget`` when
    the budget it was tried with was not enough (and a larger one is to come)."""

    status: int
    content: bytes = b""
    encoding: str | None = None  # the content-encoding: "gzip", or None for plain JSON
    headers: tuple[tuple[str, str], ...] = ()
    over_budget: bool = False
    work: int = 0  # work units spent


def encoded(status: int, body: Any, compress: bool, headers: tuple[tuple[str, str], ...] = (), work: int = 0) -> Outcome:
    """The outcome of an answer: its JSON as the API sends it (Starlette's own encoding),
    gzip-compressed when ``compress`` and it is long enough to gain from it."""
    content = json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
    if compress and len(content) >= GZIP_MINIMUM:
        return Outcome(status, gzip.compress(content, GZIP_LEVEL, mtime=0), "gzip", headers, work=work)
    return Outcome(status, content, None, headers, work=work)


def error_body(kind: ErrorKind, message: str) -> ErrorRecord:
    return {"error": message, "kind": kind}


# --- the worker side ------------------------------------------------------------------

def init_lane(nice: int, listening: tuple[int, ...] = ()) -> None:
    """A worker's set-up: the full lane's workers run at a lower CPU priority (``nice``),
    so that quick answers keep their CPU under a flood of long ones; the server's
    listening sockets, which a forked worker holds too, are closed (held open, the port
    went on taking connections that nobody answered while the server stopped)."""
    for descriptor in listening:
        try:
            os.close(descriptor)
        except OSError:
            pass
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass


def run_job(kind: str, fields: dict[str, Any], compress: bool = False, budget: int | None = None, final: bool = True) -> Outcome:
    """Run one request's work in this worker within ``budget`` work units; the answer
    encoded (gzip-compressed with ``compress``: the client takes it). Past the budget, the
    outcome says so (``over_budget``), unless the budget is the ``final`` one: then the
    answer is the work-limit error."""
    try:
        with work_limit(budget) as spent:
            body, headers = JOBS[kind](fields)
        return encoded(200, body, compress, headers, work=work_spent(spent) if budget is not None else 0)
    except JobError as error:
        return encoded(error.status, error_body(error.kind, error.message), compress)
    except WorkLimitReached as reached:
        if not final:
            return Outcome(0, over_budget=True, work=reached.limit)
        message = (
            f"this request needs more work than the server allows ({reached}: techniques tried and search units, "
            "counted the same on every machine); ask for less (a hint rather than a whole walkthrough, fewer puzzles), "
            "or run stepdoku on your own machine"
        )
        return encoded(422, error_body("work_limit", message), compress, work=reached.limit)


# --- helpers ----------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _profile(name: str, options: tuple[str, ...]) -> Profile:
    return load_profile(name, with_options(CATALOG, options))


def profile_of(fields: dict[str, Any]) -> Profile:
    return _profile(fields.get("profile") or "hodoku", tuple(sorted(fields.get("options") or ())))


def one_puzzle(text: str, field: str) -> tuple[Record, Puzzle]:
    """The one puzzle of a text field (any layout), or a 422 with the reader's message."""
    records = list(itertools.islice(text_records(text, repr(field)), 2))
    if len(records) > 1:
        raise JobError(422, "bad_puzzle", f"{field}: one puzzle per request (this text holds more than one)")
    record = records[0]
    if not isinstance(record.item, Puzzle):
        raise JobError(422, "bad_puzzle", f"{field}: {record.problem}")
    return record, record.item


Result = tuple[Any, tuple[tuple[str, str], ...]]


# --- the endpoints' work ------------------------------------------------------------------


def hint_job(fields: dict[str, Any]) -> Result:
    record, state = one_puzzle(fields["state"], "state")
    givens = None
    if fields.get("puzzle") is not None:
        first = givens_of(next(iter(text_records(fields["puzzle"], "'puzzle'"))))
        if not isinstance(first, Puzzle):
            raise JobError(422, "bad_puzzle", f"puzzle: {first}")
        givens = first
    options = HintOptions(
        state=fields["state"],
        puzzle=fields.get("puzzle"),
        level=fields.get("level", 1),
        json=True,
        apply=fields.get("apply", False),
        ignore_mistakes=fields.get("ignore_mistakes", False),
        reveal=fields.get("reveal", False),
    )
    try:
        advice = advice_of(record, state, givens, profile_of(fields), options)
    except StateMismatch as mismatch:
        raise JobError(422, "bad_puzzle", f"{record.where}: {mismatch}") from None
    body: dict[str, Any] = dict(advice.to_json())
    if fields.get("draw"):
        mistakes = advice.diagnosis is not None and bool(advice.diagnosis.mistakes)
        body["drawing"] = {
            "mistakes": mistakes_svg(advice) if mistakes else None,
            "hint": hint_svg(advice) if advice.hint is not None and advice.grid is not None else None,
        }
    return body, ()


def explain_job(fields: dict[str, Any]) -> Result:
    record, puzzle = one_puzzle(fields["puzzle"], "puzzle")
    profile = profile_of(fields)
    try:
        techniques = profile.plan(fields.get("only"), fields.get("max_difficulty"))
    except UnknownTechnique as unknown:
        raise JobError(422, "invalid_request", f"only: {unknown}") from None
    start, result, rating = explained(puzzle, profile, techniques, not fields.get("no_search", False))
    body: dict[str, Any] = dict(explain_json(record, puzzle, result, rating))
    if fields.get("draw"):
        section = solution_section("Walkthrough", "w-", start, result, rating, profile.count_columns)
        nav, panels = section_html(section)
        body["drawing"] = {"nav": nav, "panels": panels}
    return body, ()


def grade_job(fields: dict[str, Any]) -> Result:
    profile = profile_of(fields)
    grader = grader_for(profile, fields.get("se", "style"))
    items: list[Item] = []
    for text in fields["puzzles"]:
        for record in text_records(text, "'puzzles'"):
            items.append(grade_item(record))
            if len(items) > MAX_GRADE:
                raise JobError(422, "invalid_request", f"puzzles: more than {MAX_GRADE} puzzles in one request; send them in several")
    return [grader.grade(item).to_json() for item in items], ()


def solve_job(fields: dict[str, Any]) -> Result:
    record, puzzle = one_puzzle(fields["puzzle"], "puzzle")
    if fields.get("count"):
        return count_json(record, puzzle, fields.get("limit", 1000))[1], ()
    return solve_json(record, puzzle, analyse(puzzle.values, puzzle.candidates)), ()


def _request(fields: dict[str, Any]) -> Request:
    """The generator's request from the fields, parsed as the command line parses them."""
    parsed: dict[str, Any] = {}
    parsers: dict[str, Callable[[str], Any]] = {"level": parse_levels, "score": parse_int_range, "se": parse_float_range, "clues": parse_int_range}
    for key, parse in parsers.items():
        if fields.get(key) is not None:
            try:
                parsed[key] = parse(str(fields[key]))
            except RequestError as error:
                raise JobError(422, "invalid_request", f"{key}: {error}") from None
    return Request(
        requires=code_list(fields.get("requires")),
        requires_hardest=fields.get("requires_hardest"),
        teach=fields.get("teach"),
        profile=fields.get("profile") or "hodoku",
        symmetry=Symmetry(fields.get("symmetry") or "none"),
        minimal=fields.get("minimal", True),
        **parsed,
    )


def generate_job(fields: dict[str, Any]) -> Result:
    request = _request(fields)
    seed = fields.get("seed")
    seed = seed if seed is not None else secrets.randbelow(_SEED_RANGE)
    try:
        generator = Generator(CATALOG, request, seed=seed)
    except RequestError as refused:
        raise JobError(422, "invalid_request", f"cannot generate {request.describe()}: {refused}") from None
    count, max_tries = fields.get("count", 1), fields.get("max_tries", 1000)
    made = [generated.to_json() for generated in generator.puzzles(count, max_tries=max_tries)]
    if generator.stats.gave_up:
        raise JobError(422, "invalid_request", gave_up(generator, max_tries, count))
    return made, (("x-stepdoku-seed", str(seed)),)


def read_job(fields: dict[str, Any]) -> Result:
    record, puzzle = one_puzzle(fields["text"], "text")
    analysis = analyse(puzzle.givens)
    body: ReadRecord = {
        "puzzle": format_line(puzzle.values),
        "givens": format_line(puzzle.givens),
        "entered": format_line(puzzle.entered),
        "candidates": list(puzzle.candidates) if puzzle.candidates is not None else None,
        "layout": puzzle.layout.value,
        "givens_known": any(puzzle.entered),
        "status": analysis.status.value,
        "error": None if analysis.status.value == "unique" else analysis.describe(),
        "source": record.where,
    }
    return body, ()


JOBS: dict[str, Callable[[dict[str, Any]], Result]] = {
    "hint": hint_job,
    "explain": explain_job,
    "grade": grade_job,
    "solve": solve_job,
    "generate": generate_job,
    "read": read_job,
}


@lru_cache(maxsize=8)
def technique_rows(profile: str) -> tuple[TechniqueRecord, ...]:
    """``techniques --json`` of a profile (no solving: cheap, and cached)."""
    return tuple(rows_of(_profile(profile, ())))

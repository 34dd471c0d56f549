"""``stepdoku hint STATE``: mistakes first, then the next step, revealed by level.

STATE is the player's grid in any layout; pencil marks count when it has them (a PM grid,
a library line), else every candidate is computed. ``+d`` in a library line, or the
original puzzle given with ``--puzzle``, tells entered digits from givens.

JSON (one object per state)::

    {"status": "ok"|"mistakes"|"solved"|"invalid"|"error", "source": "line 1",
     "state": "<81>", "uniqueness": "unique"|"multiple"|"none"|null, "givens_known": bool,
     "mistakes": [{"kind", "cells", "digit", "solution", "text"}, ...],
     "hint": {"level", "technique", "code", "where", "text", ("digits", "cells"), ("step")} | null,
     "applied": "<state after the step, as --apply prints it>" | null,
     "notes": ["..."], "error": "..." | null}

Exit codes: 0 (a hint, mistakes against a proper puzzle, or solved), 1 the puzzle has no
solution or several (the puzzle: ``--puzzle`` when given, else the grid's own digits), 2
bad input, 4 the page could not be written.
"""

from __future__ import annotations

import json
from typing import IO

from rich.console import Console
from rich.text import Text

from engine.advice import Advice, HintOptions, HintStatus, StateMismatch, advise, player_state
from engine.analysis import Status
from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, EXIT_OUTPUT_FAILED, batch, cannot_write, report_error
from engine.app.commands.richout import RichTarget, terminal_console
from engine.formats import Puzzle
from engine.app.render.hint import HintView
from engine.profiles import Profile


def run(options: HintOptions, profile: Profile, out: IO[str], err: IO[str], stdin: IO[str] | None = None, html: str | None = None) -> int:
    """Hints for each state; ``html``: draw them on a page there instead of printing them."""
    problem = RichTarget(html).check() if html else None
    if problem:
        err.write(f"stepdoku: {problem}\n")
        return EXIT_OUTPUT_FAILED
    givens: Puzzle | None = None
    if options.puzzle is not None:
        first = givens_of(next(iter(iter_records([options.puzzle], stdin))))
        if not isinstance(first, Puzzle):
            err.write(f"stepdoku: --puzzle: {first}\n")
            return EXIT_BAD_INPUT
        givens = first
    console = None if options.json or html else terminal_console(out)
    pages: list[list[str]] = []
    with batch() as outcome:
        for record in iter_records([options.state], stdin):
            outcome.add_written(_hint_one(record, givens, console, profile, options, out, err, pages if html else None), record.where, out)
    if html:
        failed = _write_page(html, pages, err)
        if failed:
            err.write(f"stepdoku: {failed}\n")
            return max(outcome.exit_code, EXIT_OUTPUT_FAILED)
    return outcome.exit_code


# The drawn page (engine.app.draw) is imported by --html alone: a hint in the terminal
# needs none of it (19 ms of imports here, `python -X importtime`).


def _write_page(path: str, pages: list[list[str]], err: IO[str]) -> str | None:
    from engine.app.commands.drawn import write_text
    from engine.app.draw.hint_page import hint_page

    try:
        write_text(path, hint_page("stepdoku hint", pages))
    except OSError as error:
        return cannot_write(error, path)
    err.write(f"stepdoku: wrote {path}\n")
    return None


def _hint_one(
    record: Record,
    givens: Puzzle | None,
    console: Console | None,
    profile: Profile,
    options: HintOptions,
    out: IO[str],
    err: IO[str],
    pages: list[list[str]] | None = None,
) -> int:
    """The hint (or the error) for one state (drawn into ``pages`` when given); returns its exit code."""
    if not isinstance(record.item, Puzzle):
        report_error(err, record)
        _json_error(out, options, record.where, record.error or "")
        return EXIT_BAD_INPUT
    try:
        advice = advice_of(record, record.item, givens, profile, options)
    except StateMismatch as mismatch:
        err.write(f"stepdoku: {record.where}: {mismatch}\n")
        _json_error(out, options, record.where, str(mismatch))
        return EXIT_BAD_INPUT
    if pages is not None:
        from engine.app.draw.hint_page import hint_parts

        pages.append(hint_parts(advice, options.level))
    if options.json:
        out.write(json.dumps(advice.to_json()) + "\n")
    elif console is not None:
        console.print(HintView(advice, options.level, options.apply))
        if options.apply and advice.applied is not None:
            console.print(Text(advice.applied), soft_wrap=True)
    return _exit_code(advice)


def _exit_code(advice: Advice) -> int:
    """1 when the puzzle has no solution or several, as for every command: the puzzle is
    ``--puzzle`` when given, else the digits of the grid itself (mistakes in a player's
    grid against a proper ``--puzzle`` are an answer, not a broken puzzle)."""
    puzzle = advice.diagnosis.puzzle.status if advice.diagnosis is not None else None
    broken = advice.status is HintStatus.INVALID or puzzle in (Status.NONE, Status.MULTIPLE)
    return EXIT_INVALID if broken else EXIT_OK


def givens_of(record: Record) -> Puzzle | str:
    """The original puzzle (``--puzzle``), or why it cannot be read."""
    if isinstance(record.item, Puzzle):
        return record.item
    return record.item.message.replace("no puzzle found in argument 1", "no puzzle found")


def advice_of(record: Record, puzzle: Puzzle, givens: Puzzle | None, profile: Profile, options: HintOptions) -> Advice:
    """The diagnosis and the hint for one state (``puzzle``, read from ``record``).

    Raises:
        StateMismatch: the state does not keep the givens.
    """
    state = player_state(puzzle, givens)
    return advise(Advice(record.where, state, puzzle.layout, puzzle.empty_char, board=puzzle.board), profile, options)


def _json_error(out: IO[str], options: HintOptions, where: str, message: str) -> None:
    """With --json, unreadable input still gets its object (same keys, status "error")."""
    if options.json:
        keys = ("status", "source", "state", "uniqueness", "givens_known", "mistakes", "hint", "applied", "notes", "error")
        data: dict[str, object] = dict.fromkeys(keys)
        data.update(status=HintStatus.ERROR.value, source=where, givens_known=False, mistakes=[], notes=[], error=message)
        out.write(json.dumps(data) + "\n")

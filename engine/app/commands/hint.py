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

Exit codes: 0 (hint, mistakes or solved), 1 the puzzle itself has no solution, 2 bad input.
"""

from __future__ import annotations

import json
from typing import IO

from rich.console import Console
from rich.text import Text

from engine.advice import Advice, HintOptions, StateMismatch, advise, player_state
from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, batch, report_error
from engine.app.commands.richout import terminal_console
from engine.formats import Puzzle
from engine.app.render.hint import HintView
from engine.technique import Catalog


def run(options: HintOptions, catalog: Catalog, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    givens: Puzzle | None = None
    if options.puzzle is not None:
        first = next(iter(iter_records([options.puzzle], stdin)))
        if not isinstance(first.item, Puzzle):
            message = first.item.message.replace("no puzzle found in argument 1", "no puzzle found")
            err.write(f"stepdoku: --puzzle: {message}\n")
            return EXIT_BAD_INPUT
        givens = first.item
    console = None if options.json else terminal_console(out)
    with batch() as outcome:
        for record in iter_records([options.state], stdin):
            outcome.add(_hint_one(record, givens, console, catalog, options, out, err), record.where)
            out.flush()
    return outcome.exit_code


def _hint_one(
    record: Record,
    givens: Puzzle | None,
    console: Console | None,
    catalog: Catalog,
    options: HintOptions,
    out: IO[str],
    err: IO[str],
) -> int:
    """The hint (or the error) for one state; returns its exit code."""
    if not isinstance(record.item, Puzzle):
        report_error(err, record)
        _json_error(out, options, record.where, record.error or "")
        return EXIT_BAD_INPUT
    try:
        state = player_state(record.item, givens)
    except StateMismatch as mismatch:
        err.write(f"stepdoku: {record.where}: {mismatch}\n")
        _json_error(out, options, record.where, str(mismatch))
        return EXIT_BAD_INPUT
    puzzle = record.item
    advice = advise(Advice(record.where, state, puzzle.layout, puzzle.empty_char, board=puzzle.board), catalog, options)
    if console is None:
        out.write(json.dumps(advice.to_json()) + "\n")
    else:
        console.print(HintView(advice, options.level, options.apply))
        if options.apply and advice.applied is not None:
            console.print(Text(advice.applied), soft_wrap=True)
    return EXIT_INVALID if advice.status == "invalid" else EXIT_OK


def _json_error(out: IO[str], options: HintOptions, where: str, message: str) -> None:
    """With --json, unreadable input still gets its object (same keys, status "error")."""
    if options.json:
        keys = ("status", "source", "state", "uniqueness", "givens_known", "mistakes", "hint", "applied", "notes", "error")
        data: dict[str, object] = dict.fromkeys(keys)
        data.update(status="error", source=where, givens_known=False, mistakes=[], notes=[], error=message)
        out.write(json.dumps(data) + "\n")

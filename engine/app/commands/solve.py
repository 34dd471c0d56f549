"""``stepdoku solve``: solutions by search, in the layout the puzzle came in.

Text output: the solution of each puzzle (one line each for 81-character input, a grid
otherwise). A puzzle with no solution or several gets a line starting with ``#`` that
says so (and for several, where two solutions differ), so line-oriented output stays
aligned with the input. Unreadable input is reported on stderr and the batch carries on.

JSON (``--json``), one object per puzzle, JSON Lines for many::

    {"puzzle": "<81>", "status": "unique"|"multiple"|"none"|"error",
     "solution": "<81>"|null, "solutions": [...], "error": "..."|null, "source": "file:line"}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from engine.analysis import Analysis, Status, analyse
from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, batch, report_error
from engine.formats import Layout, Puzzle, format_line, format_values
from engine.search import count_solutions

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import CountRecord, SolveRecord


@dataclass(frozen=True)
class SolveOptions:
    inputs: tuple[str, ...] = ()
    layout: Layout | None = None  # None: the layout each puzzle came in
    count: bool = False
    limit: int = 1000
    json: bool = False


def run(options: SolveOptions, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    """Solve every input puzzle; the exit code is the worst outcome (0, 1 invalid, 2 bad input)."""
    with batch() as outcome:
        for record in iter_records(options.inputs, stdin):
            if isinstance(record.item, Puzzle):
                code = _solve_one(record, record.item, options, out)
            else:
                code = EXIT_BAD_INPUT
                if options.json:
                    out.write(json.dumps(_error_json(record)) + "\n")
                report_error(err, record)
            outcome.add_written(code, record.where, out)
    return outcome.exit_code


def _solve_one(record: Record, puzzle: Puzzle, options: SolveOptions, out: IO[str]) -> int:
    if options.count:
        return _count_one(record, puzzle, options, out)
    analysis = analyse(puzzle.values, puzzle.candidates)
    if options.json:
        out.write(json.dumps(solve_json(record, puzzle, analysis)) + "\n")
    else:
        out.write(_solve_text(record, puzzle, analysis, options.layout or puzzle.layout) + "\n")
    return EXIT_OK if analysis.status is Status.UNIQUE else EXIT_INVALID


def _solve_text(record: Record, puzzle: Puzzle, analysis: Analysis, layout: Layout) -> str:
    if analysis.status is Status.UNIQUE:
        assert analysis.solution is not None
        return format_values(analysis.solution, layout, puzzle.empty_char, puzzle.givens_mask, puzzle.board)
    message = f"# {record.where}: {analysis.describe()}"
    if analysis.status is Status.NONE:
        return message
    first, second = analysis.solutions[0], analysis.solutions[1]
    if layout is Layout.LINE:
        return f"{message}: {format_line(first)} / {format_line(second)}"
    shown = [format_values(s, layout, puzzle.empty_char, puzzle.givens_mask, puzzle.board) for s in (first, second)]
    return "\n".join([message, "# solution 1:", shown[0], "# solution 2:", shown[1]])


def _count_one(record: Record, puzzle: Puzzle, options: SolveOptions, out: IO[str]) -> int:
    """Count up to --limit; a second solution is always looked for, so the exit code says
    whether the puzzle is proper even with --limit 1."""
    found, data = count_json(record, puzzle, options.limit)
    if options.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(f"{record.where}: {count_words(data['count'], data['capped'], options.limit, found)}\n")
    return EXIT_OK if found == 1 else EXIT_INVALID


def count_json(record: Record, puzzle: Puzzle, limit: int) -> tuple[int, CountRecord]:
    """The solutions counted up to ``limit`` (and always up to 2): how many were found,
    and the record."""
    found = count_solutions(puzzle.values, max(limit, 2), puzzle.candidates)
    n = min(found, limit)
    capped = found >= limit and not (found == 1 and limit == 1)
    return found, {"puzzle": format_line(puzzle.values), "count": n, "capped": capped, "source": record.where}


def count_words(n: int, capped: bool, limit: int, found: int) -> str:
    """``1 solution``, ``3 solutions``, or what the limit cut short.

    >>> count_words(5, True, 5, 5)
    'stopped counting at 5 (--limit 5): at least 5 solutions'
    >>> count_words(1, True, 1, 2)
    'stopped counting at 1 (--limit 1): more than one solution'
    """
    if not capped:
        return f"{n} solution" + ("" if n == 1 else "s")
    at_least = "more than one solution" if limit == 1 and found > 1 else f"at least {limit} solution" + ("" if limit == 1 else "s")
    return f"stopped counting at {limit} (--limit {limit}): {at_least}"


def solve_json(record: Record, puzzle: Puzzle, analysis: Analysis) -> SolveRecord:
    return {
        "puzzle": format_line(puzzle.values),
        "status": analysis.status.value,
        "solution": format_line(analysis.solution) if analysis.solution else None,
        "solutions": [format_line(s) for s in analysis.solutions] if analysis.status is Status.MULTIPLE else [],
        "error": analysis.reason or None,
        "source": record.where,
    }


def _error_json(record: Record) -> SolveRecord:
    return {
        "puzzle": None,
        "status": "error",
        "solution": None,
        "solutions": [],
        "error": record.error,
        "source": record.where,
    }

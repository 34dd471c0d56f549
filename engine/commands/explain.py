"""``stepdoku explain``: the whole logical solution of each puzzle.

JSON (one object per puzzle, JSON Lines for many)::

    {"puzzle": "<81>", "status": "solved"|"stuck"|"invalid", "error": ..., "solution": "<81>",
     "brute_force": n, "steps": [STEP, ...]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any

from engine.analysis import Analysis, Status
from engine.commands.inputs import Record, iter_records
from engine.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, Outcome, report_error
from engine.formats import Puzzle, format_line
from engine.grid import Contradiction, Grid
from engine.solver import SolveResult, SolveStatus, solve
from engine.technique import Catalog, Technique


@dataclass(frozen=True)
class ExplainOptions:
    inputs: tuple[str, ...] = ()
    codes: str | None = None
    max_difficulty: int | None = None
    allow_search: bool = True
    json: bool = False


def run(options: ExplainOptions, catalog: Catalog, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    techniques = catalog.select(options.codes) if options.codes else catalog.default
    outcome = Outcome()
    for record in iter_records(options.inputs, stdin):
        if not isinstance(record.item, Puzzle):
            report_error(err, record)
            if options.json:
                out.write(json.dumps({"puzzle": None, "status": "error", "error": record.error, "solution": None, "brute_force": 0, "steps": [], "source": record.where}) + "\n")
            outcome.add(EXIT_BAD_INPUT)
            continue
        result = explain_puzzle(record.item, techniques, options)
        if options.json:
            out.write(json.dumps(explain_json(record, record.item, result)) + "\n")
        else:
            out.write(_text(record, result))
        outcome.add(EXIT_OK if result.status is not SolveStatus.INVALID else EXIT_INVALID)
        out.flush()
    return outcome.exit_code


def explain_puzzle(puzzle: Puzzle, techniques: tuple[Technique, ...], options: ExplainOptions) -> SolveResult:
    try:
        grid = puzzle.to_grid()
    except Contradiction as broken:
        return SolveResult(SolveStatus.INVALID, (), Grid.from_values([0] * 81), Analysis(Status.NONE, reason=str(broken)))
    return solve(grid, techniques, max_difficulty=options.max_difficulty, allow_search=options.allow_search)


def explain_json(record: Record, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
    return {
        "puzzle": format_line(puzzle.values),
        "status": result.status.value,
        "error": result.error,
        "solution": format_line(result.solution) if result.solution else None,
        "brute_force": result.brute_force,
        "steps": [s.to_json() for s in result.steps],
        "source": record.where,
    }


def _text(record: Record, result: SolveResult) -> str:
    if result.status is SolveStatus.INVALID:
        return f"# {record.where}: {result.error}\n"
    lines = [f"{n}. {step}" for n, step in enumerate(result.steps, 1)]
    if result.status is SolveStatus.STUCK:
        lines.append(f"# {record.where}: stuck: {result.error}")
    return "\n".join(lines) + "\n"

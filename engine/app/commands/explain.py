"""``stepdoku explain``: the whole logical solution of each puzzle, as a walkthrough.

By default a rich walkthrough on the terminal: each step's line and explanation with the
candidate grid it was found in (runs of singles collapsed into lines), then a summary
with the rating. ``--html``/``--svg`` write the same walkthrough to a self-contained file,
``--text`` prints the HoDoKu-style lines only.

JSON (one object per puzzle, JSON Lines for many)::

    {"puzzle": "<81>", "status": "solved"|"stuck"|"invalid", "error": ..., "solution": "<81>",
     "brute_force": n, "steps": [STEP, ...], "source": "line 1",
     "rating": {"level", "score", "se", "hardest", "hardest_step", "brute_force", "steps",
                "techniques": [{"name", "code", "count", "score"}, ...]} | null}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from engine.analysis import Analysis, Status
from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, batch, report_error
from engine.app.commands.richout import RichTarget
from engine.formats import Puzzle, format_line
from engine.grid import Contradiction, Grid
from engine.rating import Rating, rate
from engine.app.render.steps import StepLog, paragraph
from engine.app.render.tables import RatingSummary
from engine.app.render.theme import style_of
from engine.profiles.hodoku_choice import choose as hodoku_choose
from engine.solver import SolveResult, SolveStatus, solve
from engine.technique import Catalog, Technique
from engine.walkthrough import build_walkthrough


@dataclass(frozen=True)
class ExplainOptions:
    inputs: tuple[str, ...] = ()
    codes: str | None = None
    max_difficulty: int | None = None
    allow_search: bool = True
    json: bool = False
    text: bool = False
    full_singles: bool = False
    html: str | None = None
    svg: str | None = None
    from_step: int = 1
    until_step: int | None = None


def run(options: ExplainOptions, catalog: Catalog, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    problem = _check_range(options) or RichTarget(options.html, options.svg).check()
    if problem:
        err.write(f"stepdoku: {problem}\n")
        return EXIT_BAD_INPUT
    techniques = catalog.select(options.codes) if options.codes else catalog.default
    target = RichTarget(options.html, options.svg)
    console = None if options.json or options.text else target.console(out)
    first_line = ""
    with batch() as outcome:
        for record in iter_records(options.inputs, stdin):
            if not isinstance(record.item, Puzzle):
                report_error(err, record)
                if options.json:
                    out.write(json.dumps({"puzzle": None, "status": "error", "error": record.error, "solution": None, "brute_force": 0, "steps": [], "source": record.where, "rating": None}) + "\n")
                outcome.add(EXIT_BAD_INPUT, record.where)
                out.flush()
                continue
            first_line = first_line or format_line(record.item.values)
            start, result = explain_puzzle(record.item, techniques, options)
            rating = rate(result.steps, catalog, solved=result.status is SolveStatus.SOLVED, start=start) if result.status is not SolveStatus.INVALID else None
            code = EXIT_OK if result.status is not SolveStatus.INVALID else EXIT_INVALID
            if options.json:
                out.write(json.dumps(explain_json(record, record.item, result, rating)) + "\n")
            elif options.text:
                out.write(_text(record, result, options))
            else:
                assert console is not None
                code = max(code, _walkthrough(console, record, start, result, rating, options))
            outcome.add(code, record.where)
            out.flush()
    if console is not None and target.exporting:
        failed = target.finish(console, f"stepdoku walkthrough: {first_line}", err)
        if failed:
            err.write(f"stepdoku: {failed}\n")
            outcome.add(EXIT_BAD_INPUT)
    return outcome.exit_code


def _check_range(options: ExplainOptions) -> str | None:
    if options.from_step < 1:
        return "--from-step must be 1 or more"
    if options.until_step is not None and options.until_step < options.from_step:
        return "--until-step must not be before --from-step"
    return None


def explain_puzzle(puzzle: Puzzle, techniques: tuple[Technique, ...], options: ExplainOptions) -> tuple[Grid, SolveResult]:
    """The starting grid and the logical solution of a puzzle."""
    try:
        grid = puzzle.to_grid()
    except Contradiction as broken:
        empty = Grid.from_values([0] * 81)
        return empty, SolveResult(SolveStatus.INVALID, (), empty, Analysis(Status.NONE, reason=str(broken)))
    return grid, solve(grid, techniques, max_difficulty=options.max_difficulty, allow_search=options.allow_search, choose=hodoku_choose)


def explain_json(record: Record, puzzle: Puzzle, result: SolveResult, rating: Rating | None = None) -> dict[str, Any]:
    return {
        "puzzle": format_line(puzzle.values),
        "status": result.status.value,
        "error": result.error,
        "solution": format_line(result.solution) if result.solution else None,
        "brute_force": result.brute_force,
        "steps": [s.to_json() for s in result.steps],
        "source": record.where,
        "rating": rating.to_json() if rating is not None else None,
    }


def _text(record: Record, result: SolveResult, options: ExplainOptions) -> str:
    if result.status is SolveStatus.INVALID:
        return f"# {record.where}: {result.error}\n"
    last = options.until_step or len(result.steps)
    lines = [f"{n}. {step}" for n, step in enumerate(result.steps, 1) if options.from_step <= n <= last]
    if result.status is SolveStatus.STUCK:
        lines.append(f"# {record.where}: stuck: {result.error}")
    return "\n".join(lines) + "\n"


def _note(puzzle: Puzzle) -> str:
    """What followed the 81 cells on the input line (a name, a rating), for the title; it is
    printed as plain text (never markup), so anything a file holds stays text."""
    words = " · ".join(part.strip() for part in puzzle.comment.lstrip("#").split("\t") if part.strip())
    return f" {words[:60]}" if words else ""


def _walkthrough(console: Console, record: Record, start: Grid, result: SolveResult, rating: Rating | None, options: ExplainOptions) -> int:
    """Print one puzzle's walkthrough; the exit code of anything wrong with the options."""
    assert isinstance(record.item, Puzzle)
    console.print(Text(f"Puzzle {record.index} ({record.where}){_note(record.item)}", style=style_of(console, "walk.title")))
    console.print(Text(format_line(record.item.values)), soft_wrap=True)
    if result.status is SolveStatus.INVALID:
        console.print(paragraph(console, f"This puzzle cannot be explained: {result.error}.", "walk.warn"))
        console.print()
        return EXIT_OK
    total = len(result.steps)
    if options.from_step > max(total, 1):
        console.print(paragraph(console, f"The solution has only {total} steps; nothing from step {options.from_step}.", "walk.warn"))
        console.print()
        return EXIT_BAD_INPUT
    frames = build_walkthrough(start, result.steps, collapse_singles=not options.full_singles, first=options.from_step, last=options.until_step)
    console.print(paragraph(console, _status_note(result), "walk.note"))
    console.print()
    console.print(StepLog(frames))
    if result.status is SolveStatus.STUCK:
        console.print(paragraph(console, f"Stuck after {total} steps: {result.error}.", "walk.warn"))
    if rating is not None:
        console.print()
        console.print(RatingSummary(rating, title="Summary of the whole solution" if _partial(options, total) else "Summary"))
    console.print()
    return EXIT_OK


def _partial(options: ExplainOptions, total: int) -> bool:
    return options.from_step > 1 or (options.until_step is not None and options.until_step < total)


def _status_note(result: SolveResult) -> str:
    n = len(result.steps)
    shown = f"{n} step" + ("" if n == 1 else "s")
    if result.status is SolveStatus.STUCK:
        return f"{shown}, then no allowed technique applies."
    guesses = f", {result.brute_force} of them Brute Force" if result.brute_force else ""
    return f"Solved in {shown}{guesses}."

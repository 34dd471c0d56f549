"""``stepdoku explain``: the whole logical solution of each puzzle, as a walkthrough.

By default a rich walkthrough on the terminal: each step's line and explanation with the
candidate grid it was found in (runs of singles collapsed into lines), then a summary
with the rating. ``--html``/``--svg`` write the same walkthrough to a self-contained file,
``--text`` prints the HoDoKu-style lines only.

The solve and the rating follow a profile (``--profile``, default ``hodoku``).

JSON (one object per puzzle, JSON Lines for many)::

    {"puzzle": "<81>", "status": "solved"|"stuck"|"invalid", "error": ..., "solution": "<81>",
     "brute_force": n, "steps": [STEP, ...], "source": "line 1",
     "rating": {<the profile's rating fields>, "hardest", "hardest_step", "brute_force", "steps",
                "techniques": [{"name", "code", "count", <the profile's numbers>}, ...]} | null}

with the ``hodoku`` profile the rating fields are ``level``, ``score``, ``se`` and each
technique has its ``score``; with ``se`` they are ``er``, ``ep``, ``ed`` and each technique
has its highest ``se``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from engine.notation import rated_line
from engine.analysis import Analysis, Status
from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, EXIT_OUTPUT_FAILED, batch, report_error
from engine.app.commands.drawn import DrawnOutputs, check_folder, is_folder, solution_section, status_note
from engine.app.commands.richout import RichTarget
from engine.formats import Puzzle, format_line
from engine.grid import Contradiction, Grid
from engine.profiles import Profile, Rating
from engine.app.render.steps import StepLog, paragraph
from engine.app.render.tables import RatingSummary
from engine.app.render.theme import style_of
from engine.solver import SolveResult, SolveStatus
from engine.technique import Technique
from engine.walkthrough import build_walkthrough

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import ExplainRecord


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


def run(options: ExplainOptions, profile: Profile, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    folder = options.svg if is_folder(options.svg) else None
    target = RichTarget(None, None if folder else options.svg)  # --svg FILE: the terminal output as a picture
    drawn = DrawnOutputs(options.html, folder)
    problem = _check_range(options)
    if problem:
        err.write(f"stepdoku: {problem}\n")
        return EXIT_BAD_INPUT
    unwritable = target.check() or (check_folder(folder) if folder else None) or RichTarget(options.html).check()
    if unwritable:
        err.write(f"stepdoku: {unwritable}\n")
        return EXIT_OUTPUT_FAILED
    techniques = profile.plan(options.codes, options.max_difficulty)
    if not techniques:
        err.write(f"stepdoku: {_nothing_left(profile, options)}\n")
        return EXIT_BAD_INPUT
    quiet = options.json or options.text or (drawn.wanted and not target.exporting)
    console = None if quiet else target.console(out)
    first_line = ""
    with batch() as outcome:
        for record in iter_records(options.inputs, stdin):
            if not isinstance(record.item, Puzzle):
                report_error(err, record)
                if options.json:
                    out.write(json.dumps({"puzzle": None, "status": "error", "error": record.error, "solution": None, "brute_force": 0, "steps": [], "source": record.where, "rating": None}) + "\n")
                outcome.add_written(EXIT_BAD_INPUT, record.where, out)
                continue
            first_line = first_line or format_line(record.item.values)
            start, result, rating = explained(record.item, profile, techniques, options.allow_search)
            code = EXIT_OK if result.status is not SolveStatus.INVALID else EXIT_INVALID
            if drawn.wanted:
                heading = f"Puzzle {record.index} ({record.where}){_note(record.item)}"
                drawn.sections.append(solution_section(heading, f"p{record.index}-", start, result, rating, profile.count_columns, options.from_step, options.until_step))
            if options.json:
                out.write(json.dumps(explain_json(record, record.item, result, rating)) + "\n")
            elif options.text and _beyond_end(options, result):
                err.write(f"stepdoku: {record.where}: {_beyond_words(result, options)}\n")
                code = max(code, EXIT_BAD_INPUT)
            elif options.text:
                out.write(_text(record, result, options))
            elif console is not None:
                code = max(code, _walkthrough(console, record, start, result, rating, profile, options))
            elif _beyond_end(options, result):
                code = max(code, EXIT_BAD_INPUT)
            outcome.add_written(code, record.where, out)
    title = f"stepdoku walkthrough: {first_line}"
    failures = [drawn.write(title, err, expanded=options.full_singles) if drawn.wanted else None]
    if console is not None and target.exporting:
        failures.append(target.finish(console, title, err))
    for failed in filter(None, failures):
        err.write(f"stepdoku: {failed}\n")
        return max(outcome.exit_code, EXIT_OUTPUT_FAILED)
    return outcome.exit_code


def _check_range(options: ExplainOptions) -> str | None:
    if options.from_step < 1:
        return "--from-step must be 1 or more"
    if options.until_step is not None and options.until_step < options.from_step:
        return "--until-step must not be before --from-step"
    return None


def _nothing_left(profile: Profile, options: ExplainOptions) -> str:
    """Why ``--max-difficulty`` leaves no technique to use."""
    first = profile.plan(options.codes)[0]
    which = " of --only" if options.codes is not None else ""
    return (
        f"--max-difficulty {options.max_difficulty} leaves no technique to use: the first technique{which} in profile {profile.name!r}, "
        f"{first.name}, is ordered {profile.entry(first.code).order} (see 'stepdoku techniques --profile {profile.name}')"
    )


def explain_puzzle(puzzle: Puzzle, profile: Profile, techniques: tuple[Technique, ...], allow_search: bool = True) -> tuple[Grid, SolveResult]:
    """The starting grid and the logical solution of a puzzle, by the profile's policy."""
    try:
        grid = puzzle.to_grid()
    except Contradiction as broken:
        empty = Grid.from_values([0] * 81)
        return empty, SolveResult(SolveStatus.INVALID, (), empty, Analysis(Status.NONE, reason=str(broken)))
    return grid, profile.solve(grid, techniques, allow_search=allow_search)


def explained(puzzle: Puzzle, profile: Profile, techniques: tuple[Technique, ...], allow_search: bool = True) -> tuple[Grid, SolveResult, Rating | None]:
    """The starting grid, the logical solution and its rating (None for an invalid puzzle)."""
    start, result = explain_puzzle(puzzle, profile, techniques, allow_search)
    if result.status is SolveStatus.INVALID:
        return start, result, None
    return start, result, profile.rate(result.steps, solved=result.status is SolveStatus.SOLVED, start=start)


def explain_json(record: Record, puzzle: Puzzle, result: SolveResult, rating: Rating | None = None) -> ExplainRecord:
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
    lines = [f"{n}. {rated_line(step)}" for n, step in enumerate(result.steps, 1) if options.from_step <= n <= last]
    if result.status is SolveStatus.STUCK:
        lines.append(f"# {record.where}: stuck: {result.error}")
    return "\n".join(lines) + "\n"


def _note(puzzle: Puzzle) -> str:
    """What followed the 81 cells on the input line (a name, a rating), for the title; it is
    printed as plain text (never markup), so anything a file holds stays text."""
    words = " · ".join(part.strip() for part in puzzle.comment.lstrip("#").split("\t") if part.strip())
    return f" {words[:60]}" if words else ""


def _walkthrough(
    console: Console, record: Record, start: Grid, result: SolveResult, rating: Rating | None, profile: Profile, options: ExplainOptions
) -> int:
    """Print one puzzle's walkthrough; the exit code of anything wrong with the options."""
    assert isinstance(record.item, Puzzle)
    console.print(Text(f"Puzzle {record.index} ({record.where}){_note(record.item)}", style=style_of(console, "walk.title")))
    console.print(Text(format_line(record.item.values)), soft_wrap=True)
    if result.status is SolveStatus.INVALID:
        console.print(paragraph(console, f"This puzzle cannot be explained: {result.error}.", "walk.warn"))
        console.print()
        return EXIT_OK
    total = len(result.steps)
    if _beyond_end(options, result):
        words = _beyond_words(result, options)
        console.print(paragraph(console, f"{words[0].upper()}{words[1:]}.", "walk.warn"))
        console.print()
        return EXIT_BAD_INPUT
    frames = build_walkthrough(start, result.steps, collapse_singles=not options.full_singles, first=options.from_step, last=options.until_step)
    console.print(paragraph(console, status_note(result), "walk.note"))
    console.print()
    console.print(StepLog(frames), crop=False)  # its lines fit the width: see StepLog
    if result.status is SolveStatus.STUCK:
        console.print(paragraph(console, f"Stuck after {total} steps: {result.error}.", "walk.warn"))
    if rating is not None:
        console.print()
        title = "Summary of the whole solution" if _partial(options, total) else "Summary"
        console.print(RatingSummary(rating, profile.count_columns, title=title))
    console.print()
    return EXIT_OK


def _beyond_words(result: SolveResult, options: ExplainOptions) -> str:
    """``the solution has only 70 steps; nothing from step 100``."""
    total = len(result.steps)
    return f"the solution has only {total} step{'' if total == 1 else 's'}; nothing from step {options.from_step}"


def _beyond_end(options: ExplainOptions, result: SolveResult) -> bool:
    """--from-step is past the last step of a solution that could be worked out."""
    return result.status is not SolveStatus.INVALID and options.from_step > max(len(result.steps), 1)


def _partial(options: ExplainOptions, total: int) -> bool:
    return options.from_step > 1 or (options.until_step is not None and options.until_step < total)

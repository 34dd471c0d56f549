"""``stepdoku steps``: every instance of some techniques in a position.

The position may be a plain puzzle or a partly solved state (PM grid, HoDoKu library line)
with candidates removed. Without ``--technique`` a library line is examined with its own
technique, anything else with the profile's default techniques, in the profile's order.

``--rich`` (or ``--html FILE``/``--svg FILE``) shows each step with its explanation on the
candidate grid of the position, as ``explain`` does.

JSON: one line per position ``{"position": n, "source": ..., "puzzle": "<81>",
"status": "unique"|"multiple"|"none"|"error", "error": ..., "steps": [STEP, ...],
"cut_short": [CODE, ...]}``.

Each technique's listing is bounded by work (``engine.listing``): one that reaches its
bound keeps the steps found so far and is named in ``cut_short`` (the text, the rich view
and the page say so in words), the same on every machine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any, NamedTuple

from rich.console import Console
from rich.text import Text

from engine.notation import rated_line
from engine.analysis import Status, analyse
from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.drawn import DrawnOutputs, check_folder, is_folder, note_panel
from engine.app.commands.richout import RichTarget
from engine.app.draw.page import Section
from engine.app.draw.walk import step_panel
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, EXIT_OUTPUT_FAILED, batch, report_error
from engine.formats import Puzzle, format_line
from engine.grid import Contradiction
from engine.listing import LISTING_WORK, list_steps
from engine.profiles import Profile
from engine.solver import usable_techniques
from engine.step import Step
from engine.app.render.steps import Indented, Legend, paragraph, steps_view
from engine.app.render.theme import style_of
from engine.technique import Technique


@dataclass(frozen=True)
class StepsOptions:
    inputs: tuple[str, ...] = ()
    codes: str | None = None
    json: bool = False
    explain: bool = True
    rich: bool = False
    html: str | None = None
    svg: str | None = None
    max_work: int = LISTING_WORK  # work units each technique's listing may spend


def run(options: StepsOptions, profile: Profile, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    folder = options.svg if is_folder(options.svg) else None
    target = RichTarget(None, None if folder else options.svg)  # --svg FILE: the terminal output as a picture
    drawn = DrawnOutputs(options.html, folder)
    problem = target.check() or (check_folder(folder) if folder else None) or RichTarget(options.html).check()
    if problem:
        err.write(f"stepdoku: {problem}\n")
        return EXIT_OUTPUT_FAILED
    chosen = profile.select(options.codes) if options.codes is not None else None
    wants_console = (options.rich and not drawn.wanted) or target.exporting
    console = target.console(out) if wants_console and not options.json else None
    with batch() as outcome:
        for record in iter_records(options.inputs, stdin):
            if isinstance(record.item, Puzzle):
                techniques = chosen or _default_techniques(record.item, profile)
                status = None
                if drawn.wanted:
                    section, status = _drawn_one(record, record.item, techniques, options.max_work)
                    drawn.sections.append(section)
                if status is not None and console is None and not options.json:
                    code = _code(status)
                elif console is not None:
                    code = _rich_one(console, record, record.item, techniques, options.max_work)
                else:
                    code = _one(record, record.item, techniques, options, out)
            else:
                report_error(err, record)
                if options.json:
                    out.write(json.dumps({"position": record.index, "source": record.where, "puzzle": None, "status": "error", "error": record.error, "steps": [], "cut_short": []}) + "\n")
                code = EXIT_BAD_INPUT
            outcome.add_written(code, record.where, out)
    failures = [drawn.write("stepdoku steps", err) if drawn.wanted else None]
    if console is not None and target.exporting:
        failures.append(target.finish(console, "stepdoku steps", err))
    for failed in filter(None, failures):
        err.write(f"stepdoku: {failed}\n")
        return max(outcome.exit_code, EXIT_OUTPUT_FAILED)
    return outcome.exit_code


def _code(status: Status) -> int:
    """1 when the position has no solution or several, as for every command."""
    return EXIT_OK if status is Status.UNIQUE else EXIT_INVALID


def _drawn_one(record: Record, puzzle: Puzzle, techniques: tuple[Technique, ...], work: int) -> tuple[Section, Status]:
    """A position's steps for the page, each on the position's drawn grid, and its status."""
    found = find_steps(puzzle, techniques, work)
    status, error, steps = found.status, found.error, found.steps
    count = f"{len(steps)} step" + ("" if len(steps) == 1 else "s")
    heading = f"Position {record.index} ({record.where}): {count}"
    prefix = f"p{record.index}-"
    multiple = "More than one solution: uniqueness techniques are left out." if status is Status.MULTIPLE else None
    notes = tuple(n for n in (error, multiple, cut_note(found, techniques, work)) if n)
    if not steps or status is Status.NONE:
        return Section(heading, (note_panel(prefix, heading, " ".join(notes) or "No step found here."),)), status
    grid = puzzle.to_grid()
    panels = [step_panel(prefix, n, step, grid) for n, step in enumerate(steps, 1)]
    return Section(heading, tuple(panels), notes), status


def _default_techniques(puzzle: Puzzle, profile: Profile) -> tuple[Technique, ...]:
    if puzzle.library is not None:
        technique = profile.catalog.by_library_code(puzzle.library.code.split("-")[0])
        if technique is not None:
            return (technique,)
    return profile.default


class Found(NamedTuple):
    """What a position's listing found: its status, why it is broken (if it is), the
    steps, and the codes of the techniques whose listing was cut short by its bound."""

    status: Status
    error: str | None
    steps: list[Step]
    cut: tuple[str, ...] = ()


def find_steps(puzzle: Puzzle, techniques: tuple[Technique, ...], work: int = LISTING_WORK) -> Found:
    """Every step of the techniques in the position (uniqueness ones only if it is
    unique), each technique's listing bounded by ``work`` units (``engine.listing``)."""
    try:
        grid = puzzle.to_grid()
    except Contradiction as broken:
        return Found(Status.NONE, str(broken), [])
    analysis = analyse(grid.values, grid.cands)
    usable = usable_techniques(techniques, unique=analysis.status is Status.UNIQUE)
    listing = list_steps(grid, usable, work)
    return Found(analysis.status, analysis.reason or None, list(listing.steps), listing.cut)


def cut_note(found: Found, techniques: tuple[Technique, ...], work: int = LISTING_WORK) -> str | None:
    """The sentence saying which listings were cut short, if any."""
    if not found.cut:
        return None
    names = {t.code: t.name for t in techniques}
    which = ", ".join(f"{names.get(code, code)} ({code})" for code in found.cut)
    return (
        f"Cut short: the listing of {which} reached its work bound ({work:,} units) and stopped there, "
        "so there may be more steps than these (the bound is work, not time: the same on every machine; "
        "--max-work raises it)."
    )


def _rich_one(console: Console, record: Record, puzzle: Puzzle, techniques: tuple[Technique, ...], work: int) -> int:
    found = find_steps(puzzle, techniques, work)
    status, error, steps = found.status, found.error, found.steps
    count = f"{len(steps)} step" + ("" if len(steps) == 1 else "s")
    console.print(Text(f"Position {record.index} ({record.where}): {count}", style=style_of(console, "walk.title")))
    if error:
        console.print(paragraph(console, error, "walk.warn"))
    if status is Status.MULTIPLE:
        console.print(paragraph(console, "More than one solution: uniqueness techniques are left out.", "walk.note"))
    note = cut_note(found, techniques, work)
    if note:
        console.print(paragraph(console, note, "walk.warn"))
    if steps:
        console.print(Indented(Legend(), 0))
        console.print(steps_view(steps, puzzle.to_grid()))
    console.print()
    return _code(status)


def _one(record: Record, puzzle: Puzzle, techniques: tuple[Technique, ...], options: StepsOptions, out: IO[str]) -> int:
    found = find_steps(puzzle, techniques, options.max_work)
    if options.json:
        data: dict[str, Any] = {
            "position": record.index,
            "source": record.where,
            "puzzle": format_line(puzzle.values),
            "status": found.status.value,
            "error": found.error,
            "steps": [s.to_json() for s in found.steps],
            "cut_short": list(found.cut),
        }
        out.write(json.dumps(data) + "\n")
    else:
        out.write(_text(record, found, cut_note(found, techniques, options.max_work), options.explain))
    return _code(found.status)


def _text(record: Record, found: Found, cut: str | None, explain: bool) -> str:
    status, error, steps = found.status, found.error, found.steps
    count = f"{len(steps)} step" + ("" if len(steps) == 1 else "s")
    lines = [f"# {record.where}: {count}" + (f" ({error})" if error else "")]
    if status is Status.MULTIPLE:
        lines.append("# more than one solution: uniqueness techniques are left out")
    if cut:
        lines.append(f"# {cut[0].lower()}{cut[1:]}")
    for step in steps:
        lines.append(rated_line(step))
        if explain and step.explanation:
            lines.append("    " + step.explanation)
    return "\n".join(lines) + "\n"

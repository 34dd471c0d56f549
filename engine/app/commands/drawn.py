"""Drawn outputs of the commands: the walkthrough page (``--html FILE``) and a folder of
drawn SVG pictures with an index (``--svg DIR``).

``--svg`` names a folder when the path is an existing folder or ends with ``/``; any other
path is one file, written as before (the terminal output as a picture). Pictures an
earlier run left in the folder under our names (``step-012.svg``, ...) and this run did not
write are removed; other files are never touched.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from html import escape
from typing import IO, TYPE_CHECKING, Sequence

from engine.grid import Grid
from engine.profiles import Column, Rating
from engine.solver import SolveResult, SolveStatus
from engine.app.commands.output import cannot_write

if TYPE_CHECKING:  # the drawing modules are imported where a picture is made (start-up)
    from engine.app.draw.page import Panel, Section

XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'


def is_folder(path: str | None) -> bool:
    """``--svg DIR``: an existing folder, or a path ending with a separator."""
    return path is not None and path != "" and (path.endswith(("/", os.sep)) or os.path.isdir(path))


def check_folder(path: str) -> str | None:
    """Why pictures cannot be written into ``path`` (created if its parent exists)."""
    folder = os.path.abspath(path)
    parent = os.path.dirname(folder.rstrip(os.sep))
    if os.path.exists(folder) and not os.path.isdir(folder):
        return f"cannot write into {path!r}: it is a file"
    if not os.path.isdir(folder) and not os.path.isdir(parent):
        return f"cannot write into {path!r}: no such folder {parent!r}"
    return None


@dataclass
class DrawnOutputs:
    """What ``--html FILE`` and ``--svg DIR`` collect while the puzzles are worked through."""

    html: str | None = None
    folder: str | None = None
    sections: list[Section] = field(default_factory=list)

    @property
    def wanted(self) -> bool:
        return bool(self.html or self.folder)

    def write(self, title: str, err: IO[str], *, expanded: bool = False, intro: Sequence[str] = ()) -> str | None:
        """Write the page and the pictures; an error message (naming the file) if one
        cannot be written."""
        from engine.app.draw.page import walkthrough_page

        if self.html:
            try:
                write_text(self.html, walkthrough_page(title, self.sections, expanded=expanded, intro=intro))
            except OSError as error:
                return cannot_write(error, self.html)
            err.write(f"stepdoku: wrote {self.html}\n")
        if self.folder:
            try:
                count = write_folder(self.folder, title, self.sections)
            except OSError as error:
                return cannot_write(error, self.folder)
            err.write(f"stepdoku: wrote {count} pictures and index.html in {self.folder}\n")
        return None


def picture_files(sections: Sequence[Section]) -> list[tuple[str, Panel]]:
    """(file name, panel) for every picture of a folder: ``start.svg``, ``step-001.svg``
    for each step, ``end.svg`` (runs of singles are the steps they hold); with several
    puzzles each name starts with ``puzzle-002-``."""
    out = []
    several = len(sections) > 1
    for n, section in enumerate(sections, 1):
        prefix = f"puzzle-{n:03d}-" if several else ""
        for panel in section.panels:
            local = panel.id.rpartition("-")[2]  # "s12", "start", "end" ("r4": a run)
            if panel.kind == "run":
                continue
            name = f"step-{int(local[1:]):03d}" if panel.kind in ("step", "single") else local
            out.append((f"{prefix}{name}.svg", panel))
    return out


def write_folder(folder: str, title: str, sections: Sequence[Section]) -> int:
    """One SVG per picture, and ``index.html`` showing them in order with their steps."""
    from engine.app.draw.geometry import WIDTH
    from engine.app.draw.page import picture_page

    os.makedirs(folder, exist_ok=True)
    files = picture_files(sections)
    rows = []
    for name, panel in files:
        write_text(os.path.join(folder, name), XML_DECLARATION + panel.picture + "\n")
        line = f'<p class="line">{escape(panel.line)}</p>' if panel.line else ""
        rows.append(f'<section class="panel"><h2>{escape(panel.heading)}</h2>{line}<figure><img src="{escape(name)}" alt="{escape(panel.label)}" width="{WIDTH}"></figure></section>')
    write_text(os.path.join(folder, "index.html"), picture_page(title, rows))
    _remove_stale(folder, {name for name, _ in files})
    return len(files)


#: The names ``picture_files`` can give, and so the only ones ever removed from a folder:
#: a step number has three digits (a walkthrough has fewer than 1,000 steps: each places a
#: digit or removes a candidate, of 729), from 001; a puzzle number three or more, from
#: 001, with no leading zero past three digits. ``step-0001.svg``, ``step-1000.svg`` or
#: ``step-000.svg`` are never ours, so they are never touched.
_OUR_NAMES = re.compile(r"(puzzle-(?!000)(?:\d{3}|[1-9]\d{3,})-)?(start|end|step-(?!000)\d{3})\.svg")


def _remove_stale(folder: str, written: set[str]) -> None:
    """Remove the pictures an earlier run wrote into the folder that this run did not
    (a longer walkthrough, or several puzzles before one), so the folder shows this run
    only; any other file is left alone."""
    for name in os.listdir(folder):
        if name not in written and _OUR_NAMES.fullmatch(name) and os.path.isfile(os.path.join(folder, name)):
            os.remove(os.path.join(folder, name))


def write_text(path: str, content: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(content)


def rating_notes(rating: Rating) -> tuple[str, ...]:
    """The hardest step and the rating, as sentences (the profile's words for its numbers)."""
    guesses = f"{rating.brute_force} Brute Force step" + ("" if rating.brute_force == 1 else "s")
    notes = [f"Rating: {rating.label}{rating.detail}, {guesses}."]
    if rating.hardest is not None:
        notes.insert(0, f"Hardest step: {rating.hardest_step}. {rating.hardest}.")
    return tuple(notes)


def rating_rows(rating: Rating, columns: tuple[Column, ...]) -> tuple[tuple[str, ...], ...]:
    """The summary table: technique, code, steps, the profile's numbers, and the total."""
    rows = [(c.name, c.code, str(c.count), *(col.text(c.number(col.key)) for col in columns)) for c in rating.counts]
    totals = dict(rating.fields)
    rows.append(("Total", "", str(rating.steps), *(col.text(totals.get(col.key)) for col in columns)))
    return tuple(rows)


def summary_head(columns: tuple[Column, ...]) -> tuple[str, ...]:
    return ("Technique", "Code", "Steps", *(col.heading for col in columns))


def solution_section(
    heading: str,
    prefix: str,
    start: Grid,
    result: SolveResult,
    rating: Rating | None,
    columns: tuple[Column, ...] = (),
    first: int = 1,
    last: int | None = None,
) -> Section:
    """One puzzle of a walkthrough page: its panels, closing notes and summary."""
    from engine.app.draw.page import Section
    from engine.app.draw.walk import path_panels

    if result.status is SolveStatus.INVALID:
        return _note_section(heading, prefix, f"This puzzle cannot be explained: {result.error}.")
    total = len(result.steps)
    if first > max(total, 1):
        return _note_section(heading, prefix, f"The solution has only {total} steps; nothing from step {first}.")
    panels = path_panels(prefix, start, result.steps, first, last)
    panels[0] = replace(panels[0], explanation=status_note(result))
    notes: tuple[str, ...] = ()
    if result.status is SolveStatus.STUCK:
        notes += (f"Stuck after {total} steps: {result.error}.",)
    if rating is None:
        return Section(heading, tuple(panels), notes)
    return Section(heading, tuple(panels), notes + rating_notes(rating), rating_rows(rating, columns), summary_head(columns))


def _note_section(heading: str, prefix: str, note: str) -> Section:
    from engine.app.draw.page import Section

    return Section(heading, (note_panel(prefix, heading, note),))


def note_panel(prefix: str, heading: str, note: str) -> Panel:
    """A panel with words only (a puzzle that cannot be shown)."""
    from engine.app.draw.page import Panel

    return Panel(f"{prefix}note", "Note", heading, "", kind="grid", explanation=note)


def status_note(result: SolveResult) -> str:
    """``Solved in 70 steps.``, or how far the techniques got."""
    n = len(result.steps)
    shown = f"{n} step" + ("" if n == 1 else "s")
    if result.status is SolveStatus.STUCK:
        return f"{shown}, then no allowed technique applies."
    guesses = f", {result.brute_force} of them Brute Force" if result.brute_force else ""
    return f"Solved in {shown}{guesses}."

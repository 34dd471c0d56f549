"""Tables: a solution's rating summary, the technique listing, grading summaries."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from engine.rating import Rating
from engine.app.render.theme import style_of


def rating_line(rating: Rating, console: Console) -> Text:
    """``Rating: Hard (score 1234) · SE-style 3.2 · 0 Brute Force steps``."""
    text = Text("Rating: ", style=style_of(console, "walk.title"))
    text.append(rating.label, style=style_of(console, "rating.level"))
    text.append(f" (HoDoKu score {rating.score})")
    if rating.se is not None:
        text.append(f", SE-style {rating.se:.1f}")
    guesses = rating.brute_force
    text.append(f", {guesses} Brute Force step" + ("" if guesses == 1 else "s"))
    return text


class RatingSummary:
    """Technique -> count and score, the hardest step, and the rating of a solution."""

    def __init__(self, rating: Rating, title: str = "Summary") -> None:
        self.rating = rating
        self.title = title

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(self.title, style=style_of(console, "walk.title"))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("Technique")
        table.add_column("Code")
        table.add_column("Steps", justify="right")
        table.add_column("Score", justify="right")
        for row in self.rating.counts:
            table.add_row(row.name, row.code, str(row.count), str(row.score))
        table.add_row("Total", "", str(self.rating.steps), str(self.rating.score), style=style_of(console, "walk.title"))
        yield table
        if self.rating.hardest is not None:
            hardest = Text("Hardest step: ", style=style_of(console, "walk.title"))
            hardest.append(f"{self.rating.hardest_step}. {self.rating.hardest}")
            yield hardest
        yield rating_line(self.rating, console)


class TechniqueTable:
    """The technique listing (``stepdoku techniques``) as a table. Notes: "uniqueness" (only
    for puzzles with one solution), "off" (not used unless asked for by code)."""

    def __init__(self, rows: Sequence[Mapping[str, Any]]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
        table.add_column("Order", justify="right", no_wrap=True)
        table.add_column("Code", no_wrap=True)
        table.add_column("Technique")  # long names wrap: the other columns never do
        table.add_column("Level", no_wrap=True)
        table.add_column("Score", justify="right", no_wrap=True)
        table.add_column("SE", justify="right", no_wrap=True)
        table.add_column("Notes")
        for row in self.rows:
            style = None if row["enabled"] else style_of(console, "walk.note")
            table.add_row(str(row["difficulty"]), row["code"], row["name"], row["level"], str(row["score"]), row["se"], _notes(row), style=style)
            for sub in row["subtypes"]:
                table.add_row("", sub["code"], f"  {sub['name']}", "", "", "", f"sub-type of {row['code']}", style=style)
        if Measurement.get(console, options.update_width(1000), table).minimum <= options.max_width:
            yield table
            return
        # Too narrow for the columns (rich would cut them): one wrapped entry per technique.
        for row in self.rows:
            notes = f"; {_notes(row)}" if _notes(row) else ""
            subs = "".join(f"; {sub['code']}: {sub['name']}" for sub in row["subtypes"])
            line = f"{row['difficulty']} {row['code']}: {row['name']} ({row['level']}, score {row['score']}, SE {row['se'].strip()}{notes}{subs})"
            yield Text(line, style="" if row["enabled"] else style_of(console, "walk.note"))


def _notes(row: Mapping[str, Any]) -> str:
    notes = []
    if row["uniqueness"]:
        notes.append("uniqueness")
    if not row["enabled"]:
        notes.append("off")
    return "; ".join(notes)


class CountTable:
    """A two-column count table (grading summaries: puzzles per level, per technique)."""

    def __init__(self, title: str, heading: str, counts: Sequence[tuple[str, int]]) -> None:
        self.title = title
        self.heading = heading
        self.counts = counts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(self.title, style=style_of(console, "walk.title"))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column(self.heading)
        table.add_column("Puzzles", justify="right")
        for name, count in self.counts:
            table.add_row(name, str(count))
        yield table

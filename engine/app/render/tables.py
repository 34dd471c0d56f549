"""Tables: a solution's rating summary, the technique listing, grading summaries."""

from __future__ import annotations

from typing import Any, Literal, Mapping, Sequence

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from engine.profiles import Column, Rating
from engine.app.render.theme import style_of


def rating_line(rating: Rating, console: Console) -> Text:
    """``Rating: Hard (HoDoKu score 1234), SE-style 3.2, 0 Brute Force steps``: the label,
    the profile's words for the rest, the Brute Force steps."""
    text = Text("Rating: ", style=style_of(console, "walk.title"))
    text.append(rating.label, style=style_of(console, "rating.level"))
    text.append(rating.detail)
    guesses = rating.brute_force
    text.append(f", {guesses} Brute Force step" + ("" if guesses == 1 else "s"))
    return text


class RatingSummary:
    """Technique -> count and the profile's numbers (HoDoKu: score), the hardest step, and
    the rating of a solution. The total row shows the rating field of each number's key
    (HoDoKu: the total score)."""

    def __init__(self, rating: Rating, columns: tuple[Column, ...], title: str = "Summary") -> None:
        self.rating = rating
        self.columns = columns
        self.title = title

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(self.title, style=style_of(console, "walk.title"))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("Technique")
        table.add_column("Code")
        table.add_column("Steps", justify="right")
        for column in self.columns:
            table.add_column(column.heading, justify=_justify(column))
        for row in self.rating.counts:
            table.add_row(row.name, row.code, str(row.count), *(c.text(row.number(c.key)) for c in self.columns))
        totals = dict(self.rating.fields)
        table.add_row("Total", "", str(self.rating.steps), *(c.text(totals.get(c.key)) for c in self.columns), style=style_of(console, "walk.title"))
        yield table
        if self.rating.hardest is not None:
            hardest = Text("Hardest step: ", style=style_of(console, "walk.title"))
            hardest.append(f"{self.rating.hardest_step}. {self.rating.hardest}")
            yield hardest
        yield rating_line(self.rating, console)


def _justify(column: Column) -> Literal["left", "right"]:
    return "right" if column.align == ">" else "left"


class TechniqueTable:
    """The technique listing (``stepdoku techniques``) as a table: order, code, name, the
    profile's numbers. Notes: "uniqueness" (only for puzzles with one solution), "off" (not
    used unless asked for by code)."""

    def __init__(self, rows: Sequence[Mapping[str, Any]], columns: tuple[Column, ...]) -> None:
        self.rows = rows
        self.columns = columns

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
        table.add_column("Order", justify="right", no_wrap=True)
        table.add_column("Code", no_wrap=True)
        table.add_column("Technique")  # long names wrap: the other columns never do
        for column in self.columns:
            table.add_column(column.heading, justify=_justify(column), no_wrap=True)
        table.add_column("Notes")
        for row in self.rows:
            style = None if row["enabled"] else style_of(console, "walk.note")
            numbers = [column.text(row[column.key]) for column in self.columns]
            table.add_row(str(row["difficulty"]), row["code"], row["name"], *numbers, _notes(row), style=style)
            for sub in row["subtypes"]:
                table.add_row("", sub["code"], f"  {sub['name']}", *([""] * len(self.columns)), f"sub-type of {row['code']}", style=style)
        if Measurement.get(console, options.update_width(1000), table).minimum <= options.max_width:
            yield table
            return
        # Too narrow for the columns (rich would cut them): one wrapped entry per technique.
        for row in self.rows:
            words = ", ".join(_in_words(column, row[column.key]) for column in self.columns)
            notes = f"; {_notes(row)}" if _notes(row) else ""
            subs = "".join(f"; {sub['code']}: {sub['name']}" for sub in row["subtypes"])
            line = f"{row['difficulty']} {row['code']}: {row['name']} ({words}{notes}{subs})"
            yield Text(line, style="" if row["enabled"] else style_of(console, "walk.note"))


def _in_words(column: Column, value: Any) -> str:
    """``Medium`` (a word column), ``score 50``, ``SE 2.6`` (a number column, named)."""
    text = column.text(value).strip()
    if column.align == "<":
        return text
    return f"{column.heading if column.heading.isupper() else column.heading.lower()} {text}"


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

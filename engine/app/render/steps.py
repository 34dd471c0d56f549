"""Steps and walkthroughs: StepView (line, explanation, grid), StepLog, the legend."""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text

from engine.cells import Cell
from engine.grid import Grid
from engine.app.render.grid import DrawnLines, GridView, Marks
from engine.app.render.theme import style_of
from engine.notation import rated_line
from engine.step import Step
from engine.walkthrough import Frame, GridFrame, SinglesRun, StepFrame

INDENT = 4

_LEGEND = (
    ("[8]", "sudoku.given", "given"),
    (" 8 ", "sudoku.value", "placed"),
    ("(8)", "sudoku.new", "newly placed"),
    ("+5", "step.place", "placed by the step"),
    ("-5", "step.elim", "removed by the step"),
    ("*5", "step.pattern", "pattern"),
    ("#5", "step.alt", "second pattern"),
    ("~5", "step.fin", "fin"),
)


def step_line(step: Step, number: int | None, console: Console) -> Text:
    """``12. Naked Pair: 2,7 in r4c19 => r4c5<>2``, the technique name picked out."""
    text = Text()
    if number is not None:
        text.append(f"{number}. ", style=style_of(console, "step.number"))
    line = rated_line(step)
    name = step.technique
    if line.startswith(name):
        text.append(name, style=style_of(console, "step.technique"))
        text.append(line[len(name) :], style=style_of(console, "step.line"))
    else:
        text.append(line, style=style_of(console, "step.line"))
    return text


class Indented:
    """A renderable shifted right, its lines not padded out to the full width and with
    no trailing blanks (rich leaves the space where it wraps a line)."""

    def __init__(self, renderable: RenderableType, indent: int = INDENT) -> None:
        self.renderable = renderable
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width - self.indent)
        margin = Segment(" " * self.indent)
        for line in console.render_lines(self.renderable, options.update_width(width), pad=False):
            if self.indent:
                yield margin
            yield from _rstrip(line)
            yield Segment.line()


def _rstrip(line: list[Segment]) -> list[Segment]:
    line = list(line)
    while line and not line[-1].control and not line[-1].text.rstrip():
        line.pop()
    if line and not line[-1].control:
        last = line[-1]
        line[-1] = Segment(last.text.rstrip(), last.style, last.control)
    return line


def paragraph(console: Console, text: str, style: str) -> Indented:
    """Free text in a theme style, wrapped to the width without trailing blanks."""
    return Indented(Text(text, style=style_of(console, style)), 0)


class Legend:
    """One line that says what the grid's markers and colours mean."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text("Key: ", style=style_of(console, "walk.note"))
        for n, (sample, style, words) in enumerate(_LEGEND):
            text.append(sample, style=style_of(console, style))
            text.append(f" {words}" + (", " if n < len(_LEGEND) - 1 else ""), style=style_of(console, "walk.note"))
        dot = "." if options.ascii_only else "·"
        text.append(f"; {dot} marks the houses and cells involved.", style=style_of(console, "walk.note"))
        yield text


class StepView:
    """A step in full: its numbered line, its explanation, and the grid it was found in."""

    def __init__(
        self, step: Step, before: Grid, number: int | None = None, new: Iterable[Cell] = (), marks: Marks | None = None, drawn: DrawnLines | None = None
    ) -> None:
        self.step = step
        self.before = before
        self.number = number
        self.marks = marks if marks is not None else Marks.of_step(step, new=new)
        self.drawn = drawn

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield step_line(self.step, self.number, console)
        if self.step.explanation:
            yield Indented(Text(self.step.explanation, style=style_of(console, "step.explain")))
        yield GridView(self.before, self.marks, drawn=self.drawn)


class SinglesRunView:
    """A run of singles as numbered lines, under a heading naming the step range."""

    def __init__(self, run: SinglesRun) -> None:
        self.run = run

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        span = f"Step {self.run.first}" if len(self.run.steps) == 1 else f"Steps {self.run.first}-{self.run.last}"
        count = len(self.run.steps)
        heading = f"{span}: {count} single" + ("" if count == 1 else "s")
        yield Text(heading, style=style_of(console, "walk.title"))
        for number, step in enumerate(self.run.steps, self.run.first):
            yield Indented(step_line(step, number, console), 2)


class StepLog:
    """A walkthrough: the legend, then each frame, separated by blank lines. Its grids
    share the lines they draw (``DrawnLines``): most lines of a grid look as in the last.
    Every line it draws fits the console's width (text is wrapped, a grid too wide is
    replaced), so it can be printed without rich's cropping pass (``crop=False``)."""

    def __init__(self, frames: Sequence[Frame], legend: bool = True) -> None:
        self.frames = frames
        self.legend = legend

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.legend:
            yield Indented(Legend(), 0)
            yield Text()
        drawn = DrawnLines()
        for n, frame in enumerate(self.frames):
            if n:
                yield Text()
            yield frame_view(frame, drawn)


def frame_view(frame: Frame, drawn: DrawnLines | None = None) -> RenderableType:
    """The renderable of one walkthrough frame; ``drawn``: lines drawn by the grids of
    the same render before it."""
    if isinstance(frame, StepFrame):
        return StepView(frame.step, frame.before, frame.number, frame.new, drawn=drawn)
    if isinstance(frame, SinglesRun):
        return SinglesRunView(frame)
    assert isinstance(frame, GridFrame)
    return GridView(frame.grid, Marks(new=frame.new), title=frame.title, drawn=drawn)


def steps_view(steps: Sequence[Step], grid: Grid) -> RenderableType:
    """Every step found in one position, each shown on that position (``stepdoku steps``)."""
    parts: list[RenderableType] = []
    for n, step in enumerate(steps, 1):
        if n > 1:
            parts.append(Text())
        parts.append(StepView(step, grid, n))
    return Group(*parts)

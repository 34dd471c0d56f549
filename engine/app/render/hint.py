"""HintView: what ``stepdoku hint`` prints: the mistakes, then the hint at its level."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from engine.advice import Advice, HintStatus, Snapshot
from engine.analysis import Status
from engine.app.render.grid import GridView, Marks
from engine.app.render.steps import Indented, StepView, paragraph
from engine.app.render.theme import style_of
from engine.cells import Cell
from engine.step import Candidate

MORE = {
    1: "Ask with --level 2 for the digits and cells, or --level 3 for the whole step.",
    2: "Ask with --level 3 for the whole step.",
}


class HintView:
    """The diagnosis and the hint of one state, revealed up to ``level``. With
    ``show_applied`` it ends with a heading for the state after the step, which the
    caller prints unwrapped (a state line must not be cut)."""

    def __init__(self, advice: Advice, level: int, show_applied: bool = False) -> None:
        self.advice = advice
        self.level = level
        self.show_applied = show_applied

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        advice = self.advice
        yield Text(f"Your grid ({advice.source})", style=style_of(console, "walk.title"))
        if advice.status is HintStatus.INVALID:
            yield paragraph(console, f"This cannot be played: {advice.error}.", "walk.warn")
            return
        yield from self._diagnosis(console, options)
        for note in advice.notes:
            yield paragraph(console, note, "walk.note")
        if advice.stopped:
            yield paragraph(console, "Fix these first, or ask again with --ignore-mistakes for a hint from the grid as it is.", "walk.note")
        if advice.status is HintStatus.SOLVED:
            yield Text(solved_text(advice), style=style_of(console, "walk.title"))
            return
        if advice.hint is not None:
            yield from self._hint(console)
        if self.show_applied and advice.applied is not None:
            yield Text()
            yield Text("After this step:", style=style_of(console, "walk.title"))

    def _diagnosis(self, console: Console, options: ConsoleOptions) -> RenderResult:
        advice = self.advice
        diagnosis = advice.diagnosis
        assert diagnosis is not None
        if not diagnosis.mistakes:
            yield paragraph(console, all_clear_text(advice), "walk.note")
            return
        yield Text("Mistakes", style=style_of(console, "mistake"))
        for mistake in diagnosis.mistakes:
            yield Indented(Text("- " + mistake.message(advice.reveal)), 2)
        cells, lost = mistake_marks(advice)
        yield GridView(Snapshot.of(advice.state), Marks(cells=cells, pattern=lost))
        dot = "." if options.ascii_only else "·"
        key = f"{dot} marks the cells to check" + (", *d the pencil marks to put back." if lost else ".")
        yield paragraph(console, key, "walk.note")

    def _hint(self, console: Console) -> RenderResult:
        hint = self.advice.hint
        assert hint is not None and self.advice.grid is not None
        heading = Text(f"Hint (level {hint.level} of 3):", style=style_of(console, "hint.level"))
        if hint.level < 3:
            heading.append(" " + hint.text)
            yield heading
            if hint.level == 2:
                yield GridView(self.advice.grid, Marks.of_step(hint.step, effect=False))
            yield paragraph(console, MORE[hint.level], "walk.note")
            return
        yield heading
        yield StepView(hint.step, self.advice.grid)


def mistake_marks(advice: Advice) -> tuple[frozenset[Cell], frozenset[Candidate]]:
    """The cells to check, and the pencil marks to put back (these name solution digits,
    so without --reveal their cells are only marked to check)."""
    assert advice.diagnosis is not None
    mistakes = advice.diagnosis.mistakes
    shown = advice.reveal
    cells = frozenset(c for m in mistakes if m.kind != "removed_candidate" or not shown for c in m.cells)
    lost = frozenset(Candidate(m.digit, m.cells[0]) for m in mistakes if m.kind == "removed_candidate" and m.digit and shown)
    return cells, lost


def all_clear_text(advice: Advice) -> str:
    diagnosis = advice.diagnosis
    assert diagnosis is not None
    marks = advice.state.candidates is not None
    if diagnosis.puzzle.status is Status.UNIQUE and advice.state.givens_known:
        return "No mistakes: everything in your grid agrees with the solution."
    if diagnosis.puzzle.status is Status.UNIQUE:
        keep = " and your pencil marks keep it" if marks else ""
        return f"No conflicts: the grid has one solution{keep}. (Give the original puzzle with --puzzle to have your entries checked against its solution.)"
    return "No conflicts: the grid can still be completed."


def solved_text(advice: Advice) -> str:
    assert advice.diagnosis is not None
    if advice.diagnosis.puzzle.status is Status.UNIQUE and advice.state.givens_known:
        return "Solved: every cell is filled and agrees with the solution."
    return "Solved: every cell is filled and no rule is broken."

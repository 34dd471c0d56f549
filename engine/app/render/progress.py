"""The progress bar of long batches (``stepdoku grade``): count, puzzles per second, ETA."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text


class RateColumn(ProgressColumn):
    """``123.4 puzzles/s`` (rich's own speed column counts bytes)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} puzzles/s" if speed else "- puzzles/s", style="progress.data.speed")


def batch_progress(console: Console, what: str = "grading") -> Progress:
    """A progress display on ``console`` (the caller adds the task, with a total if known)."""
    return Progress(
        TextColumn(f"[progress.description]{what}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )

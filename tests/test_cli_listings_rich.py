"""``stepdoku steps`` and ``stepdoku techniques`` with rich rendering (--rich, --html, --svg)."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli_solve import run
from tests.test_cli_steps_explain import LC1_LINE


def test_steps_rich_shows_each_step_on_the_grid() -> None:
    result = run("steps", LC1_LINE, "--rich")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Position 1 (line 1): 2 steps"
    assert "1. Locked Candidates Type 1 (Pointing): 1 in b8 => r9c38<>1" in lines
    assert sum(line.startswith("   ┏") for line in lines) == 2
    assert sum(line.count("-1") for line in lines) == 2  # r9c3 and r9c8 lose their 1


def test_techniques_rich_table_and_html(tmp_path: Path) -> None:
    out = run("techniques", "--rich").stdout.splitlines()
    assert out[0].split() == ["Order", "Code", "Technique", "Level", "Score", "SE", "Notes"]
    assert out[2].split() == ["100", "fh", "Full", "House", "Easy", "4", "1.0"]
    page = tmp_path / "techniques.html"
    result = run("techniques", "--html", str(page))
    assert result.returncode == 0 and "Hidden Single" in page.read_text()
    picture = tmp_path / "steps.svg"
    assert run("steps", LC1_LINE, "--svg", str(picture)).returncode == 0
    assert picture.read_text().startswith("<svg")

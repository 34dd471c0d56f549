"""Every console example of the README is the program's real output (issue 26).

A ``console`` block holds commands (``$ stepdoku ...``, run by the shell from the
checkout, as a new user runs them) each followed by its output: standard output, then
standard error. A line ``...`` (or ``... a note``) stands for any number of lines the
README leaves out; timings (``0.15 s``, ``87.2 puzzles/s``, a grade table's ``seconds``
column, JSON ``"seconds"``) are compared as placeholders, everything else exactly. So the
README cannot drift from the program again: change one, and this test says which example
and how.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"
_BLOCK = re.compile(r"^```console\n(.*?)^```", re.M | re.S)
_TIMINGS = (
    (re.compile(r'"seconds": [-0-9.e]+'), '"seconds": <t>'),
    (re.compile(r"\b\d[\d,]*\.\d+ (s\b|puzzles/s)"), r"<t> \1"),
    (re.compile(r"\b\d+\.\d{3}(?=  )"), "<t>"),  # a grade table's seconds column
)


@dataclass(frozen=True)
class Example:
    """One command of a console block and the output the README shows for it."""

    line: int  # of the command, in README.md
    command: str
    expected: tuple[str, ...]


def examples() -> list[Example]:
    """The README's console examples run by the shell (``curl`` ones ask a running
    server: tests/test_web_api.py answers them in process, see :func:`api_examples`)."""
    return [example for example in _console_examples() if not example.command.startswith("curl ")]


def api_examples() -> list[Example]:
    """The README's ``curl`` examples of the JSON API, each command joined into one line."""
    return [example for example in _console_examples() if example.command.startswith("curl ")]


def _console_examples() -> list[Example]:
    text = README.read_text(encoding="utf-8")
    found = []
    for block in _BLOCK.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        current: list[str] | None = None
        for offset, line in enumerate(block.group(1).splitlines()):
            if line.startswith("$ "):
                current = []
                found.append((first + offset, line[2:], current))
            elif current is not None and not current and found[-1][1].endswith("\\"):
                line_no, command, _ = found[-1]  # a command continued on the next line
                found[-1] = (line_no, command[:-1].rstrip() + " " + line.strip(), current)
            elif current is not None:
                current.append(line)
    return [Example(line, command, tuple(expected)) for line, command, expected in found]


def _normalised(line: str) -> str:
    for pattern, placeholder in _TIMINGS:
        line = pattern.sub(placeholder, line)
    return line.rstrip()


def _elided(line: str) -> bool:
    return line == "..." or line.startswith("... ")


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each elision standing for any lines."""
    segments: list[list[str]] = [[]]
    for line in expected:
        if _elided(line):
            segments.append([])
        else:
            segments[-1].append(_normalised(line))
    lines = [_normalised(line) for line in actual]
    while lines and not lines[-1]:  # a trailing blank line is not shown
        lines.pop()
    head, *middle, tail = segments if len(segments) > 1 else (segments[0], segments[0])
    if len(segments) == 1:
        return lines == head
    if lines[: len(head)] != head or (tail and lines[len(lines) - len(tail) :] != tail) or len(lines) < len(head) + len(tail):
        return False
    at, end = len(head), len(lines) - len(tail)
    for segment in middle:
        at = _find(lines, segment, at, end)
        if at < 0:
            return False
        at += len(segment)
    return True


def _find(lines: list[str], segment: list[str], start: int, end: int) -> int:
    for i in range(start, end - len(segment) + 1):
        if lines[i : i + len(segment)] == segment:
            return i
    return -1


def run(command: str) -> list[str]:
    """The command's stdout then stderr, run by the shell in the checkout; ``stepdoku`` is
    this checkout's command line (as installed by the README's set-up)."""
    program = f"{sys.executable} {ROOT / 'cli.py'}"
    shell = re.sub(r"(^|\| )stepdoku ", lambda m: f"{m.group(1)}{program} ", command)
    env = {**os.environ, "COLUMNS": "80", "LINES": "50", "TERM": "dumb"}
    env.pop("STEPDOKU_DEBUG", None)
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    return (done.stdout + done.stderr).splitlines()


def test_the_readme_has_console_examples() -> None:
    found = examples()
    assert len(found) >= 15 and all(e.command.startswith(("stepdoku ", "printf ")) for e in found)
    assert matches(("a", "...", "c", "..."), ["a", "b", "c", "d"]) and not matches(("a", "c"), ["a", "b", "c"])
    assert matches(("...", "x 1.00 s"), ["w", "x 2.31 s"]) and not matches(("a", "...", "b"), ["a"])


@pytest.mark.parametrize("example", examples(), ids=lambda e: f"README.md:{e.line}")
def test_a_readme_example_is_the_real_output(example: Example) -> None:
    actual = run(example.command)
    assert matches(example.expected, actual), "\n".join(
        [f"README.md:{example.line}: $ {example.command}", "--- the README shows:", *example.expected, "--- the program prints:", *actual]
    )

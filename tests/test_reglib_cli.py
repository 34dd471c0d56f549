"""HoDoKu's whole regression library through the command line, as a user would run it.

Every line goes through ``stepdoku steps --json`` (in process, a file of lines per set of
options): the command picks the line's own technique, and the variant lines that need one
of HoDoKu's options get the user's flag for it (``--er-two-candidates``, ``--als-overlap``,
``--chain-als``: techniques/options.py). Each record is judged by HoDoKu's rule, as in
tests/test_reglib.py (the lines HoDoKu fails itself must fail here too). The library is read from ../shared and the test skips without it.
"""

from __future__ import annotations

import io
import json
from itertools import groupby
from pathlib import Path
from typing import Any

import pytest

import cli
from engine.cells import parse_cell_name
from engine.step import Candidate, Step
from techniques.options import option, options_for_library_code
from tests.test_reglib import CASES, HODOKU_MISSES, Case, effect_text, key_digits, step_code_for


def _flags(case: Case) -> tuple[str, ...]:
    return tuple(option(name).flag for name in options_for_library_code(case.code))


def _candidates(items: list[dict[str, Any]]) -> tuple[Candidate, ...]:
    return tuple(Candidate(item["digit"], parse_cell_name(item["cell"])) for item in items)


def _step(data: dict[str, Any]) -> Step:
    return Step(
        technique=data["technique"],
        code=data["code"],
        placements=_candidates(data["placements"]),
        eliminations=_candidates(data["eliminations"]),
        digits=tuple(data["digits"]),
    )


def _problem(case: Case, record: dict[str, Any]) -> str | None:
    """Why the command's answer fails the line (None: it passes)."""
    code = step_code_for(case)
    kept = [s for s in map(_step, record["steps"]) if s.code == code and key_digits(s, case) == case.digits]
    if case.variant == "x":
        return f"fail case found: {[s.text for s in kept]}" if kept else None
    from engine.formats import parse_library

    library = parse_library(case.text).library
    assert library is not None
    expected = (effect_text(library.eliminations), effect_text(library.placements))
    found = [(effect_text(s.eliminations), effect_text(s.placements)) for s in kept]
    return None if expected in found else f"expected {expected}; found {[s.text for s in kept] or 'nothing'}"


@pytest.mark.skipif(not CASES, reason="HoDoKu's reglib not present in ../shared/reference")
def test_every_library_line_passes_through_the_steps_command(tmp_path: Path) -> None:
    runnable = sorted((c for c in CASES if step_code_for(c) is not None), key=_flags)
    assert len(runnable) == len(CASES)  # every technique of the library is implemented
    failures = []
    for flags, group in groupby(runnable, key=_flags):
        cases = list(group)
        path = tmp_path / "lines.txt"
        path.write_text("\n".join(case.text for case in cases) + "\n")
        out, err = io.StringIO(), io.StringIO()
        assert cli.main(["steps", "--json", *flags, str(path)], out, err) == 0, err.getvalue()
        records = [json.loads(line) for line in out.getvalue().splitlines()]
        assert len(records) == len(cases)
        for case, record in zip(cases, records):
            problem = _problem(case, record)
            if case.number in HODOKU_MISSES:  # HoDoKu fails these itself, and so do we
                problem = None if problem else f"passes, but HoDoKu 2.2 fails it ({HODOKU_MISSES[case.number]})"
            if problem:
                failures.append(f"line {case.number} ({case.code}, {' '.join(flags) or 'no options'}): {problem}")
    assert not failures, "\n".join(failures[:20])

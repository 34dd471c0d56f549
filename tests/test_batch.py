"""A batch with bad lines scattered through it: exactly one record per input line, in
input order, and the bad lines named (issue: nothing a user typed is lost)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import cli
from tests.conftest import puzzle_lines

BAD = ["12345", "not a puzzle", "8" * 82, ":0100:1:12", "?" * 80, "1 2 3", "[[", "Grid 01"]


def batch_file(tmp_path: Path, size: int) -> tuple[Path, list[bool]]:
    """``size`` lines, about one in fifty bad; returns the file and which lines are good."""
    rng = random.Random(7)
    good = puzzle_lines("royle17_sample1000.tsv")
    lines, ok = [], []
    for n in range(size):
        if n % 50 == 17:
            lines.append(rng.choice(BAD))
            ok.append(False)
        else:
            lines.append(good[n % len(good)])
            ok.append(True)
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, ok


@pytest.mark.parametrize(
    "args",
    [["solve", "--json"], ["explain", "--json"], ["grade", "--format", "jsonl", "--quiet", "-j", "2"]],
    ids=["solve", "explain", "grade-j2"],
)
def test_one_record_per_line_in_order(args: list[str], tmp_path: Path) -> None:
    path, ok = batch_file(tmp_path, 600)
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([args[0], str(path), *args[1:]], out=out, err=err)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(records) == len(ok)
    statuses = [r["status"] != "error" for r in records]
    assert statuses == ok
    assert code == 2  # some lines were unreadable
    bad_lines = [n for n, good in enumerate(ok, 1) if not good]
    if args[0] == "grade":  # grade names the line inside its error record
        errors = [r["error"] for r in records if r["status"] == "error"]
        assert [e.split(": ")[0] for e in errors] == [f"{path}:{n}" for n in bad_lines]
    else:  # solve and explain name it on stderr, and give every record its source
        assert [r["source"] for r in records] == [f"{path}:{n}" for n in range(1, len(ok) + 1)]
        named = [line.split(": ")[1] for line in err.getvalue().splitlines() if line.startswith("stepdoku: ")]
        assert named == [f"{path}:{n}" for n in bad_lines]

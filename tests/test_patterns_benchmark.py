"""benchmarks/patterns.py measures what a user of the ``stepdoku`` command gets: its
solves run under the command's garbage collection settings (issue 25's CPU bound is read
from ``patterns.py side``)."""

from __future__ import annotations

import argparse
import gc
import json
from pathlib import Path

import cli
from benchmarks import patterns


def test_side_collects_garbage_as_the_command_does(tmp_path: Path) -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, *before[1:])  # CPython's default, as a fresh process has it
    try:
        args = argparse.Namespace(profiles="hodoku", set="top1465", sample=293, skip=0, limit=1, output=str(tmp_path / "p"))
        patterns.side(args)
        assert gc.get_threshold()[0] == cli.GC_THRESHOLD
    finally:
        gc.set_threshold(*before)
    record = json.loads((tmp_path / "p-hodoku.jsonl").read_text())
    assert record["line"] == patterns.puzzles(patterns.SETS["top1465"], 293)[0][0] and record["status"] == "solved" and record["profile"] == "hodoku"


def test_run_workers_collect_garbage_as_the_command_does() -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, *before[1:])
    try:
        patterns._init("hodoku", "")
        assert gc.get_threshold()[0] == cli.GC_THRESHOLD
    finally:
        gc.set_threshold(*before)

"""Pathological inputs through every command: time to answer, in process and as a user sees it.

The cases are those of tests/test_pathological.py (empty grid, one clue, 16 clues with
several solutions, a contradiction hidden deep, an already solved grid, a solved grid with
one wrong digit). "process" adds the interpreter start-up a user pays per command.

    .venv/bin/python benchmarks/pathological.py
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cli  # noqa: E402
from benchmarks.common import machine  # noqa: E402
from tests.test_pathological import CASES  # noqa: E402

COMMANDS = {
    "solve": ["solve", "--json"],
    "explain": ["explain", "--json"],
    "hint": ["hint", "--json"],
    "grade": ["grade", "--format", "jsonl"],
}


def main() -> None:
    print(f"pathological inputs; {machine()}")
    print(f"{'case':<34} " + "  ".join(f"{c:>17}" for c in COMMANDS))
    print(f"{'':<34} " + "  ".join(f"{'in-proc / process':>17}" for _ in COMMANDS))
    worst = 0.0
    for name, (puzzle, *_statuses) in CASES.items():
        cells = []
        for command, args in COMMANDS.items():
            argv = [args[0], puzzle, *args[1:]]
            start = time.perf_counter()
            cli.main(argv, out=io.StringIO(), err=io.StringIO())
            inproc = time.perf_counter() - start
            start = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "cli.py"), *argv], capture_output=True, check=False)
            process = time.perf_counter() - start
            worst = max(worst, process)
            cells.append(f"{inproc:7.3f} / {process:6.3f}")
        print(f"{name:<34} " + "  ".join(f"{c:>17}" for c in cells))
    print(f"slowest answer including start-up: {worst:.2f} s")


if __name__ == "__main__":
    main()

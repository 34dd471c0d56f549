"""Determinism check: the same hard puzzles, graded on a quiet and on a busy machine, give
byte-identical output (issue 11's "done means").

The puzzles (the famous hardest ones and an even spread of top1465, 40 by default) are
graded with ``stepdoku grade --format jsonl`` and walked through with ``explain --json``,
each command in a fresh process. Then two CPU-burning processes start (both cores of the
reference machine busy) and the same commands run again under a different hash seed.
The outputs are compared minus the timing field (``seconds``); everything else, down to
each step's explanation, must be the same. Times of both rounds are printed: the busy
round is slower, never different.

    .venv/bin/python benchmarks/determinism.py                 # 40 puzzles, both commands
    .venv/bin/python benchmarks/determinism.py --puzzles 10 --burners 4
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, load, machine  # noqa: E402

#: Fields that are allowed to differ between runs: wall-clock measurements only.
TIMING_FIELDS = ("seconds",)
COMMANDS = {
    "grade": ["grade", "--format", "jsonl", "-q"],
    "explain": ["explain", "--json"],
}


def hard_puzzles(count: int) -> list[str]:
    """The famous puzzles first, then top1465 evenly spread, ``count`` in all."""
    famous = load("famous.tsv")[:count]
    top = load("top1465.txt")
    rest = count - len(famous)
    spread = top[:: max(1, len(top) // rest)][:rest] if rest > 0 else []
    return famous + spread


def strip_timing(output: str) -> list[str]:
    """Each JSON line with the timing fields removed, re-serialised canonically."""
    out = []
    for line in output.splitlines():
        record = json.loads(line)
        for field in TIMING_FIELDS:
            record.pop(field, None)
        out.append(json.dumps(record, sort_keys=True))
    return out


def run_command(name: str, path: Path, hash_seed: str) -> tuple[list[str], float]:
    """The stripped output lines of one command on the puzzle file, and its wall time."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), *COMMANDS[name], str(path)],
        capture_output=True, text=True, env=env, check=True,
    )
    return strip_timing(done.stdout), time.perf_counter() - start


class Burners:
    """``count`` processes that keep a core busy each, until the block ends."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.processes: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Burners:
        code = "while True:\n    pass\n"
        self.processes = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(self.count)]
        return self

    def __exit__(self, *exc: object) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait()


@dataclass
class Outcome:
    command: str
    puzzles: int
    identical: bool
    quiet_seconds: float
    busy_seconds: float
    first_difference: str | None


def compare(puzzles: list[str], commands: list[str], burners: int) -> list[Outcome]:
    """Run each command quietly, then with ``burners`` busy processes, and compare."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hard.txt"
        path.write_text("\n".join(puzzles) + "\n")
        quiet = {name: run_command(name, path, "1") for name in commands}
        with Burners(burners):
            busy = {name: run_command(name, path, "2") for name in commands}
    outcomes = []
    for name in commands:
        (a, quiet_time), (b, busy_time) = quiet[name], busy[name]
        difference = next((f"line {i + 1}:\n  quiet {x[:300]}\n  busy  {y[:300]}" for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
        if difference is None and len(a) != len(b):
            difference = f"{len(a)} lines quiet, {len(b)} busy"
        outcomes.append(Outcome(name, len(puzzles), difference is None, quiet_time, busy_time, difference))
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=40, help="how many hard puzzles (default 40)")
    parser.add_argument("--burners", type=int, default=2, help="CPU-burning processes in the busy round (default 2)")
    parser.add_argument("--commands", default="grade,explain", help="grade, explain or both (default)")
    args = parser.parse_args()
    print(f"determinism check; {machine()}; {os.cpu_count()} CPUs; {args.burners} burners in the busy round")
    outcomes = compare(hard_puzzles(args.puzzles), args.commands.split(","), args.burners)
    for o in outcomes:
        verdict = "identical" if o.identical else "DIFFERENT"
        print(f"{o.command:<8} {o.puzzles} puzzles: {verdict}; quiet {o.quiet_seconds:.1f} s, busy {o.busy_seconds:.1f} s")
        if o.first_difference:
            print(o.first_difference)
    sys.exit(0 if all(o.identical for o in outcomes) else 1)


if __name__ == "__main__":
    main()

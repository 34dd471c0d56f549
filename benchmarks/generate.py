"""Generator benchmark: ``stepdoku generate -j 2`` puzzles per second, as a user runs it.

Each request of issue 16's table runs once as a whole command (start-up included) with a
fixed seed, so every rerun makes the very same puzzles; for each: puzzles, candidates
tried, wall seconds, puzzles per second, and the CPU seconds of the command and its worker
processes (user + system: on a machine shared with other work, CPU time per puzzle says
more than wall time), against the issue's target.

    .venv/bin/python benchmarks/generate.py                    # the whole table (minutes)
    .venv/bin/python benchmarks/generate.py --only easy,sk     # some rows
    .venv/bin/python benchmarks/generate.py --scale 0.5        # half the puzzles per row
    .venv/bin/python benchmarks/generate.py --jobs 1
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, machine  # noqa: E402

SEED = 2026


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    count: int
    target: float  # puzzles per second with -j 2 (issue 16)


CASES = (
    Case("easy", ("--level", "easy"), 150, 18),
    Case("medium", ("--level", "medium"), 80, 10),
    Case("hard", ("--level", "hard"), 80, 10),
    Case("unfair", ("--level", "unfair"), 30, 2.5),
    Case("extreme", ("--level", "extreme"), 30, 2.5),
    Case("sk", ("--requires", "sk"), 30, 3),
    Case("2sk", ("--requires", "2sk"), 30, 3),
    Case("er", ("--requires", "er"), 30, 3),
    Case("xy", ("--requires", "xy"), 30, 3),
    Case("w", ("--requires", "w"), 30, 3),
    Case("x", ("--requires", "x"), 12, 1),
    Case("xyc", ("--requires", "xyc"), 12, 1),
    Case("u1", ("--requires", "u1"), 12, 1),
    Case("se", ("--se", "7.0-8.0"), 12, 1),
)


def run(case: Case, jobs: int, scale: float) -> str:
    count = max(1, round(case.count * scale))
    command = [sys.executable, str(ROOT / "cli.py"), "generate", "-n", str(count), "--seed", str(SEED), "-j", str(jobs), *case.args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    made = len(done.stdout.splitlines())
    tried = re.search(r"from ([\d,]+) candidates", done.stderr)
    rate = made / wall
    mark = "ok" if rate >= case.target else "below"
    return (
        f"| `{' '.join(case.args)}` | {made} | {tried.group(1) if tried else '?'} | {wall:.1f} | {rate:.2f} | "
        f"{cpu:.1f} | {cpu / max(made, 1):.2f} | >= {case.target:g} ({mark}) |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated case names: " + ",".join(c.name for c in CASES))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the puzzles per case")
    args = parser.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    print(f"{machine()}; -j {args.jobs}; seed {SEED}; load average {' '.join(f'{x:.1f}' for x in _load())}")
    print("| request | puzzles | candidates | wall s | puzzles/s | CPU s | CPU s/puzzle | target (-j 2) |")
    print("|---|---|---|---|---|---|---|---|")
    for case in CASES:
        if wanted is None or case.name in wanted:
            print(run(case, args.jobs, args.scale), flush=True)


def _load() -> tuple[float, float, float]:
    try:
        with open("/proc/loadavg") as handle:
            one, five, fifteen = (float(x) for x in handle.read().split()[:3])
        return one, five, fifteen
    except OSError:
        return (0.0, 0.0, 0.0)


if __name__ == "__main__":
    main()

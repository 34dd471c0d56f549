"""Hard-puzzle benchmark: full logical solves of top1465 and the famous hardest puzzles.

For each set: how many puzzles needed Brute Force (the target is none), the median, p95
and maximum solve time, and how many steps the last-resort techniques took. The solve is
the one ``stepdoku explain`` does: the default technique set, the uniqueness check by
search, and every step built with its explanation.

    .venv/bin/python benchmarks/hard.py                       # both sets, whole
    .venv/bin/python benchmarks/hard.py --sets top1465 --start 0 --limit 100 --every 5
    .venv/bin/python benchmarks/hard.py --sets famous --show  # one line per puzzle
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import PUZZLES, commit, machine, percentile  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.solver import solve  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from techniques import CATALOG  # noqa: E402

DEFAULT = load_profile("hodoku", CATALOG).default  # the techniques a plain solve uses

SETS = {"top1465": "top1465.txt", "famous": "famous.tsv"}
#: Step codes counted in the report (the last resorts).
COUNTED = ("fcc", "fcv", "fnc", "fnv", "bf")


def load(name: str) -> list[tuple[str, str]]:
    """(puzzle, label) pairs of a file in puzzles/; the label is the name column if any."""
    out = []
    for number, line in enumerate((PUZZLES / name).read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t") if "\t" in line else line.split()
            label = fields[1] if len(fields) > 1 and "\t" in line else f"line {number}"
            out.append((fields[0][:81], label))
    return out


def run(name: str, puzzles: list[tuple[str, str]], show: bool) -> None:
    times: list[float] = []
    brute = 0
    codes: Counter[str] = Counter()
    for puzzle, label in puzzles:
        start = time.perf_counter()
        result = solve(Grid.from_string(puzzle), DEFAULT)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        brute += result.brute_force > 0
        used = Counter(step.code for step in result.steps if step.code in COUNTED)
        codes.update(used)
        if show:
            counts = " ".join(f"{code}={n}" for code, n in sorted(used.items()))
            print(f"  {label:<28} {elapsed:8.2f} s  {result.status.value:<7} {counts}", flush=True)
    print(
        f"{name:<10} {len(times):>5} puzzles  needing Brute Force: {brute:>3}  "
        f"median {statistics.median(times):6.2f} s  p95 {percentile(times, 0.95):6.2f} s  "
        f"max {max(times):6.2f} s  total {sum(times):8.1f} s"
    )
    print(f"{'':<10} last-resort steps: " + ", ".join(f"{code} {codes[code]}" for code in COUNTED))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--start", type=int, default=0, help="skip the first N puzzles of each set")
    parser.add_argument("--limit", type=int, default=None, help="at most N puzzles of each set")
    parser.add_argument("--every", type=int, default=1, help="take every k-th puzzle of the slice")
    parser.add_argument("--show", action="store_true", help="one line per puzzle")
    args = parser.parse_args()
    print(f"hard-puzzle benchmark; {machine()}; commit {commit()}")
    for name in args.sets.split(","):
        puzzles = load(SETS[name])[args.start :: args.every]
        if args.limit is not None:
            puzzles = puzzles[: args.limit]
        run(name, puzzles, args.show)


if __name__ == "__main__":
    main()

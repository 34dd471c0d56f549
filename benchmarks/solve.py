"""Logical-solve benchmark: full solves with the step log, as ``stepdoku explain`` does them.

For the 1,000-puzzle 17-clue sample and for top95: median and p95 ms per puzzle and how
many puzzles needed Brute Force. The time includes the uniqueness check by search and
building every step with its explanation. When the PyPI packages ``dedoku`` and
``hodoku-py`` are installed (benchmark-only, never dependencies) they are timed on the same
puzzles in the same run.

    .venv/bin/python benchmarks/solve.py                 # both sets
    .venv/bin/python benchmarks/solve.py --sets top95 --limit 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import load, machine, summary, time_each  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.solver import solve  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from techniques import CATALOG  # noqa: E402

DEFAULT = load_profile("hodoku", CATALOG).default  # the techniques a plain solve uses

SETS = {"royle17": "royle17_sample1000.tsv", "top95": "top95.txt"}


def ours(puzzles: list[str]) -> tuple[list[float], int]:
    brute = 0

    def job(line: str) -> None:
        nonlocal brute
        result = solve(Grid.from_string(line), DEFAULT)
        brute += result.brute_force > 0

    return time_each(puzzles, job), brute


def peers() -> dict[str, Callable[[str], object]]:
    found: dict[str, Callable[[str], object]] = {}
    try:
        import dedoku  # type: ignore[import-not-found]

        found["dedoku (logic)"] = lambda p: dedoku.solve(p, method="hybrid")
    except ImportError:
        pass
    try:
        import hodoku  # type: ignore[import-not-found]

        solver = hodoku.Solver()
        found["hodoku-py"] = solver.solve
    except ImportError:
        pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument("--no-peers", action="store_true", help="skip dedoku and hodoku-py even if installed")
    args = parser.parse_args()
    print(f"logical-solve benchmark; {machine()}")
    others = {} if args.no_peers else peers()
    for name in args.sets.split(","):
        puzzles = load(SETS[name], args.limit)
        for line in puzzles[:10]:  # warm-up
            solve(Grid.from_string(line), DEFAULT)
        times, brute = ours(puzzles)
        print(summary(f"stepdoku {name}", times) + f"  needing Brute Force: {brute}")
        for peer, job in others.items():
            peer_times = time_each(puzzles, lambda p: _safe(job, p))
            ratio = statistics.median(peer_times) / statistics.median(times)
            print(summary(f"{peer} {name}", peer_times) + f"  (median {ratio:.1f}x ours)")


def _safe(job: Callable[[str], object], puzzle: str) -> None:
    try:
        job(puzzle)
    except Exception:  # a peer failing on a puzzle still costs its time
        pass


if __name__ == "__main__":
    main()

"""Hint latency: ``stepdoku hint`` on states a player could be stuck in.

States are taken from the logical solve paths of top1465 puzzles (every ``--every``-th
puzzle): at a quarter, a half and three quarters of each path, the position as a
pencil-mark (PM) grid with the candidates the solver had reached, plus the original
puzzle as ``--puzzle`` so mistakes are checked against the solution. Each state goes
through the same code as the command (read, diagnose, choose and explain the step), in
process; p50/p95/max are reported. One command-line run adds the interpreter start-up.

    .venv/bin/python benchmarks/hint.py
    .venv/bin/python benchmarks/hint.py --every 5
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cli  # noqa: E402
from benchmarks.common import ROOT, load, machine, percentile  # noqa: E402
from engine.formats import format_pm  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.solver import solve  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from techniques import CATALOG  # noqa: E402

DEFAULT = load_profile("hodoku", CATALOG).default  # the techniques a plain solve uses


def states(puzzles: list[str]) -> list[tuple[str, str]]:
    """(PM grid, puzzle) pairs at 1/4, 1/2 and 3/4 of each logical solve path."""
    out = []
    for line in puzzles:
        grid = Grid.from_string(line)
        steps = solve(grid, DEFAULT).steps
        marks = {len(steps) // 4, len(steps) // 2, 3 * len(steps) // 4}
        work = grid.copy()
        for number, step in enumerate(steps):
            if number in marks:
                out.append((format_pm(work), line))
            work.apply(step)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=15, help="take every k-th top1465 puzzle (default 15)")
    args = parser.parse_args()
    puzzles = load("top1465.txt")[:: args.every]
    print(f"hint latency on {len(puzzles)} top1465 puzzles, 3 states each; {machine()}")
    cases = states(puzzles)
    times = []
    for pm, puzzle in cases:
        start = time.perf_counter()
        code = _hint(pm, puzzle)
        times.append(time.perf_counter() - start)
        assert code == 0
    print(
        f"{len(times)} states: p50 {statistics.median(times) * 1e3:.1f} ms, p95 {percentile(times, 0.95) * 1e3:.1f} ms, "
        f"max {max(times) * 1e3:.1f} ms (in process)"
    )
    pm, puzzle = cases[len(cases) // 2]
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "cli.py"), "hint", pm, "--puzzle", puzzle], capture_output=True, check=True)
    print(f"one command-line run, start-up included: {(time.perf_counter() - start) * 1e3:.0f} ms")


def _hint(pm: str, puzzle: str) -> int:
    return cli.main(["hint", pm, "--puzzle", puzzle, "--json"], out=io.StringIO(), err=io.StringIO())


if __name__ == "__main__":
    main()

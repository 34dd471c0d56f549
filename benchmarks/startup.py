"""Start-up benchmark: how long a quick command takes from the shell, interpreter included.

Issue 24's targets: ``stepdoku --version`` within 0.1 s, ``solve`` and ``hint`` on an easy
puzzle within 0.25 s, and the README's first command, ``stepdoku explain`` on the default
puzzle, within 1 s. Each command runs ``--runs`` times through the installed console script
(the one a user types); the best wall time and the best CPU time (user + system, the
figure least disturbed by other work on the machine) are printed, with the bare
interpreter's start for scale.

Python caches compiled modules in ``__pycache__``; the first run after an install or an
edit compiles every module it imports (about 0.5 s for the whole program), and so does
every run when ``PYTHONDONTWRITEBYTECODE`` is set. The figures are for the usual case, a
warm cache (one unmeasured run first); ``--no-cache`` measures with the variable set.

    .venv/bin/python benchmarks/startup.py
    .venv/bin/python benchmarks/startup.py --runs 20 --no-cache
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import commit, machine  # noqa: E402

EASY = ".3..5..4...8.1.5..46.....12.7.5.2.8....6.3....4.1.9.3.25.....98..1.2.6...8..6..2."
BIN = Path(sys.executable).parent
#: (label, argv, target in seconds or None)
COMMANDS: tuple[tuple[str, list[str], float | None], ...] = (
    ("python -c pass (the interpreter alone)", [sys.executable, "-c", "pass"], None),
    ("stepdoku --version", [str(BIN / "stepdoku"), "--version"], 0.1),
    ("stepdoku solve EASY", [str(BIN / "stepdoku"), "solve", EASY], 0.25),
    ("stepdoku hint EASY", [str(BIN / "stepdoku"), "hint", EASY], 0.25),
    ("stepdoku explain (README quick start)", [str(BIN / "stepdoku"), "explain"], 1.0),
)


def best_of(argv: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """The best wall and CPU seconds of ``runs`` runs (after one unmeasured run)."""
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    wall = cpu = float("inf")
    for _ in range(runs):
        before, start = os.times(), time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        elapsed, after = time.perf_counter() - start, os.times()
        wall = min(wall, elapsed)
        cpu = min(cpu, after.children_user - before.children_user + after.children_system - before.children_system)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs per command (default 10); the best is kept")
    parser.add_argument("--no-cache", action="store_true", help="set PYTHONDONTWRITEBYTECODE: every run compiles its modules")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.no_cache:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"# {machine()}, commit {commit()}, best of {args.runs}, bytecode cache {'off' if args.no_cache else 'warm'}")
    print(f"{'command':42} {'wall s':>8} {'cpu s':>8} {'target':>8}")
    for label, argv, target in COMMANDS:
        wall, cpu = best_of(argv, args.runs, env)
        goal = f"{target:.2f}" if target else ""
        print(f"{label:42} {wall:8.3f} {cpu:8.3f} {goal:>8}")


if __name__ == "__main__":
    main()

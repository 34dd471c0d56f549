"""Start-up benchmark: how long a quick command takes from the shell, interpreter included.

Issue 24's targets: ``stepdoku --version`` within 0.1 s, ``solve`` and ``hint`` on an easy
puzzle within 0.25 s, and the README's first command, ``stepdoku explain`` on the default
puzzle, within 1 s. Each command runs ``--runs`` times through the installed console script
(the one a user types); the best wall time and the best CPU time (user + system, the
figure least disturbed by other work on the machine) are printed, with the bare
interpreter's start for scale.

Output goes nowhere (``/dev/null``), where the walkthrough is plain text. A person runs
``explain`` in a terminal, where it is drawn in colour: one more row runs it with its
output on a pseudo-terminal (120 columns, ``TERM=xterm-256color``), read as it comes.

Python caches compiled modules in ``__pycache__``; the first run after an install or an
edit compiles every module it imports (about 0.5 s for the whole program), and so does
every run when ``PYTHONDONTWRITEBYTECODE`` is set. The figures are for the usual case, a
warm cache (one unmeasured run first); ``--no-cache`` measures with the variable set.

    .venv/bin/python benchmarks/startup.py
    .venv/bin/python benchmarks/startup.py --runs 20 --no-cache
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
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
#: The README's first command as a person sees it: in a terminal, in colour.
IN_A_TERMINAL = ("stepdoku explain, in a terminal", [str(BIN / "stepdoku"), "explain"], 1.0)


def best_of(argv: list[str], runs: int, env: dict[str, str], terminal: bool = False) -> tuple[float, float]:
    """The best wall and CPU seconds of ``runs`` runs (after one unmeasured run), with the
    output on a pseudo-terminal (``terminal``) or nowhere."""
    run = _run_in_terminal if terminal else _run
    run(argv, env)
    wall = cpu = float("inf")
    for _ in range(runs):
        before, start = os.times(), time.perf_counter()
        run(argv, env)
        elapsed, after = time.perf_counter() - start, os.times()
        wall = min(wall, elapsed)
        cpu = min(cpu, after.children_user - before.children_user + after.children_system - before.children_system)
    return wall, cpu


def _run(argv: list[str], env: dict[str, str]) -> None:
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)


def _run_in_terminal(argv: list[str], env: dict[str, str]) -> int:
    """Run ``argv`` with its output on a new pseudo-terminal of 120 columns, reading it
    as it comes (a terminal shows it as it comes); the bytes read."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    read = [0]

    def drain() -> None:
        while True:
            try:
                chunk = os.read(leader, 1 << 16)
            except OSError:  # the last writer closed the terminal
                return
            if not chunk:
                return
            read[0] += len(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    colour = {**env, "TERM": "xterm-256color", "COLUMNS": "120"}
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=follower, stderr=follower, env=colour, check=False)
    os.close(follower)
    reader.join()
    os.close(leader)
    return read[0]


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
    label, argv, target = IN_A_TERMINAL
    wall, cpu = best_of(argv, args.runs, env, terminal=True)
    print(f"{label:42} {wall:8.3f} {cpu:8.3f} {target:8.2f}")


if __name__ == "__main__":
    main()

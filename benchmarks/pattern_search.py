"""Cost per call of the pattern searches the `full` profile runs before every chain step.

    .venv/bin/python benchmarks/pattern_search.py                  # this checkout
    .venv/bin/python benchmarks/pattern_search.py --rev 9e67cc1    # and that revision, same positions

Times ``find`` of Multi-Sector Locked Set, WXYZ-Wing, VWXYZ-Wing, BUG-Lite, BUG+n and Firework on every
technique position (puzzles/techniques/) and every forum_hardest state of
puzzles/pattern_states.txt, in CPU time (user + system; the machine may be shared). With
``--rev``, the revision is exported with ``git archive`` and timed in its own process on
the same positions (read from this checkout); a code the revision lacks prints nan.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ab import export  # noqa: E402
from benchmarks.common import ROOT, machine  # noqa: E402
from tests.make_pattern_steps import positions as all_positions  # noqa: E402

CODES = ("msls", "wxyz", "vwxyz", "bugl", "bugn", "fw")

# Run in the checkout being timed (its code first on the path); the positions come from ours.
_TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from tests.conftest import grid_from
from techniques import by_code
cases = json.loads(sys.stdin.read())
grids = [grid_from(values, removed) for values, removed in cases]
for code in sys.argv[2].split(","):
    try:
        technique = by_code(code)
    except Exception:  # a revision from before the technique
        print(code, "nan")
        continue
    start = time.process_time()
    for grid in grids:
        list(technique.find(grid))
    print(code, (time.process_time() - start) / len(grids))
"""


def cases() -> list[tuple[str, str]]:
    """(values, removed pencil marks) of every position the searches are timed on."""
    pairs = [key.split(" | ") for key in all_positions()]
    return [(values, "" if removed == "-" else removed) for values, removed in pairs]


def per_call(root: Path, positions: list[tuple[str, str]]) -> dict[str, float]:
    """Seconds per ``find`` call, by code, of the checkout at ``root``."""
    done = subprocess.run(
        [sys.executable, "-c", _TIMER, str(root), ",".join(CODES)], input=json.dumps(positions), capture_output=True, text=True, check=True, cwd=root
    )
    return {code: float(seconds) for code, seconds in (line.split() for line in done.stdout.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="also time this git revision (exported with git archive)")
    args = parser.parse_args()
    positions = cases()
    print(f"{len(positions)} positions; {machine()}")
    columns = {"this checkout": per_call(ROOT, positions)}
    if args.rev:
        with tempfile.TemporaryDirectory() as folder:
            columns[args.rev] = per_call(export(args.rev, Path(folder)), positions)
    print(f"{'code':8}" + "".join(f"{name:>16}" for name in columns))
    for code in CODES:
        print(f"{code:8}" + "".join(f"{found[code] * 1000:13.2f} ms" for found in columns.values()))


if __name__ == "__main__":
    main()

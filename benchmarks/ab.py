"""A/B speed: two revisions of the code measured alternately, in CPU time, in one run.

Each revision is exported with ``git archive`` to a temporary folder; then, round after
round, each one solves the same puzzles in a fresh process and reports the CPU time the
solves took (user + system, not wall time: on a busy machine the wall clock measures the
other processes). Alternating rounds spread any drift in the machine's state over both.

    .venv/bin/python benchmarks/ab.py bd689df HEAD                 # royle17 and top95
    .venv/bin/python benchmarks/ab.py main HEAD --sets royle17 --rounds 5
    .venv/bin/python benchmarks/ab.py main HEAD --grade             # stepdoku grade -j 1 too
    .venv/bin/python benchmarks/ab.py main HEAD --profile se --sets royle17,/tmp/more.txt

A set is a name below or the path of a file of puzzles (one per line).

Each revision's own default solve is used (``techniques.DEFAULT`` before profiles, the
``hodoku`` profile's ``solve`` after: its techniques and its step choice), or with
``--profile`` that profile's solve.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, machine  # noqa: E402

SETS = {"royle17": "royle17_sample1000.tsv", "top95": "top95.txt", "top1465": "top1465.txt"}

# Run inside the exported tree: solve every puzzle of a set, print the CPU seconds.
_SOLVES = """
import sys, time
sys.path.insert(0, ".")
from engine.grid import Grid
from engine.solver import solve
try:
    from techniques import DEFAULT
    run = lambda grid: solve(grid, DEFAULT)
    assert sys.argv[3] == "hodoku"
except ImportError:  # with profiles: the profile's solve (its techniques, its step choice)
    from engine.profiles import load_profile
    from techniques import CATALOG
    run = load_profile(sys.argv[3], CATALOG).solve
lines = [l.split()[0][:81] for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")][: int(sys.argv[2])]
for l in lines[:5]:
    run(Grid.from_string(l))
start = time.process_time()
for l in lines:
    run(Grid.from_string(l))
print(time.process_time() - start)
"""


def export(revision: str, folder: Path) -> Path:
    target = folder / revision.replace("/", "_")
    target.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target


def solves(tree: Path, name: str, limit: int, profile: str = "hodoku") -> float:
    puzzles = f"puzzles/{SETS[name]}" if name in SETS else str(Path(name).resolve())
    done = subprocess.run(
        [sys.executable, "-c", _SOLVES, puzzles, str(limit), profile], cwd=tree, capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[-1])


def grade(tree: Path) -> float:
    """CPU seconds of ``stepdoku grade -j 1`` on the 17-clue sample, start-up included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "cli.py", "grade", f"puzzles/{SETS['royle17']}", "-j", "1", "--format", "jsonl", "-q"]
    subprocess.run(command, cwd=tree, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="a git revision (the reference)")
    parser.add_argument("b", help="another git revision")
    parser.add_argument("--sets", default="royle17,top95", help="comma-separated: " + ", ".join(SETS) + ", or files of puzzles")
    parser.add_argument("--profile", default="hodoku", help="the profile whose solve is timed (default hodoku)")
    parser.add_argument("--limit", type=int, default=1000, help="puzzles per set (default 1000)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--grade", action="store_true", help="also time 'stepdoku grade -j 1' on the 17-clue sample")
    args = parser.parse_args()
    print(f"A/B in CPU seconds; {machine()}")
    with tempfile.TemporaryDirectory() as folder:
        trees = {rev: export(rev, Path(folder)) for rev in (args.a, args.b)}
        jobs = [(name, lambda tree, name=name: solves(tree, name, args.limit, args.profile)) for name in args.sets.split(",")]
        if args.grade:
            jobs.append(("grade -j 1", grade))
        for name, job in jobs:
            times: dict[str, list[float]] = {rev: [] for rev in trees}
            for _ in range(args.rounds):
                for rev, tree in trees.items():
                    times[rev].append(job(tree))
            medians = {rev: statistics.median(t) for rev, t in times.items()}
            change = (medians[args.b] / medians[args.a] - 1) * 100
            rows = "  ".join(f"{rev}: {' '.join(f'{t:.2f}' for t in times[rev])}" for rev in trees)
            print(f"{name:<12} {rows}  median {change:+.1f}% ({args.b} vs {args.a})")


if __name__ == "__main__":
    main()

"""Grading benchmark: ``stepdoku grade`` throughput and peak memory, as a user runs it.

1. Throughput: the 1,000-puzzle 17-clue sample (puzzles/royle17_sample1000.tsv) graded
   with ``-j 1`` and ``-j 2``: wall time of the whole command, puzzles per second.
2. Memory: a generated file of ``--lines`` lines (default 100,000: the sample's puzzles
   over and over, relabelled so no two lines are alike, with a bad line every 1,000)
   graded with ``-j 2``; peak resident memory of the largest process (the parent or a
   worker, measured per run), next to the same figure for a file a tenth the size. Flat
   memory means the two are about equal.

    .venv/bin/python benchmarks/grade.py                  # everything (minutes)
    .venv/bin/python benchmarks/grade.py --lines 20000    # a quicker memory check
    .venv/bin/python benchmarks/grade.py --skip-memory
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, load, machine  # noqa: E402

SAMPLE = "royle17_sample1000.tsv"


# Runs a command and prints the peak RSS (KiB) of the largest process it started: so each
# measurement has its own fresh RUSAGE_CHILDREN, whatever ran before it.
_MEASURE = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def grade(path: Path, jobs: int) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one ``stepdoku grade`` run in a fresh process."""
    command = [sys.executable, str(ROOT / "cli.py"), "grade", str(path), "-j", str(jobs), "--format", "jsonl", "-q"]
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    return seconds, int(done.stdout.split()[-1])


def relabel(line: str, rng: random.Random) -> str:
    """The same puzzle with its digits renamed: as hard, but a different line."""
    names = list("123456789")
    rng.shuffle(names)
    return "".join(names[int(ch) - 1] if ch in "123456789" else ch for ch in line)


def write_batch(path: Path, lines: int, puzzles: list[str]) -> None:
    rng = random.Random(17)
    with path.open("w") as handle:
        for n in range(lines):
            if n % 1000 == 999:
                handle.write("this line is not a puzzle\n")
            else:
                handle.write(relabel(puzzles[n % len(puzzles)], rng) + "\n")


def throughput() -> None:
    path = ROOT / "puzzles" / SAMPLE
    count = len(load(SAMPLE))
    for jobs in (1, 2):
        seconds, peak = grade(path, jobs)
        print(f"grade -j {jobs} {SAMPLE}: {count} puzzles in {seconds:6.2f} s = {count / seconds:7.1f} puzzles/s, peak RSS {peak / 1024:.1f} MiB")


def memory(lines: int) -> None:
    puzzles = load(SAMPLE)
    with tempfile.TemporaryDirectory() as folder:
        for size in (lines // 10, lines):
            path = Path(folder) / f"batch{size}.txt"
            write_batch(path, size, puzzles)
            seconds, peak = grade(path, 2)
            print(f"grade -j 2 on {size:>7} lines: {seconds:7.1f} s ({size / seconds:6.1f} lines/s), peak RSS {peak / 1024:6.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000, help="lines of the generated file for the memory run")
    parser.add_argument("--skip-memory", action="store_true", help="throughput only")
    parser.add_argument("--skip-throughput", action="store_true", help="memory only")
    args = parser.parse_args()
    print(f"grading benchmark; {machine()}")
    if not args.skip_throughput:
        throughput()
    if not args.skip_memory:
        memory(args.lines)


if __name__ == "__main__":
    main()

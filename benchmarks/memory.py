"""Memory benchmark: peak resident memory of reading and solving huge or hostile inputs.

Each case runs in a fresh process and reports that process's peak resident memory (VmHWM
from /proc on Linux: ``ru_maxrss`` would include the parent's peak when the child is
spawned with vfork):

1. reading a ``--lines`` line file of puzzles (default 1,000,000; the 17-clue sample over
   and over) record by record, as every command does, next to a file a tenth the size;
2. ``stepdoku solve`` on a ``--lines`` line file of solved grids (each checked in
   microseconds, so the run measures reading and writing, not search), output to /dev/null;
3. ``stepdoku solve`` on a 67 MB file with no newline at all (one over-long line);
4. reading a 6.7 MB file of grid rows with no blank line between grids (one block of
   670,000 rows).

Flat memory means every figure is about its start-up figure (the interpreter, the engine's
tables and, for the command line, every technique), whatever the size of the input. Case 2
takes several minutes for a million lines (the solving, not the reading).

    .venv/bin/python benchmarks/memory.py                 # everything (a few minutes)
    .venv/bin/python benchmarks/memory.py --lines 100000  # quicker
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, load, machine  # noqa: E402

SAMPLE = "royle17_sample1000.tsv"
SOLVED = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
BIG_BYTES = 67_000_000

_PEAK = (
    "def peak():\n"
    "    try:\n"
    "        return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
    "    except OSError:\n"
    "        import resource; return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
)
# Reads every record of the files given and prints how many, then the peak RSS (KiB).
_READ = _PEAK + (
    "import sys; sys.path.insert(0, sys.argv[1])\n"
    "from engine.app.commands.inputs import iter_records\n"
    "n = sum(1 for _ in iter_records(sys.argv[2:])) if sys.argv[2:] else 0\n"
    "print(n, peak())\n"
)
# Runs the command line in this process and prints the peak RSS (KiB).
_RUN = _PEAK + (
    "import io, sys; sys.path.insert(0, sys.argv[1]); import cli\n"
    "code = cli.main(sys.argv[2:], out=open('/dev/null', 'w'), err=io.StringIO())\n"
    "print(code, peak())\n"
)


def measure(script: str, *args: str) -> tuple[str, float, float]:
    """(what the script printed first, MiB of peak RSS, seconds) of one fresh process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", script, str(ROOT), *args], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    first, peak = done.stdout.split()[-2:]
    return first, int(peak) / 1024, seconds


def write_lines(path: Path, lines: int, items: list[str]) -> None:
    with path.open("w") as handle:
        for n in range(lines):
            handle.write(items[n % len(items)] + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000, help="lines of the generated puzzle files")
    args = parser.parse_args()
    print(f"memory benchmark; {machine()}")
    _, base, _ = measure(_READ)
    print(f"{'start-up of the reader (no input read)':<58} peak RSS {base:6.1f} MiB")
    _, base, _ = measure(_RUN, "techniques", "--json")
    print(f"{'start-up of the command line (stepdoku techniques)':<58} peak RSS {base:6.1f} MiB")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        puzzles = load(SAMPLE)
        for size in (args.lines // 10, args.lines):
            path = tmp / f"puzzles{size}.txt"
            write_lines(path, size, puzzles)
            count, peak, seconds = measure(_READ, str(path))
            print(f"{f'read {size:,} lines of puzzles ({count} records)':<58} peak RSS {peak:6.1f} MiB  {seconds:6.1f} s")
        path = tmp / "solved.txt"
        write_lines(path, args.lines, [SOLVED])
        code, peak, seconds = measure(_RUN, "solve", str(path))
        print(f"{f'stepdoku solve, {args.lines:,} lines (exit {code})':<58} peak RSS {peak:6.1f} MiB  {seconds:6.1f} s")
        path = tmp / "one-line.txt"
        with path.open("w") as handle:
            for _ in range(BIG_BYTES // 1_000_000):
                handle.write("1" * 1_000_000)
        code, peak, seconds = measure(_RUN, "solve", str(path))
        print(f"{f'stepdoku solve, {BIG_BYTES / 1e6:.0f} MB with no newline (exit {code})':<58} peak RSS {peak:6.1f} MiB  {seconds:6.1f} s")
        path = tmp / "rows.txt"
        write_lines(path, BIG_BYTES // 100, ["123456789"])
        count, peak, seconds = measure(_READ, str(path))
        print(f"{f'read {BIG_BYTES / 1e7:.1f} MB of grid rows, no blank line ({count} records)':<58} peak RSS {peak:6.1f} MiB  {seconds:6.1f} s")


if __name__ == "__main__":
    main()

"""Scaling benchmark (issue 18): ``stepdoku grade`` with ``-j 1``, ``-j 2`` and
``--cluster dask`` (a 2-worker LocalCluster) on the first N royle17 puzzles, and the peak
memory of the parent process on 10,000 / 100,000 / 1,000,000-line inputs.

Each run is the command as a user runs it (start-up included), in a fresh process. While
it runs, the script samples ``/proc/PID/schedstat`` of the command and of its child
processes every 50 ms: CPU time, and the time each process was ready to run but waiting
for a CPU (``run_delay``: what other programs on a busy machine cost it). The
"quiet estimate" takes that waiting out of the wall time (for ``-j 1``, the command's
own wait; with workers, the smallest wait among them, since the run lasts as long as its
last worker), so a busy machine distorts the comparison less; on a quiet machine both
columns agree. Peak memory is the parent's ``VmHWM``.

    .venv/bin/python benchmarks/scale.py                       # 3,000 puzzles; memory at 10k/100k/1M lines
    .venv/bin/python benchmarks/scale.py --puzzles 100000      # the issue's 100,000 (an hour of CPU)
    .venv/bin/python benchmarks/scale.py --skip-memory --no-dask

The datasets come from ../shared/reference/datasets (``STEPDOKU_SHARED`` elsewhere). The
memory runs grade relabelled copies of the puzzles with ``--max-seconds 0.0001``: every
record is a ``timeout`` cut at its first check, so the whole pipeline (reading, chunks to
the workers, records back in order, writing) runs at its fastest and a million lines take
minutes, not hours; the parent's memory is what is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, machine, shared_dir  # noqa: E402

SHARED = shared_dir()
ROYLE = SHARED / "reference" / "datasets" / "royle17_ser_w.tsv"
TICK = 1e9  # schedstat counts nanoseconds


@dataclass
class Sample:
    """What one command cost: wall seconds, and per process CPU and waiting seconds."""

    wall: float = 0.0
    cpu: dict[int, float] = field(default_factory=dict)
    delay: dict[int, float] = field(default_factory=dict)
    peak_kib: int = 0
    code: int = 0
    bound: float = 0.0  # start-up plus the rest of the CPU time shared by the workers

    @property
    def workers(self) -> list[int]:
        return [pid for pid in self.cpu if pid != self.parent]

    parent: int = 0

    def quiet_estimate(self) -> float:
        waits = [self.delay[pid] for pid in self.workers if self.cpu[pid] > 0.2 * max(self.cpu.values())]
        return self.wall - (min(waits) if waits else self.delay.get(self.parent, 0.0))


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            pass
    return found


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        todo += _children(current)
    return out


def _read(pid: int, sample: Sample) -> None:
    """The process's CPU time (over its threads: a Dask worker grades in a thread of its
    own), the waiting time of its busiest thread, and the parent's peak memory."""
    cpu = 0
    busiest = (0, 0)  # (CPU, waiting) of the thread with the most CPU
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            numbers = [int(n) for n in (task / "schedstat").read_text().split()[:2]]
            cpu += numbers[0]
            busiest = max(busiest, (numbers[0], numbers[1]))
    except (OSError, ValueError, IndexError):
        return
    sample.cpu[pid] = max(sample.cpu.get(pid, 0.0), cpu / TICK)  # a thread that ended takes its time along
    sample.delay[pid] = max(sample.delay.get(pid, 0.0), busiest[1] / TICK)
    if pid == sample.parent:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                sample.peak_kib = int(line.split()[1])


CHECKOUT = [ROOT]  # the stepdoku checkout whose cli.py runs (--checkout)


def measure(argv: list[str]) -> Sample:
    """Run ``stepdoku`` with ``argv`` (output to /dev/null), sampling it as it runs."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, str(CHECKOUT[0] / "cli.py"), *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=CHECKOUT[0]
    )
    sample = Sample(parent=process.pid)
    while process.poll() is None:
        for pid in _tree(process.pid):
            _read(pid, sample)
        time.sleep(0.05)
    sample.wall = time.perf_counter() - start
    sample.code = process.returncode
    assert process.stderr is not None
    error = process.stderr.read().decode()
    if process.returncode not in (0, 1, 2):
        raise SystemExit(f"stepdoku {' '.join(argv)} failed ({process.returncode}): {error}")
    return sample


def puzzles(count: int) -> list[str]:
    if not ROYLE.exists():
        raise SystemExit(f"{ROYLE} not found: set STEPDOKU_SHARED to the shared folder")
    out = []
    with ROYLE.open() as handle:
        for line in handle:
            if line.strip() and not line.startswith("#"):
                out.append(line.split()[0])
                if len(out) == count:
                    break
    return out


def throughput(count: int, dask: bool, folder: Path) -> None:
    path = folder / f"royle17-{count}.txt"
    path.write_text("\n".join(puzzles(count)) + "\n")
    runs = [("-j 1", ["-j", "1"]), ("-j 2", ["-j", "2"])]
    if dask:
        runs.append(("--cluster dask (2 workers)", ["--cluster", "dask", "-j", "2"]))
    results: dict[str, Sample] = {}
    single = folder / "one.txt"
    single.write_text(puzzles(1)[0] + "\n")
    startup = measure(["grade", str(single), "--format", "jsonl", "-q"])
    start_cpu = sum(startup.cpu.values())
    print(f"\ngrade on the first {count:,} royle17 puzzles (--format jsonl -q, start-up included: {start_cpu:.2f} CPU s)")
    print(f"{'run':<28} {'wall s':>8} {'quiet est. s':>13} {'CPU-bound s':>12} {'CPU s (all)':>12} {'worker CPU s':>14} {'waiting s':>10}")
    for name, extra in runs:
        sample = measure(["grade", str(path), "--format", "jsonl", "-q", *extra])
        results[name] = sample
        workers = sorted(sample.cpu[pid] for pid in sample.workers if sample.cpu[pid] > 0.5)
        parallel = max(1, len(workers))
        bound = start_cpu + (sum(sample.cpu.values()) - start_cpu) / parallel
        print(
            f"{name:<28} {sample.wall:8.2f} {sample.quiet_estimate():13.2f} {bound:12.2f} {sum(sample.cpu.values()):12.2f} "
            f"{' '.join(f'{cpu:.1f}' for cpu in workers) or '-':>14} {sum(sample.delay.values()):10.2f}"
        )
        sample.bound = bound
    one, two = results["-j 1"], results["-j 2"]
    print(
        f"speed-up -j 2 / -j 1: {one.wall / two.wall:.2f}x wall, {one.quiet_estimate() / two.quiet_estimate():.2f}x quiet estimate, "
        f"{one.bound / two.bound:.2f}x CPU-bound"
    )
    if dask:
        cluster = results["--cluster dask (2 workers)"]
        print(f"cluster overhead over -j 2: {cluster.quiet_estimate() / two.quiet_estimate() - 1:+.0%} (quiet estimate)")


def replay(times: list[float], jobs: int, chunk: int, window: int, per_chunk: float = 0.0003) -> float:
    """Seconds a run would take on a quiet machine with ``jobs`` workers, given each
    puzzle's grading time, when chunks of ``chunk`` go out in order, each worker takes
    the next one when free, and no more than ``window`` chunks may be out past the
    first one not yet written (results are written in input order)."""
    chunks = [sum(times[i : i + chunk]) + per_chunk for i in range(0, len(times), chunk)]
    done: list[float] = []
    free = [0.0] * jobs
    head = 0
    for cost in chunks:
        worker = min(range(jobs), key=free.__getitem__)
        start = free[worker]
        while head < len(done) and done[head] <= start:
            head += 1
        if len(done) - head >= window:  # the window is full: wait for the first chunk out
            start = max(start, done[head])
        done.append(start + cost)
        free[worker] = done[-1]
    return max(done)


def queueing(count: int, folder: Path) -> None:
    """Replay the measured per-puzzle times of a ``-j 1`` run through the old and the new
    queueing rules: the ordering cost alone, whatever the machine's load."""
    path = folder / f"royle17-{count}.txt"
    path.write_text("\n".join(puzzles(count)) + "\n")
    out = folder / "times.jsonl"
    measure(["grade", str(path), "--format", "jsonl", "-q", "-o", str(out)])
    times = [json.loads(line)["seconds"] for line in out.read_text().splitlines()]
    serial = sum(times)
    print(f"\nqueueing replay of {count:,} measured grading times (2 workers, 0.3 ms per chunk): speed-up over one process")
    for name, chunk, window in (("before: chunks of 8, 4 per worker", 8, 8), ("after: chunks of 16, 64 per worker", 16, 128)):
        print(f"  {name:<38} {serial / replay(times, 2, chunk, window):.2f}x")


def relabel(line: str, rng: random.Random) -> str:
    names = list("123456789")
    rng.shuffle(names)
    return "".join(names[int(ch) - 1] if ch in "123456789" else ch for ch in line)


def memory(sizes: list[int], folder: Path) -> None:
    base = puzzles(1000)
    rng = random.Random(18)
    print("\nparent peak memory (VmHWM), grade -j 2 --max-seconds 0.0001 (every record a timeout), a bad line every 1,000")
    for size in sizes:
        path = folder / f"lines-{size}.txt"
        with path.open("w") as handle:
            for n in range(size):
                handle.write("not a puzzle\n" if n % 1000 == 999 else relabel(base[n % len(base)], rng) + "\n")
        sample = measure(["grade", str(path), "-j", "2", "--max-seconds", "0.0001", "--format", "jsonl", "-q"])
        print(f"{size:>10,} lines: {sample.wall:8.1f} s, parent peak {sample.peak_kib / 1024:6.1f} MiB")
        path.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=3000, help="royle17 puzzles for the throughput runs (default 3,000)")
    parser.add_argument("--memory-lines", default="10000,100000,1000000", help="input sizes for the memory runs")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--no-dask", action="store_true", help="leave out --cluster dask")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="another stepdoku checkout to measure (e.g. main, for a before/after)")
    args = parser.parse_args()
    CHECKOUT[0] = args.checkout.resolve()
    if not Path("/proc/self/schedstat").exists():
        raise SystemExit("this benchmark reads /proc/PID/schedstat (Linux)")
    with open("/proc/loadavg") as handle:
        load = handle.read().split()[:3]
    print(f"scaling benchmark; {machine()}, {os.cpu_count()} CPUs, load average {' '.join(load)} at the start")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if not args.skip_throughput:
            throughput(args.puzzles, not args.no_dask, folder)
            queueing(args.puzzles, folder)
        if not args.skip_memory:
            memory([int(size) for size in args.memory_lines.split(",")], folder)


if __name__ == "__main__":
    main()

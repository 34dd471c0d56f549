"""Issue 24's table: stepdoku against the programs it matches, on the same sets, in one run.

For each set the script runs, one after the other on the same puzzle file:

* HoDoKu 2.2 (``java -jar hodoku.jar /bs FILE /o OUT``: level and score per puzzle) and
  ``stepdoku grade FILE`` (the ``hodoku`` profile, default options, and again with ``-j 1``);
* serate 1.2.1.3 (``java -cp se/build diuf.sudoku.test.serate ...``: ER/EP/ED per puzzle)
  and ``stepdoku grade --profile se FILE`` (default options, and ``-j 1``).

Each command is timed as a user runs it (start-up included): wall seconds, and CPU seconds
(user + system of the command and every process it started, so the JVM's extra threads
and our worker processes count). The table gives both and the ratios reference / ours
(above 1: we are faster), so a busy machine skews the wall column but hardly the CPU one.
It also checks that the two agree (level and score, or ER/EP/ED) and says how often.

The reference programs are measuring instruments only, never part of stepdoku: build them
once with ``../shared/tools/build-anchors`` (it prints where and how), then pass the
folder with ``--anchors DIR`` (default ``/work/anchors``, else ``$TMPDIR/stepdoku-anchors``).
HoDoKu takes relative paths only and does not overwrite its output, so it runs in a
temporary folder of this script's with a copy of the jar.

Sets: ``royle17`` and ``cb001`` (the 1,000 puzzles of each in HoDoKu's reference paths,
``../shared/reference/paths``), ``top1465`` (``puzzles/top1465.txt``) and ``generated``
(``puzzles/hodoku_generated500.txt``: 500 puzzles from HoDoKu's own generator, 100 per
level).

    .venv/bin/python benchmarks/anchors.py                                   # every set, both scales
    .venv/bin/python benchmarks/anchors.py --sets royle17,generated --skip se
    .venv/bin/python benchmarks/anchors.py --anchors /tmp/stepdoku-anchors --limit 200
    .venv/bin/python benchmarks/anchors.py --checkout /tmp/compiled --skip se   # a compiled copy (README)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, commit, load, machine, shared_dir  # noqa: E402

BUILD_HINT = (
    "build the reference programs once with\n"
    "  ../shared/tools/build-anchors /work/.mirror/alexdej+hodoku-py/repo "
    "/work/.mirror/1to9only+SudokuExplainer/repo DIR\n"
    "(the git directories of alexdej/hodoku-py and 1to9only/SudokuExplainer; the script's header "
    "says how to get them), then pass --anchors DIR"
)
SETS = ("royle17", "cb001", "top1465", "generated")
#: serate runs on every set, as HoDoKu does: top1465 takes it about ten minutes (measured
#: 2026-11-27: 122.5 CPU s for the first 300, 0.41 s a puzzle), the others one each.
SE_SETS = ("royle17", "cb001", "generated", "top1465")


def puzzles_of(name: str) -> list[str]:
    if name == "top1465":
        return load("top1465.txt")
    if name == "generated":
        return load("hodoku_generated500.txt")
    paths = shared_dir() / "reference" / "paths" / f"hodoku_{name}_1000.txt"
    if not paths.is_file():
        raise SystemExit(f"anchors: {paths} is missing (the set {name!r} comes from ../shared/reference/paths)")
    return [line[:81] for line in paths.read_text().splitlines() if line and not line.startswith(" ")]


@dataclass
class Run:
    """One command on one set: its wall and CPU seconds."""

    program: str
    command: str
    wall: float
    cpu: float


def timed(program: str, command: list[str], cwd: Path, shown: str) -> Run:
    """Run a command to the end (output discarded), with its wall and CPU seconds (its own
    and its children's, reaped ones included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # grade exits 1 when a puzzle is invalid
        raise SystemExit(f"anchors: {shown} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Run(program, shown, wall, cpu)


#: Another checkout to time instead of this one (``--checkout``: a compiled copy, say).
CHECKOUT: Path | None = None


def stepdoku(args: list[str]) -> list[str]:
    """The installed command of this checkout's virtual environment (else ``cli.py``), or
    ``--checkout DIR``'s ``cli.py`` run by this Python (its own modules come first)."""
    if CHECKOUT is not None:
        return [sys.executable, str(CHECKOUT / "cli.py"), *args]
    script = Path(sys.executable).parent / "stepdoku"
    return [str(script), *args] if script.exists() else [sys.executable, str(ROOT / "cli.py"), *args]


# --- HoDoKu ------------------------------------------------------------------------------

_HODOKU_LINE = re.compile(r"^(\S{81}) #\d+ (\w+) \((\d+)\)")


def hodoku_runs(anchors: Path, name: str, puzzles: list[str], work: Path, jobs: list[str]) -> tuple[list[Run], str]:
    folder = work / f"hodoku-{name}"
    folder.mkdir()
    shutil.copy(anchors / "hodoku.jar", folder / "hodoku.jar")
    (folder / "puzzles.txt").write_text("\n".join(puzzles) + "\n")
    runs = [timed("HoDoKu 2.2", ["java", "-jar", "hodoku.jar", "/bs", "puzzles.txt", "/o", "out.txt"], folder, "java -jar hodoku.jar /bs puzzles.txt /o out.txt")]
    theirs = {m.group(1): (m.group(2), int(m.group(3))) for m in map(_HODOKU_LINE.match, (folder / "out.txt").read_text().splitlines()) if m}
    ours: dict[str, tuple[str, int]] = {}
    for option in jobs:
        out = folder / "ours.jsonl"
        extra = ["-j", option] if option else []
        shown = f"stepdoku grade puzzles.txt --format jsonl -q -o ours.jsonl{' -j ' + option if option else ''}"
        runs.append(timed(f"stepdoku{' -j ' + option if option else ''}", stepdoku(["grade", "puzzles.txt", "--format", "jsonl", "-q", "-o", str(out), *extra]), folder, shown))
        ours = {r["puzzle"]: (r["level"], r["score"]) for r in map(json.loads, out.read_text().splitlines())}
    same = sum(ours.get(p) == theirs.get(p) for p in puzzles)
    return runs, f"level and score equal to HoDoKu's: {same}/{len(puzzles)}"


# --- serate --------------------------------------------------------------------------------


def se_runs(anchors: Path, name: str, puzzles: list[str], work: Path, jobs: list[str]) -> tuple[list[Run], str]:
    folder = work / f"se-{name}"
    folder.mkdir()
    (folder / "puzzles.txt").write_text("\n".join(puzzles) + "\n")
    command = ["java", "-cp", str(anchors / "se" / "build"), "diuf.sudoku.test.serate", "--format=%g ED=%r/%p/%d", "--input=puzzles.txt", "--output=out.txt"]
    runs = [timed("serate 1.2.1.3", command, folder, f"java -cp {anchors}/se/build diuf.sudoku.test.serate --format='%g ED=%r/%p/%d' --input=puzzles.txt --output=out.txt")]
    theirs = {}
    for line in (folder / "out.txt").read_text().splitlines():
        if " ED=" in line:
            puzzle, rating = line.split(" ED=", 1)
            theirs[puzzle.strip()[:81]] = tuple(float(x) for x in rating.split("/"))
    ours: dict[str, tuple[float, ...]] = {}
    for option in jobs:
        out = folder / "ours.jsonl"
        extra = ["-j", option] if option else []
        shown = f"stepdoku grade --profile se puzzles.txt --format jsonl -q -o ours.jsonl{' -j ' + option if option else ''}"
        runs.append(timed(f"stepdoku{' -j ' + option if option else ''}", stepdoku(["grade", "--profile", "se", "puzzles.txt", "--format", "jsonl", "-q", "-o", str(out), *extra]), folder, shown))
        ours = {r["puzzle"]: (r["er"], r["ep"], r["ed"]) for r in map(json.loads, out.read_text().splitlines()) if r["er"] is not None}
    same = sum(ours.get(p) is not None and ours.get(p) == theirs.get(p) for p in puzzles)
    return runs, f"ER/EP/ED equal to serate's: {same}/{len(puzzles)}"


# --- the table -------------------------------------------------------------------------------


def table(rows: list[tuple[str, str, int, list[Run], str]]) -> str:
    head = "| set | work | puzzles | program | wall s | CPU s | reference / ours, wall | reference / ours, CPU |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for name, work, count, runs, _ in rows:
        reference = runs[0]
        for run in runs:
            ratio = "" if run is reference else f"{reference.wall / run.wall:.2f}x | {reference.cpu / run.cpu:.2f}x"
            lines.append(f"| {name} | {work} | {count} | {run.program} | {run.wall:.1f} | {run.cpu:.1f} | {ratio or ' | '} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_anchors = Path("/work/anchors") if Path("/work/anchors/hodoku.jar").exists() else Path(os.environ.get("TMPDIR", "/tmp")) / "stepdoku-anchors"
    parser.add_argument("--anchors", type=Path, default=default_anchors, help=f"the folder build-anchors made (default {default_anchors})")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--se-sets", default=",".join(SE_SETS), help=f"the sets serate runs on (default {','.join(SE_SETS)}; top1465 takes serate about ten minutes)")
    parser.add_argument("--skip", default="", help="'hodoku' or 'se': leave that scale out")
    parser.add_argument("--limit", type=int, default=0, help="the first N puzzles of each set (default all)")
    parser.add_argument("--checkout", type=Path, help="time another checkout's cli.py (e.g. a copy built with STEPDOKU_COMPILE=1) instead of this one")
    parser.add_argument("--jobs", default=",1", help="the stepdoku runs per set: -j values, empty for the default (default ',1': default, then -j 1)")
    args = parser.parse_args()
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    anchors = args.anchors.resolve()
    needed = ([anchors / "hodoku.jar"] if "hodoku" not in skip else []) + ([anchors / "se" / "build"] if "se" not in skip else [])
    missing = [str(p) for p in needed if not p.exists()]
    if missing:
        raise SystemExit(f"anchors: not found: {', '.join(missing)}\n{BUILD_HINT}")
    jobs = args.jobs.split(",")
    global CHECKOUT
    CHECKOUT = args.checkout.resolve() if args.checkout else None
    if CHECKOUT is not None:
        print(f"stepdoku timed from {CHECKOUT}")
    print(f"anchors.py at {commit()}; {machine()}, {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start")
    rows: list[tuple[str, str, int, list[Run], str]] = []
    with tempfile.TemporaryDirectory(prefix="stepdoku-anchors-run-") as scratch:
        work = Path(scratch)
        for name in args.sets.split(","):
            puzzles = puzzles_of(name)[: args.limit or None]
            if "hodoku" not in skip:
                runs, agreement = hodoku_runs(anchors, name, puzzles, work, jobs)
                rows.append((name, "HoDoKu level + score", len(puzzles), runs, agreement))
                print(f"{name}: HoDoKu {runs[0].cpu:.1f} CPU s, stepdoku {runs[-1].cpu:.1f} CPU s; {agreement}", flush=True)
            if "se" not in skip and name in args.se_sets.split(","):
                runs, agreement = se_runs(anchors, name, puzzles, work, jobs)
                rows.append((name, "SE ER/EP/ED", len(puzzles), runs, agreement))
                print(f"{name}: serate {runs[0].cpu:.1f} CPU s, stepdoku {runs[-1].cpu:.1f} CPU s; {agreement}", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end\n")
    print(table(rows))
    print()
    for name, work_kind, _, runs, agreement in rows:
        print(f"{name}, {work_kind}: {agreement}")
    print("\ncommands (each in a folder holding the set as puzzles.txt):")
    for command in dict.fromkeys(run.command for _, _, _, runs, _ in rows for run in runs):
        print(f"  {command}")


if __name__ == "__main__":
    main()

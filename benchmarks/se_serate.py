"""Issue 24, the se profile: ``stepdoku grade --profile se`` against serate 1.2.1.3, per CPU
second, in one run.

For each set, both programs grade the same puzzles as a user runs them, one process each
(start-up included): ``stepdoku grade --profile se -j 1 --format jsonl`` and serate
(``java -cp BUILD diuf.sudoku.test.serate``). The figure is CPU time (user + system of the
process and its threads, read with ``getrusage`` of the children), so a busy machine skews
it little; the JVM's JIT and garbage-collector threads count for serate, as they are its
cost. Throughput is puzzles per CPU second; the ratio is ours over serate's. ER/EP/ED of
the two outputs are compared too (they must agree).

For the hardest sample (``eleven20``: 20 puzzles of ER 10.6-11.x, the first 20 of
``se_paths.py --sets eleven500 --shuffle``), each puzzle is graded in a fresh process and
timed on its own (CPU seconds): median and max; serate only with ``--serate-eleven`` (it
needs 1-4 minutes a puzzle).

serate is built by ``../shared/tools/build-anchors`` (an instrument only, never part of
the repository); give its ``se/build`` folder with ``--serate``.

    .venv/bin/python benchmarks/se_serate.py --serate /work/anchors/se/build
    .venv/bin/python benchmarks/se_serate.py --serate /work/anchors/se/build --sets royle17,hodoku500 --file hodoku500=/tmp/h500.txt
    .venv/bin/python benchmarks/se_serate.py --sets eleven20                 # ours only
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, commit, machine, shared_dir  # noqa: E402

REFERENCE = shared_dir() / "reference"
ELEVEN = REFERENCE / "datasets" / "eleven_hardest_26370_er_ep_ed.tsv"
#: The sets of issue 24: (file, first column only) -- hodoku500 has no file of ours: give
#: it with --file (HoDoKu's generator, 100 per level; see the README's serate section).
SETS = {
    "royle17": REFERENCE / "paths" / "se_royle17_1000.tsv",
    "cb001": REFERENCE / "paths" / "se_cb001_1000.tsv",
    "top1465": ROOT / "puzzles" / "top1465.txt",
}
SEED = 14  # se_paths.py's seed for the eleven500 sample


def puzzles_of(path: Path) -> list[str]:
    lines = path.read_text().splitlines()
    return [line.split()[0][:81] for line in lines if line.strip() and not line.startswith("#")]


def eleven20() -> list[str]:
    """The first 20 of se_paths.py's eleven500 in its --shuffle order (a fixed random sample)."""
    rows = [line.split("\t")[0] for line in ELEVEN.read_text().splitlines() if line and not line.startswith("#")]
    chosen = sorted(random.Random(SEED).sample(range(len(rows)), 500))
    random.Random(SEED).shuffle(chosen)
    return [rows[i] for i in chosen[:20]]


def cpu_of(command: list[str], cwd: Path | None = None) -> float:
    """CPU seconds (user + system) of a command and everything it started."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def ours(file: Path, out: Path) -> float:
    command = [sys.executable, str(ROOT / "cli.py"), "grade", "--profile", "se", "-j", "1", "--format", "jsonl", "-q", "-o", str(out), str(file)]
    return cpu_of(command)


def serate(build: Path, file: Path, out: Path) -> float:
    out.unlink(missing_ok=True)
    command = ["java", "-cp", str(build), "diuf.sudoku.test.serate", "--format=%g ED=%r/%p/%d", f"--input={file}", f"--output={out}"]
    return cpu_of(command)


def our_ratings(out: Path) -> list[str]:
    import json

    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    return [f"{r['er']:.1f}/{r['ep']:.1f}/{r['ed']:.1f}" if r.get("er") is not None else "-" for r in rows]


def serate_ratings(out: Path) -> list[str]:
    return [line.rsplit("ED=", 1)[-1].strip() for line in out.read_text().splitlines() if line.strip()]


def compare_set(name: str, puzzles: list[str], build: Path | None, folder: Path) -> None:
    file = folder / f"{name}.txt"
    file.write_text("\n".join(puzzles) + "\n")
    mine = ours(file, folder / f"{name}.ours.jsonl")
    rate = len(puzzles) / mine
    line = f"{name:<10} {len(puzzles):>5}  stepdoku {mine:8.2f} CPU s ({rate:8.1f}/CPU s)"
    if build is not None:
        theirs = serate(build, file, folder / f"{name}.serate.txt")
        agree = sum(a == b for a, b in zip(our_ratings(folder / f"{name}.ours.jsonl"), serate_ratings(folder / f"{name}.serate.txt")))
        line += f"  serate {theirs:8.2f} CPU s ({len(puzzles) / theirs:8.1f}/CPU s)  ratio {theirs / mine:5.2f}x  ER/EP/ED agree {agree}/{len(puzzles)}"
    print(line, flush=True)


def hardest(puzzles: list[str], build: Path | None, folder: Path) -> None:
    """Each puzzle alone, in a fresh process: CPU seconds each, median and max."""
    mine: list[float] = []
    theirs: list[float] = []
    for i, puzzle in enumerate(puzzles):
        file = folder / f"eleven{i}.txt"
        file.write_text(puzzle + "\n")
        mine.append(ours(file, folder / f"eleven{i}.ours.jsonl"))
        row = f"  {i:2} {puzzle}  {our_ratings(folder / f'eleven{i}.ours.jsonl')[0]:>14}  stepdoku {mine[-1]:7.2f} CPU s"
        if build is not None:
            theirs.append(serate(build, file, folder / f"eleven{i}.serate.txt"))
            row += f"  serate {theirs[-1]:7.2f} CPU s ({serate_ratings(folder / f'eleven{i}.serate.txt')[0]})"
        print(row, flush=True)
    print(f"eleven20   stepdoku median {statistics.median(mine):.2f} s, max {max(mine):.2f} s (CPU, start-up included)", end="")
    if theirs:
        print(f"; serate median {statistics.median(theirs):.2f} s, max {max(theirs):.2f} s", end="")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="royle17,cb001,top1465,hodoku500,eleven20", help="comma-separated: royle17, cb001, top1465, eleven20, or a name given with --file")
    parser.add_argument("--file", action="append", default=[], metavar="NAME=PATH", help="another set (one puzzle per line), e.g. hodoku500=/tmp/h500.txt")
    parser.add_argument("--serate", type=Path, help="serate's build folder (build-anchors' se/build); without it, ours only")
    parser.add_argument("--serate-eleven", action="store_true", help="time serate on eleven20 too (1-4 minutes a puzzle)")
    parser.add_argument("--limit", type=int, help="puzzles per set")
    args = parser.parse_args()
    files = {name: Path(path) for name, _, path in (item.partition("=") for item in args.file)}
    print(f"{machine()}; commit {commit()}; CPU seconds (user + system), one process per program and set")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for name in (n.strip() for n in args.sets.split(",") if n.strip()):
            if name == "eleven20":
                hardest(eleven20()[: args.limit], args.serate if args.serate_eleven else None, folder)
                continue
            path = files.get(name) or SETS.get(name)
            if path is None:
                print(f"{name:<10} skipped: no file (give it with --file {name}=PATH)")
                continue
            compare_set(name, puzzles_of(path)[: args.limit], args.serate, folder)


if __name__ == "__main__":
    main()

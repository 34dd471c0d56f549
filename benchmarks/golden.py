"""Golden output: record what the commands print for a fixed sample, and compare later.

Refactors that must not change behaviour are checked with this: record once at the start
point, compare after every step. Recorded (each as one ``stepdoku`` run in a fresh process):

* ``explain --json`` and ``grade --format jsonl`` of three fixed samples: the 1,000-puzzle
  17-clue sample (``puzzles/royle17_sample1000.tsv``), 1,000 puzzles of the cb001
  controlled-bias list (a seeded sample of ``../shared/reference/datasets/
  cb001_controlled_bias_ser.tsv``) and 200 of top1465 (a seeded sample of
  ``puzzles/top1465.txt``);
* ``steps --json -t CODE`` on every position of ``puzzles/techniques/`` (as HoDoKu library
  lines, one run per code), so techniques a default solve rarely uses are covered too;
* ``techniques --json``.

The inputs are written beside the outputs, so a comparison reads exactly what was recorded
even if the files in the repository change. The comparison ignores timing fields only
(``"seconds"`` in grade records); everything else must match byte for byte, exit codes too.
Keep the recording OUTSIDE the repository::

    .venv/bin/python benchmarks/golden.py record /work/notes/golden      # at the start point
    .venv/bin/python benchmarks/golden.py compare /work/notes/golden     # after each change
    .venv/bin/python benchmarks/golden.py compare /work/notes/golden --only royle17-grade
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The reference data: STEPDOKU_SHARED, else ../shared beside a checkout (or beside its
#: worktree folder).
SHARED = Path(os.environ.get("STEPDOKU_SHARED") or next((p for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if p.is_dir()), ROOT.parent / "shared"))
CB001 = "reference/datasets/cb001_controlled_bias_ser.tsv"

#: Timing fields, the only thing a comparison ignores.
_TIMING = re.compile(r'"seconds": [-0-9.e]+')


@dataclass(frozen=True)
class Task:
    """One recorded command: its name (the output file's stem), its arguments, its input."""

    name: str
    args: tuple[str, ...]
    input: str | None = None  # file name under inputs/, appended to the arguments


def _puzzle_lines(path: Path) -> list[str]:
    """The first column of each non-comment line."""
    lines = path.read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def _seeded_sample(lines: list[str], count: int, seed: int) -> list[str]:
    """``count`` lines chosen with a fixed seed, kept in file order."""
    chosen = sorted(random.Random(seed).sample(range(len(lines)), count))
    return [lines[i] for i in chosen]


def _position_library_lines() -> dict[str, list[str]]:
    """Every position of puzzles/techniques/ as a HoDoKu library line, grouped by code."""
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "puzzles" / "techniques").glob("*.txt")):
        for raw in path.read_text().splitlines():
            line = raw.split("  #")[0].strip()
            if not line or line.startswith("#"):
                continue
            code, values, removed, _ = (part.strip() for part in line.split("|"))
            out.setdefault(code, []).append(f":0000:x:{values}:{_deleted(removed)}:::")
    return out


def _deleted(removed: str) -> str:
    """``r2c4<>25`` -> ``224 524`` (library triples)."""
    triples = []
    for token in removed.split():
        if token == "-":
            continue
        cell, digits = token.split("<>")
        triples += [f"{d}{cell[1]}{cell[3]}" for d in digits]
    return " ".join(triples)


def write_inputs(folder: Path) -> list[Task]:
    """The sample files, written under ``folder``; returns the tasks that read them."""
    folder.mkdir(parents=True, exist_ok=True)
    samples = {
        "royle17": _puzzle_lines(ROOT / "puzzles" / "royle17_sample1000.tsv"),
        "cb001": _seeded_sample(_puzzle_lines(SHARED / CB001), 1000, seed=12),
        "top1465": _seeded_sample(_puzzle_lines(ROOT / "puzzles" / "top1465.txt"), 200, seed=1465),
    }
    tasks = [Task("techniques", ("techniques", "--json"))]
    for name, lines in samples.items():
        (folder / f"{name}.txt").write_text("\n".join(lines) + "\n")
        tasks.append(Task(f"{name}-explain", ("explain", "--json"), f"{name}.txt"))
        tasks.append(Task(f"{name}-grade", ("grade", "--format", "jsonl", "-q"), f"{name}.txt"))
    for code, lines in sorted(_position_library_lines().items()):
        (folder / f"positions-{code}.txt").write_text("\n".join(lines) + "\n")
        tasks.append(Task(f"positions-{code}", ("steps", "--json", "-t", code), f"positions-{code}.txt"))
    return tasks


def run(task: Task, inputs: Path, outputs: Path) -> tuple[str, int, float]:
    """Run one task, writing its stdout to ``outputs/<name>.out``."""
    command = [sys.executable, str(ROOT / "cli.py"), *task.args]
    if task.input:
        command.append(str(inputs / task.input))
    start = time.perf_counter()
    with (outputs / f"{task.name}.out").open("w") as out:
        done = subprocess.run(command, stdout=out, stderr=subprocess.PIPE, text=True, cwd=ROOT, check=False)
    if done.stderr.strip():
        (outputs / f"{task.name}.err").write_text(done.stderr)
    return task.name, done.returncode, time.perf_counter() - start


def run_all(tasks: list[Task], inputs: Path, outputs: Path, jobs: int) -> dict[str, int]:
    outputs.mkdir(parents=True, exist_ok=True)
    codes: dict[str, int] = {}
    with ThreadPoolExecutor(jobs) as pool:
        for name, code, seconds in pool.map(lambda t: run(t, inputs, outputs), tasks):
            codes[name] = code
            print(f"  {name:<28} exit {code}  {seconds:7.1f} s", flush=True)
    return codes


def _normalised(path: Path) -> list[str]:
    return [_TIMING.sub('"seconds": T', line) for line in path.read_text().splitlines()]


def compare_outputs(expected: Path, actual: Path, names: list[str]) -> list[str]:
    """One message per task whose output differs (first differing line shown)."""
    problems = []
    for name in names:
        want, got = _normalised(expected / f"{name}.out"), _normalised(actual / f"{name}.out")
        if want == got:
            continue
        line = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
        shown = lambda rows: rows[line][:300] if line < len(rows) else "<end of output>"  # noqa: E731
        problems.append(f"{name}: line {line + 1} differs ({len(want)} vs {len(got)} lines)\n  was: {shown(want)}\n  now: {shown(got)}")
    return problems


def _selected(tasks: list[Task], only: str | None) -> list[Task]:
    if not only:
        return tasks
    wanted = only.split(",")
    return [t for t in tasks if any(t.name.startswith(w) for w in wanted)]


def record(folder: Path, jobs: int) -> int:
    tasks = write_inputs(folder / "inputs")
    codes = run_all(tasks, folder / "inputs", folder / "out", jobs)
    manifest = {"tasks": [[t.name, list(t.args), t.input] for t in tasks], "exit": codes}
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"recorded {len(tasks)} tasks in {folder}")
    return 0


def compare(folder: Path, jobs: int, only: str | None) -> int:
    manifest = json.loads((folder / "manifest.json").read_text())
    tasks = _selected([Task(name, tuple(args), file) for name, args, file in manifest["tasks"]], only)
    with tempfile.TemporaryDirectory() as scratch:
        codes = run_all(tasks, folder / "inputs", Path(scratch), jobs)
        problems = compare_outputs(folder / "out", Path(scratch), [t.name for t in tasks])
    problems += [f"{n}: exit {codes[n]}, was {manifest['exit'][n]}" for n in codes if codes[n] != manifest["exit"][n]]
    for problem in problems:
        print(problem)
    print(f"{len(tasks) - len(problems)} of {len(tasks)} tasks identical" if problems else f"all {len(tasks)} tasks identical")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "compare"))
    parser.add_argument("folder", type=Path, help="where the recording lives (outside the repository)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="commands run at the same time (default 2)")
    parser.add_argument("--only", help="compare only tasks whose names start with these (comma-separated)")
    args = parser.parse_args()
    if args.action == "record":
        return record(args.folder, args.jobs)
    return compare(args.folder, args.jobs, args.only)


if __name__ == "__main__":
    sys.exit(main())

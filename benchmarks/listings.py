"""How long ``stepdoku steps -t CODE`` takes, for every technique, on positions with
singles pending (issues 24 and 26: a listing must stay interactive, bounded by work).

    .venv/bin/python benchmarks/listings.py                          # this checkout
    .venv/bin/python benchmarks/listings.py --checkout /tmp/base     # another tree (before/after)
    .venv/bin/python benchmarks/listings.py --codes kf,sdfc2 --jsonl /tmp/after.jsonl

The positions are made the way the any-position soundness sweep makes them
(``tests/test_soundness_anywhere.digit_positions``): a puzzle from magictour top1465
(``puzzles/top1465.txt``) or from the cb001 controlled-bias list (``../shared``; top1465
alone when it is absent) with random correct digits filled in, its candidates just what
the digits allow, so singles are pending, as in a player's own grid. A fixed seed makes
the same 15 positions on every machine (``--show`` prints them, to paste into
``stepdoku steps``).

Each listing is what ``steps -t CODE`` does (``engine.app.commands.steps.find_steps``),
run in the checkout being timed, one technique at a time on a fresh grid, timed in CPU
seconds (user + system: the machine may be shared), in one process per job with the cycle
collector set as every ``stepdoku`` command sets it (``cli.collect_less_often``): with
CPython's default setting, its full passes over what earlier listings left in the caches
took up to half of some listings' time here, a cost a ``steps`` run does not have.
``--cap S`` stops a listing that has run S seconds (wall clock) at its next checkpoint
(``engine.stop``, the ``grade --max-seconds`` switch), so that a checkout without the work
bound is measured in bounded time; such a listing shows the CPU seconds it had taken, as a
lower bound (``>12.34 s``). The report: each technique's worst time and its position, the
worst listings overall, how many listings were cut short by the work bound, and the total
for the ``se`` profile's codes (``steps --profile se -t`` every code, one position).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, load, machine, shared_dir  # noqa: E402
from tests.test_soundness_anywhere import digit_positions  # noqa: E402

POSITIONS = 15
SEED = 24
CB001 = "reference/datasets/cb001_controlled_bias_ser.tsv"

# Run inside the checkout being timed (its code first on the path): one JSON line per listing.
_TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from engine.app.commands.steps import find_steps
from engine.profiles import load_profile
from engine.reader import parse_puzzle
from engine.stop import Stopped, stop_after
from techniques import CATALOG
try:  # the collector's setting of every stepdoku command (cli._run), where the checkout has it
    from cli import collect_less_often
    collect_less_often()
except ImportError:
    pass
cap = float(sys.argv[2])
wanted = set(sys.argv[3].split(",")) if sys.argv[3] else None
profiles = [load_profile(name, CATALOG) for name in ("hodoku", "se")]
codes = {}
for profile in profiles:
    for entry in profile.entries:
        codes.setdefault(entry.technique.code, profile)
positions = json.loads(sys.stdin.read())
for index, values in positions:
    puzzle = parse_puzzle(values)
    for code, profile in codes.items():
        if wanted is not None and code not in wanted:
            continue
        techniques = profile.select(code)
        start = time.process_time()
        try:
            with stop_after(cap):
                found = find_steps(puzzle, techniques)
            steps, cut, stopped = len(found[2]), bool(found[3]) if len(found) > 3 else False, False
        except Stopped:
            steps, cut, stopped = None, False, True
        seconds = time.process_time() - start
        print(json.dumps({"position": index, "code": code, "profile": profile.name, "seconds": seconds, "steps": steps, "cut": cut, "stopped": stopped}), flush=True)
"""


def positions(count: int = POSITIONS, seed: int = SEED) -> list[str]:
    """``count`` positions (81 characters: the puzzle plus correct digits), the same for a
    seed on every machine: top1465 and cb001 puzzles in turn (top1465 alone without
    ``../shared``), each with 5-25 random correct digits added."""
    rng = random.Random(seed)
    top = load("top1465.txt")
    cb001_path = shared_dir() / CB001
    sources = [top]
    if cb001_path.is_file():
        lines = cb001_path.read_text().splitlines()
        sources.append([line.split()[0] for line in lines if line.strip() and not line.startswith("#")])
    out = []
    for n in range(count):
        line = rng.choice(sources[n % len(sources)])
        position = next(digit_positions(line, rng, (rng.randint(5, 25),), 0.0))
        out.append(position.label.rsplit("(", 1)[1].rstrip(")"))
    return out


def run(checkout: Path, cases: list[str], cap: float, codes: str, jobs: int, keep: Path | None = None) -> list[dict[str, object]]:
    """The listing records of ``checkout`` on the positions, in ``jobs`` processes (each
    record also appended to ``keep`` as it comes, so a run cut short keeps what it did)."""
    numbered = list(enumerate(cases, 1))
    parts = [numbered[k::jobs] for k in range(jobs)]
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _TIMER, str(checkout), str(cap), codes],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=checkout,
        )  # fmt: skip
        for part in parts
        if part
    ]
    for process, part in zip(processes, parts):
        assert process.stdin is not None
        process.stdin.write(json.dumps(part))
        process.stdin.close()
    records = []
    with open(keep, "w") if keep is not None else open(os.devnull, "w") as kept:
        for process in processes:
            assert process.stdout is not None
            for line in process.stdout:
                records.append(json.loads(line))
                kept.write(line)
                kept.flush()
            if process.wait() != 0:
                raise SystemExit(f"the timer failed in {checkout} (exit code {process.returncode})")
    return records


def _time(record: dict[str, object], cap: float) -> str:
    """CPU seconds; a listing stopped at ``--cap`` (wall clock) shows its CPU seconds so
    far as a lower bound."""
    seconds = float(record["seconds"])  # type: ignore[arg-type]
    return f">{seconds:.2f} s" if record["stopped"] else f"{seconds:.2f} s"


def report(records: list[dict[str, object]], cap: float, top: int) -> None:
    worst: dict[str, dict[str, object]] = {}
    for record in records:
        code = str(record["code"])
        if code not in worst or float(record["seconds"]) > float(worst[code]["seconds"]):  # type: ignore[arg-type]
            worst[code] = record
    ranked = sorted(worst.values(), key=lambda r: -float(r["seconds"]))  # type: ignore[arg-type]
    print(f"\nworst listing per technique (CPU seconds, position), the {top} slowest:")
    for record in ranked[:top]:
        note = " (cut short by the work bound)" if record["cut"] else ""
        print(f"  {record['code']:<7} {record['profile']:<7} {_time(record, cap):>9}  position {record['position']}{note}")
    stopped = [r for r in records if r["stopped"]]
    cut = [r for r in records if r["cut"]]
    over = [r for r in records if float(r["seconds"]) > 2.0]  # type: ignore[arg-type]
    print(f"\nlistings: {len(records)}; over 2 s: {len(over)}; stopped at --cap: {len(stopped)}; cut short by the work bound: {len(cut)}")
    if ranked:
        print(f"worst of all: {ranked[0]['code']} on position {ranked[0]['position']}: {_time(ranked[0], cap)}")
    se_total: dict[object, float] = {}
    for record in records:
        if record["profile"] == "se":
            se_total[record["position"]] = se_total.get(record["position"], 0.0) + float(record["seconds"])  # type: ignore[arg-type]
    if se_total:
        position, seconds = max(se_total.items(), key=lambda kv: kv[1])
        print(f"every se-only code on one position (steps --profile se -t all of them), worst: {seconds:.2f} s (position {position})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the tree to time (default: this checkout)")
    parser.add_argument("--cap", type=float, default=60.0, help="stop a listing after S CPU seconds at its next checkpoint (default 60)")
    parser.add_argument("--codes", default="", help="only these technique codes (default: every technique of the hodoku and se profiles)")
    parser.add_argument("--positions", type=int, default=POSITIONS, help=f"how many positions (default {POSITIONS})")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="processes (positions shared out; CPU times are per listing)")
    parser.add_argument("--top", type=int, default=25, help="how many techniques to show (default 25)")
    parser.add_argument("--jsonl", type=Path, help="also write every listing's record to this file")
    parser.add_argument("--show", action="store_true", help="print the positions and stop")
    args = parser.parse_args()
    cases = positions(args.positions)
    if args.show:
        for n, values in enumerate(cases, 1):
            print(n, values)
        return
    print(machine())
    print(f"checkout {args.checkout}; {len(cases)} positions (seed {SEED}); cap {args.cap:g} s")
    records = run(args.checkout.resolve(), cases, args.cap, args.codes, max(1, args.jobs), args.jsonl)
    report(records, args.cap, args.top)


if __name__ == "__main__":
    main()

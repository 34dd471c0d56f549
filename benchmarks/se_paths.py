"""Sudoku Explainer conformance: our ``se`` profile against serate 1.2.1.3, step by step.

For each set: how many paths are identical to serate's (same steps, same SE names, same
difficulties, same effects), how many ratings agree (ER; ER, EP and ED all three; ER
within 0.1), the time per puzzle, and the misses grouped by the SE technique at the first
step where the paths part (serate's step, then ours). ``--divergences FILE`` writes one
JSON line per puzzle for analysis.

Sets with serate's own paths (``../shared/reference/paths``): ``royle17``, ``cb001``,
``top1465``, ``eleven`` (12 ER 10.6 puzzles). Sets with ratings only (``datasets``):
``eleven500`` (500 drawn with a fixed seed from the 26,370 "eleven" hardest, ER/EP/ED) and
``mat18c`` (119, ER/EP/ED).

    .venv/bin/python benchmarks/se_paths.py --sets royle17 -j 2
    .venv/bin/python benchmarks/se_paths.py --sets cb001 --start 0 --limit 200 --divergences /tmp/cb.jsonl
    .venv/bin/python benchmarks/se_paths.py --sets royle17 --rater style    # today's SE-style number

Times are measured inside the worker, per puzzle: wall time (what a user waits, whatever
else the machine is doing) and CPU time (the work itself).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import machine, percentile, shared_dir  # noqa: E402

REFERENCE = shared_dir() / "reference"
PATH_SETS = {
    "royle17": "se_royle17_1000.tsv",
    "cb001": "se_cb001_1000.tsv",
    "top1465": "se_top1465_sample120.tsv",
    "eleven": "se_eleven_hardest_sample12.tsv",
}
RATING_SETS = {"eleven500": ("eleven_hardest_26370_er_ep_ed.tsv", 500), "mat18c": ("mat18c_highest_ser_119.tsv", None)}
SEED = 14


@dataclass(frozen=True)
class Case:
    """A puzzle with serate's rating (``ER/EP/ED``) and, where known, its path."""

    set: str
    index: int
    puzzle: str
    rating: str
    steps: tuple[str, ...] | None


def load_paths(name: str) -> list[Case]:
    cases = []
    for index, line in enumerate((REFERENCE / "paths" / PATH_SETS[name]).read_text().splitlines()):
        puzzle, rating, steps = line.split("\t")
        cases.append(Case(name, index, puzzle, rating, tuple(s.strip() for s in steps.split(";"))))
    return cases


def load_ratings(name: str) -> list[Case]:
    filename, sample = RATING_SETS[name]
    rows = []
    for line in (REFERENCE / "datasets" / filename).read_text().splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            rows.append((fields[0], "/".join(fields[1:4])))
    indexes = list(range(len(rows)))
    if sample is not None:
        indexes = sorted(random.Random(SEED).sample(indexes, sample))
    return [Case(name, i, rows[i][0], rows[i][1], None) for i in indexes]


def load(name: str) -> list[Case]:
    return load_paths(name) if name in PATH_SETS else load_ratings(name)


# --- raters ------------------------------------------------------------------------------


#: Chaining nodes one puzzle's whole path may propagate (``--path-nodes``); None: only
#: each producer call's own bound.
PATH_NODES: int | None = None
_UNBOUNDED = 10**15  # counts the nodes without bounding them


def rate_se(puzzle: str) -> dict[str, Any]:
    """Our ``se`` profile: the path in serate's notation, the ratings and the chaining
    nodes the path propagated."""
    from engine.grid import Grid
    from engine.profiles import load_profile
    from engine.profiles.se import notation, rating_text
    from engine.solver import SolveStatus
    from techniques import CATALOG
    from techniques.se_chains.propagation import path_bound

    profile = load_profile("se", CATALOG)
    with path_bound(PATH_NODES or _UNBOUNDED) as work:
        result = profile.solve(Grid.from_string(puzzle))
    assert work is not None
    rating = profile.rate(result.steps, solved=result.status is SolveStatus.SOLVED)
    steps = [notation(s) for s in result.steps if s.code != "bf"]
    status = "stuck" if rating.brute_force else ("bound" if result.status is SolveStatus.STUCK else result.status.value)
    rated = rating_text([rating["er"], rating["ep"], rating["ed"]])
    return {"rating": rated, "status": status, "steps": steps, "detail": result.error or "", "nodes": work[1] - max(work[0], 0)}


def rate_style(puzzle: str) -> dict[str, Any]:
    """Today's SE-style number: SE values on our own (HoDoKu-order) path."""
    from engine.grid import Grid
    from engine.profiles import load_profile
    from engine.profiles.se_style import se_tenths
    from techniques import CATALOG

    profile = load_profile("hodoku", CATALOG)
    values: list[int] = []
    result = profile.solve(Grid.from_string(puzzle), watch=lambda grid, step: values.append(se_tenths(step, grid)))
    er = max(values, default=0)
    ed = values[0] if values else 0
    first = next((i for i, s in enumerate(result.steps) if s.placements), len(values) - 1)
    ep = max(values[: first + 1], default=0)
    rating = "/".join(f"{v // 10}.{v % 10}" for v in (er, ep, ed))
    return {"rating": rating, "status": result.status.value, "steps": [], "detail": ""}


RATERS = {"se": rate_se, "style": rate_style}
_rater = rate_se


def _init(name: str, path_nodes: int | None = None) -> None:
    global _rater, PATH_NODES
    _rater = RATERS[name]
    PATH_NODES = path_nodes


def _run(case: Case) -> tuple[Case, dict[str, Any], float]:
    start = time.perf_counter()
    cpu = time.process_time()
    try:
        out = _rater(case.puzzle)
    except Exception as error:  # a crash is a result too: report it, carry on
        out = {"rating": "-", "status": "error", "steps": [], "detail": f"{type(error).__name__}: {error}"}
    out["cpu"] = time.process_time() - cpu
    return case, out, time.perf_counter() - start


# --- comparison ----------------------------------------------------------------------------


def _tenths(rating: str) -> list[int] | None:
    try:
        return [round(float(v) * 10) for v in rating.split("/")]
    except ValueError:
        return None


def _rule(step: str) -> str:
    return step.split("|")[1] if step.count("|") >= 2 else step


@dataclass
class Tally:
    n: int = 0
    paths: int = 0
    identical: int = 0
    er: int = 0
    all3: int = 0
    near: int = 0

    def add(self, case: Case, out: dict[str, Any]) -> dict[str, Any] | None:
        """Count one result; the first divergent step (serate's, ours) when the paths differ."""
        self.n += 1
        want, got = _tenths(case.rating), _tenths(out["rating"])
        if want is not None and got is not None:
            self.er += want[0] == got[0]
            self.all3 += want == got
            self.near += abs(want[0] - got[0]) <= 1
        if case.steps is None:
            return None
        self.paths += 1
        mine = out["steps"]
        if list(case.steps) == mine:
            self.identical += 1
            return None
        at = next((i for i, (a, b) in enumerate(zip(case.steps, mine)) if a != b), min(len(case.steps), len(mine)))
        return {
            "step": at,
            "serate": case.steps[at] if at < len(case.steps) else "-",
            "ours": mine[at] if at < len(mine) else "-",
        }


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:6.1f}%" if whole else "     -"


def report(
    name: str, tally: Tally, times: list[float], cpu: list[float], misses: Counter[tuple[str, str]], statuses: Counter[str]
) -> None:
    print(f"\n== {name}: {tally.n} puzzles")
    if tally.paths:
        print(f"  path identical   {_pct(tally.identical, tally.paths)}  ({tally.identical})")
    print(f"  ER exact         {_pct(tally.er, tally.n)}  ({tally.er})")
    print(f"  ER/EP/ED exact   {_pct(tally.all3, tally.n)}  ({tally.all3})")
    print(f"  ER within 0.1    {_pct(tally.near, tally.n)}  ({tally.near})")
    if times:
        print(f"  time per puzzle  median {statistics.median(times) * 1e3:.1f} ms, p95 {percentile(times, 0.95) * 1e3:.1f} ms, max {max(times):.2f} s (wall)")
        print(f"  CPU per puzzle   median {statistics.median(cpu) * 1e3:.1f} ms, p95 {percentile(cpu, 0.95) * 1e3:.1f} ms, max {max(cpu):.2f} s")
    print(f"  status           {dict(statuses)}")
    if misses:
        print("  misses: first divergent step, or ER/EP/ED where there is no path (serate -> ours):")
        for (theirs, ours), count in misses.most_common(20):
            print(f"    {count:5}  {theirs}  ->  {ours}")


def cases(names: list[str], start: int, limit: int | None, every: int = 1, shuffle: bool = False) -> Iterator[Case]:
    for name in names:
        loaded = load(name)[::every]
        if shuffle:  # a run cut short is still a random sample of the set
            random.Random(SEED).shuffle(loaded)
        yield from loaded[start : None if limit is None else start + limit]


def summarise(files: list[Path]) -> None:
    """The report of earlier runs, from their ``--divergences`` files (a run cut short
    still has a line per puzzle it finished; runs over parts of a set add up)."""
    loaded = (json.loads(line) for f in files for line in f.read_text().splitlines() if line.strip())
    records = list({(r["set"], r["index"]): r for r in loaded}.values())  # runs that overlap count once
    names = list(dict.fromkeys(r["set"] for r in records))
    for name in names:
        tally, times, cpu = Tally(), [], []
        misses: Counter[tuple[str, str]] = Counter()
        statuses: Counter[str] = Counter()
        for r in (r for r in records if r["set"] == name):
            # the run compared the paths: identical when it found no divergence
            steps = None if name not in PATH_SETS else (() if r["divergence"] is None else ("diverged",))
            tally.add(Case(name, r["index"], r["puzzle"], r["serate"], steps), {"rating": r["ours"], "steps": []})
            times.append(r["seconds"])
            cpu.append(r["cpu"])
            statuses[r["status"]] += 1
            if r["divergence"] is not None:
                misses[(_rule(r["divergence"]["serate"]), _rule(r["divergence"]["ours"]))] += 1
            elif steps is None and _tenths(r["serate"]) != _tenths(r["ours"]):
                misses[(r["serate"], f"{r['ours']} ({r['status']})")] += 1
        report(name, tally, times, cpu, misses, statuses)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="royle17,cb001", help="comma-separated: " + ", ".join([*PATH_SETS, *RATING_SETS]))
    parser.add_argument("--start", type=int, default=0, help="first puzzle of each set (0-based)")
    parser.add_argument("--limit", type=int, default=None, help="puzzles per set")
    parser.add_argument("--every", type=int, default=1, help="take every K-th puzzle of each set (before --start/--limit)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--rater", choices=sorted(RATERS), default="se", help="se: the se profile; style: today's SE-style number")
    parser.add_argument("--divergences", type=Path, help="write one JSON line per puzzle here")
    parser.add_argument("--show", action="store_true", help="one line per puzzle as it is rated")
    parser.add_argument("--path-nodes", type=int, default=None, metavar="N",
                        help="bound each puzzle's chaining to N propagated nodes in all (a puzzle past it is recorded as 'bound')")
    parser.add_argument("--shuffle", action="store_true", help="take each set's puzzles in a random order (fixed seed), so the first N are a random sample")
    parser.add_argument("--summarise", type=Path, nargs="+", metavar="FILE", help="only report, from earlier runs' --divergences files")
    args = parser.parse_args()
    if args.summarise:
        summarise(args.summarise)
        return
    names = [n.strip() for n in args.sets.split(",") if n.strip()]
    print(f"{machine()}; rater {args.rater}; jobs {args.jobs}; path nodes {args.path_nodes or 'unbounded'}")
    out_file = args.divergences.open("w") if args.divergences else None
    tallies: dict[str, Tally] = {n: Tally() for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    misses: dict[str, Counter[tuple[str, str]]] = {n: Counter() for n in names}
    statuses: dict[str, Counter[str]] = {n: Counter() for n in names}
    work = cases(names, args.start, args.limit, args.every, args.shuffle)
    context = multiprocessing.get_context("fork")
    pool = context.Pool(args.jobs, _init, (args.rater, args.path_nodes)) if args.jobs > 1 else None
    _init(args.rater, args.path_nodes)
    results = pool.imap(_run, work, chunksize=1) if pool else map(_run, work)
    for case, out, seconds in results:
        divergence = tallies[case.set].add(case, out)
        times[case.set].append(seconds)
        cpu[case.set].append(out["cpu"])
        statuses[case.set][out["status"]] += 1
        if divergence is not None:
            misses[case.set][(_rule(divergence["serate"]), _rule(divergence["ours"]))] += 1
        elif case.steps is None and _tenths(case.rating) != _tenths(out["rating"]):
            misses[case.set][(case.rating, f"{out['rating']} ({out['status']})")] += 1
        if args.show:
            print(f"{case.set} {case.index:5} {case.rating:>14} {out['rating']:>14} {seconds:8.3f}s {out['cpu']:8.3f}s cpu {out.get('nodes', 0):>12,} nodes {out['status']}", flush=True)
        if out_file:
            record = {"set": case.set, "index": case.index, "puzzle": case.puzzle, "serate": case.rating,
                      "ours": out["rating"], "status": out["status"], "seconds": round(seconds, 4), "cpu": round(out["cpu"], 4), "nodes": out.get("nodes"),
                      "divergence": divergence, "detail": out["detail"]}
            out_file.write(json.dumps(record) + "\n")
            out_file.flush()  # a run cut short keeps every puzzle it finished (--summarise)
    if pool:
        pool.close()
    for name in names:
        report(name, tallies[name], times[name], cpu[name], misses[name], statuses[name])


if __name__ == "__main__":
    main()

"""Path agreement with HoDoKu 2.2: our ``hodoku`` solve against HoDoKu's own /vp paths.

The reference files (``../shared/reference/paths/hodoku_*.txt``, see the README there)
hold, per puzzle, HoDoKu's level and score and every step line of its solution path.
For each puzzle this script solves it as the ``hodoku`` profile does and reports:

* path identical: every step line equal, in order;
* level exact and score exact (HoDoKu's level and score against ours);
* the first divergent step: its number and both lines, and what kind of difference it
  is: ``notation`` (same technique, same effect, different text), ``choice`` (same
  technique, another step) or ``technique`` (another technique).

The summary ends with a histogram of the first divergences grouped by (HoDoKu's
technique, ours), biggest first. ``--jsonl FILE`` writes one record per divergent puzzle
for analysis. Puzzles where HoDoKu guesses (a ``Brute Force`` step) count in neither the
path nor the score column: from the guess on we keep solving by logic.

    .venv/bin/python benchmarks/hodoku_paths.py                      # all three sets
    .venv/bin/python benchmarks/hodoku_paths.py --sets royle17 --limit 200 -j 2
    .venv/bin/python benchmarks/hodoku_paths.py --sets top1465 --jsonl /tmp/div.jsonl
    .venv/bin/python benchmarks/hodoku_paths.py --sets top1465 --every 10 -j 2   # a spread tenth
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import commit, machine, shared_dir  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from engine.solver import SolveStatus  # noqa: E402
from techniques import CATALOG  # noqa: E402

PATHS = shared_dir() / "reference" / "paths"
SETS = {
    "royle17": "hodoku_royle17_1000.txt",
    "cb001": "hodoku_cb001_1000.txt",
    "top1465": "hodoku_top1465.txt",
}
_HEADER = re.compile(r"^(\S{81}) #(\d+) (\w+) \((\d+)\)(.*)$")


@dataclass
class Reference:
    """One puzzle of a paths file: HoDoKu's level, score and step lines."""

    puzzle: str
    number: int
    level: str
    score: int
    guessed: bool
    steps: list[str] = field(default_factory=list)


@dataclass
class Outcome:
    """Our solve of one reference puzzle, compared."""

    number: int
    puzzle: str
    level: str
    score: int
    hodoku_level: str
    hodoku_score: int
    guessed: bool
    identical: bool
    step: int | None = None  # first divergent step, 1-based
    hodoku: str | None = None
    ours: str | None = None
    kind: str | None = None  # notation, choice, technique, length


def read_reference(path: Path) -> Iterator[Reference]:
    """The puzzles of a HoDoKu /vp paths file, in order (chain detail lines skipped)."""
    current: Reference | None = None
    for line in path.read_text().splitlines():
        header = _HEADER.match(line)
        if header:
            if current is not None:
                yield current
            puzzle, number, level, score, rest = header.groups()
            current = Reference(puzzle, int(number), level, int(score), " bf" in rest)
        elif line.startswith("   ") and current is not None:
            current.steps.append(line.strip())
    if current is not None:
        yield current


def technique_of(line: str) -> str:
    """The technique part of a step line (``Forcing Chain Contradiction in r5 => ...``
    and ``Bivalue Universal Grave + 1 => ...`` have no colon)."""
    head = line.split(" => ")[0]
    if ":" in head:
        return head.split(":")[0]
    return re.split(r" in (?=[rcb]\d)", head)[0]


def _cells(text: str) -> list[str]:
    out = []
    for group in text.split(","):
        match = re.fullmatch(r"r(\d+)c(\d+)", group.strip())
        if not match:
            return [group]
        out.extend(f"r{r}c{c}" for r in match.group(1) for c in match.group(2))
    return out


def effect_of(line: str) -> frozenset[str]:
    """What a step line changes, as a set of ``r1c2=3`` / ``r1c2<>3`` strings."""
    tail = line.split(" => ")[-1] if " => " in line else line.split(": ", 1)[-1]
    out = set()
    for part in tail.split(", "):
        match = re.fullmatch(r"(.+?)(<>|=)(\d)", part.strip())
        if match:
            cells, op, digit = match.groups()
            out.update(f"{cell}{op}{digit}" for cell in _cells(cells))
    return frozenset(out)


def classify(hodoku: str, ours: str) -> str:
    if technique_of(hodoku) != technique_of(ours):
        return "technique"
    if effect_of(hodoku) == effect_of(ours):
        return "notation"
    return "choice"


HODOKU = load_profile("hodoku", CATALOG)


def solve_hodoku(puzzle: str) -> tuple[list[str], str, int]:
    """Our path (step lines), level and score for a puzzle, as ``grade`` gets them with the
    hodoku profile."""
    rater = HODOKU.rater()
    result = HODOKU.solve(Grid.from_string(puzzle), watch=rater.watch)
    rating = rater.rating(result.status is SolveStatus.SOLVED)
    return [step.text for step in result.steps], rating.label, rating["score"]


def compare(ref: Reference) -> Outcome:
    lines, level, score = solve_hodoku(ref.puzzle)
    outcome = Outcome(ref.number, ref.puzzle, level, score, ref.level, ref.score, ref.guessed, lines == ref.steps)
    if outcome.identical:
        return outcome
    for number, (theirs, ours) in enumerate(zip(ref.steps, lines), 1):
        if theirs != ours:
            outcome.step, outcome.hodoku, outcome.ours = number, theirs, ours
            outcome.kind = classify(theirs, ours)
            return outcome
    number = min(len(ref.steps), len(lines)) + 1
    outcome.step, outcome.kind = number, "length"
    outcome.hodoku = ref.steps[number - 1] if number <= len(ref.steps) else None
    outcome.ours = lines[number - 1] if number <= len(lines) else None
    return outcome


@dataclass
class Tally:
    """The figures of one set."""

    name: str
    puzzles: int = 0
    counted: int = 0  # puzzles where HoDoKu did not guess
    identical: int = 0
    score: int = 0
    level: int = 0
    seconds: float = 0.0
    causes: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.puzzles += 1
        self.level += outcome.level == outcome.hodoku_level
        if outcome.guessed:
            return
        self.counted += 1
        self.identical += outcome.identical
        self.score += outcome.score == outcome.hodoku_score
        if not outcome.identical:
            assert outcome.kind is not None
            self.kinds[outcome.kind] += 1
            theirs = technique_of(outcome.hodoku) if outcome.hodoku else "(end)"
            ours = technique_of(outcome.ours) if outcome.ours else "(end)"
            self.causes[(theirs, ours, outcome.kind)] += 1

    def row(self) -> str:
        def pct(n: int, d: int) -> str:
            return f"{100 * n / d:6.1f}% ({n}/{d})" if d else "     -"

        return (
            f"| {self.name} | {pct(self.identical, self.counted)} | {pct(self.score, self.counted)} | "
            f"{pct(self.level, self.puzzles)} |"
        )


def outcomes(refs: list[Reference], jobs: int) -> Iterator[Outcome]:
    if jobs <= 1:
        yield from map(compare, refs)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(compare, refs, chunksize=4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="royle17,cb001,top1465", help="comma-separated: " + ", ".join(SETS))
    parser.add_argument("--start", type=int, default=0, help="skip this many puzzles of each set")
    parser.add_argument("--limit", type=int, default=None, help="at most this many puzzles of each set")
    parser.add_argument("--every", type=int, default=1, help="only every K-th puzzle (a spread sample of a long set)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--jsonl", type=Path, help="write one record per divergent puzzle here")
    parser.add_argument("--top", type=int, default=25, help="histogram rows to print per set")
    parser.add_argument("--show", action="store_true", help="print each divergence as it is found")
    args = parser.parse_args(argv)
    if not PATHS.is_dir():
        print(f"hodoku_paths: reference paths not found at {PATHS} (set STEPDOKU_SHARED)", file=sys.stderr)
        return 2
    print(f"# HoDoKu path agreement, commit {commit()}, {machine()}")
    sink = args.jsonl.open("w") if args.jsonl else None
    tallies = []
    for name in args.sets.split(","):
        refs = list(read_reference(PATHS / SETS[name]))[args.start :: args.every]
        refs = refs[: args.limit] if args.limit else refs
        tally = Tally(name)
        start = time.perf_counter()
        for outcome in outcomes(refs, args.jobs):
            tally.add(outcome)
            if not outcome.identical and sink is not None:
                sink.write(json.dumps({"set": name, **asdict(outcome)}) + "\n")
            if args.show and not outcome.identical:
                print(f"  {name} #{outcome.number} step {outcome.step} [{outcome.kind}]\n    H: {outcome.hodoku}\n    S: {outcome.ours}")
        tally.seconds = time.perf_counter() - start
        tallies.append(tally)
        report(tally, args.top)
    print("\n| set | path identical | score exact | level exact |\n|---|---|---|---|")
    for tally in tallies:
        print(tally.row())
    if sink is not None:
        sink.close()
    return 0


def report(tally: Tally, top: int) -> None:
    print(f"\n## {tally.name}: {tally.puzzles} puzzles ({tally.puzzles - tally.counted} where HoDoKu guesses) in {tally.seconds:.1f} s")
    print(f"kinds of first divergence: {dict(tally.kinds.most_common())}")
    for (theirs, ours, kind), n in tally.causes.most_common(top):
        print(f"  {n:5d}  {kind:<9} HoDoKu {theirs!r:<45} ours {ours!r}")


if __name__ == "__main__":
    sys.exit(main())

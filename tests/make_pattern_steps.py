"""Record what the costly pattern searches find, to check that a faster search finds the same.

    .venv/bin/python tests/make_pattern_steps.py states [--puzzles 8]   # rewrite puzzles/pattern_states.txt
    .venv/bin/python tests/make_pattern_steps.py expected               # rewrite tests/data/pattern_steps.json
    .venv/bin/python tests/make_pattern_steps.py expected --missing-only  # add new positions' (and codes') records

``states``: positions on the ``full`` profile's solve paths of a fixed sample of
forum_hardest_1905 (every k-th puzzle, read from ../shared/reference/datasets), taken just
before a pattern, chain or net step (where the pattern searches run in vain or succeed).
``expected``: for every technique position (puzzles/techniques/*.txt) and every such state,
the steps that MSLS, WXYZ-Wing, VWXYZ-Wing, BUG-Lite, BUG+n and Firework find, in order (each
step's line and a digest of the whole step: explanation and highlights included). Run
``expected`` only with the search as it was (the reference); tests/test_pattern_steps.py
compares.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.grid import Grid  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from engine.step import Step  # noqa: E402
from techniques import CATALOG, by_code  # noqa: E402
from tests.conftest import PUZZLES, REFERENCE, grid_from  # noqa: E402
from tests.make_positions import position_text as values_text, removed_text  # noqa: E402
from tests.positions import load  # noqa: E402

CODES = ("msls", "umsls", "wxyz", "vwxyz", "bugl", "bugn", "fw", "skl", "tri")
STATES = PUZZLES / "pattern_states.txt"
EXPECTED = Path(__file__).resolve().parent / "data" / "pattern_steps.json"
#: Step codes before which a state is taken: the patterns tier and what comes after it.
AFTER_BASICS = frozenset(CODES) | {"3dm", "tri", "je", "sje", "skl", "re", "fc", "fcc", "fcv", "fn", "fnc", "fnv", "nl", "cnl", "gnl", "aic", "gaic"}
HEADER = (
    "# Positions on the `full` profile's solve paths of forum_hardest_1905_se11plus (tdoku data, via\n"
    "# ../shared/reference/datasets), every k-th puzzle, just before a pattern/chain/net step.\n"
    "# Written by tests/make_pattern_steps.py; format: line number | values (+d: placed) | removed pencil marks.\n"
)


def positions() -> dict[str, Grid]:
    """Every technique position (puzzles/techniques/*.txt, the se/ ones included) and every
    recorded state, by its content (values and removed pencil marks: line numbers move)."""
    files = sorted((PUZZLES / "techniques").rglob("*.txt"))
    out = {f"{p.values} | {p.removed or '-'}": grid_from(p.values, p.removed) for path in files for p in load(path)}
    for raw in STATES.read_text().splitlines():
        if raw.strip() and not raw.startswith("#"):
            _, values, removed = (part.strip() for part in raw.split(" | "))
            out[f"{values} | {removed}"] = grid_from(values, "" if removed == "-" else removed)
    return out


def digest(step: Step) -> str:
    return hashlib.sha1(repr(step).encode()).hexdigest()[:16]


def found_steps(grid: Grid, code: str) -> list[list[str]]:
    return [[step.text, digest(step)] for step in by_code(code).find(grid)]


def record_states(count: int, per_puzzle: int) -> None:
    lines = [raw.split()[0][:81] for raw in (REFERENCE / "datasets" / "forum_hardest_1905_se11plus.txt").read_text().splitlines() if raw.strip() and not raw.startswith("#")]
    every = len(lines) // count
    profile = load_profile("full", CATALOG)
    out = [HEADER]
    for index in range(0, every * count, every):
        taken: list[str] = []

        def watch(grid: Grid, step: Step) -> None:
            if step.code in AFTER_BASICS and len(taken) < per_puzzle:
                taken.append(f"forum{index + 1} | {values_text(grid)} | {removed_text(grid) or '-'}\n")

        profile.solve(Grid.from_string(lines[index]), watch=watch)
        out += taken
    STATES.write_text("".join(out))


def record_expected(missing_only: bool = False) -> None:
    """Record every position; with ``missing_only``, keep the records there are and add the
    positions that have none (new technique positions: the current search finds on them
    what the reference would, as the test shows on every recorded position), and the codes a
    position's record lacks (a technique added to ``CODES``: Firework)."""
    table = json.loads(EXPECTED.read_text()) if missing_only else {}
    for key, grid in positions().items():
        found = table.setdefault(key, {})
        for code in CODES:
            if code not in found:
                found[code] = found_steps(grid, code)
    EXPECTED.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("states", "expected"))
    parser.add_argument("--puzzles", type=int, default=8)
    parser.add_argument("--per-puzzle", type=int, default=5)
    parser.add_argument("--missing-only", action="store_true", help="expected: add records for positions that have none")
    args = parser.parse_args()
    if args.what == "states":
        record_states(args.puzzles, args.per_puzzle)
    else:
        record_expected(args.missing_only)


if __name__ == "__main__":
    main()

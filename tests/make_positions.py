"""Harvest test positions for puzzles/techniques/ from solves of public puzzles.

    .venv/bin/python tests/make_positions.py n2,h2 --per-code 3 [--files top95.txt,...]

For each wanted code it prints lines in the tests/test_contract.py format: the position just
before the solver used that technique (values, removed pencil marks, the step's line), and
one ``-`` case where the technique finds nothing. Read each case before committing it.
With ``--any`` a code is also taken from a position on the solve path where its technique
finds a step although the solver used another one there (for techniques a default solve
does not use, such as Mutant fish, and for sub-types such as Siamese fish): only where no
easier technique applied, so the case shows the technique where a solver would need it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis import analyse  # noqa: E402
from engine.cells import CELL_NAMES, MASK_DIGITS, PEERS  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.profiles.hodoku import BRUTE_FORCE_STEP  # noqa: E402
from engine.solver import BRUTE_FORCE, next_step, usable_techniques  # noqa: E402
from techniques import by_code  # noqa: E402
from tests.conftest import DEFAULT, HODOKU, puzzle_lines, values_of  # noqa: E402


def position_text(grid: Grid) -> str:
    """The 81 cells, ``+d`` for digits filled in while solving (avoidable rectangles need
    to tell them from clues)."""
    return "".join(("" if grid.is_given(c) else "+") + str(v) if v else "." for c, v in enumerate(grid.values))


def removed_text(grid: Grid) -> str:
    parts = []
    for c in range(81):
        if grid.values[c]:
            continue
        allowed = 0x1FF
        for p in PEERS[c]:
            if grid.values[p]:
                allowed &= ~(1 << (grid.values[p] - 1))
        gone = allowed & ~grid.cands[c]
        if gone:
            parts.append(f"{CELL_NAMES[c]}<>{''.join(map(str, MASK_DIGITS[gone]))}")
    return " ".join(parts) or "-"


def harvest(codes: list[str], per_code: int, files: list[str], anywhere: bool = False) -> None:
    wanted = {code: per_code for code in codes}
    negatives: dict[str, str] = {}
    for file in files:
        for line in puzzle_lines(file):
            grid = Grid.from_values(values_of(line))
            analysis = analyse(grid.values)
            if analysis.solution is None:
                continue
            usable = usable_techniques(DEFAULT, unique=True)
            while grid.empty_count() and any(wanted.values()):
                step = next_step(grid, usable) or BRUTE_FORCE.step_for(grid, analysis.solution)
                values = position_text(grid)
                if wanted.get(step.code):
                    wanted[step.code] -= 1
                    print(f"{step.code} | {values} | {removed_text(grid)} | {step}  # from {file}")
                elif anywhere:
                    hardness = BRUTE_FORCE_STEP.index if step.code == BRUTE_FORCE.code else HODOKU.entry(step.code).order
                    for code in [c for c in codes if wanted[c] and HODOKU.entry(c).order <= hardness]:
                        found = next((s for s in by_code(code).find(grid) if s.code == code), None)
                        if found is not None:
                            wanted[code] -= 1
                            print(f"{code} | {values} | {removed_text(grid)} | {found}  # found (not used) in {file}")
                for code in codes:
                    if code not in negatives and not any(s.code == code for s in by_code(code).find(grid)):
                        negatives[code] = f"{code} | {values} | {removed_text(grid)} | -  # nothing here; from {file}"
                grid.apply(step)
            if not any(wanted.values()):
                break
    for code in codes:
        if code in negatives:
            print(negatives[code])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("codes")
    parser.add_argument("--per-code", type=int, default=3)
    parser.add_argument("--files", default="top95.txt,top1465.txt,royle17_sample1000.tsv,forum_hardest300.txt")
    parser.add_argument("--any", action="store_true", help="take steps found anywhere on the solve path")
    args = parser.parse_args()
    harvest(args.codes.split(","), args.per_code, args.files.split(","), args.any)


if __name__ == "__main__":
    main()

"""Every technique code that ``--only`` (explain) and ``-t`` (steps) accept works with both.

Each code runs through the commands in process, over a few positions with singles pending
(from tests/test_soundness_anywhere.py's sweep): the command must succeed, report only steps
of the technique asked for (and, in a walkthrough, Brute Force where it is stuck), and every
step must agree with the solution. The default run walks two positions through
``explain`` per code; ``-m slow`` walks them all and the default puzzle too.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import cli
from engine.analysis import analyse
from engine.cells import parse_cell_name
from engine.reader import parse_puzzle
from techniques import CATALOG
from tests.conftest import HODOKU, SE

#: The profile each technique belongs to (SE's own producers: ``se``; the rest: the default).
PROFILES = {"se": SE, None: HODOKU}
PROFILE_OF = {code: t.declaration.profile for t in CATALOG.techniques for code in t.codes}
#: Every code the commands accept: each technique's own code and its sub-type codes, the
#: default profile's in its order, then the se profile's own in SE's order.
CODES = sorted(PROFILE_OF, key=lambda c: (PROFILE_OF[c] or "", PROFILES[PROFILE_OF[c]].entry(c).order, c))
#: Positions in the middle of solves, with singles pending (library lines keep the removed
#: candidates): 24 and 33 open cells, one with a candidate removed by hand.
POSITIONS = (
    ":0000:x:4+1+7+3+6+98+25+63+2.+5+8+9+4....7..+3...2.+4+3..6+9+7+9.+58+64+3+2+3+4+6+91+2..+8+2+8.6.3+57+15.+32..+6+8+41+64.+7+5.+9.::::",
    ":0000:x:4+1+7+3+6+98+25+63+2.+5+8+9+4....7..+3...2.+4+3..6+9+7+9.+58+64+3+2+3+4+6+91+2..+8+2+8.6.3+57+15.+32..+6+8+41+64.+7+5.+9.:975:::",
    ":0000:x:1+6..+57.9+3+53+4+12+9..8+7.96..5.+1+4+753+1+29+8+6+91+3+58+6..26....4+1+3+53.+6....1..4+1.....7..7..+13..:"
    "272 872 874 974 475 975 477 292 892 994 995 498:::",
)
#: Every cell bivalue but one, 7 three times in its houses, a hidden single pending: where
#: BUG+1 once removed the true digit (issue 11).
BUG = "812753649943682...67549128315423789636984572128716953.521974368.3852691..9....4.."
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def _solution(line: str) -> str:
    grid = parse_puzzle(line).to_grid()
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    return "".join(map(str, solution))


SOLUTIONS = [_solution(line) for line in POSITIONS]


def step_codes(code: str) -> set[str]:
    """The step codes a selection reports: a technique's all, a sub-type's own."""
    technique = CATALOG.by_code(code)
    return set(technique.codes) if technique.code == code else {code}


def profile_args(code: str) -> list[str]:
    """``--profile NAME`` for a technique that belongs to a profile of its own."""
    owner = PROFILE_OF[code]
    return ["--profile", owner] if owner else []


def run(args: list[str], lines: tuple[str, ...], tmp_path: Path) -> list[dict[str, Any]]:
    path = tmp_path / "positions.txt"
    path.write_text("\n".join(lines) + "\n")
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([*args, str(path)], out, err)
    assert code == 0 and err.getvalue() == "", (args, code, err.getvalue())
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(records) == len(lines)
    return records


def wrong(step: dict[str, Any], solution: str) -> list[str]:
    """What the step gets wrong against the solution (81 digits)."""
    def digit_at(item: dict[str, Any]) -> int:
        return int(solution[parse_cell_name(item["cell"])])

    out = [f"removes the true {e['digit']} from {e['cell']}" for e in step["eliminations"] if digit_at(e) == e["digit"]]
    out += [f"places {p['digit']} in {p['cell']}" for p in step["placements"] if digit_at(p) != p["digit"]]
    return out


def check_walkthroughs(code: str, lines: tuple[str, ...], tmp_path: Path) -> None:
    allowed = step_codes(code) | {"bf"}
    for record in run(["explain", "--json", *profile_args(code), "--only", code], lines, tmp_path):
        assert record["status"] == "solved", record["error"]
        for step in record["steps"]:
            assert step["code"] in allowed, step["text"]
            assert not wrong(step, record["solution"]), step["text"]


@pytest.mark.parametrize("code", CODES)
def test_steps_lists_each_code(code: str, tmp_path: Path) -> None:
    allowed = step_codes(code)
    for record, solution in zip(run(["steps", "--json", *profile_args(code), "-t", code], POSITIONS, tmp_path), SOLUTIONS):
        assert record["status"] == "unique"
        for step in record["steps"]:
            assert step["code"] in allowed, step["text"]
            assert not wrong(step, solution), step["text"]


@pytest.mark.parametrize("code", CODES)
def test_explain_walks_through_with_each_code(code: str, tmp_path: Path) -> None:
    check_walkthroughs(code, (POSITIONS[0], BUG), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_explain_walks_through_with_each_code_everywhere(code: str, tmp_path: Path) -> None:
    check_walkthroughs(code, (*POSITIONS, BUG, INKALA), tmp_path)

"""The contract every technique and every profile keeps, checked over the whole registry.

For each technique: it has positions in ``puzzles/techniques/`` (one file per family,
format below); at each of its positions the expected step is found, every step it lists
agrees with the puzzle's solution, makes progress, has an explanation and highlights, and
the grid is left as it was. For each profile: every code of its techniques works with
``steps -t`` and ``explain --only`` on the command line.

Positions file format (one case per line, ``#`` comments)::

    code | 81 values (givens and placed digits) | removed pencil marks | expected step line

In the values a digit written ``+d`` (HoDoKu's library notation) was filled in while solving
and is not a clue; avoidable rectangles need that difference. Removed pencil marks read
``r2c4<>25 r3c5<>1`` (``-`` for none). The expected step line is the exact HoDoKu-style text
one found step must have; ``-`` means the technique must find nothing in that position.
Positions come from solving public puzzles (tests/make_positions.py harvests them); each
step was checked against the puzzle's solution and read by hand.

Per-technique tests (``test_<family>.py``) keep only what is specific to a technique.
"""

from __future__ import annotations

import io
import json
from typing import Final

import pytest

import cli
from engine.analysis import analyse
from engine.cells import CELL_NAMES
from engine.profiles import PROFILES, load_profile
from engine.step import NO_HIGHLIGHTS
from engine.technique import Technique
from techniques import CATALOG, REGISTRY
from tests.conftest import PUZZLES, grid_from
from tests.positions import Position, load

FILES = sorted((PUZZLES / "techniques").glob("*.txt"))


POSITIONS = [p for f in FILES for p in load(f)]
PROFILES_BUILT = [load_profile(name, CATALOG) for name in PROFILES]
#: The registry and any technique a profile brings of its own, by step code.
TECHNIQUES: dict[str, Technique] = {code: t for t in (*REGISTRY, *(t for p in PROFILES_BUILT for t in p.techniques)) for code in t.codes}
ALL = tuple(dict.fromkeys(TECHNIQUES.values()))


#: Codes whose positions take many seconds (SE's nested forcing chains of levels 3-5,
#: whose every run nests multiple or dynamic chains): their cases run with ``-m slow``.
SLOW_CODES = frozenset({"sdfc3", "sdfc4", "sdfc5"})


def _case(case_id: str, *values: object, code: str = "") -> object:
    return pytest.param(*values, id=case_id, marks=[pytest.mark.slow] if code in SLOW_CODES else [])


def _positions_of(technique: Technique) -> list[Position]:
    return [p for p in POSITIONS if p.code in technique.codes]


@pytest.mark.parametrize("technique", ALL, ids=[t.code for t in ALL])
def test_every_technique_has_positions_where_it_finds_something(technique: Technique) -> None:
    assert any(p.expected != "-" for p in _positions_of(technique)), f"{technique.code}: no positions in puzzles/techniques/"


@pytest.mark.parametrize("position", [_case(p.id, p, code=p.code) for p in POSITIONS])
def test_each_position_keeps_the_contract(position: Position) -> None:
    """The expected step (or nothing); every listed step sound, with progress, words and
    highlights; the grid unchanged."""
    grid = grid_from(position.values, position.removed)
    before = (list(grid.values), list(grid.cands), grid.version)
    technique = TECHNIQUES[position.code]
    steps = list(technique.find(grid))
    assert (list(grid.values), list(grid.cands), grid.version) == before, "find changed the grid"
    found = [str(s) for s in steps if s.code == position.code]
    if position.expected == "-":
        assert not found
        return
    assert position.expected in found, f"found: {found}"
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None, "a position must be a proper puzzle"
    for step in steps:
        assert step.code in technique.codes and (step.placements or step.eliminations), str(step)
        assert step.explanation and step.highlights != NO_HIGHLIGHTS, f"{step}: no explanation or highlights"
        for digit, cell in step.placements:
            assert solution[cell] == digit, f"{step} places {digit} in {CELL_NAMES[cell]}"
        for digit, cell in step.eliminations:
            assert solution[cell] != digit, f"{step} removes the true {digit} from {CELL_NAMES[cell]}"


def _code_cases() -> list[tuple[str, str, Position]]:
    """(profile, code, a position of that code) for every code of every profile's
    techniques that has a position where something is found."""
    cases = []
    for profile in PROFILES_BUILT:
        name = profile.name
        for technique in profile.techniques:
            for code in technique.codes:
                position = next((p for p in _positions_of(technique) if p.code == code and p.expected != "-"), None)
                if position is not None:
                    cases.append((name, code, position))
    return cases


CODE_CASES = _code_cases()


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("profile", "code", "position"), [_case(f"{n}-t-{c}", n, c, p, code=c) for n, c, p in CODE_CASES])
def test_every_code_works_with_steps_t(profile: str, code: str, position: Position) -> None:
    """The technique lists its known step. Listings are bounded by work (1,000 units by
    default: SE's nested chains there may be cut before their first step, and say so);
    ``--max-work`` lets this one run to its end."""
    status, out, err = _run("steps", "--profile", profile, "-t", code, "--json", "--max-work", "100000", position.library_line())
    assert status == 0, err
    record = json.loads(out)
    assert position.expected in [step["text"] for step in record["steps"]] and record["cut_short"] == []


#: The codes whose ``explain --only`` takes seconds or minutes (see ``_only_case``).
SLOW_TO_GO_ON: Final = frozenset({"axy", "kwh", "gkwh"})


def _only_case(profile: str, code: str, position: Position) -> object:
    """``explain --only`` solves on with the one technique as far as it goes: the default
    run takes the default profile; every profile, and the few codes whose technique takes
    seconds to go on (ALS-XY-Wing applies some forty times; the Kraken Whips 25 s and 95 s
    here, each of their steps a search), run with ``-m slow``."""
    case_id = f"{profile}-only-{code}"
    slow = profile != "hodoku" or code in SLOW_TO_GO_ON
    marks = [pytest.mark.slow] if slow else []
    return pytest.param(profile, code, position, id=case_id, marks=marks)


@pytest.mark.parametrize(("profile", "code", "position"), [_only_case(n, c, p) for n, c, p in CODE_CASES])
def test_every_code_works_with_explain_only(profile: str, code: str, position: Position) -> None:
    status, out, err = _run("explain", "--profile", profile, "--only", code, "--no-search", "--json", position.library_line())
    assert status == 0, err
    steps = json.loads(out)["steps"]
    assert steps and steps[0]["code"] in TECHNIQUES[code].codes

"""Kraken Whips and Grouped Kraken Whips (techniques/whips/kraken_whip.py): what the contract
test does not check: the words, the picture, that every branch is a whip with its member
placed, that neither a whip nor a kraken of chains finds these steps, the cheap test that
picks the targets, and the place in ``full``."""

from __future__ import annotations

import pytest

from engine.cells import parse_cell_name
from engine.grid import Grid
from engine.profiles import load_profile
from engine.step import Candidate, Step
from techniques import CATALOG
from techniques.krakens.kraken import KRAKEN_CELL, KRAKEN_HOUSE
from techniques.whips.grouped import GroupedSearch
from techniques.whips.grouped_whip import GROUPED_WHIP
from techniques.whips.kraken_whip import GROUPED_KRAKEN_WHIP, KRAKEN_WHIP, Branches
from techniques.whips.search import MAX_LENGTH, MAX_NODES, SEES, WhipSearch, alive
from techniques.whips.whip import WHIP
from tests.conftest import PUZZLES, grid_from
from tests.positions import Position, load

POSITIONS = [p for p in load(PUZZLES / "techniques" / "whips.txt") if p.expected != "-" and p.code in ("kwh", "gkwh")]
FORCING = ("fc", "fcc", "fcv", "fn", "fnc", "fnv")


def _position(name: str) -> Position:
    return next(p for p in POSITIONS if name in p.expected or p.expected.startswith(name))


def _grid(position: Position) -> Grid:
    return grid_from(position.values, position.removed)


def _first(position: Position) -> Step:
    technique = KRAKEN_WHIP if position.code == "kwh" else GROUPED_KRAKEN_WHIP
    return next(technique.find(_grid(position)))


def _cheese() -> Position:
    return next(p for p in POSITIONS if p.code == "kwh" and p.values.startswith(".2..5.7.."))


def test_words_state_the_truth_set_then_follow_each_branch() -> None:
    step = _first(_cheese())
    assert str(step) == _cheese().expected
    text = step.explanation
    assert text.startswith(
        "Box 2 needs a 2, and it can only go in r2c6 or r3c4. If r2c6=2, suppose r5c3 were 9 as well. "
        "Then 9 can only go to r2c8 in row 2 (r5c3=9 removes r2c3, r2c6=2 removes r2c6)."
    )
    assert "Then 9 has no place left in row 4 (r5c3=9 removes r4c3, r3c4=9 removes r4c4, r2c8=9 removes r4c8). So with r2c6=2, r5c3 is not 9." in text
    assert "If r3c4=2, suppose r5c3 were 9 as well." in text
    assert text.endswith("Whichever it is, r5c3 is not 9: remove 9 from r5c3.")


def test_a_member_that_sees_the_target_needs_no_branch() -> None:
    # Cheese: row 4's 9 is in r4c3, r4c4 or r4c8; r4c3=9 sees r5c3 (box 4), the others
    # need a whip each.
    steps = list(KRAKEN_WHIP.find(_grid(_cheese())))
    step = next(s for s in steps if str(s).startswith("Kraken Whip: 9 in r4 (r4c348): r4c3=9 => r5c3<>9; r4c4=9: r5c3=9 -> "))
    assert "If r4c3=9, it rules out r5c3=9 itself (both in box 4). If r4c4=9, suppose r5c3 were 9 as well." in step.explanation
    assert _members(step) == [29 * 9 + 8, 30 * 9 + 8, 34 * 9 + 8]  # 9 in r4c3, r4c4, r4c8
    assert any(link.start == Candidate(9, 29) and link.end == Candidate(9, 38) and not link.strong for link in step.highlights.links)


def test_picture_is_the_truth_set_the_branches_and_the_target() -> None:
    step = _first(_cheese())
    h = step.highlights
    assert h.fins == step.eliminations == (Candidate(9, 38),)
    assert h.units == (1,)  # box 2, the truth set's house
    assert Candidate(2, 15) in h.pattern and Candidate(2, 21) in h.pattern  # the members r2c6, r3c4
    strong = [link for link in h.links if link.strong]
    assert len(strong) == 8  # one "only one left" per forced variable of the two branches (3 + 7, less the two emptied)
    assert all(link.end in h.pattern for link in strong)
    grouped = _first(next(p for p in POSITIONS if p.code == "gkwh" and p.values.startswith(".......39")))
    assert grouped.highlights.groups and all(g.kind == "group" for g in grouped.highlights.groups)
    assert grouped.highlights.cells == (59,)  # the truth set's cell, r7c6


def test_every_branch_is_a_whip_with_its_member_placed_and_no_whip_alone_removes_the_target() -> None:
    for position in POSITIONS:
        grid = _grid(position)
        live = alive(grid)
        step = _first(position)
        assert str(step) == position.expected
        target = step.eliminations[0]
        t = target.cell * 9 + target.digit - 1
        members = _members(step)
        assert len(members) >= 2 and all(Candidate(m % 9 + 1, m // 9) in step.highlights.pattern for m in members)
        search = GroupedSearch if position.code == "gkwh" else WhipSearch
        for m in members:
            assert SEES[m] >> t & 1 or search(live & ~SEES[m]).whip(t, MAX_LENGTH, MAX_NODES) is not None
        assert WhipSearch(live).whip(t, MAX_LENGTH, MAX_NODES) is None
        assert GroupedSearch(live).whip(t, MAX_LENGTH, MAX_NODES) is None


def _members(step: Step) -> list[int]:
    """The truth set's members, as the step line names them (``r4c3=9 => ...; r4c4=9: ...``)."""
    body = str(step).split(": ", 2)[2].rsplit(" => ", 1)[0]
    out = []
    for part in body.split("; "):
        name, digit = part.split(":")[0].split(" => ")[0].split("=")
        out.append(parse_cell_name(name) * 9 + int(digit) - 1)
    return out


def test_no_whip_or_kraken_of_chains_finds_a_step_at_the_net_positions() -> None:
    # Easter Monster's and Cheese's positions are where main's full path took a Forcing Net.
    for position in POSITIONS:
        if position.code != "kwh":
            continue
        grid = _grid(position)
        for technique in (WHIP, GROUPED_WHIP, KRAKEN_CELL, KRAKEN_HOUSE):
            assert next(technique.find(grid), None) is None, technique.code


def test_the_cheap_target_test_misses_no_target_the_singles_run_reaches() -> None:
    """``Branches.reach`` resumes the singles run from the target alone; it must accept every
    target that the run from scratch, with the member placed, contradicts."""
    for position in POSITIONS[:2]:
        live = alive(_grid(position))
        for grouped in (False, True):
            branches = Branches(live, grouped)
            members = [k for k in range(729) if live >> k & 1][::9]
            for m in members:
                scratch = (GroupedSearch if grouped else WhipSearch)(live & ~SEES[m])
                reached = branches.reach(m, live)
                for t in range(729):
                    if live >> t & 1 and t != m and not SEES[m] >> t & 1 and scratch.contradicts(t):
                        assert reached >> t & 1, (position.id, grouped, m, t)


def test_in_full_after_the_whips_before_the_nets_and_in_no_other_plain_solve() -> None:
    full = load_profile("full", CATALOG)
    order = [e.technique.code for e in full.entries if e.enabled]
    assert order.index("gwh") < order.index("kwh") < order.index("gkwh") < order.index("fc")
    for name in ("hodoku", "se"):
        profile = load_profile(name, CATALOG)
        assert {"kwh", "gkwh"} <= {t.code for t in profile.techniques}  # there for --only and -t
        assert not {"kwh", "gkwh"} & {t.code for t in profile.default}


@pytest.mark.slow
def test_easter_monster_full_path_takes_kraken_whips_and_no_net() -> None:
    # 4 Forcing Net Contradictions at main 9f979f5, none with the Kraken Whip.
    line = next(l for l in (PUZZLES / "famous.tsv").read_text().splitlines() if "\tEaster Monster" in l)
    steps = load_profile("full", CATALOG).solve(Grid.from_string(line.split()[0])).steps
    assert "kwh" in {s.code for s in steps}
    assert not any(s.code in FORCING for s in steps)

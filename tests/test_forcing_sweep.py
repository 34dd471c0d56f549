"""The fast paths of the forcing nets and chains against the full ones, on real positions.

* ``sweep`` (techniques/forcing/sweep.py) must end where a full ``Branch`` ends, for every
  premise: the same candidates placed and removed, and a broken rule exactly when the
  branch breaks one;
* ``NetProver`` sweeps every premise and follows full branches only on demand: its
  conclusions and proofs must be those of a prover that follows every branch in full;
* the rule checks on whole node sets (techniques/forcing/node_sets.py, used when
  interpreted) must answer as the loops per digit and house (used when compiled).

Positions: grids where the README puzzle's ``explain`` runs our own nets (the start, one
where nothing breaks at depth 1, one with 26 premises that break a rule), the nets and
chains positions of tests/test_forcing.py, one with singles pending (a branch there takes
only the singles it makes itself) and a solved grid with a deadly rectangle left open.
"""

from __future__ import annotations

import random

import pytest

from engine.cells import BOXES, COLS, ROWS, Unit
from engine.grid import Grid
from engine.reader import parse_puzzle
from techniques.forcing import conclusions as conclusions_module
from techniques.forcing import hodoku_order
from techniques.forcing.chains_and_nets import FORCING_NET
from techniques.forcing.conclusions import ChainProver, NetProver, premises, same_ends
from techniques.forcing.hodoku_nets import NetTables
from techniques.forcing.link_tables import CANDIDATE_BITS
from techniques.forcing.node_sets import boxes_holding, cells_holding_all, cells_holding_any, clash, columns_holding, node_set, rows_holding
from techniques.forcing.propagation import Branch, BranchOutcome, Root
from techniques.forcing.sweep import sweep, swept
from techniques.shared import candidate_at, candidate_index, is_true, node_of
from tests.conftest import grid_from
from tests.test_forcing import CHAIN, DEADLY, EASTER_MONSTER, NET
from tests.test_hodoku_forcing import CASES, NET_CHOICES, NET_POSITION
from tests.test_hodoku_nets import SINGLES_PENDING

README = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
README_NOTHING_AT_DEPTH_1 = (
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85..+91..9....4..",
    "r1c4<>3 r6c1<>6 r6c3<>6 r7c6<>3",
)
README_MANY_BREAK = (
    "8..........36......7..9.2...5...7.......457.....1...3.+5.1...+368..85..+91..9....4..",
    "r1c4<>3 r3c9<>5 r4c1<>6 r6c1<>6 r6c2<>46 r6c3<>6 r6c6<>8 r6c7<>8 r8c5<>7 r9c4<>7 r9c5<>27 r9c6<>2",
)


def _positions() -> dict[str, Grid]:
    return {
        "readme": grid_from(README),
        "readme-nothing-at-depth-1": grid_from(*README_NOTHING_AT_DEPTH_1),
        "readme-many-break": grid_from(*README_MANY_BREAK),
        "net": grid_from(*NET),
        "chain": grid_from(*CHAIN),
        "easter-monster": grid_from(EASTER_MONSTER),
        "singles-pending": parse_puzzle(SINGLES_PENDING).to_grid(),
        "deadly": grid_from(DEADLY),
    }


POSITIONS = _positions()


def _branch_end(root: Root, premise: int) -> tuple[int, int] | None:
    branch = Branch(root, locked=True)
    cell, digit = candidate_at(node_of(premise))
    try:
        branch.assume(cell, digit, is_true(premise))
    except BranchOutcome:
        return None
    on = sum(1 << candidate_index(c, branch.values[c]) for c in branch.place_at)
    return on, sum(1 << i for i in branch.elim_at)


@pytest.mark.parametrize("name", POSITIONS)
def test_a_sweep_ends_where_its_branch_ends(name: str) -> None:
    grid = POSITIONS[name]
    root = Root(grid)
    ends = {}
    for premise in premises(grid):
        cell, digit = candidate_at(node_of(premise))
        ends[premise] = sweep(root, cell, digit, is_true(premise))
        assert ends[premise] == _branch_end(root, premise), premise
    if name == "readme-many-break":
        assert sum(end is None for end in ends.values()) == 26
    assert any(end and end[0] & (end[0] - 1) for end in ends.values()) or name == "deadly"  # nets place singles


@pytest.mark.parametrize("name", ["readme", "readme-many-break", "net", "chain"])
def test_net_conclusions_as_with_every_branch_in_full(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    grid = POSITIONS[name]
    swept = NetProver(grid)
    monkeypatch.setattr(conclusions_module, "COMPILED", True)  # every branch followed at once
    full = NetProver(grid)
    assert len(full.branches) == len(premises(grid))
    assert swept.conflicts == full.conflicts
    assert (swept.on, swept.off) == (full.on, full.off)
    found = list(swept.conclusions())
    assert found == list(full.conclusions())
    assert found and swept.settled == full.settled
    for c in found[:10]:
        assert [swept.proof(p, e) for p, e in zip(c.premises, c.ends)] == [full.proof(p, e) for p, e in zip(c.premises, c.ends)]


def test_a_net_step_follows_few_branches_in_full() -> None:
    """The first step (all a solve asks for) on the README puzzle's start: 58 of 508."""
    grid = POSITIONS["readme"]
    prover = NetProver(grid)
    first = next(prover.conclusions())
    assert first == next(NetProver(grid, only=premises(grid)).conclusions())
    assert len(prover.branches) == 58 and len(premises(grid)) == 508


# puzzles/techniques: a position of the fnc list (HoDoKu library line).
ONE_PLACE_IN_A_SWEEP = ":0000:x:.623148.7.3....2...7.2..4.3...9...3.6.1....42.......8.2..6..1.4....5.6.8.167.83..:528 928 129 629 538 938 549 564 365 366 569 969 972 373 973 978 386 986 995:::"


def test_a_sweep_confines_a_digit_to_its_one_place_left() -> None:
    """Locked candidates inside a branch sweep the houses whose places changed, those
    left with one place too: a removal made by the sweep itself leaves that single queued
    until the sweep ends, and its house may confine the digit first (box 7 here, after
    r1c1 lost 9). ``sweep`` marks only the houses left with one to three places, which
    must include these (skipping them once changed this step's proof in a Branch)."""
    grid = parse_puzzle(ONE_PLACE_IN_A_SWEEP).to_grid()
    texts = [step.explanation for step in FORCING_NET.find(grid) if str(step) == "Forcing Net Contradiction in c9 => r6c3<>7"]
    assert texts and "r9c9 is not 9 (9 in box 7 is confined to row 9), r1c1 is not 9 (9 in column 3 is confined to box 1)" in texts[0]


def _houses_holding(nodes: int, units: tuple[Unit, ...]) -> list[int]:
    """Each digit's houses that hold a node of it, as node sets, by a loop."""
    return [nodes & u.mask << 81 * d for d in range(9) for u in units if nodes >> 81 * d & u.mask]


def _node_sets_of_positions() -> list[int]:
    sets = []
    for grid in POSITIONS.values():
        sets.append(node_set(grid.cells_with))
        root = Root(grid)
        for premise in premises(grid)[::7]:
            end = sweep(root, *candidate_at(node_of(premise)), is_true(premise))
            if end:
                sets += list(end)
    rng = random.Random(24)
    sets += [rng.getrandbits(729) & rng.getrandbits(729) for _ in range(50)]
    return sets


def test_node_sets_hold_what_a_loop_per_house_finds() -> None:
    for nodes in _node_sets_of_positions():
        for holding, units in ((rows_holding, ROWS), (columns_holding, COLS), (boxes_holding, BOXES)):
            found, houses = holding(nodes), _houses_holding(nodes, units)
            # a bit per digit and house holding a node, the same whatever else the set holds
            assert found.bit_count() == len(houses)
            for house in houses:
                bit = holding(house)
                assert bit.bit_count() == 1 and found & bit
        cells = [c for c in range(81) if any(nodes >> (81 * d + c) & 1 for d in range(9))]
        assert cells_holding_any(nodes) == sum(1 << c for c in cells)
        full = [c for c in range(81) if all(nodes >> (81 * d + c) & 1 for d in range(9))]
        assert cells_holding_all(nodes) == sum(1 << c for c in full)
        groups = nodes | 0b1011 << CANDIDATE_BITS.bit_length()  # group nodes are ignored
        assert (rows_holding(groups), columns_holding(groups), boxes_holding(groups)) == (rows_holding(nodes), columns_holding(nodes), boxes_holding(nodes))
        assert (cells_holding_any(groups), cells_holding_all(groups)) == (cells_holding_any(nodes), cells_holding_all(nodes))
    assert clash(1 << candidate_index(0, 1) | 1 << candidate_index(0, 2))  # one cell, two digits
    assert clash(1 << candidate_index(0, 1) | 1 << candidate_index(80, 2) | 1 << candidate_index(10, 1))  # a box twice
    assert not clash(1 << candidate_index(0, 1) | 1 << candidate_index(40, 1) | 1 << candidate_index(80, 1))


#: More positions for the rule checks: HoDoKu's forcing chains and nets (tests/test_hodoku_forcing.py).
CHECKED = POSITIONS | {f"hodoku-{k}": grid_from(*case.values[:2]) for k, case in enumerate(CASES[:3] + NET_CHOICES[:4])}  # type: ignore[arg-type]
CHECKED["hodoku-net"] = grid_from(*NET_POSITION)


@pytest.mark.parametrize("name", CHECKED)
def test_net_rule_checks_on_whole_sets_as_per_house(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    grid = CHECKED[name]
    tables = NetTables(grid)
    check = hodoku_order._RuleCheck(grid)
    cases = [(p, *tables.reach(p)) for p in premises(grid)]
    on_sets = [check.breaks(p, on, off) for p, on, off in cases]
    monkeypatch.setattr(hodoku_order, "COMPILED", True)  # the loops per digit and house
    assert on_sets == [check.breaks(p, on, off) for p, on, off in cases]
    assert any(on_sets) == (name in ("net", "chain", "singles-pending") or name.startswith("hodoku"))


@pytest.mark.parametrize("name", CHECKED)
def test_chain_rule_checks_on_whole_sets_as_per_house(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    prover = ChainProver(CHECKED[name])
    on_sets = [prover.breaks(p) for p in prover.closures]
    monkeypatch.setattr(conclusions_module, "COMPILED", True)
    assert on_sets == [prover.breaks(p) for p in prover.closures]
    assert any(on_sets) == (name in ("net", "chain", "singles-pending", "hodoku-0", "hodoku-1", "hodoku-2"))  # chains: CASES only


def _sweep_of(root: Root, premise: int) -> tuple[int, int] | None:
    return sweep(root, *candidate_at(node_of(premise)), is_true(premise))


@pytest.mark.parametrize("name", CHECKED)
def test_linked_literals_sweep_to_one_end(name: str) -> None:
    """What ``NetProver`` relies on to sweep one literal per class of ``same_ends``:
    every literal of a class ends where the others do (or breaks a rule with them), and
    the prover's ends are each premise's own sweep."""
    grid = CHECKED[name]
    root = Root(grid)
    classes: dict[int, list[int]] = {}
    for lit, first in same_ends(root).items():
        classes.setdefault(first, []).append(lit)
    for lits in classes.values():
        ends = [_sweep_of(root, lit) for lit in lits]
        assert ends == [ends[0]] * len(lits), lits
    assert all(len(lits) >= 2 for lits in classes.values())
    assert any(len(lits) > 2 for lits in classes.values()) or name == "deadly"  # chains of links
    prover = NetProver(grid)
    for premise in premises(grid):
        end = _sweep_of(root, premise)
        assert (premise in prover.conflicts) == (end is None)
        assert end is None or end == (prover.on[premise], prover.off[premise])


def test_linked_literals_are_those_of_two_candidate_cells_and_two_place_houses() -> None:
    grid = grid_from(*NET)
    root = Root(grid)
    alike = same_ends(root)
    for cell in range(81):
        digits = grid.candidates(cell)
        if len(digits) == 2:
            d, e = (candidate_index(cell, x) for x in digits)
            assert alike[d << 1] == alike[e << 1 | 1] and alike[d << 1 | 1] == alike[e << 1]
    for unit in (*ROWS, *COLS, *BOXES):
        for digit in range(1, 10):
            cells = [c for c in unit.cells if digit in grid.candidates(c)]
            if len(cells) == 2:
                a, b = (candidate_index(c, digit) for c in cells)
                assert alike[a << 1] == alike[b << 1 | 1] and alike[a << 1 | 1] == alike[b << 1]
    lone = [p for p in premises(grid) if p not in alike]
    assert lone and all(_linked_nowhere(grid, p) for p in lone)


def _linked_nowhere(grid: Grid, premise: int) -> bool:
    cell, digit = candidate_at(node_of(premise))
    houses = [u for u in (*ROWS, *COLS, *BOXES) if cell in u.cells]
    return len(grid.candidates(cell)) > 2 and all(sum(digit in grid.candidates(c) for c in u.cells) > 2 for u in houses)


@pytest.mark.parametrize("name", CHECKED)
def test_a_sweep_carried_on_from_an_implied_end_ends_where_it_would_alone(name: str) -> None:
    """``swept(..., after=)``: "is d" carried on from the end of "is not e" in its cell
    (e another candidate) ends where "is d" ends from the root, or breaks with it."""
    grid = CHECKED[name]
    root = Root(grid)
    carried = 0
    for cell in range(81):
        digits = grid.candidates(cell)
        for e in digits:
            after = swept(root, cell, e, False)
            for d in digits:
                if d == e:
                    continue
                alone = sweep(root, cell, d, True)
                if after is None:
                    assert alone is None, (cell, d, e)  # "is d" implies "is not e", which breaks
                    continue
                state = swept(root, cell, d, True, after)
                assert (None if state is None else state.ends()) == alone, (cell, d, e)
                carried += after.placed_nodes != 0
    assert carried or name in ("deadly", "easter-monster")

"""Forcing Chain and Forcing Net on real positions (where the basic techniques got stuck).

HoDoKu's reglib has no lines for these codes, so every step here is also checked against
the puzzle's solution.
"""

from __future__ import annotations

import pytest

import techniques.forcing.chains_and_nets as forcing
import techniques.forcing.link_tables as link_tables_module
from engine.analysis import analyse
from engine.cells import PEER_MASK, UNITS, cells_of, parse_cell_name, unit_by_name
from engine.grid import Grid
from engine.step import Candidate, Step
from techniques.forcing.chains_and_nets import FORCING_CHAIN, FORCING_NET
from techniques.forcing.conclusions import ChainProver, NetProver, is_net, premises
from techniques.forcing.link_tables import LinkTables
from techniques.forcing.propagation import Branch, BranchOutcome, Clash, Root, Rule, extract
from techniques.shared import N_CANDIDATES, candidate_literal, true_literal
from tests.conftest import grid_from

# Positions from puzzles/techniques/forcing.txt.
CHAIN = (
    "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
    "r1c2<>12 r1c3<>59 r2c2<>12 r2c3<>59 r3c2<>2 r3c3<>59 r4c2<>12 r4c4<>4 r4c6<>4 r4c7<>14 r4c9<>4 "
    "r5c3<>124 r6c3<>146 r6c7<>1 r7c8<>68 r7c9<>68 r8c2<>6 r8c9<>68 r9c2<>6 r9c4<>8 r9c6<>68 r9c7<>35 "
    "r9c8<>1235 r9c9<>235",
)
NET = (
    "4873...9....6..271126.9.3847.5...162...2..8..........9..1.769233..1..45.....53.18",
    "r1c6<>5 r2c6<>5 r4c2<>9 r4c4<>4 r5c6<>149 r6c1<>6 r6c3<>34 r6c4<>48 r6c5<>8 r6c6<>578 r8c2<>9 r8c3<>2",
)
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
# A solved grid with a deadly rectangle left open (two solutions): nothing breaks a rule.
DEADLY = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"


def _by_text(steps: list[Step], text: str) -> Step:
    return next(s for s in steps if str(s) == text)


def _assert_sound(grid: Grid, steps: list[Step]) -> None:
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    for step in steps:
        assert all(solution[c] == d for d, c in step.placements), step
        assert all(solution[c] != d for d, c in step.eliminations), step


def test_chain_contradiction_in_words() -> None:
    grid = grid_from(*CHAIN)
    step = _by_text(list(FORCING_CHAIN.find(grid)), "Forcing Chain Contradiction in b3 => r5c9<>4")
    assert step.explanation == (
        "Suppose r5c9 is 4. Then r3c4 is 4 (the last place for 4 in column 4), so box 3 has no place "
        "left for 4 (r2c9 and r3c7 are both ruled out). That cannot be, so r5c9 is not 4."
    )
    assert step.code == "fcc"
    assert step.highlights.pattern == (Candidate(4, parse_cell_name("r5c9")),)
    assert step.highlights.units == (unit_by_name("b3").number,)


def test_net_contradiction_places_the_digit() -> None:
    grid = grid_from(*NET)
    step = _by_text(list(FORCING_NET.find(grid)), "Forcing Net Contradiction in r5c3 => r8c5=2")
    assert step.explanation.startswith("Suppose r8c5 is not 2. Then r8c5 is 8 (its last candidate), ")
    assert "r5c3 has no candidate left (3, 4 and 9 are all ruled out)" in step.explanation
    assert step.explanation.endswith("That cannot be, so r8c5 is 2.")


def test_net_verity_walks_every_case() -> None:
    grid = grid_from(*NET)
    step = _by_text(list(FORCING_NET.find(grid)), "Forcing Net Verity => r6c5=3")
    assert step.code == "fnv"
    assert step.explanation.startswith("4 must go in r5c3 or r9c3 (column 3). If r5c3 is 4: ")
    assert "If r9c3 is 4: " in step.explanation and "which cannot be." in step.explanation
    assert step.explanation.endswith("In every possible case, r6c5 is 3.")
    assert step.highlights.units == (unit_by_name("c3").number,)


@pytest.mark.parametrize("position", [CHAIN, NET], ids=["chain", "net"])
def test_every_step_agrees_with_the_solution(position: tuple[str, str]) -> None:
    grid = grid_from(*position)
    chains, nets = list(FORCING_CHAIN.find(grid)), list(FORCING_NET.find(grid))
    assert chains and nets
    _assert_sound(grid, chains + nets)
    assert len({s.effect for s in nets}) == len(nets), "steps with the same effect are reported once"


def test_placements_come_first() -> None:
    steps = list(FORCING_NET.find(grid_from(*NET)))
    kinds = [bool(s.placements) for s in steps]
    assert kinds == sorted(kinds, reverse=True)


def test_nets_are_not_mere_chains() -> None:
    prover = NetProver(grid_from(*NET))
    for conclusion in list(prover.conclusions())[:20]:
        proofs = [prover.proof(p, e) for p, e in zip(conclusion.premises, conclusion.ends)]
        assert any(is_net(proof) for proof in proofs)


def test_chain_verities_are_contradictions_read_backwards() -> None:
    prover = ChainProver(grid_from(*CHAIN))
    contradictions = {c.fact: c.cost for c in prover.conclusions()}
    verities = prover.verities()
    assert verities
    for verity in verities:
        assert contradictions[verity.fact] <= verity.cost


def test_easter_monster_needs_a_nested_net() -> None:
    grid = Grid.from_string(EASTER_MONSTER)
    assert next(FORCING_CHAIN.find(grid), None) is None
    assert next(NetProver(grid).conclusions(), None) is None
    step = next(FORCING_NET.find(grid))
    assert str(step) == "Forcing Net Contradiction in r5 => r1c2<>4"
    assert "(with 8 there, " in step.explanation  # a nested trial, summarised
    _assert_sound(grid, [step])


def test_nested_search_stops_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forcing, "MAX_PROBES", 10)
    assert next(FORCING_NET.find(Grid.from_string(EASTER_MONSTER)), None) is None


def test_nothing_to_find_in_a_deadly_rectangle() -> None:
    grid = Grid.from_string(DEADLY)
    assert list(FORCING_CHAIN.find(grid)) == []
    assert list(FORCING_NET.find(grid)) == []


def test_a_branch_records_why() -> None:
    grid = grid_from(*NET)
    branch = Branch(Root(grid), locked=True)
    with pytest.raises(BranchOutcome) as out:
        branch.assume(parse_cell_name("r8c5"), 2, False)
    conflict = out.value.conflict
    assert conflict.clash is Clash.EMPTY_CELL and conflict.cell == parse_cell_name("r5c3")
    proof, outer = extract(branch.log, conflict.ants, conflict)
    assert outer == ()
    assert proof.events[0].lit == candidate_literal(parse_cell_name("r8c5"), 2, False)
    for i, event in enumerate(proof.events):
        assert all(a < i for a in event.ants)


def test_chain_links_name_the_house_where_they_hold() -> None:
    grid = grid_from(*CHAIN)
    prover = ChainProver(grid)
    for conclusion in prover.conclusions():
        proof = prover.proof(conclusion.premises[0], conclusion.ends[0])
        for event in proof.events:
            if event.rule is Rule.HIDDEN:  # the two are the last places of the digit there
                digit, cells = prover.tables.node_cells(event.lit >> 1)
                _, before = prover.tables.node_cells(proof.events[event.ants[0]].lit >> 1)
                assert grid.cells_with[digit] & UNITS[event.unit].mask == cells | before


@pytest.mark.parametrize("compiled", [False, True], ids=["on-bits", "on-lists"])
@pytest.mark.parametrize("position", [CHAIN, NET, (EASTER_MONSTER, "")], ids=["chain", "net", "easter-monster"])
def test_every_literals_reach_at_once_is_its_closure(position: tuple[str, str], compiled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``LinkTables.reaches`` (one pass over the strongly connected groups of the literal
    graph, its walk as interpreted or compiled code takes it) gives what the closure level
    by level gives, for every literal, groups too."""
    monkeypatch.setattr(link_tables_module, "COMPILED", compiled)
    tables = LinkTables.build(grid_from(*position))
    reaches = tables.reaches()
    assert len(reaches) == 2 * len(tables.weak) > 2 * N_CANDIDATES  # groups are literals too
    for lit, (on, off) in enumerate(reaches):
        closure = tables.closure(lit >> 1, not lit & 1)
        assert (on, off) == (closure.on, closure.off), lit
    prover = ChainProver(grid_from(*position))
    first = next(iter(prover.closures))
    assert prover.closures[first].levels == tables.closure(first >> 1, not first & 1).levels


def _sees_all(cells: int, others: int) -> bool:
    """Whether every cell of ``others`` is a peer of every cell of ``cells``."""
    return all(PEER_MASK[c] & others == others for c in cells_of(cells))


def _direct_links(tables: LinkTables) -> tuple[list[int], list[int]]:
    """The weak and strong links of every node, from their definitions, node pair by pair:
    weak, two nodes that cannot both be true (one cell, or one digit in cells that all see
    each other); strong, the other places of a house (or candidate of a cell) that must be
    true when a node is false."""
    grid = tables.grid
    nodes = [n for n in range(len(tables.weak)) if n >= N_CANDIDATES or grid.cells_with[n // 81 + 1] >> (n % 81) & 1]
    weak, strong = [0] * len(tables.weak), [0] * len(tables.weak)
    for a in nodes:
        digit, cells = tables.node_cells(a)
        for b in nodes:
            other_digit, other_cells = tables.node_cells(b)
            if a == b:
                continue
            same_cell = a < N_CANDIDATES and b < N_CANDIDATES and cells == other_cells
            if same_cell or (digit == other_digit and not cells & other_cells and _sees_all(cells, other_cells)):
                weak[a] |= 1 << b
            if same_cell and grid.cands[cells.bit_length() - 1].bit_count() == 2:
                strong[a] |= 1 << b
            for unit in UNITS:
                if digit == other_digit and not (cells | other_cells) & ~unit.mask and not cells & other_cells:
                    if grid.cells_with[digit] & unit.mask == cells | other_cells:
                        strong[a] |= 1 << b
    return weak, strong


@pytest.mark.parametrize("position", [CHAIN, NET], ids=["chain", "net"])
def test_link_tables_hold_the_links_their_definitions_give(position: tuple[str, str]) -> None:
    """``LinkTables.build`` (a candidate's group links from the digit's groups per house)
    gives the links node pair by pair gives."""
    tables = LinkTables.build(grid_from(*position))
    assert tables.groups
    assert (tables.weak, tables.strong) == _direct_links(tables)


@pytest.mark.parametrize("position", [CHAIN, NET, (EASTER_MONSTER, "")], ids=["chain", "net", "easter-monster"])
def test_chain_closures_made_on_lookup_are_the_closures(position: tuple[str, str]) -> None:
    """``ChainProver.closures`` (made when looked up, from the strongly connected groups)
    lists every premise in order, each with its closure level by level; ``breaks`` reads
    the same bit sets as the named rule checks."""
    grid = grid_from(*position)
    prover = ChainProver(grid)
    assert list(prover.closures) == premises(grid) and len(prover.closures) == len(premises(grid))
    for premise, closure in prover.closures.items():
        direct = prover.tables.closure(premise >> 1, not premise & 1)
        assert (closure.on, closure.off) == (direct.on, direct.off)
        assert prover.closures[premise] is closure  # made once: its levels are kept
        assert prover.breaks(premise) == (next(prover._broken_rules(closure), None) is not None)
    with pytest.raises(KeyError):
        prover.closures[true_literal(N_CANDIDATES)]  # a group: no premise

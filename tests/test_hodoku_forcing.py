"""The forcing chain HoDoKu 2.2 takes, and its name (techniques/forcing/hodoku_order.py).

Each position is HoDoKu's own, replayed from its solution path of a top1465 puzzle (in
puzzles/top1465.txt); the expected line is the step HoDoKu printed there.
"""

from __future__ import annotations

import pytest

from engine.analysis import analyse
from engine.cells import UNITS
from engine.grid import Grid
from engine.reader import parse_puzzle
from engine.step import Step
from techniques import by_code
from techniques.forcing.conclusions import ChainProver, premises
from techniques.forcing.hodoku_nets import NetTables
from techniques.forcing.hodoku_order import _contradictions, _RuleCheck
from techniques.forcing.propagation import Clash, Conflict
from techniques.forcing.words import Narrator
from techniques.shared import candidate_literal
from tests.conftest import HODOKU, grid_from

CASES = [
    pytest.param(
        "4...3.......6..8..........1....5..9..8....6...7.2........1+927..5+13...+94+29+2+7.+4.+1..",
        "r1c3<>59 r1c6<>9 r2c3<>59 r2c9<>7 r3c3<>59 r3c7<>2 r4c3<>6 r4c4<>4 r4c6<>4 r4c7<>4 r4c9<>4 r5c3<>124 "
        "r5c9<>4 r6c3<>146 r6c6<>4 r7c8<>68 r7c9<>68 r9c4<>8 r9c6<>68 r9c8<>35 r9c9<>35",
        "Forcing Chain Contradiction in c4 => r5c4<>3",
        id="contradiction-and-verity-tie-contradiction-first",  # #1 step 27
    ),
    pytest.param(
        "....3..715.+74.2......+7.....2..6..4.+7.38.7....+7.........7..8..1.6..5.+72........+7..",
        "r1c7<>8 r3c1<>4 r3c2<>124 r3c3<>124 r3c5<>1 r3c7<>3 r3c8<>35689 r3c9<>35689 r4c6<>159 r4c8<>59 r5c7<>5 "
        "r6c2<>1 r6c3<>15 r6c5<>14 r6c7<>56 r6c8<>6 r6c9<>6 r7c6<>4 r7c7<>35 r9c2<>1 r9c3<>1 r9c5<>1 r9c6<>4",
        "Forcing Chain Verity => r4c5<>1",
        id="shorter-verity-wins-an-elimination",  # #52 step 21
    ),
    pytest.param(
        "....3..715.+74.2......+7.....2..6..4.+7.38.7....+7.........7..8..1.6..5.+72........+7..",
        "r1c7<>8 r3c1<>4 r3c2<>124 r3c3<>124 r3c5<>1 r3c7<>3 r3c8<>35689 r3c9<>35689 r4c5<>1 r4c6<>159 r4c8<>59 "
        "r5c1<>1 r5c7<>5 r6c2<>1 r6c3<>15 r6c5<>149 r6c6<>9 r6c7<>56 r6c8<>6 r6c9<>6 r7c1<>9 r7c3<>9 r7c4<>9 "
        "r7c6<>34 r7c7<>35 r7c9<>69 r9c2<>1 r9c3<>1 r9c5<>1 r9c6<>4",
        "Forcing Chain Contradiction in c1 => r3c3=3",
        id="placement-first-house-without-place",  # #52 step 27
    ),
    pytest.param(
        "....3...27..4......3.+2...9..6..2....8.....7........1..4.+37.1......6.+2.35...+3.8...",
        "r1c4<>8 r1c7<>4 r1c8<>1568 r2c2<>1 r2c3<>1 r2c5<>159 r3c5<>5 r3c7<>4 r3c9<>168 r4c7<>4 r5c5<>459 "
        "r6c5<>4589 r7c8<>2 r9c1<>1 r9c2<>17 r9c3<>17 r9c7<>69 r9c8<>246 r9c9<>469",
        "Forcing Chain Verity => r2c5=8",
        id="placement-by-verity-only",  # #67 step 19
    ),
    pytest.param(
        "..1245.6+9.2.+6.....9..7.....4.7.6..1....5...........9.3...1.6..2.......74.58......",
        "r1c1<>7 r1c2<>8 r2c7<>8 r2c8<>4 r2c9<>5 r3c2<>38 r3c3<>3 r3c7<>138 r3c8<>4 r5c1<>68 r5c2<>6 r5c3<>6 "
        "r5c5<>7 r5c6<>7 r5c7<>248 r5c9<>8 r6c1<>8 r6c6<>8 r6c8<>5",
        # r1c1 is not 8 leads to r1c1 is 8; HoDoKu names the first cell of box 9 where 9
        # is still allowed (r7c8), which its scratch set happens to hold.
        "Forcing Chain Contradiction in r7c8 => r1c1=8",
        id="premise-against-itself-names-hodokus-scratch-cell",  # #531 step 18
    ),
]


def hodoku_takes(code: str, values: str, removed: str, expected: str) -> Step:
    """The step the hodoku profile takes with technique ``code`` in the position: HoDoKu's
    line, and true of the position's solution."""
    grid = grid_from(values, removed)
    step = HODOKU.choose(by_code(code), grid)
    assert step is not None and str(step) == expected
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None
    assert all(solution[c] == d for d, c in step.placements)
    assert all(solution[c] != d for d, c in step.eliminations)
    return step


@pytest.mark.parametrize(("values", "removed", "expected"), CASES)
def test_hodoku_takes_the_forcing_chain_it_printed(values: str, removed: str, expected: str) -> None:
    step = hodoku_takes("fc", values, removed, expected)
    # The words follow the chains HoDoKu's choice rests on: one branch for a contradiction,
    # every case of the either-or for a verity.
    ending = "That cannot be, so" if "Contradiction" in expected else "Either way,"
    assert ending in step.explanation


def test_its_choice_is_among_the_techniques_own_steps() -> None:
    """The profile only picks and names: the effect is one the technique finds too."""
    values, removed, _ = CASES[1].values
    grid = grid_from(values, removed)
    step = HODOKU.choose(by_code("fc"), grid)
    assert step is not None
    assert step.effect in {s.effect for s in by_code("fc").find(grid)}


def test_a_digit_twice_in_a_house_in_words() -> None:
    grid = Grid.empty()
    lits = (candidate_literal(0, 5, True), candidate_literal(4, 5, True))
    words = Narrator(grid).conflict(Conflict(Clash.TWICE, -1, UNITS[9].number, 5, lits))
    assert words == "row 1 would hold 5 twice (r1c1 and r1c5)"


def test_a_house_without_a_place_is_explained_by_its_chains() -> None:
    """HoDoKu's (f) check, a house left without a place for a digit, names the places it
    removes; the explanation follows a chain to each. (Until dde88e0 the places were read
    from a spent generator: the contradiction named none, and the words jumped from the
    assumption to the empty row.) A royle17 puzzle, its 35th step."""
    grid = Grid.from_string("5..17.....3....2.....6.........248..1.............3....28........4.....6...7...5.")
    steps = HODOKU.solve(grid).steps
    step = next(s for s in steps if s.explanation.startswith("Suppose r4c8 is 9."))
    assert str(step).startswith("Forcing Chain Contradiction in r5 => r4c8<>9")
    assert "r5c9 is 3 (the last place for 3 in row 5), so row 5 has no place left for 4" in step.explanation
    assert len(step.highlights.links) >= 6


#: top1465 #48 before step 27: HoDoKu's net tables reach no placement, so it takes the
#: first elimination in its order, a verity; our own nets (deeper) place r2c8 first.
NET_POSITION = (
    "+16+7.5.4.3.2+41........+4..7.+14+53.+1.6.+27.+25.......+62.........8..5.6...4.+2.........1.",
    "r2c1<>5 r2c6<>89 r2c9<>6 r3c6<>9 r5c9<>4 r6c9<>4 r7c2<>139 r7c6<>36 r7c9<>79 r8c2<>17 r8c3<>89 "
    "r8c4<>7 r8c6<>379 r9c2<>389 r9c5<>36 r9c6<>36 r9c9<>789",
)


def test_hodoku_takes_the_forcing_net_it_printed() -> None:
    grid = grid_from(*NET_POSITION)
    step = HODOKU.choose(by_code("fn"), grid)
    assert step is not None and str(step) == "Forcing Net Verity => r1c8<>8"
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None and all(solution[c] != d for d, c in step.eliminations)
    assert "Either way," in step.explanation or "In every possible case," in step.explanation
    assert str(next(by_code("fn").find(grid))) != str(step)  # our own order differs here


def test_hodoku_nets_in_a_position_with_singles_pending() -> None:
    """Singles the position already has rest on the assumption in HoDoKu's tables (they
    once made a table entry with no reason, and the chain length search never ended)."""
    grid = parse_puzzle(
        ":0000:x:4+1+7+3+6+98+25+63+2.+5+8+9+4....7..+3...2.+4+3..6+9+7+9.+58+64+3+2+3+4+6+91+2..+8+2+8.6.3+57+15.+32..+6+8+41+64.+7+5.+9.::::"
    ).to_grid()
    step = HODOKU.choose(by_code("fn"), grid)
    solution = analyse(grid.values, grid.cands).solution
    assert step is not None and solution is not None
    assert all(solution[c] == d for d, c in step.placements) and all(solution[c] != d for d, c in step.eliminations)


#: Forcing nets where HoDoKu keeps, among the contradictions of one premise, the one whose
#: chains have the fewest entries in its own expanded table (top1465 #201, #261, #441,
#: #541, #881, #338 and #1215, positions replayed from HoDoKu's path): the count follows
#: how HoDoKu fills and expands its tables (singles in the order they appear, the entries
#: of each table in order), not the shortest way through the net.
NET_CHOICES = [
    pytest.param(
        "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..1+6.48..1..3....+3.2..6...2..9...",
        "r2c4<>3 r2c5<>3 r2c9<>29 r4c5<>3 r4c6<>57 r4c8<>3 r7c3<>4 r7c5<>5 r8c9<>58 r9c1<>14 r9c5<>5",
        "Forcing Net Contradiction in r7 => r9c4<>7",
        id="digit-twice-in-a-row-before-two-digits-in-a-cell",  # #201 step 13
    ),
    pytest.param(
        "..6..3....97..513..2..91.8....+1...7.6.........41..+8..9...5..8.....3.47....4.16..5",
        "r1c7<>2 r2c5<>8 r4c1<>8 r4c3<>2 r4c5<>2 r4c9<>2 r5c8<>24 r5c9<>2 r7c1<>7 r7c8<>1 r7c9<>2 r8c1<>8",
        "Forcing Net Contradiction in r7c8 => r1c7=9",
        id="premise-against-itself-28-entries",  # #261 step 21
    ),
    pytest.param(
        "..123.........7..16.8+1+549.....32...4.....5.9.8...7+1..6..45.....91....6....3....2.",
        "r1c1<>7 r1c2<>4 r1c7<>4 r1c8<>5 r2c8<>5 r4c2<>67 r5c2<>67 r6c2<>59 r7c2<>27 r7c6<>689 r7c8<>3 "
        "r8c6<>8 r9c2<>57 r9c5<>8",
        "Forcing Net Contradiction in c7 => r1c1=4",
        id="no-place-in-a-column",  # #441 step 18
    ),
    pytest.param(
        "1.25...78.4......+1....81...........9.8.....136....7...2..6.89.54..+92+5+1....9.13.2.",
        "r1c5<>3 r2c1<>7 r2c3<>3 r2c5<>39 r2c8<>3 r3c8<>3 r4c2<>3 r4c4<>234 r4c7<>4 r6c4<>234 r6c5<>4 "
        "r7c2<>3 r8c3<>7 r9c7<>7",
        "Forcing Net Contradiction in b5 => r4c2=2",
        id="digit-twice-in-a-box",  # #541 step 20
    ),
    pytest.param(
        "38.5..+429..5.4..3..+4....5...2+84............8+44.9.8.2...7.+8.6.+4....2.+4...864.9.3.+2",
        "r2c1<>19 r2c6<>1 r3c1<>2 r3c4<>1 r3c5<>13 r3c6<>1 r4c5<>3 r4c8<>7 r5c5<>3 r7c5<>1 r8c7<>9",
        "Forcing Net Contradiction in b9 => r2c6<>7",
        id="twice-in-box-9",  # #881 step 20
    ),
    pytest.param(
        "72........6......8..89...4.....8...63....7.2..9..3.4......4...727...3......+75.91.",
        "r2c4<>2 r2c5<>1 r2c6<>2 r3c5<>16 r3c6<>2 r4c3<>145 r4c7<>5 r6c3<>156 r7c1<>6 r7c3<>6 r7c7<>8 "
        "r8c3<>6 r8c7<>6 r9c6<>6",
        "Forcing Net Contradiction in b2 => r2c5=2",
        id="main-chain-passing-a-node-twice-tells-its-branch-twice",  # #338 step 10
    ),
    pytest.param(
        "...37.8....+7...5.1...48..2.5+1...3....4.......7.9...1..26.....79.+75.9.....+98..76..",
        "r1c1<>46 r1c3<>6 r1c6<>269 r2c1<>369 r2c2<>2 r2c8<>69 r3c1<>13 r3c6<>69 r3c9<>6 r4c4<>2 r4c7<>2 "
        "r4c8<>4 r4c9<>6 r5c1<>3 r5c4<>26 r5c6<>156 r5c7<>3 r5c8<>3 r6c6<>58 r6c8<>4 r6c9<>8 r7c3<>3 "
        "r7c6<>15 r8c1<>1 r8c4<>8 r8c6<>18 r8c8<>4 r9c4<>5 r9c5<>15",
        "Forcing Net Contradiction in r4 => r1c1=1",
        id="twice-in-row-4",  # #1215 step 39
    ),
]


@pytest.mark.parametrize(("values", "removed", "expected"), NET_CHOICES)
def test_hodoku_keeps_the_net_with_fewest_entries_in_its_tables(values: str, removed: str, expected: str) -> None:
    step = hodoku_takes("fn", values, removed, expected)
    assert "That cannot be, so" in step.explanation


@pytest.mark.parametrize(("values", "removed"), [p.values[:2] for p in CASES + NET_CHOICES] + [NET_POSITION])
def test_the_quick_rule_checks_agree_with_the_full_ones(values: str, removed: str) -> None:
    """The yes/no rule checks (read off a closure's few candidates one by one) say a
    premise breaks a rule exactly when the checks that name the rule find one, for every
    premise of chain and net positions: the step choice asks the quick ones first."""
    grid = grid_from(values, removed)
    prover = ChainProver(grid)
    chain_quick = {p for p in prover.closures if prover.breaks(p)}
    chain_full = {p for p, closure in prover.closures.items() if next(prover._broken_rules(closure), None) is not None}
    assert chain_quick == chain_full
    tables, check = NetTables(grid), _RuleCheck(grid)
    net_quick = {p for p in premises(grid) if check.breaks(p, *tables.reach(p))}
    net_full = {p for p in premises(grid) if next(_contradictions(tables, grid, p), None) is not None}
    assert net_quick == net_full and net_quick

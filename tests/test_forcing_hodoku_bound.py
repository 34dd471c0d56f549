"""Our own nets bound HoDoKu's (``techniques/forcing/hodoku_order.py``, ``_Bound``).

In a grid without singles, whatever HoDoKu's net tables (or its chains' links) reach from
a premise, our net's branch reaches too, or the branch breaks a rule; and a premise whose
branch breaks no rule breaks none of HoDoKu's checks. The ``hodoku`` profile's Forcing Net
relies on this to build HoDoKu's tables only for the premises that can matter, and its
Forcing Chain to test only the premises whose branch breaks, so it is checked here premise
by premise, and the step chosen with the bound must be the step chosen without it.

Positions: those of tests/test_forcing_sweep.py (the README puzzle's, nets and chains,
singles pending, a solved grid with a deadly rectangle) and the HoDoKu forcing positions
of tests/test_hodoku_forcing.py.
"""

from __future__ import annotations

import pytest

from engine.cells import N_CELLS, UNITS
from engine.grid import Grid
from engine.step import Step
from techniques.forcing import hodoku_order
from techniques.forcing import chains_and_nets
from techniques.forcing.chains_and_nets import FORCING_CHAIN, FORCING_NET
from techniques.forcing.conclusions import ChainProver, NetProver, fewest_to_empty, fully_open, premises
from techniques.forcing.hodoku_nets import NetTables
from techniques.forcing.link_tables import CANDIDATE_BITS
from techniques.forcing.truth import NO_TRUTH, truth_of
from tests.conftest import grid_from, solve_positions
from tests.test_forcing_sweep import POSITIONS
from tests.test_hodoku_forcing import CASES, NET_CHOICES, NET_POSITION


#: The README's puzzle (Inkala 2012): its solve meets positions with and without singles.
README_PUZZLE = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def _all_positions() -> dict[str, Grid]:
    out = dict(POSITIONS)
    for n, param in enumerate(CASES + NET_CHOICES):
        out[f"hodoku-{n}"] = grid_from(str(param.values[0]), str(param.values[1]))
    out["hodoku-net"] = grid_from(*NET_POSITION)
    return out


ALL = _all_positions()
OPEN = [name for name, grid in ALL.items() if fully_open(grid)]


def open_by_definition(grid: Grid) -> bool:
    """``fully_open`` as it is defined, cell by cell and house by house."""
    cells_open = all(grid.values[cell] or grid.cands[cell].bit_count() >= 2 for cell in range(N_CELLS))
    places = ((grid.cells_with[d] & unit.mask).bit_count() for unit in UNITS for d in grid.missing_digits(unit))
    return cells_open and all(count >= 2 for count in places)


def test_fully_open_is_what_it_says() -> None:
    grids = [*ALL.values(), *solve_positions([README_PUZZLE])]
    assert {open_by_definition(grid) for grid in grids} == {True, False}
    for grid in grids:
        assert fully_open(grid) is open_by_definition(grid)
        assert fewest_to_empty(grid) == (2 if open_by_definition(grid) else 0)


def test_a_position_with_singles_is_not_fully_open() -> None:
    assert "singles-pending" not in OPEN
    assert len(OPEN) == len(ALL) - 1


@pytest.mark.parametrize("name", OPEN)
def test_our_branches_reach_what_hodokus_tables_reach(name: str) -> None:
    grid = ALL[name]
    ours = NetProver(grid)
    tables = NetTables(grid)
    breaks = hodoku_order._RuleCheck(grid).breaks
    for premise in premises(grid):
        on, off = tables.reach(premise)
        if premise in ours.conflicts:
            continue
        assert on & CANDIDATE_BITS & ~ours.on[premise] == 0, premise
        assert off & CANDIDATE_BITS & ~ours.off[premise] == 0, premise
        assert not breaks(premise, on, off), premise


@pytest.mark.parametrize("name", list(ALL))
def test_the_bound_changes_no_step(name: str) -> None:
    grid = ALL[name]
    plain = hodoku_order.hodoku_forcing_net(FORCING_NET, grid)
    bounded = hodoku_order.hodoku_forcing_net(FORCING_NET, grid, NetProver(grid))
    assert (plain is None) == (bounded is None)
    if plain is not None and bounded is not None:
        assert (str(bounded), bounded.explanation, bounded.eliminations, bounded.placements) == (
            str(plain),
            plain.explanation,
            plain.eliminations,
            plain.placements,
        )


@pytest.mark.parametrize("name", OPEN)
def test_the_bound_narrows_the_verities_to_the_same_fact(name: str) -> None:
    """With the bound, an either-or is looked at only for the facts our branches agree
    on (``_Bound.agreed``): they hold whatever HoDoKu's tables of its premises agree on,
    so the first verity is the same, found with fewer tables."""
    grid = ALL[name]
    bound = hodoku_order._Bound(NetProver(grid))
    truth = truth_of(grid)
    cases = hodoku_order._either_ors(grid)
    tables = NetTables(grid)
    for lits, skip in cases:
        on, off = CANDIDATE_BITS, CANDIDATE_BITS
        for lit in lits:
            lit_on, lit_off = tables.reach(lit)
            on, off = on & lit_on, off & lit_off
        agreed_on, agreed_off = bound.agreed(lits)
        assert (on & truth.on & ~agreed_on, off & truth.off & ~agreed_off) == (0, 0), lits
    plain = hodoku_order._first_verity(NetTables(grid), cases, truth, None, None)
    fewer = NetTables(grid)
    assert hodoku_order._first_verity(fewer, cases, truth, None, bound) == plain
    assert len(fewer.reaches_so_far()) < len(tables.reaches_so_far())
    if name == "chain":
        assert plain is not None  # a position with a verity: the test compares one


def test_the_bound_spares_most_of_hodokus_tables() -> None:
    """At the README puzzle's start HoDoKu's nets find nothing; with the bound, the same
    answer from the tables of a few dozen of its 508 premises."""
    grid = ALL["readme"]
    tables = NetTables(grid)
    bound = hodoku_order._Bound(NetProver(grid))
    assert hodoku_order._first_net_fact(tables, grid, bound) is None
    assert hodoku_order._first_net_fact(NetTables(grid), grid, None) is None
    assert 0 < len(tables.reaches_so_far()) < len(premises(grid)) // 4


@pytest.mark.parametrize("name", OPEN)
def test_a_chain_breaks_only_where_our_branch_breaks(name: str) -> None:
    grid = ALL[name]
    ours = NetProver(grid)
    chains = ChainProver(grid)
    broken = 0
    for premise in premises(grid):
        if premise in ours.conflicts:
            broken += chains.breaks(premise)
            continue
        closure = chains.closures[premise]
        assert closure.on & CANDIDATE_BITS & ~ours.on[premise] == 0, premise
        assert closure.off & CANDIDATE_BITS & ~ours.off[premise] == 0, premise
        assert not chains.breaks(premise), premise
    if name == "chain":
        assert broken  # the chains position has chain contradictions: the test sees some


def _same(one: Step | None, other: Step | None) -> bool:
    if one is None or other is None:
        return one is other
    return (str(one), one.explanation, one.eliminations, one.placements) == (str(other), other.explanation, other.eliminations, other.placements)


@pytest.mark.parametrize("name", list(ALL))
def test_the_bound_changes_no_chain_step(name: str) -> None:
    grid = ALL[name]
    plain = hodoku_order.hodoku_forcing_chain(FORCING_CHAIN, grid)
    assert _same(hodoku_order.hodoku_forcing_chain(FORCING_CHAIN, grid, NetProver(grid)), plain)


@pytest.mark.parametrize("name", list(ALL))
def test_a_premise_alone_breaks_as_with_every_closure_at_once(name: str) -> None:
    """The bounded Forcing Chain tests its few premises with ``breaks_alone`` (each
    closure followed on its own); the answer must be the one every closure at once gives."""
    grid = ALL[name]
    chains = ChainProver(grid)
    answers = [(chains.breaks_alone(premise), chains.breaks(premise)) for premise in premises(grid)]
    assert [alone for alone, _ in answers] == [full for _, full in answers]
    if name == "chain":
        assert any(full for _, full in answers)  # the chains position has chain contradictions


@pytest.mark.parametrize("name", list(ALL))
def test_the_premises_a_solution_meets_change_no_chain_step(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without our nets, the Forcing Chain leaves out the premises a solution meets: none
    of them breaks a rule, and the step is the one every premise tested gives."""
    grid = ALL[name]
    chains, truth = ChainProver(grid), truth_of(grid)
    assert not any(chains.breaks(premise) for premise in premises(grid) if truth.meets(premise))
    step = hodoku_order.hodoku_forcing_chain(FORCING_CHAIN, grid)
    monkeypatch.setattr(hodoku_order, "truth_of", lambda grid: NO_TRUTH)
    assert _same(hodoku_order.hodoku_forcing_chain(FORCING_CHAIN, grid), step)
    if name == "chain":
        assert step is not None


def test_the_nets_of_a_position_are_made_once() -> None:
    """Once per grid version: the Forcing Chain and then the Forcing Net of one position
    share them; a changed grid gets its own."""
    hunch = chains_and_nets._Hunch()
    grid = ALL["readme"].copy()
    nets = hunch.nets(grid)
    assert hunch.nets(grid) is nets
    copy = grid.copy()  # the same position, but the nets read their own grid object again
    assert hunch.nets(copy) is not nets and hunch.nets(copy).grid is copy
    cell = next(c for c in range(81) if grid.cands[c])
    assert grid.eliminate(cell, grid.candidates(cell)[0])
    changed = hunch.nets(grid)
    assert changed is not nets and changed.on != nets.on

"""HoDoKu's net tables as bit sets (techniques/forcing/hodoku_nets.py): the closures are
read from playouts that keep bits only, the chains from playouts that keep every entry;
both must hold the same literals, and a closure must be what every table it meets gives.

Positions: HoDoKu's own, from tests/test_hodoku_forcing.py (one with singles pending,
which its tables take as resting on the premise).
"""

from __future__ import annotations

import pytest

from engine.cells import UNIT_HALVES
from engine.grid import Grid
from engine.reader import parse_puzzle
from techniques.forcing import hodoku_nets
from techniques.forcing.conclusions import premises
from techniques.forcing.hodoku_nets import NetTables, _TableMaker
from tests.conftest import grid_from
from tests.test_hodoku_forcing import NET_CHOICES, NET_POSITION

SINGLES_PENDING = ":0000:x:4+1+7+3+6+98+25+63+2.+5+8+9+4....7..+3...2.+4+3..6+9+7+9.+58+64+3+2+3+4+6+91+2..+8+2+8.6.3+57+15.+32..+6+8+41+64.+7+5.+9.::::"


def _positions() -> list[Grid]:
    grids = [grid_from(*NET_POSITION), parse_puzzle(SINGLES_PENDING).to_grid()]
    grids += [grid_from(*case.values[:2]) for case in NET_CHOICES[:3]]  # type: ignore[arg-type]
    return grids


def _as_bits(maker: _TableMaker, literals: list[int]) -> int:
    """Literals as a bit set of literals (see _TableMaker: true of node n at n, false at size + n)."""
    bits = 0
    for lit in literals:
        bits |= 1 << ((lit >> 1) + (maker.size if lit & 1 else 0))
    return bits


def _slots(maker: _TableMaker) -> list[tuple[int, int]]:
    """Every literal of the grid (candidates and groups, true and false), with its slot."""
    return [(node << 1 | false, node + (maker.size if false else 0)) for node in range(maker.size) for false in (0, 1)]


@pytest.mark.parametrize("grid", _positions())
def test_a_tables_bits_hold_its_entries(grid: Grid) -> None:
    maker = _TableMaker(grid)
    for lit, slot in _slots(maker):
        table = maker.table(lit)
        assert maker.own_bits(slot) == _as_bits(maker, table.literals()), lit
        assert table.on | table.off << maker.size == maker.own_bits(slot), lit


@pytest.mark.parametrize("grid", _positions())
def test_a_closure_is_every_table_it_reaches(grid: Grid) -> None:
    """reach() against a plain fixed point over the full tables (no known closures, no
    literals skipped)."""
    tables = NetTables(grid)
    maker = _TableMaker(grid)
    for premise in premises(grid):
        closure = set(maker.table(premise).literals())
        todo = list(closure)
        while todo:
            for lit in maker.table(todo.pop()).literals():
                if lit not in closure:
                    closure.add(lit)
                    todo.append(lit)
        on, off = tables.reach(premise)
        assert on | off << maker.size == _as_bits(maker, list(closure)), premise


@pytest.mark.parametrize("grid", _positions())
def test_a_placement_tests_only_houses_without_its_cell(grid: Grid, monkeypatch: pytest.MonkeyPatch) -> None:
    """A placement's peers look for hidden singles only in their houses that do not hold
    the placed cell: the tables are the same, in order, distances and reasons, as when
    every house of a peer is looked at."""
    maker = _TableMaker(grid)
    lits = [lit for lit, _ in _slots(maker)]
    before = {lit: maker.table(lit) for lit in lits}
    every_house = tuple(hodoku_nets._CELL_HOUSE_HALVES for _ in range(81))
    monkeypatch.setattr(hodoku_nets, "_PEER_HOUSE_HALVES", every_house)
    again = _TableMaker(grid)
    for lit in lits:
        table, other = before[lit], again.table(lit)
        assert (table.entries, table.by_position, table.reasons) == (other.entries, other.by_position, other.reasons), lit


def test_the_houses_a_placements_peer_tests() -> None:
    row1, row2, col2, col5, box2 = 9, 10, 19, 22, 1
    # r1c1 placed: its peer r1c5 tests column 5 and box 2; r2c2 (in its box) row 2 and column 2
    assert hodoku_nets._PEER_HOUSE_HALVES[0][4] == (UNIT_HALVES[col5], UNIT_HALVES[box2])
    assert hodoku_nets._PEER_HOUSE_HALVES[0][10] == (UNIT_HALVES[row2], UNIT_HALVES[col2])
    assert UNIT_HALVES[row1] not in hodoku_nets._PEER_HOUSE_HALVES[0][4]
    assert hodoku_nets._PEER_HOUSE_HALVES[0][80] == ()  # not a peer

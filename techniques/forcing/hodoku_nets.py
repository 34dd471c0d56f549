"""HoDoKu 2.2's forcing net tables: what one assumption forces, as HoDoKu's nets see it.

HoDoKu builds a forcing net's table for every candidate, true and false, by playing the
assumption out on a copy of the grid (its ``getTableEntry``):

* the assumption itself: a true candidate is placed (its digit's other places that see
  it, in the grid the search started from, and the cell's other candidates become false);
  a false one is removed, and a cell left with one candidate gets it;
* then four rounds of look-ahead: every naked single and every hidden single of the copy
  is placed, the naked ones first. A single rests on the candidates whose loss made it
  (the cell's other candidates, or the digit's other places in the house with the fewest
  places, a row before a column before a box), and is one link further than the latest
  of them in the table;
* then the links of the box-line groups (:mod:`techniques.forcing.link_tables`).

Each table is then expanded with the tables of everything it holds, until nothing new
comes: what an assumption forces is the closure. Distances add up along the way (an entry
of the table is one more than the entry it rests on; an expanded entry, the distance of
the entry it came through plus its distance in that entry's table), the shortest kept.

``NetTables.closures[premise]`` gives the closure of a premise (a literal) in the shape
:mod:`techniques.forcing.hodoku_order` checks, bit sets first, distances on demand.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Iterator, Mapping

from engine.cells import BOXES, HOUSES_OF, LINES, MASK_COUNT, MASK_DIGITS, PEER_MASK, SINGLE_DIGIT, UNITS, bit_indices, cells_of
from engine.grid import Grid
from engine.stop import checkpoint
from techniques.forcing.link_tables import LinkTables
from techniques.shared import N_CANDIDATES, candidate_at, candidate_literal, is_true, literal, node_of

#: HoDoKu's default look-ahead: rounds of singles played out in a net's table.
LOOK_AHEAD = 4


@dataclass
class Table:
    """One assumption's own table: its entries in order (the premise first), each with
    HoDoKu's distance (premise 1, then one more than the latest entry it rests on) and
    the positions it rests on (the latest first), and the node bit sets of its true and
    false entries."""

    distance: dict[int, int] = field(default_factory=dict)  # literal -> distance
    index: dict[int, int] = field(default_factory=dict)  # literal -> position
    by_position: list[int] = field(default_factory=list)  # the distances, in order
    reasons: list[list[int]] = field(default_factory=list)  # per position, latest first
    on: int = 0
    off: int = 0
    _nodes: dict[int, int] = field(default_factory=dict)

    def add(self, lit: int, reasons: list[int]) -> None:
        """An entry resting on the entries at ``reasons`` (position 0, the premise, for
        those not there; none for the premise itself)."""
        if lit in self.distance:
            return
        if not reasons and self.by_position:
            reasons = [0]  # a single the starting grid had already: it rests on the premise
        if reasons:
            latest = max(reasons)
            distance = self.by_position[latest] + 1
            rest = list(reasons)
            rest.remove(latest)
            rest.insert(0, latest)
        else:
            distance, rest = 1, []
        self._append(lit, distance, rest)

    def add_after(self, lit: int, position: int, reasons: list[int]) -> None:
        """An entry resting on the one entry at ``position`` (``reasons`` is ``[position]``,
        shared by the entries that rest on it: never changed). ``_append`` inlined: most
        entries come this way."""
        distances = self.distance
        if lit not in distances:
            by_position = self.by_position
            self.index[lit] = len(by_position)
            distances[lit] = distance = by_position[position] + 1
            by_position.append(distance)
            self.reasons.append(reasons)
            if lit & 1:
                self.off |= 1 << (lit >> 1)
            else:
                self.on |= 1 << (lit >> 1)

    def _append(self, lit: int, distance: int, reasons: list[int]) -> None:
        self.index[lit] = len(self.by_position)
        self.distance[lit] = distance
        self.by_position.append(distance)
        self.reasons.append(reasons)
        if lit & 1:  # a false literal (is_true, inlined: a hot path)
            self.off |= 1 << (lit >> 1)
        else:
            self.on |= 1 << (lit >> 1)

    def nodes(self, lit: int) -> int:
        """How many nodes HoDoKu's chain from the premise to ``lit`` has: the chain through
        the latest reasons, and for every other reason of its entries a branch back to
        that chain (the node where it joins counted once more, as HoDoKu's separator)."""
        position = self.index[lit]
        known = self._nodes.get(position)
        if known is not None:
            return known
        path = [position]
        while self.reasons[path[-1]]:
            path.append(self.reasons[path[-1]][0])
        on_path = set(path)
        count = len(path)
        for step in path:
            for other in self.reasons[step][1:]:
                if other:
                    count += self._branch(other, on_path)
        self._nodes[position] = count
        return count

    def _branch(self, start: int, on_path: set[int]) -> int:
        count, at = 1, start
        while at not in on_path:
            at = self.reasons[at][0] if self.reasons[at] else 0
            count += 1
        return count


#: The houses in the order HoDoKu looks for hidden singles: rows, columns, boxes.
_SCAN_MASKS: tuple[int, ...] = tuple(unit.mask for unit in LINES + BOXES)
#: Per cell, its three houses as bits in _SCAN_MASKS order.
_SCAN_BITS: tuple[int, ...] = tuple(sum(1 << k for k, mask in enumerate(_SCAN_MASKS) if mask >> cell & 1) for cell in range(81))


class _StartSingles:
    """The singles a grid holds before any assumption (usually none: nets run when
    nothing easier applies): where a playout must look for singles besides the cells
    and houses its own changes touched."""

    def __init__(self, grid: Grid) -> None:
        self.naked = sum(1 << c for c, m in enumerate(grid.cands) if not grid.values[c] and MASK_COUNT[m] == 1)
        self.hidden = [0] * 10  # per digit, the houses (bits in _SCAN_MASKS order) with one place
        for digit in range(1, 10):
            places = grid.cells_with[digit]
            for k, mask in enumerate(_SCAN_MASKS):
                here = places & mask
                if here and not here & (here - 1):
                    self.hidden[digit] |= 1 << k


class _Playout:
    """One assumption played out on a copy of the grid (HoDoKu's ``getTableEntry``).

    ``lost[d]`` holds the houses (bits in _SCAN_MASKS order) of the cells that lost ``d``
    since the start: a single can only appear in such a cell or in a house holding one
    (or be there from the start), so the look-ahead checks only those."""

    def __init__(self, grid: Grid, start: _StartSingles) -> None:
        self.grid = grid
        self.start = start
        self.cands = list(grid.cands)
        self.places = list(grid.cells_with)
        self.values = list(grid.values)
        self.lost = list(start.hidden)
        #: the cells that may be naked singles: the start's, and those a removal left with one
        #: candidate (a placed cell has none)
        self.naked = start.naked
        self.table = Table()

    def remove(self, cell: int, digit: int) -> None:
        mask = self.cands[cell] & ~(1 << (digit - 1))
        self.cands[cell] = mask
        self.places[digit] &= ~(1 << cell)
        self.lost[digit] |= _SCAN_BITS[cell]
        if mask and not mask & (mask - 1):
            self.naked |= 1 << cell

    def place(self, cell: int, digit: int, reasons: list[int]) -> None:
        """HoDoKu's ``setCell``: the placement, then the digit's places that see it (in the
        starting grid) and the cell's other candidates become false, one link further."""
        table = self.table
        table.add(candidate_literal(cell, digit, True), reasons)
        at = table.index[candidate_literal(cell, digit, True)]
        further = [at]
        base = (digit - 1) * 81
        for x in cells_of(self.grid.cells_with[digit] & PEER_MASK[cell]):
            table.add_after((base + x) << 1 | 1, at, further)
        cands = self.cands[cell]
        for other in MASK_DIGITS[cands]:
            if other != digit:
                table.add_after(((other - 1) * 81 + cell) << 1 | 1, at, further)
        places, lost = self.places, self.lost
        for x in cells_of(places[digit] & PEER_MASK[cell]):
            self.remove(x, digit)
        bit, houses = 1 << cell, _SCAN_BITS[cell]
        for other in MASK_DIGITS[self.cands[cell]]:
            places[other] &= ~bit
            lost[other] |= houses
        self.cands[cell] = 0
        self.values[cell] = digit

    def assume(self, cell: int, digit: int, true: bool) -> None:
        if true:
            self.place(cell, digit, [])
            return
        self.table.add(candidate_literal(cell, digit, False), [])
        self.remove(cell, digit)
        if MASK_COUNT[self.cands[cell]] == 1:
            self.place(cell, SINGLE_DIGIT[self.cands[cell]], [0])

    def look_ahead(self) -> None:
        for _ in range(LOOK_AHEAD):
            placed = False
            for cell, digit, naked in self._singles():
                if self.values[cell] != digit:
                    self.place(cell, digit, self._reasons(cell, digit, naked))
                    placed = True
            if not placed:
                return  # nothing changed: every later round would find the same singles

    def _singles(self) -> list[tuple[int, int, bool]]:
        """The naked singles (by cell), then the hidden singles (by house, then digit)."""
        values, cands, places = self.values, self.cands, self.places
        out = [(c, SINGLE_DIGIT[cands[c]], True) for c in bit_indices(self.naked) if not values[c] and MASK_COUNT[cands[c]] == 1]
        found: list[tuple[int, int, int]] = []  # (house in scan order, digit, places)
        for digit in range(1, 10):
            houses = self.lost[digit]
            left = places[digit]
            while houses:
                low = houses & -houses
                houses ^= low
                k = low.bit_length() - 1
                here = left & _SCAN_MASKS[k]
                if here and not here & (here - 1):
                    found.append((k, digit, here))
        found.sort()
        seen = set()
        for _, digit, here in found:
            if (here, digit) not in seen:
                seen.add((here, digit))
                out.append((here.bit_length() - 1, digit, False))
        return out

    def _reasons(self, cell: int, digit: int, naked: bool) -> list[int]:
        """The table positions of the candidates whose loss made the single (at most five)."""
        index = self.table.index
        if naked:
            lost = [candidate_literal(cell, d, False) for d in MASK_DIGITS[self.grid.cands[cell]] if d != digit]
        else:
            house = self._sparest_house(cell, digit)
            others = self.grid.cells_with[digit] & UNITS[house].mask & ~(1 << cell)
            lost = [candidate_literal(x, digit, False) for x in cells_of(others)]
        return [index.get(lit, 0) for lit in lost[:5]]

    def _sparest_house(self, cell: int, digit: int) -> int:
        """The house of ``cell`` where the digit has the fewest places: row, then column,
        then box, a later one only when it has fewer."""
        box, row, col = HOUSES_OF[cell][2], HOUSES_OF[cell][0], HOUSES_OF[cell][1]
        best = row
        for house in (col, box):
            if (self.places[digit] & UNITS[house].mask).bit_count() < (self.places[digit] & UNITS[best].mask).bit_count():
                best = house
        return best


class NetTables:
    """HoDoKu's forcing net tables of one grid, built as they are asked for."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.links = LinkTables.build(grid)
        self._start = _StartSingles(grid)
        self._tables: dict[int, Table] = {}
        self._reach: dict[int, tuple[int, int]] = {}
        self.closures: Mapping[int, NetClosure] = _Closures(self)

    def table(self, lit: int) -> Table:
        """The own table of one literal (a candidate's or a group's)."""
        known = self._tables.get(lit)
        if known is None:
            known = self._tables[lit] = self._build(lit)
        return known

    def _build(self, lit: int) -> Table:
        node, true = node_of(lit), is_true(lit)
        if node >= N_CANDIDATES:  # a group: its links, as for chains
            table = Table()
            table.add(lit, [])
            linked = self.links.weak[node] if true else self.links.strong[node]
            for other in bit_indices(linked):
                table.add(literal(other, not true), [0])
            return table
        cell, digit = candidate_at(node)
        play = _Playout(self.grid, self._start)
        play.assume(cell, digit, true)
        play.look_ahead()
        groups = (self.links.weak[node] if true else self.links.strong[node]) >> N_CANDIDATES << N_CANDIDATES
        for group in bit_indices(groups):
            play.table.add(literal(group, not true), [0])
        return play.table

    def reach(self, premise: int) -> tuple[int, int]:
        """The true and false nodes of a premise's closure (bit sets)."""
        known = self._reach.get(premise)
        if known is not None:
            return known
        checkpoint()
        first = self.table(premise)
        on, off = first.on, first.off
        front_on, front_off = on, off
        tables = self._tables
        while front_on or front_off:
            new_on = new_off = 0
            for front, false in ((front_on, 0), (front_off, 1)):
                while front:  # the front's literals (bit_indices, inlined: the hot loop)
                    low = front & -front
                    front ^= low
                    lit = (low.bit_length() - 1) << 1 | false
                    table = tables.get(lit) or self.table(lit)
                    new_on |= table.on
                    new_off |= table.off
            front_on, front_off = new_on & ~on, new_off & ~off
            on, off = on | front_on, off | front_off
        self._reach[premise] = (on, off)
        return on, off

    def lengths(self, premise: int) -> dict[int, int]:
        """Every literal of a premise's closure with the number of nodes of HoDoKu's chain
        to it. The table's own entries keep the way they were found; an expanded entry
        comes through the entry with the shortest distance (HoDoKu's distance: the
        entry's plus its distance in that entry's table), and its chain is the chain to
        that entry followed by the chain in that entry's table."""
        first = self.table(premise)
        best = dict(first.distance)
        nodes = {lit: first.nodes(lit) for lit in first.distance}
        heap = [(d, lit) for lit, d in first.distance.items() if lit != premise]
        heapq.heapify(heap)
        while heap:
            d, lit = heapq.heappop(heap)
            if best[lit] != d:
                continue
            table = self.table(lit)
            for other, step in table.distance.items():
                if other != lit and (other not in best or (other not in first.distance and d + step < best[other])):
                    best[other] = d + step
                    nodes[other] = nodes[lit] + table.nodes(other) - 1
                    heapq.heappush(heap, (d + step, other))
        return nodes


class NetClosure:
    """A premise's closure: node bit sets, and the distance of a node: one less than the
    nodes of HoDoKu's chain to it (0 for the premise, as in a chain's closure)."""

    def __init__(self, tables: NetTables, premise: int) -> None:
        self.tables = tables
        self.premise = premise
        self.on, self.off = tables.reach(premise)
        self._distances: dict[int, int] | None = None

    def distance(self, node: int, on: bool) -> int:
        if self._distances is None:
            self._distances = self.tables.lengths(self.premise)
        return self._distances[literal(node, on)] - 1


class _Closures(Mapping[int, NetClosure]):
    """Closures by premise, made when first asked for."""

    def __init__(self, tables: NetTables) -> None:
        self.tables = tables
        self._made: dict[int, NetClosure] = {}

    def __getitem__(self, premise: int) -> NetClosure:
        known = self._made.get(premise)
        if known is None:
            known = self._made[premise] = NetClosure(self.tables, premise)
        return known

    def __iter__(self) -> Iterator[int]:
        return iter(self._made)

    def __len__(self) -> int:
        return len(self._made)

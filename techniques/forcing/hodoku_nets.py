"""HoDoKu 2.2's forcing net tables: what one assumption forces, as HoDoKu's nets see it.

HoDoKu builds a forcing net's table for every candidate, true and false, by playing the
assumption out on a copy of the grid (its ``getTableEntry``):

* the assumption itself: a true candidate is placed (its digit's other places that see
  it, in the grid the search started from, and the cell's other candidates become false);
  a false one is removed, and a cell left with one candidate gets it;
* then four rounds of look-ahead: every naked single and every hidden single of the copy
  is placed, naked ones first, each kind in the order it appeared (HoDoKu queues them as
  removals make them). A single rests on the candidates whose loss made it (the cell's
  other candidates, or the digit's other places in the house with the fewest places, a
  row before a column before a box), and is one link further than the first of them;
  HoDoKu stores the latest of them first, and a chain follows that one;
* then the links of the box-line groups (:mod:`techniques.forcing.link_tables`).

Each table is then expanded with the tables of everything it holds, until nothing new
comes: what an assumption forces is the closure. How HoDoKu counts a chain through that
expansion (the number its choice compares) is :mod:`techniques.forcing.hodoku_net_chains`.

``NetTables.closures[premise]`` gives the closure of a premise (a literal) in the shape
:mod:`techniques.forcing.hodoku_order` checks, bit sets first, distances on demand.
"""

from __future__ import annotations

from typing import Final, Iterator, Mapping

from engine.cells import BOXES, HALF_BITS, INT_OBJECTS, BoxedInt, HOUSES_OF, LINES, LOW_HALF, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_HALVES, PEER_MASK, SINGLE_DIGIT, UNIT_HALVES, UNITS, bit_indices, cells_of, half_count
from engine.grid import Grid
from engine.stop import checkpoint
from techniques.forcing.hodoku_net_chains import DISTANCE_MASK, Expansion
from techniques.forcing.link_tables import CANDIDATE_BITS, link_tables
from techniques.shared import N_CANDIDATES, candidate_at, candidate_literal, is_true, literal, node_of

#: HoDoKu's default look-ahead: rounds of singles played out in a net's table.
LOOK_AHEAD: Final = 4


class Table:
    """One assumption's own table: its entries in order (the premise first), each with
    HoDoKu's distance (premise 1, then one more than the latest entry it rests on) and
    the positions it rests on (the latest first), and the node bit sets of its true and
    false entries. (A plain class: compiled, a dataclass costs several times as much to
    make, and a grid's nets make thousands.)"""

    __slots__ = ("index", "entries", "by_position", "reasons", "on", "off")

    def __init__(self) -> None:
        # Literals and positions run past 256: held as shared objects (engine.cells.BoxedInt;
        # a table has fewer than 2 * (729 + 486) entries, so INT_OBJECTS holds them all).
        self.index: dict[BoxedInt, BoxedInt] = {}  # literal -> position
        self.entries: list[BoxedInt] = []  # the literals, in order
        self.by_position: list[BoxedInt] = []  # the distances, in order
        self.reasons: list[list[int]] = []  # per position, latest first
        self.on = 0
        self.off = 0

    def add(self, lit: int, reasons: list[int]) -> None:
        """An entry resting on the entries at ``reasons`` (position 0, the premise, for
        those not there; none for the premise itself), in the order HoDoKu passes them.
        Its distance is one more than the first reason's; HoDoKu then stores the largest
        position first (swapping it with the first), the one a chain follows."""
        if INT_OBJECTS[lit] in self.index:
            return
        if not reasons and self.by_position:
            reasons = [0]  # a single the starting grid had already: it rests on the premise
        if reasons:
            first: int = self.by_position[reasons[0]]
            distance = (first + 1) & DISTANCE_MASK
            rest = list(reasons)
            for k in range(1, len(rest)):
                if rest[k] > rest[0]:
                    rest[0], rest[k] = rest[k], rest[0]
        else:
            distance, rest = 1, []
        self._append(lit, distance, rest)

    def add_false_after(self, digit: int, cells: int, position: int, reasons: list[int]) -> None:
        """The false literals of ``digit`` in ``cells`` (taken in ascending order), each
        resting on the one entry at ``position`` (``reasons`` is ``[position]``, shared by
        them: never changed). ``_append`` inlined: most entries come this way."""
        index, entries, by_position, entry_reasons = self.index, self.entries, self.by_position, self.reasons
        before: int = by_position[position]
        distance = INT_OBJECTS[(before + 1) & DISTANCE_MASK]
        base = (digit - 1) * N_CELLS
        self.off |= cells << base  # a literal already here has its bit already
        for cell in cells_of(cells):
            lit = INT_OBJECTS[(base + cell) << 1 | 1]
            if lit not in index:
                index[lit] = INT_OBJECTS[len(by_position)]
                entries.append(lit)
                by_position.append(distance)
                entry_reasons.append(reasons)

    def _append(self, lit: int, distance: int, reasons: list[int]) -> None:
        self.index[INT_OBJECTS[lit]] = INT_OBJECTS[len(self.by_position)]
        self.entries.append(INT_OBJECTS[lit])
        self.by_position.append(INT_OBJECTS[distance])
        self.reasons.append(reasons)
        if lit & 1:  # a false literal (is_true, inlined: a hot path)
            self.off |= 1 << (lit >> 1)
        else:
            self.on |= 1 << (lit >> 1)

    def literals(self) -> list[int]:
        """The entries, by position."""
        return list(self.entries)


#: Per cell, the masks of its row, column and box: the order HoDoKu counts a digit's
#: places in them.
_CELL_HOUSE_MASKS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (UNITS[row].mask, UNITS[col].mask, UNITS[box].mask) for row, col, box in HOUSES_OF
)
#: The same houses as halves (engine.cells.HALF_BITS), (low, high) each.
_CELL_HOUSE_HALVES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(UNIT_HALVES[house] for house in houses) for houses in HOUSES_OF
)

#: Per placed cell, per peer: the peer's houses (as ``_CELL_HOUSE_HALVES``) that do not
#: hold the placed cell, the only ones where the peer's loss of the digit can leave a
#: hidden single: in the others the placed cell keeps its place until the placement ends,
#: and a single of the placed cell is never taken (its cell is set by then).
_PEER_HOUSE_HALVES: Final[tuple[tuple[tuple[tuple[int, int], ...], ...], ...]] = tuple(
    tuple(
        tuple(UNIT_HALVES[house] for house in HOUSES_OF[peer] if not UNITS[house].mask >> cell & 1) if PEER_MASK[cell] >> peer & 1 else ()
        for peer in range(N_CELLS)
    )
    for cell in range(N_CELLS)
)
#: Per digit mask, the digits' candidate nodes of cell 0 (a node bit set): shifted left by
#: a cell, that cell's.
_CELL_NODES: Final[tuple[int, ...]] = tuple(sum(1 << (d - 1) * N_CELLS for d in MASK_DIGITS[mask]) for mask in range(512))


def _single_cell(low: int, high: int) -> int:
    """The cell of a cell set given as halves when it holds exactly one, else -1."""
    if low:
        return low.bit_length() - 1 if not high and not low & (low - 1) else -1
    if high and not high & (high - 1):
        return HALF_BITS + high.bit_length() - 1
    return -1


class _StartSingles:
    """What every playout of a grid starts from: the singles the grid holds before any
    assumption (usually none: nets run when nothing easier applies), as the first entries
    of a playout's queues, and each digit's places as halves (engine.cells.HALF_BITS),
    split once for all of them."""

    def __init__(self, grid: Grid) -> None:
        self.low = [cells & LOW_HALF for cells in grid.cells_with]
        self.high = [cells >> HALF_BITS for cells in grid.cells_with]
        self.naked = [(c, SINGLE_DIGIT[m]) for c, m in enumerate(grid.cands) if not grid.values[c] and MASK_COUNT[m] == 1]
        self.hidden: list[tuple[int, int]] = []
        for unit in LINES + BOXES:
            for digit in range(1, 10):
                here = grid.cells_with[digit] & unit.mask
                if here and not here & (here - 1):
                    self.hidden.append((here.bit_length() - 1, digit))


#: What a single rests on when a playout keeps bits only (never changed).
_NO_REASONS: Final[list[int]] = []


class _Playout:
    """One assumption played out on a copy of the grid (HoDoKu's ``getTableEntry``).

    Singles are taken in the order they appeared (HoDoKu's queues): a cell is queued as a
    naked single when a removal leaves it one candidate, and a digit's last place in a
    row, column or box (checked in that order) when a removal leaves one."""

    def __init__(self, grid: Grid, start: _StartSingles, detailed: bool, size: int) -> None:
        self.grid = grid
        self.cands = list(grid.cands)
        # Each digit's places as halves (engine.cells.HALF_BITS): the tests per house and
        # the removals make no int objects.
        self.low = start.low[:]
        self.high = start.high[:]
        self.values = list(grid.values)
        self.naked_queue = list(start.naked)
        self.hidden_queue = list(start.hidden)
        #: The table in full (``detailed``), or None: then only its entries are kept, as
        #: one bit set of literals (``bits``, see :class:`_TableMaker`; ``size``: the
        #: grid's number of nodes), all a closure needs.
        self.table: Table | None = Table() if detailed else None
        self.size = size
        self.bits = 0

    def remove(self, cell: int, digit: int) -> None:
        if cell < HALF_BITS:
            self._remove_half(digit, 1 << cell, False, _CELL_HOUSE_HALVES)
        else:
            self._remove_half(digit, 1 << (cell - HALF_BITS), True, _CELL_HOUSE_HALVES)

    def _remove_half(self, digit: int, targets: int, high_half: bool, houses_of: tuple[tuple[tuple[int, int], ...], ...]) -> None:
        """Remove ``digit`` from the cells of one half of a cell set (see HALF_BITS), one
        by one, ascending: each queues the singles its loss makes (its houses, of
        ``houses_of[cell]``, where one place of the digit is left, row, column, box; the
        cell, when one candidate is)."""
        bit = 1 << (digit - 1)
        cands, hidden, naked = self.cands, self.hidden_queue, self.naked_queue
        low, high = self.low[digit], self.high[digit]
        offset = HALF_BITS if high_half else 0
        while targets:
            one = targets & -targets
            targets ^= one
            if high_half:
                high &= ~one
            else:
                low &= ~one
            x = offset + one.bit_length() - 1
            mask = cands[x] & ~bit
            cands[x] = mask
            for house_low, house_high in houses_of[x]:  # _queue_hidden, inlined
                in_low, in_high = low & house_low, high & house_high
                if in_low:
                    if not in_high and not in_low & (in_low - 1):
                        hidden.append((in_low.bit_length() - 1, digit))
                elif in_high and not in_high & (in_high - 1):
                    hidden.append((HALF_BITS + in_high.bit_length() - 1, digit))
            if mask and not mask & (mask - 1):
                naked.append((x, SINGLE_DIGIT[mask]))
        self.low[digit], self.high[digit] = low, high

    def _queue_hidden(self, cell: int, digit: int) -> None:
        """After ``cell`` lost ``digit``: its houses where one place of it is left
        (``_single_cell``, inlined: a placement asks this for each other digit of its cell)."""
        low, high = self.low[digit], self.high[digit]
        hidden = self.hidden_queue
        for house_low, house_high in _CELL_HOUSE_HALVES[cell]:
            in_low, in_high = low & house_low, high & house_high
            if in_low:
                if not in_high and not in_low & (in_low - 1):
                    hidden.append((in_low.bit_length() - 1, digit))
            elif in_high and not in_high & (in_high - 1):
                hidden.append((HALF_BITS + in_high.bit_length() - 1, digit))

    def place(self, cell: int, digit: int, reasons: list[int]) -> None:
        """HoDoKu's ``setCell``: the placement, then the digit's places that see it (in the
        starting grid) and the cell's other candidates become false, one link further."""
        table = self.table
        cands = self.cands[cell]
        if table is not None:
            on_literal = ((digit - 1) * 81 + cell) << 1
            table.add(on_literal, reasons)
            at = table.index[on_literal]
            further = [at]
            table.add_false_after(digit, self.grid.cells_with[digit] & PEER_MASK[cell], at, further)
            for other in MASK_DIGITS[cands & ~(1 << (digit - 1))]:  # the cell's other candidates, by node
                table.add_false_after(other, 1 << cell, at, further)
        else:  # the same entries, as bits
            base = (digit - 1) * N_CELLS
            off = (self.grid.cells_with[digit] & PEER_MASK[cell]) << base | _CELL_NODES[cands & ~(1 << (digit - 1))] << cell
            self.bits |= 1 << (base + cell) | off << self.size
        peers_low, peers_high = PEER_HALVES[cell]
        # Half by half, ascending (no 81-bit set made): a removal changes its own cell's bit only.
        houses_of = _PEER_HOUSE_HALVES[cell] if cands >> (digit - 1) & 1 else _CELL_HOUSE_HALVES
        self._remove_half(digit, self.low[digit] & peers_low, False, houses_of)
        self._remove_half(digit, self.high[digit] & peers_high, True, houses_of)
        self.cands[cell] = 0
        self.values[cell] = digit
        low, high = (~(1 << cell), -1) if cell < HALF_BITS else (-1, ~(1 << (cell - HALF_BITS)))
        for other in MASK_DIGITS[cands]:
            self.low[other] &= low
            self.high[other] &= high
            if other != digit:
                self._queue_hidden(cell, other)

    def assume(self, cell: int, digit: int, true: bool) -> None:
        if true:
            self.place(cell, digit, [])
            return
        if self.table is not None:
            self.table.add(candidate_literal(cell, digit, False), [])
        else:
            self.bits |= 1 << (self.size + (digit - 1) * N_CELLS + cell)
        self.remove(cell, digit)
        if MASK_COUNT[self.cands[cell]] == 1:
            self.place(cell, SINGLE_DIGIT[self.cands[cell]], [0])

    def look_ahead(self) -> None:
        for _ in range(LOOK_AHEAD):
            singles = self._singles()
            if not singles:
                return  # nothing changed: every later round would find the same singles
            detailed = self.table is not None
            for cell, digit, naked in singles:
                if self.values[cell] != digit:
                    self.place(cell, digit, self._reasons(cell, digit, naked) if detailed else _NO_REASONS)

    def _singles(self) -> list[tuple[int, int, bool]]:
        """The queued naked singles, then the queued hidden singles (one per cell), of
        cells not yet set; the queues start again empty for the next round.

        Nothing left behind would count later: a round sets the cell of every single it
        takes, and one it does not take has its cell set, or has lost the digit (a
        hidden single's house keeps one place for it until then, as places only go)."""
        values, cands, low, high = self.values, self.cands, self.low, self.high
        naked, hidden = self.naked_queue, self.hidden_queue
        self.naked_queue, self.hidden_queue = [], []
        out = [(c, d, True) for c, d in naked if not values[c]]
        found = 0
        for cell, digit in hidden:
            bit = 1 << cell
            if values[cell] or found & bit or not cands[cell] >> (digit - 1) & 1:
                continue
            left_low, left_high = low[digit], high[digit]
            for house_low, house_high in _CELL_HOUSE_HALVES[cell]:
                if _single_cell(left_low & house_low, left_high & house_high) >= 0:
                    out.append((cell, digit, False))
                    found |= bit
                    break
        return out

    def _reasons(self, cell: int, digit: int, naked: bool) -> list[int]:
        """The table positions of the candidates whose loss made the single (at most five)."""
        assert self.table is not None
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
        low, high = self.low[digit], self.high[digit]
        best = row
        row_low, row_high = UNIT_HALVES[row]
        fewest = half_count(low & row_low, high & row_high)
        for house in (col, box):
            house_low, house_high = UNIT_HALVES[house]
            count = half_count(low & house_low, high & house_high)
            if count < fewest:
                best, fewest = house, count
        return best


class _TableMaker:
    """The own tables of one grid's literals, built as they are asked for: in full for
    the chains a step is chosen by (:meth:`table`), as bit sets for the closures
    (:meth:`own_bits`: the same entries, without their order, distances and reasons; most
    literals need no more). It holds no reference to what uses it (see
    :attr:`NetTables.closures`).

    A bit set of literals has one bit per literal, its *slot*: the true literal of node
    ``n`` at bit ``n``, the false one at bit ``size + n`` (``size``: the grid's number of
    nodes, candidates and groups). One int then carries both halves of a closure, and a
    union is one operation."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.links = link_tables(grid)
        self._start = _StartSingles(grid)
        self.made: dict[int, Table] = {}
        self.size = len(self.links.weak)
        #: Per slot, the literal's own table as a bit set of literals (0: not made yet).
        self.own: list[int] = [0] * (2 * self.size)
        #: The literals made so far whose own table holds only themselves (a false
        #: candidate whose loss makes no single, say: a third of the literals a closure
        #: meets): their closure is themselves, nothing to expand.
        self.alone = 0

    def table(self, lit: int) -> Table:
        """The own table of one literal (a candidate's or a group's)."""
        known = self.made.get(lit)
        if known is None:
            known = self.made[lit] = self._build(lit)
        return known

    def own_bits(self, slot: int) -> int:
        """The own table of the literal at ``slot``, as a bit set of literals."""
        known: int = self.own[slot]
        if not known:
            size = self.size
            known = self.own[slot] = self._build_bits(slot if slot < size else slot - size, slot < size)
            if known == 1 << slot:
                self.alone |= known
        return known

    def cells(self, node: int) -> int:
        return self.links.node_cells(node)[1]

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
        if not true and self._changes_nothing(cell, digit):
            table = Table()  # what the playout would fill: the premise alone
            table.add(lit, [])
        else:
            play = _Playout(self.grid, self._start, True, self.size)
            play.assume(cell, digit, true)
            play.look_ahead()
            assert play.table is not None
            table = play.table
        groups = (self.links.weak[node] if true else self.links.strong[node]) >> N_CANDIDATES
        for group in bit_indices(groups):
            table.add(literal(N_CANDIDATES + group, not true), [0])
        return table

    def _build_bits(self, node: int, true: bool) -> int:
        """What :meth:`_build` fills, as a bit set of literals."""
        size = self.size
        linked = self.links.weak[node] if true else self.links.strong[node]
        if node >= N_CANDIDATES:  # a group: its links
            return 1 << node | linked << size if true else 1 << (size + node) | linked
        cell, digit = candidate_at(node)
        if not true and self._changes_nothing(cell, digit):
            bits = 1 << (size + node)
        else:
            play = _Playout(self.grid, self._start, False, size)
            play.assume(cell, digit, true)
            play.look_ahead()
            bits = play.bits
        groups = linked & ~CANDIDATE_BITS
        return bits | groups << size if true else bits | groups

    def _changes_nothing(self, cell: int, digit: int) -> bool:
        """Whether removing ``digit`` from ``cell`` makes no single (the cell keeps two
        candidates or more, each of its houses two places or more for the digit) in a
        grid that holds none: then a playout places nothing (four in ten premises of a
        hard grid)."""
        if self._start.naked or self._start.hidden or MASK_COUNT[self.grid.cands[cell]] < 3:
            return False
        places = self.grid.cells_with[digit]
        for house in _CELL_HOUSE_MASKS[cell]:
            if (places & house).bit_count() < 3:
                return False
        return True


class NetTables:
    """HoDoKu's forcing net tables of one grid, built as they are asked for, and the
    closures of premises."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self._maker = _TableMaker(grid)
        self._reach: dict[int, tuple[int, int]] = {}
        #: Per slot (see _TableMaker), the closure as a bit set of literals, once known (else 0).
        self._closed: list[int] = [0] * (2 * self._maker.size)
        self._expansions: dict[int, Expansion] = {}

    @property
    def closures(self) -> Mapping[int, NetClosure]:
        """Closures by premise. A view made on each access, and a closure on each lookup
        (the reaches are kept): nothing the tables hold refers back to them, so that they
        are freed as soon as they are dropped. In a reference cycle, the thousands of lists
        of a grid's tables are left to the cycle collector, which walks them again at each
        of its passes until it frees them (a tenth of the README's ``explain``)."""
        return _Closures(self)

    def reach(self, premise: int) -> tuple[int, int]:
        """The true and false nodes of a premise's closure (bit sets)."""
        known = self._reach.get(premise)
        if known is not None:
            return known
        checkpoint()
        maker = self._maker
        size = maker.size
        slot = (premise >> 1) + (size if premise & 1 else 0)
        own, closed = maker.own, self._closed
        reach = maker.own_bits(slot)
        # Literals whose whole closure is in ``reach`` already: a literal whose closure is
        # known brings it at once (it holds every table it would lead to, its own first),
        # and its literals need no expanding, nor do the premise and literals alone in
        # their tables. The closure is the same, found with less work.
        done = 1 << slot
        front = reach & ~(done | maker.alone)
        while front:
            new = found = 0
            for at in bit_indices(front):
                known_closure: int = closed[at]
                if known_closure:
                    found |= known_closure
                    continue
                table: int = own[at]
                new |= table if table else maker.own_bits(at)
            done |= found
            new |= found
            front = new & ~(reach | done | maker.alone)
            reach |= new
        closed[slot] = reach
        known = self._reach[premise] = (reach & ((1 << size) - 1), reach >> size)
        return known

    def reaches_so_far(self) -> dict[int, tuple[int, int]]:
        """The reaches :meth:`reach` has found so far, by premise."""
        return self._reach

    def expansion(self, premise: int) -> Expansion:
        """HoDoKu's expanded table of a premise (:mod:`techniques.forcing.hodoku_net_chains`)."""
        known = self._expansions.get(premise)
        if known is None:
            maker = self._maker
            known = self._expansions[premise] = Expansion(maker.table(premise), maker.table, maker.cells)
        return known


class NetClosure:
    """A premise's closure: node bit sets, and the distance of a node: one less than the
    entries of HoDoKu's chain to it (0 for the premise, as in a chain's closure)."""

    def __init__(self, tables: NetTables, premise: int) -> None:
        self.tables = tables
        self.premise = premise
        self.on, self.off = tables.reach(premise)

    def distance(self, node: int, on: bool) -> int:
        return self.tables.expansion(self.premise).chain_nodes(literal(node, on)) - 1


class _Closures(Mapping[int, NetClosure]):
    """Closures by premise (the premises whose reach is known so far, when iterated)."""

    def __init__(self, tables: NetTables) -> None:
        self.tables = tables

    def __getitem__(self, premise: int) -> NetClosure:
        return NetClosure(self.tables, premise)

    def __iter__(self) -> Iterator[int]:
        return iter(self.tables.reaches_so_far())

    def __len__(self) -> int:
        return len(self.tables.reaches_so_far())

"""HoDoKu's chain tables: everything one assumption forces through direct links.

A *node* is a candidate (numbered as in :mod:`techniques.shared`, 0-728)
or a *group*: the places of a digit where a box and a line cross (two or three cells),
read as "the digit is in one of these cells". Two kinds of link join them, both taken
from the current grid alone:

* weak: if a node is true, every node that shares its cell or sees all its cells for the
  same digit is false;
* strong: if a node is false, the other one is true: the other candidate of a two-
  candidate cell, or the other place (cell or group) of a digit with two places in a house.

Following only these links from an assumption gives chains, never nets: each fact rests
on exactly one earlier fact. The closure of an assumption is computed level by level on
bit sets (one bit per node); what every assumption forces is found at once over the
strongly connected groups of the literal graph (:meth:`LinkTables.reaches`), and levels
only for the closures a chain is traced or counted in (:class:`KnownClosure`).
Bound: a closure has at most one level per node, so it always ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from engine.cells import ALL_CELLS, COMPILED, CROSSINGS_BY_BOX, MASK_COUNT, MASK_DIGITS, CrossingValues, N_CELLS, N_UNITS, PEER_MASK, UNITS, UNITS_OF, BoxedInt, CellSet, Digit, INT_OBJECTS, bit_indices, boxed, cells_of, union_of
from engine.cache import per_grid_version
from engine.grid import Grid
from techniques.forcing.propagation import Event, Rule
from techniques.shared import N_CANDIDATES, candidate_at, candidate_index, literal

#: All candidate nodes (bits 0-728), without the groups above them.
CANDIDATE_BITS: Final = (1 << N_CANDIDATES) - 1


class Group(NamedTuple):
    """The places of ``digit`` in the crossing of a box and a line (2 or 3 cells)."""

    digit: Digit
    cells: CellSet
    box: int  # unit numbers
    line: int


class Closure(NamedTuple):
    """What one assumption forces: node bit sets, and the new ones of each level."""

    on: int
    off: int
    levels: tuple[tuple[int, int], ...]  # (new on, new off) per link followed

    def distance(self, node: int, on: bool) -> int:
        """How many links from the assumption to ``node`` (0 for the assumption)."""
        return level_of(self.levels, node, on)


class KnownClosure:
    """A closure whose bit sets are known already (:meth:`LinkTables.reaches`); its
    levels are found when first asked for (a chain is traced, a length counted): most
    premises never need them. A plain class: a grid makes one per premise."""

    __slots__ = ("tables", "node", "true", "on", "off", "_levels")

    def __init__(self, tables: LinkTables, node: int, true: bool, on: int, off: int) -> None:
        self.tables = tables
        self.node = node
        self.true = true
        self.on = on
        self.off = off
        self._levels: tuple[tuple[int, int], ...] | None = None

    @property
    def levels(self) -> tuple[tuple[int, int], ...]:
        """(new on, new off) per link followed, as :class:`Closure` has them."""
        if self._levels is None:
            self._levels = self.tables.closure(self.node, self.true).levels
        return self._levels

    def distance(self, node: int, on: bool) -> int:
        """How many links from the assumption to ``node`` (0 for the assumption)."""
        return level_of(self.levels, node, on)


def level_of(levels: tuple[tuple[int, int], ...], node: int, on: bool) -> int:
    """The level of a closure where ``node`` (true or false) is first reached."""
    bit = 1 << node
    for i, (new_on, new_off) in enumerate(levels):
        if (new_on if on else new_off) & bit:
            return i
    raise KeyError(node)


@dataclass
class LinkTables:
    """Weak and strong links of every node of one grid."""

    grid: Grid
    groups: list[Group]
    weak: list[int]  # node -> nodes that are false when it is true
    strong: list[int]  # node -> nodes that are true when it is false

    @classmethod
    def build(cls, grid: Grid) -> LinkTables:
        groups = _groups(grid)
        size = N_CANDIDATES + len(groups)
        tables = cls(grid, groups, [0] * size, [0] * size)
        group_at = {(g.digit, g.cells): N_CANDIDATES + i for i, g in enumerate(groups)}
        near, inside = _group_houses(groups)
        tables._candidate_links(group_at, near, inside)
        tables._group_links(group_at, near, inside)
        return tables

    def node_cells(self, node: int) -> tuple[Digit, CellSet]:
        if node < N_CANDIDATES:
            cell, digit = candidate_at(node)
            return digit, 1 << cell
        group = self.groups[node - N_CANDIDATES]
        return group.digit, group.cells

    def closure(self, node: int, on: bool) -> Closure:
        """Everything that follows from ``node`` being true (``on``) or false."""
        start = 1 << node
        all_on, all_off = (start, 0) if on else (0, start)
        front_on, front_off = all_on, all_off
        levels = [(front_on, front_off)]
        weak, strong = self.weak, self.strong
        while front_on or front_off:
            new_off = union_of(front_on, weak)
            new_on = union_of(front_off, strong)
            front_on, front_off = new_on & ~all_on, new_off & ~all_off
            all_on |= front_on
            all_off |= front_off
            if front_on or front_off:
                levels.append((front_on, front_off))
        return Closure(all_on, all_off, tuple(levels))

    def reaches(self) -> list[tuple[int, int]]:
        """What each literal forces, for every literal at once (``2 * node``: the node
        true, ``2 * node + 1``: false): the true and false nodes of its closure, as
        :meth:`closure` finds them, without the levels (see :meth:`closed_groups`)."""
        group_of, closed = self.closed_groups()
        out: list[tuple[int, int]] = []
        for lit in range(len(group_of)):
            group: int = group_of[lit]
            out.append(closed[group] if group >= 0 else lone_reach(lit))
        return out

    def closed_groups(self) -> tuple[list[BoxedInt], list[tuple[int, int]]]:
        """What each literal forces, as its strongly connected group (-1: the literal
        forces only itself, :func:`lone_reach`) and each group's closure (true nodes,
        false nodes): :meth:`reaches` for the literals one asks about.

        A literal forces what every literal it links to forces, and itself; literals that
        force each other force the same. So the strongly connected groups of the literal
        graph are found once (Tarjan's algorithm, without recursion), each group's closure
        is the union of its members and of the closures of the groups it links to, and
        those are complete first: one union per link, where a closure per premise, level
        by level, took one per node it reached (a grid's premises reach hundreds).

        Most false literals link nowhere (a node with no strong link: four in five of a
        hard grid's, the ends of more than half the links): their closure is themselves.
        They are left out of the walk, and a true literal takes those it links to in as
        one bit set. Nodes without any link (the candidates no longer in the grid, half
        the nodes of a hard grid) are left out too. A closure is kept as one bit set of
        literals, the true node ``n`` at bit ``n`` and the false one at ``size + n`` (one
        union per link)."""
        weak, strong = self.weak, self.strong
        size = len(weak)
        linked: list[int] = []  # the nodes with a link
        with_strong = 0  # those with a strong one: the others' false literals link nowhere
        for node in range(size):
            if strong[node]:
                linked.append(node)
                with_strong |= 1 << node
            elif weak[node]:
                linked.append(node)
        ends = ((1 << size) - 1) & ~with_strong
        if not COMPILED:
            return self._closed_groups_on_bits(linked, with_strong, ends)
        no_links: list[BoxedInt] = []
        links: list[list[BoxedInt]] = [no_links] * (2 * size)  # per literal, the literals it links to, but ends
        to_ends: list[int] = [0] * (2 * size)  # per literal, the ends it links to (false halves, as bits)
        for node in linked:
            node_weak = weak[node]
            to_ends[2 * node] = (node_weak & ends) << size
            links[2 * node] = [INT_OBJECTS[2 * other + 1] for other in bit_indices(node_weak & with_strong)]
            node_strong = strong[node]
            if node_strong:
                links[2 * node + 1] = [INT_OBJECTS[2 * other] for other in bit_indices(node_strong)]
        # Literal numbers and walk times run to a few thousand: kept as shared objects in
        # these lists (engine.cells.BoxedInt), read into ints to compare.
        order: list[BoxedInt] = [-1] * (2 * size)  # when Tarjan's walk met each literal
        low: list[BoxedInt] = [0] * (2 * size)
        group_of: list[BoxedInt] = [-1] * (2 * size)  # the literal's strongly connected group, once closed
        closed: list[int] = []  # per group, its closure (a bit set of literals)
        stamp: list[BoxedInt] = [-1] * (2 * size)  # per group: the last group that took in its closure
        stack: list[BoxedInt] = []
        walk: list[BoxedInt] = []  # the literals of the walk's path, and how many of each one's
        done: list[int] = []  # links it has followed (two lists: no tuple per link)
        met = 0
        for node in linked:
            for start in (2 * node, 2 * node + 1) if strong[node] else (2 * node,):
                start_order: int = order[start]
                if start_order >= 0:
                    continue
                order[start] = low[start] = INT_OBJECTS[met]
                met += 1
                stack.append(INT_OBJECTS[start])
                walk.append(INT_OBJECTS[start])
                done.append(0)
                while walk:
                    lit: int = walk[-1]
                    out = links[lit]
                    at = done[-1]
                    if at < len(out):
                        done[-1] = at + 1
                        nxt_object = out[at]
                        nxt: int = nxt_object
                        nxt_order: int = order[nxt]
                        if nxt_order < 0:
                            order[nxt] = low[nxt] = INT_OBJECTS[met]
                            met += 1
                            stack.append(nxt_object)
                            walk.append(nxt_object)
                            done.append(0)
                        else:
                            nxt_group: int = group_of[nxt]
                            lit_low: int = low[lit]
                            if nxt_group < 0 and nxt_order < lit_low:  # on the stack
                                low[lit] = order[nxt]
                        continue
                    walk.pop()
                    done.pop()
                    lit_low = low[lit]
                    if walk:
                        parent: int = walk[-1]
                        parent_low: int = low[parent]
                        if lit_low < parent_low:
                            low[parent] = low[lit]
                    lit_order: int = order[lit]
                    if lit_low == lit_order:
                        _close(lit, size, stack, links, to_ends, group_of, closed, stamp)
        nodes = (1 << size) - 1
        return group_of, [(bits & nodes, bits >> size) for bits in closed]

    def _closed_groups_on_bits(self, linked: list[int], with_strong: int, ends: int) -> tuple[list[BoxedInt], list[tuple[int, int]]]:
        """:meth:`closed_groups` as interpreted code does it fastest: the walk reads each
        literal's links off its bit set (no list made per literal), and a literal's closure
        is gathered as the walk goes (its own bit and ends, the closures of the closed
        groups it links to, those of the literals it walked to when it is back from them):
        a group's is its first member's when it closes. Literals are numbered here as in
        a closure's bits (true node ``n`` at ``n``, false at ``size + n``)."""
        weak, strong = self.weak, self.strong
        size = len(weak)
        ends_off, strong_off = ends << size, with_strong << size  # as false literals
        order = [-1] * (2 * size)  # when the walk met each literal
        low = [0] * (2 * size)
        closure_at = [0] * (2 * size)  # per literal, its closure once its group is closed
        group_of: list[BoxedInt] = [-1] * (2 * size)  # by literal number (2 * node + false)
        closed: list[int] = []
        stack: list[int] = []
        path: list[int] = []  # the walk's path: its literals, the links each has left to
        pending: list[int] = []  # follow, and the closure gathered so far
        gathered: list[int] = []
        met = 0
        for node in linked:
            for start in (node, size + node) if strong[node] else (node,):
                if order[start] >= 0:
                    continue
                nxt = start
                while True:
                    if nxt >= 0:  # step to a literal not met before
                        order[nxt] = low[nxt] = met
                        met += 1
                        stack.append(nxt)
                        path.append(nxt)
                        if nxt < size:
                            links = weak[nxt] << size
                            pending.append(links & strong_off)
                            gathered.append(1 << nxt | links & ends_off)
                        else:
                            pending.append(strong[nxt - size])
                            gathered.append(1 << nxt)
                        nxt = -1
                    lit = path[-1]
                    rest = pending[-1]
                    if rest:
                        top = rest.bit_length() - 1
                        pending[-1] = rest ^ 1 << top
                        top_order = order[top]
                        if top_order < 0:
                            nxt = top
                        elif closure_at[top]:
                            gathered[-1] |= closure_at[top]
                        elif top_order < low[lit]:  # on the stack: the same group
                            low[lit] = top_order
                        continue
                    path.pop()
                    pending.pop()
                    bits = gathered.pop()
                    lit_low = low[lit]
                    if lit_low == order[lit]:
                        number = INT_OBJECTS[len(closed)]
                        closed.append(bits)
                        while True:
                            member = stack.pop()
                            closure_at[member] = bits
                            group_of[2 * member if member < size else 2 * (member - size) + 1] = number
                            if member == lit:
                                break
                    if not path:
                        break
                    gathered[-1] |= bits
                    if lit_low < low[path[-1]]:
                        low[path[-1]] = lit_low
        nodes = (1 << size) - 1
        return group_of, [(bits & nodes, bits >> size) for bits in closed]

    def links_of(self, lit: int) -> list[BoxedInt]:
        """The literals one link from ``lit`` (shared objects, engine.cells.BoxedInt): a
        true node makes its weak links false, a false node makes its strong links true."""
        node = lit >> 1
        if lit & 1:
            return [boxed(2 * other) for other in bit_indices(self.strong[node])]
        return [boxed(2 * other + 1) for other in bit_indices(self.weak[node])]

    def path(self, closure: Closure | KnownClosure, node: int, on: bool) -> list[Event]:
        """The chain from the assumption to ``node``, as events (each resting on the one
        before it), traced back through the levels of the closure."""
        steps = [(node, on)]
        level = closure.distance(node, on)
        while level > 0:
            level -= 1
            front_on, front_off = closure.levels[level]
            if on:  # a true node comes from a false one through a strong link
                node = next(n for n in bit_indices(front_off) if self.strong[n] >> node & 1)
            else:
                node = next(n for n in bit_indices(front_on) if self.weak[n] >> node & 1)
            on = not on
            steps.append((node, on))
        steps.reverse()
        return [self._event(steps, i) for i in range(len(steps))]

    def _event(self, steps: list[tuple[int, bool]], i: int) -> Event:
        node, on = steps[i]
        if i == 0:
            return Event(literal(node, on), Rule.PREMISE, -1, -1, ())
        before, _ = steps[i - 1]
        digit, cells = self.node_cells(node)
        prev_digit, prev_cells = self.node_cells(before)
        if digit != prev_digit:  # the same cell: filled by another digit, or its last candidate
            return Event(literal(node, on), Rule.NAKED if on else Rule.FILLED, -1, -1, (i - 1,))
        both = cells | prev_cells
        if on:  # the house where these are the digit's last two places
            cw = self.grid.cells_with[digit]
            unit = next(u.number for u in UNITS if not both & ~u.mask and cw & u.mask == both)
        else:
            unit = _common_unit(both)
        return Event(literal(node, on), Rule.HIDDEN if on else Rule.SEEN, unit, -1, (i - 1,))

    # --- building the links --------------------------------------------------------

    def _candidate_links(self, group_at: dict[tuple[Digit, CellSet], int], near: list[list[int]], inside: dict[int, int]) -> None:
        """The links of the candidates (``near``, ``inside``: see :func:`_group_houses`)."""
        cands, cells_with = self.grid.cands, self.grid.cells_with
        weak_of, strong_of = self.weak, self.strong
        for cell in range(N_CELLS):
            mask = cands[cell]
            if not mask:
                continue
            in_cell = _IN_CELL[mask] << cell  # the nodes of the cell's candidates
            peers = PEER_MASK[cell]
            box, row, column = UNITS_OF[cell]
            bivalue = MASK_COUNT[mask] == 2
            for digit in MASK_DIGITS[mask]:
                node = (digit - 1) * N_CELLS + cell
                with_digit = cells_with[digit]
                weak = in_cell & ~(1 << node) | (with_digit & peers) << (node - cell)
                # The groups of the digit in the cell's houses, but those holding the cell.
                by_house = near[digit]
                groups_seen = (by_house[box] | by_house[row] | by_house[column]) & ~inside.get(node, 0)
                weak_of[node] = weak | groups_seen << N_CANDIDATES if groups_seen else weak
                strong = 0
                if bivalue:
                    strong = 1 << candidate_index(cell, (mask & ~(1 << (digit - 1))).bit_length())
                for others in _OTHERS_IN_HOUSES[cell]:
                    rest = with_digit & others
                    if rest:
                        strong |= self._place_node(digit, rest, group_at)
                strong_of[node] = strong

    def _group_links(self, group_at: dict[tuple[Digit, CellSet], int], near: list[list[int]], inside: dict[int, int]) -> None:
        """The links of the groups (those from candidates to groups are made with the
        candidates': a candidate that sees every cell of a group is false when it is true,
        and a group that takes a house's last places is true when they are false)."""
        grid = self.grid
        for i, group in enumerate(self.groups):
            node = N_CANDIDATES + i
            digit, cells = group.digit, group.cells
            cw = grid.cells_with[digit]
            box, line = UNITS[group.box].mask, UNITS[group.line].mask
            weak = _shift(cw & (box | line) & ~cells, digit)
            # The other groups of its box and line that share no cell with it.
            overlapping = 0
            for cell in cells_of(cells):
                overlapping |= inside[candidate_index(cell, digit)]
            by_house = near[digit]
            self.weak[node] = weak | ((by_house[group.box] | by_house[group.line]) & ~overlapping) << N_CANDIDATES
            self.strong[node] = self._place_node(digit, cw & box & ~cells, group_at) | self._place_node(digit, cw & line & ~cells, group_at)

    def _place_node(self, digit: Digit, rest: CellSet, group_at: dict[tuple[Digit, CellSet], int]) -> int:
        """The node that must be true when ``rest`` are the other places of a house."""
        if not rest:
            return 0
        if not rest & (rest - 1):
            return 1 << candidate_index(rest.bit_length() - 1, digit)
        node = group_at.get((digit, rest))
        return 1 << node if node is not None else 0


def lone_reach(lit: int) -> tuple[int, int]:
    """The closure of a literal that links nowhere: itself alone (true nodes, false nodes)."""
    return (0, 1 << (lit >> 1)) if lit & 1 else (1 << (lit >> 1), 0)


def _close(
    root: int, size: int, stack: list[BoxedInt], links: list[list[BoxedInt]], to_ends: list[int], group_of: list[BoxedInt], closed: list[int], stamp: list[BoxedInt]
) -> None:
    """Pop the strongly connected group of ``root`` off Tarjan's stack and record its
    closure (the groups it links to are closed already; ``stamp``: per group, the last
    group that took in its closure, so that each is taken in once; ``to_ends``: per
    literal, the literals it links to that link nowhere, left out of ``links``)."""
    number = len(closed)
    number_object = INT_OBJECTS[number]
    members: list[int] = []
    while True:
        lit: int = stack.pop()
        group_of[lit] = number_object
        members.append(lit)
        if lit == root:
            break
    bits = 0
    for lit in members:
        bits |= 1 << ((lit >> 1) + (size if lit & 1 else 0)) | to_ends[lit]
    stamp[number] = number_object
    for lit in members:
        for nxt_object in links[lit]:
            nxt: int = nxt_object
            group: int = group_of[nxt]
            group_stamp: int = stamp[group]
            if group_stamp != number:
                stamp[group] = number_object
                bits |= closed[group]
    closed.append(bits)


@per_grid_version(size=2)
def link_tables(grid: Grid) -> LinkTables:
    """The link tables of one grid version, built once: the forcing chains, HoDoKu's nets
    (which run on the grid where the chains found nothing) and Kraken Fish read the same
    tables, and never change them."""
    return LinkTables.build(grid)


def _group_houses(groups: list[Group]) -> tuple[list[list[int]], dict[int, int]]:
    """Where the groups are, as bit sets of group numbers (bit ``i``: ``groups[i]``): per
    digit and house, the digit's groups in the house (as box or line), and per candidate,
    the groups holding its cell."""
    near = [[0] * N_UNITS for _ in range(10)]
    inside: dict[int, int] = {}
    for i, group in enumerate(groups):
        bit = 1 << i
        by_house = near[group.digit]
        by_house[group.box] |= bit
        by_house[group.line] |= bit
        for cell in cells_of(group.cells):
            node = candidate_index(cell, group.digit)
            inside[node] = inside.get(node, 0) | bit
    return near, inside


#: Per candidate mask, its digits' nodes in cell 0 (shifted by a cell: in that cell).
_IN_CELL: Final = tuple(sum(1 << candidate_index(0, d) for d in MASK_DIGITS[mask]) for mask in range(512))
#: Per cell, its box, row and column without it (UNITS_OF's order).
_OTHERS_IN_HOUSES: Final = tuple(tuple(UNITS[u].mask & ~(1 << cell) for u in UNITS_OF[cell]) for cell in range(N_CELLS))


def _shift(cells: CellSet, digit: Digit) -> int:
    """A cell set of one digit as candidate-node bits."""
    return cells << ((digit - 1) * 81)


def _groups(grid: Grid) -> list[Group]:
    """Every box-line crossing holding two or three places of a digit (crossings boxes
    first)."""
    out = []
    cands = grid.cands
    for digit in range(1, 10):
        for k, crossing in enumerate(CROSSINGS_BY_BOX):
            places = crossing.places(cands, digit)
            if MASK_COUNT[places] >= 2:
                out.append(_GROUPS.get(k, digit, places))
    return out


#: The groups, each made once (see engine.cells.CrossingValues), crossings boxes first.
_GROUPS: Final = CrossingValues(CROSSINGS_BY_BOX, lambda x, digit, places: Group(digit, x.subset(places), x.box.number, x.line.number))


def _common_unit(cells: CellSet) -> int:
    """The first house (box, row, column order) holding all of ``cells``."""
    for unit in UNITS:
        if not cells & ~unit.mask:
            return unit.number
    raise ValueError("cells share no house")


def candidate_cells(on: int, digit: Digit) -> CellSet:
    """The cells of one digit's candidates in a node bit set."""
    return (on >> ((digit - 1) * 81)) & ALL_CELLS

"""Literal graphs over single candidates, built straight from the grid's bit sets.

The X-Chain, XY-Chain and Nice Loop/AIC searches read a :class:`LiteralGraph` of single
candidates only. Building it from the link list (a pair of nodes per link, in a dict, then
numbered) cost more than the searches themselves; here each literal's implications are
gathered from the cell and house bit sets, and the incoming sets follow from the outgoing
ones, since every link holds both ways: "A on" implies "B off" exactly when "B on" implies
"A off", and "A off" implies "B on" exactly when "B off" implies "A on". Nodes come in cell
and digit order, as the link list sorted by :attr:`Node.sort_key` gives them, so the graph
is the same, literal for literal.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from engine.cells import HALF_BITS, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_HALVES, UNIT_HALVES, UNITS, UNITS_OF, INT_OBJECTS, cells_of, first_cell, half_indices, halves
from engine.grid import Grid
from techniques.hodoku_chains.implications import BoxedLiteral, LiteralGraph
from techniques.hodoku_chains.link_graph import Node, candidate_node, grid_groups, group_nodes


class Links(NamedTuple):
    """Which links a candidate graph holds: inside a cell (weak: two of its digits;
    strong: the two digits of a bivalue cell) and between cells (weak: one digit in two
    cells of a house; strong: a house with exactly those two places)."""

    bivalue_only: bool  # only candidates of cells with two digits
    cell_weak: bool
    cell_strong: bool
    house_weak: bool
    house_strong: bool


#: Nice Loop/AIC: every link.
NICE_LOOP_LINKS: Final = Links(bivalue_only=False, cell_weak=True, cell_strong=True, house_weak=True, house_strong=True)
#: X-Chain: links between cells, one digit at a time.
X_CHAIN_LINKS: Final = Links(bivalue_only=False, cell_weak=False, cell_strong=False, house_weak=True, house_strong=True)
#: XY-Chain: bivalue cells, strong inside them and weak between them.
XY_CHAIN_LINKS: Final = Links(bivalue_only=True, cell_weak=False, cell_strong=True, house_weak=True, house_strong=False)


def candidate_graph(grid: Grid, links: Links, digit: int = 0) -> LiteralGraph:
    """The literal graph of the grid's candidates with these links (of one digit's only,
    when ``digit`` is given: a graph whose links never join two digits splits that way)."""
    cands = grid.cands
    included = [c for c in range(N_CELLS) if cands[c] and (not links.bivalue_only or MASK_COUNT[cands[c]] == 2)]
    if digit:
        assert not links.cell_weak and not links.cell_strong, "links inside a cell join two digits"
        included = [c for c in included if cands[c] >> (digit - 1) & 1]
    nodes: list[Node] = []
    number = [-1] * (N_CELLS * 10)  # cell * 10 + digit -> node number
    keys: list[int] = []
    for c in included:
        for d in (digit,) if digit else MASK_DIGITS[cands[c]]:
            number[c * 10 + d] = len(nodes)
            keys.append(c * 10 + d)
            nodes.append(candidate_node(d, c))
    out = [0] * (2 * len(nodes))
    bits = _literal_bits(number, keys)
    houses = _house_bits(grid, included, number, bits, links, digit)
    for c in included:
        _cell_links(grid, c, links, number, bits, houses, out)
    return LiteralGraph.built(nodes, out, plain=True)


# Literal numbers as the shared objects of engine.cells.INT_OBJECTS (4,096 of them): a
# graph of candidates and groups has at most 2 * (729 + 486) literals.


def nice_loop_graph(grid: Grid) -> LiteralGraph:
    """``candidate_graph(grid, NICE_LOOP_LINKS)`` built as adjacency lists, the same
    literal for literal: what Nice Loop/AIC's breadth-first searches read. Its bit sets
    are made only if read (a chain traced reads a few incoming sets, made from the lists).

    A candidate made true rules out its digit in the cells it sees and the cell's other
    digits; made false, it makes true the other place of its digit in each of its houses
    where the digit has two, and the other digit of a bivalue cell (see
    :func:`_weak_list` and :func:`_strong_list`)."""
    cands = grid.cands
    nodes: list[Node] = []
    number = [-1] * (N_CELLS * 10)  # cell * 10 + digit -> node number
    cell_of: list[int] = []
    for c in range(N_CELLS):
        for d in MASK_DIGITS[cands[c]]:
            number[c * 10 + d] = len(nodes)
            nodes.append(candidate_node(d, c))
            cell_of.append(c)
    adjacency: list[list[BoxedLiteral]] = [[] for _ in range(2 * len(nodes))]
    _candidate_lists(grid, [halves(cells) for cells in grid.cells_with], number, adjacency)
    return LiteralGraph.of_adjacency(nodes, adjacency, cell_of)


def _candidate_lists(grid: Grid, with_digit: list[tuple[int, int]], number: list[int], adjacency: list[list[BoxedLiteral]]) -> None:
    """Each candidate's two lists (its node numbered by ``number``, cell * 10 + digit;
    ``with_digit``: the grid's cells with each digit, as halves): :func:`_weak_list` for
    its on literal, :func:`_strong_list` for its off one."""
    cands = grid.cands
    for c in range(N_CELLS):
        digits = MASK_DIGITS[cands[c]]
        for d in digits:
            n = number[c * 10 + d]
            adjacency[2 * n] = _weak_list(c, d, digits, with_digit[d], number)
            own = [2 * number[c * 10 + e] for e in digits if e != d] if len(digits) == 2 else []
            adjacency[2 * n + 1] = _strong_list(c, with_digit[d], d, number, own)


def _strong_list(c: int, with_d: tuple[int, int], d: int, number: list[int], own: list[int]) -> list[BoxedLiteral]:
    """The on literals that "digit d is not in cell c" implies, ascending, each once: the
    other place of d in each house of c holding d twice (``with_d``: d's cells, as
    halves), and ``own`` (the other digit's on literal in a bivalue cell)."""
    found = own
    with_low, with_high = with_d
    if c < HALF_BITS:
        with_low &= ~(1 << c)
    else:
        with_high &= ~(1 << (c - HALF_BITS))
    for u in UNITS_OF[c]:
        unit_low, unit_high = UNIT_HALVES[u]
        low, high = with_low & unit_low, with_high & unit_high
        if low and not high and not low & (low - 1):
            other = low.bit_length() - 1
        elif high and not low and not high & (high - 1):
            other = HALF_BITS + high.bit_length() - 1
        else:
            continue
        literal = 2 * number[other * 10 + d]
        if literal not in found:
            found.append(literal)
    if len(found) > 1:
        found.sort()
    return [INT_OBJECTS[literal] for literal in found]


def grouped_candidate_graph(grid: Grid) -> LiteralGraph:
    """The literal graph of every candidate and every group (``link_graph.group_nodes``)
    with every link (Nice Loop's, and a group's: a digit's weak link to each node of it
    in a house it lies in and shares no cell with, strong when the two hold all the
    digit's places there). Nodes in :attr:`Node.sort_key` order, as the link list sorted
    gives them, so the graph is the same, literal for literal."""
    cands = grid.cands
    groups = group_nodes(grid)
    nodes = _in_sort_key_order(cands, groups)
    index = {node: i for i, node in enumerate(nodes)}
    number = [-1] * (N_CELLS * 10)
    keys: list[int] = []
    for i, node in enumerate(nodes):
        if not node.cells & (node.cells - 1):
            c = node.cells.bit_length() - 1
            number[c * 10 + node.digit] = i
            keys.append(c * 10 + node.digit)
    out = [0] * (2 * len(nodes))
    bits = _literal_bits(number, keys)
    houses = _house_bits(grid, [c for c in range(N_CELLS) if cands[c]], number, bits, NICE_LOOP_LINKS)
    for c in range(N_CELLS):
        if cands[c]:
            _cell_links(grid, c, NICE_LOOP_LINKS, number, bits, houses, out)
    in_house: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (digit, house) -> its groups (number, cells)
    for group in groups:
        for u in _houses_of(group.cells):
            in_house.setdefault((group.digit, u), []).append((index[group], group.cells))
    for (digit, u), members in in_house.items():
        _group_links(grid, digit, u, members, number, bits, out)
    return LiteralGraph.built(nodes, out, plain=False, index=index)


def grouped_nice_loop_graph(grid: Grid) -> LiteralGraph:
    """``grouped_candidate_graph(grid)`` built as adjacency lists, the same literal for
    literal (see :func:`nice_loop_graph`): the candidates' links as there, then each
    group's (:func:`_group_links`'s), the lists they join sorted once."""
    cands = grid.cands
    groups = group_nodes(grid)
    nodes = _in_sort_key_order(cands, groups)
    index = {node: i for i, node in enumerate(nodes)}
    number = [-1] * (N_CELLS * 10)
    cell_of = [-1] * len(nodes)
    for i, node in enumerate(nodes):
        if not node.cells & (node.cells - 1):
            cell = node.cells.bit_length() - 1
            number[cell * 10 + node.digit] = i
            cell_of[i] = cell
    adjacency: list[list[BoxedLiteral]] = [[] for _ in range(2 * len(nodes))]
    with_digit = [halves(cells) for cells in grid.cells_with]
    _candidate_lists(grid, with_digit, number, adjacency)
    # Per digit and house (digit * 27 + house), its groups as (number, cells as halves).
    in_house: list[list[tuple[int, int, int]]] = [[] for _ in range(10 * len(UNITS))]
    for group in groups:
        low, high = halves(group.cells)
        for u in _houses_of(group.cells):
            in_house[group.digit * len(UNITS) + u].append((index[group], low, high))
    joined = [False] * len(adjacency)  # the literals whose lists the groups' links joined
    for key, members in enumerate(in_house):
        if members:
            digit, u = divmod(key, len(UNITS))
            _group_lists(with_digit[digit], digit, u, members, number, adjacency, joined)
    for literal, join in enumerate(joined):
        if join:
            adjacency[literal].sort()
    return LiteralGraph.of_adjacency(nodes, adjacency, cell_of, plain=False, index=index)


def groups_after_graph(grid: Grid, plain: LiteralGraph) -> LiteralGraph:
    """The grouped graph with its groups numbered after every candidate: ``plain``
    (:func:`nice_loop_graph` of this grid, cached when Nice Loop/AIC searched it) with the
    groups added, the same links as :func:`grouped_nice_loop_graph`'s (literal numbers
    mapped). The candidates keep their numbers, so their lists are ``plain``'s (shared,
    read-only), copied only where a group's links join them; a search over single
    candidates meets them in the same order."""
    nodes, cell_of = plain.nodes, plain.cell_of
    assert cell_of is not None  # nice_loop_graph gives it
    groups = sorted((first_cell(g.cells) * 10 + g.digit, g.cells, g) for g in grid_groups(grid))
    first = len(nodes)
    number = [-1] * (N_CELLS * 10)
    for i, cell in enumerate(cell_of):
        number[cell * 10 + nodes[i].digit] = i
    adjacency = plain.adjacency() + [[] for _ in range(2 * len(groups))]
    in_house: list[list[tuple[int, int, int]]] = [[] for _ in range(10 * len(UNITS))]
    for k, (_, cells, group) in enumerate(groups):
        low, high = halves(cells)
        for u in _houses_of(cells):
            in_house[group.digit * len(UNITS) + u].append((first + k, low, high))
    joined = [False] * len(adjacency)
    with_digit: list[tuple[int, int]] = []
    for key, members in enumerate(in_house):
        if members:
            digit, u = divmod(key, len(UNITS))
            if not with_digit:
                with_digit = [halves(cells) for cells in grid.cells_with]
            _group_lists(with_digit[digit], digit, u, members, number, adjacency, joined, shared=2 * first)
    for literal, join in enumerate(joined):
        if join:
            adjacency[literal].sort()
    return LiteralGraph.of_adjacency(nodes + [group for _, _, group in groups], adjacency, cell_of + [-1] * len(groups), plain=False)


def _weak_list(c: int, d: int, digits: tuple[int, ...], with_d: tuple[int, int], number: list[int]) -> list[BoxedLiteral]:
    """The off literals that "digit d is in cell c" implies, ascending: d in the cells
    that see c, the cell's other digits (nodes in cell and digit order: the peers before
    the cell, its own digits, the peers after it)."""
    peers_low, peers_high = PEER_HALVES[c]
    low, high = peers_low & with_d[0], peers_high & with_d[1]
    if c < HALF_BITS:
        before_low, before_high = low & ((1 << c) - 1), 0
    else:
        before_low, before_high = low, high & ((1 << (c - HALF_BITS)) - 1)
    weak: list[BoxedLiteral] = []
    _add_offs(weak, before_low, 0, d, number)
    _add_offs(weak, before_high, HALF_BITS, d, number)
    for e in digits:
        if e != d:
            weak.append(INT_OBJECTS[2 * number[c * 10 + e] + 1])
    _add_offs(weak, low ^ before_low, 0, d, number)
    _add_offs(weak, high ^ before_high, HALF_BITS, d, number)
    return weak


def _add_offs(found: list[BoxedLiteral], cells: int, first: int, d: int, number: list[int]) -> None:
    """The off literals of digit d in these cells (one half: cell ``first`` at bit 0), ascending."""
    while cells:
        bit = cells & -cells
        cells ^= bit
        found.append(INT_OBJECTS[2 * number[(first + bit.bit_length() - 1) * 10 + d] + 1])


def _group_lists(
    with_d: tuple[int, int],
    digit: int,
    u: int,
    members: list[tuple[int, int, int]],
    number: list[int],
    adjacency: list[list[BoxedLiteral]],
    joined: list[bool],
    shared: int = 0,
) -> None:
    """:func:`_group_links` on adjacency lists, on halves (``with_d``: the digit's cells;
    ``members``: the house's groups of the digit, as (number, cells' halves)); appends
    to the lists, and marks each in ``joined``, to be sorted. ``shared``: the literals
    below it have lists shared with another graph, copied before the first append (only
    candidates' lists are: the groups' are made for this graph)."""
    unit_low, unit_high = UNIT_HALVES[u]
    places_low, places_high = with_d[0] & unit_low, with_d[1] & unit_high
    for k, (g, low, high) in enumerate(members):
        rest = half_indices(places_low & ~low, places_high & ~high)
        strong = len(rest) == 1  # one place left besides the group
        on, off = 2 * g, 2 * g + 1
        joined[on] = True
        if strong:
            joined[off] = True
        for x in rest:
            n = 2 * number[x * 10 + digit]
            if n < shared:
                if not joined[n]:
                    adjacency[n] = adjacency[n][:]
                if strong and not joined[n + 1]:
                    adjacency[n + 1] = adjacency[n + 1][:]
            adjacency[n].append(INT_OBJECTS[off])
            adjacency[on].append(INT_OBJECTS[n + 1])
            joined[n] = True
            if strong:
                adjacency[n + 1].append(INT_OBJECTS[on])
                adjacency[off].append(INT_OBJECTS[n])
                joined[n + 1] = True
        for h, other_low, other_high in members[k + 1 :]:
            if not (other_low & low or other_high & high):
                adjacency[on].append(INT_OBJECTS[2 * h + 1])
                adjacency[2 * h].append(INT_OBJECTS[off])
                joined[2 * h] = True
                if (low | other_low) == places_low and (high | other_high) == places_high:
                    adjacency[off].append(INT_OBJECTS[2 * h])
                    adjacency[2 * h + 1].append(INT_OBJECTS[on])
                    joined[off] = joined[2 * h + 1] = True


def _in_sort_key_order(cands: list[int], groups: list[Node]) -> list[Node]:
    """Every candidate's node and the groups, in :attr:`Node.sort_key` order (first cell,
    digit, cells): the candidates come in that order already, so the few groups are
    sorted and merged in (no key made per candidate). A group follows the candidate of
    its first cell and digit (its cells include that one's, and more)."""
    keyed = sorted((first_cell(g.cells) * 10 + g.digit, g.cells, g) for g in groups)
    nodes: list[Node] = []
    k = 0
    for c in range(N_CELLS):
        for d in MASK_DIGITS[cands[c]]:
            key = c * 10 + d
            while k < len(keyed) and keyed[k][0] < key:
                nodes.append(keyed[k][2])
                k += 1
            nodes.append(candidate_node(d, c))
    nodes += [group for _, _, group in keyed[k:]]
    return nodes


def _group_links(grid: Grid, digit: int, u: int, members: list[tuple[int, int]], number: list[int], bits: _LiteralBits, out: list[int]) -> None:
    """The links of the groups of one digit in one house, both ways: to each candidate of
    the digit there outside the group, and to each other group there it shares no cell
    with; strong when the two hold all the digit's places in the house."""
    places = grid.cells_with[digit] & UNITS[u].mask
    on_bit, off_bit = bits.on, bits.off
    for k, (g, cells) in enumerate(members):
        rest = places & ~cells
        # The group's links to the candidates as one union each way (see _link).
        group_on, group_off = 1 << 2 * g, 2 << 2 * g
        strong = not rest & (rest - 1)  # one place left besides the group
        off_rest = on_rest = 0
        for x in cells_of(rest):
            n = 2 * number[x * 10 + digit]
            off_rest |= off_bit[x * 10 + digit]
            out[n] |= group_off
            if strong:
                on_rest |= on_bit[x * 10 + digit]
                out[n + 1] |= group_on
        if off_rest:
            out[2 * g] |= off_rest
        if on_rest:
            out[2 * g + 1] |= on_rest
        for h, other in members[k + 1 :]:
            if not other & cells:
                _link(out, g, h, strong=cells | other == places)


def _link(out: list[int], a: int, b: int, strong: bool) -> None:
    """A weak link between nodes ``a`` and ``b`` (strong too if ``strong``), both ways."""
    out[2 * a] |= 2 << 2 * b
    out[2 * b] |= 2 << 2 * a
    if strong:
        out[2 * a + 1] |= 1 << 2 * b
        out[2 * b + 1] |= 1 << 2 * a


@cache
def _houses_of(cells: int) -> tuple[int, ...]:
    """The houses holding all of these cells (a group's line and box)."""
    first = (cells & -cells).bit_length() - 1
    return tuple(u for u in UNITS_OF[first] if not cells & ~UNITS[u].mask)


class _LiteralBits(NamedTuple):
    """Per candidate (cell * 10 + digit), the bits of its on and off literals (0 if not in
    the graph): made once, where each link would shift a bit into place again."""

    on: list[int]
    off: list[int]


def _literal_bits(number: list[int], keys: list[int]) -> _LiteralBits:
    """The bits of the candidates ``keys`` (cell * 10 + digit; ``number``: their node
    numbers): only those, not all 810 entries (a one-digit graph has a few dozen)."""
    on = [0] * len(number)
    off = [0] * len(number)
    for key in keys:
        bit = 1 << 2 * number[key]
        on[key] = bit
        off[key] = bit << 1
    return _LiteralBits(on, off)


class _HouseBits(NamedTuple):
    """Per house and digit (index ``house * 10 + digit``), made once per graph: ``off``,
    the off literals of the digit's candidates in the house; ``pair``, the on literals of
    its two places when it has exactly two there (strong links), else 0. A candidate's
    links to its peers are then a few ORs of these (every OR of big bit sets makes an
    object), not one per peer."""

    off: list[int]
    pair: list[int]


def _house_bits(grid: Grid, cells: list[int], number: list[int], bits: _LiteralBits, links: Links, digit: int = 0) -> _HouseBits:
    """The :class:`_HouseBits` of a graph over these cells' candidates (of one digit's only,
    when ``digit`` is given)."""
    off = [0] * (len(UNITS) * 10)
    pair = [0] * (len(UNITS) * 10)
    off_bit, on_bit = bits.off, bits.on
    if links.house_weak:  # each candidate's off literal into its three houses
        cands = grid.cands
        for c in cells:
            box, row, col = UNITS_OF[c]
            for d in MASK_DIGITS[cands[c]]:
                bit = off_bit[c * 10 + d]
                if bit:
                    off[box * 10 + d] |= bit
                    off[row * 10 + d] |= bit
                    off[col * 10 + d] |= bit
    if links.house_strong:  # houses where a digit has two places (the grid's counts)
        for d in (digit,) if digit else range(1, 10):
            for u, unit in enumerate(UNITS):
                if grid.place_count(d, unit) == 2:
                    ons = 0
                    for x in cells_of(grid.cells_with[d] & unit.mask):
                        ons |= on_bit[x * 10 + d]
                    pair[u * 10 + d] = ons
    return _HouseBits(off, pair)


def _cell_links(grid: Grid, c: int, links: Links, number: list[int], bits: _LiteralBits, houses: _HouseBits, out: list[int]) -> None:
    """The implications out of the literals of cell ``c``'s candidates (those in the graph);
    ``bits``: see :class:`_LiteralBits`; ``houses``: see :class:`_HouseBits`."""
    digits = [d for d in MASK_DIGITS[grid.cands[c]] if number[c * 10 + d] >= 0]
    base = c * 10
    on_bit, off_bit = bits.on, bits.off
    on_bits = off_bits = 0
    for d in digits:
        on_bits |= on_bit[base + d]
        off_bits |= off_bit[base + d]
    bivalue = len(digits) == 2
    box, row, col = UNITS_OF[c]
    house_off, pair = houses.off, houses.pair
    # Each candidate's own bits are in these sets (and in its houses'): a candidate's
    # links are a union with its own bit taken out by one XOR, not an AND NOT each time.
    for d in digits:
        on = 2 * number[base + d]
        own_off = off_bit[base + d]
        weak = off_bits if links.cell_weak else 0
        if links.house_weak:
            # The digit's off literals in the cell's houses.
            weak |= house_off[box * 10 + d] | house_off[row * 10 + d] | house_off[col * 10 + d]
        own = on_bit[base + d]
        strong = on_bits if links.cell_strong and bivalue else 0
        if links.house_strong:
            for strong_pair in (pair[box * 10 + d], pair[row * 10 + d], pair[col * 10 + d]):
                if strong_pair:
                    strong |= strong_pair
        out[on] = weak ^ own_off if weak else 0
        out[on + 1] = strong ^ own if strong else 0

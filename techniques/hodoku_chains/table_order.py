"""Which of several equally short chains HoDoKu reports: the first its tables reach.

HoDoKu finds nice loops and AICs with tables: for every premise ("r1c5 is 1", "r1c5 is not
1") it lists what follows directly, in a fixed order, then expands the list breadth first,
appending each new consequence's own direct consequences in that order. A conclusion is
reached first along one chain: among the shortest chains, the one whose links come first in
that order, link by link. Its chain is the one HoDoKu shows; if that chain loops back into
itself (a lasso), HoDoKu drops the conclusion rather than look for another chain.

The order of a literal's direct consequences (``successor_ranks``):

* a candidate made true: the other candidates of its cell (digits ascending), then the
  candidates of its digit in its row, column and box (cells ascending, each once), then the
  groups of its digit that it sees (groups in HoDoKu's order: rows, then columns);
* a candidate made false: the other candidate of a bivalue cell, then the other place of
  its digit in its row, column and box where there are two, then the groups that must hold
  the digit when it does not (the group's box first, then its line);
* a group made true: the candidates that see all its cells, then the other groups of its
  digit in its line and box; made false: the one other place in its box, in its line, then
  the one other group in its line and box when no other candidate is left there.
"""

from __future__ import annotations

from typing import Final

from engine.cells import BOX_OF, COL_OF, HOUSES_OF, MASK_DIGITS, PEER_MASK, ROW_OF, UNITS, Cell, bit_indices, cells_of, first_cell, peers_by_house
from engine.grid import Grid
from techniques.hodoku_chains.implications import LiteralGraph
from techniques.hodoku_chains.link_graph import Node, candidate_node, grid_groups


class TableOrder:
    """HoDoKu's order of direct consequences for the literals of one graph (lazy)."""

    def __init__(self, grid: Grid, graph: LiteralGraph) -> None:
        self.grid = grid
        self.graph = graph
        self._groups: list[tuple[int, Node]] | None = None
        self._ranks: dict[int, dict[int, int]] = {}

    @property
    def groups(self) -> list[tuple[int, Node]]:
        """The graph's groups as (number, node), in HoDoKu's order (rows, then columns;
        digit; box), not the graph's; made when first read (a search that traces no chain
        reads none)."""
        if self._groups is None:
            graph = self.graph
            self._groups = [] if graph.plain else [(graph.index[n], n) for n in grid_groups(self.grid) if n in graph.index]
        return self._groups

    def rank(self, a: int, b: int) -> int:
        """Where literal ``b`` comes among the direct consequences of literal ``a``."""
        ranks = self._ranks.get(a)
        if ranks is None:
            ranks = self._ranks[a] = {}
            for n, literal in enumerate(self._successors(a)):
                ranks.setdefault(literal, n)
        return ranks.get(b, 1 << 20)

    def _literal(self, node: Node, true: bool) -> int:
        """The literal of a node, or -1 when the graph leaves the node out (chain
        searches over some of the links: one digit, cells with two candidates)."""
        i = self.graph.index.get(node)
        return -1 if i is None else 2 * i + (0 if true else 1)

    def _successors(self, literal: int) -> list[int]:
        node, true = self.graph.nodes[literal >> 1], not literal & 1
        if node.is_plain:
            return self._plain_true(node) if true else self._plain_false(node)
        if node.is_group:
            return self._group_true(node) if true else self._group_false(node)
        return []

    def _plain_true(self, node: Node) -> list[int]:
        grid, cell, d = self.grid, node.cell, node.digit
        out = [self._literal(candidate_node(e, cell), False) for e in MASK_DIGITS[grid.cands[cell]] if e != d]
        out += [self._literal(candidate_node(d, x), False) for x in peers_by_house(cell, grid.cells_with[d])]
        out += [2 * i + 1 for i, g in self.groups if g.digit == d and _sees_all(cell, g)]
        return out

    def _plain_false(self, node: Node) -> list[int]:
        grid, cell, d = self.grid, node.cell, node.digit
        digits = MASK_DIGITS[grid.cands[cell]]
        out = [self._literal(candidate_node(e, cell), True) for e in digits if e != d] if len(digits) == 2 else []
        for house in HOUSES_OF[cell]:
            places = grid.cells_with[d] & UNITS[house].mask
            if places.bit_count() == 2:
                out.append(self._literal(candidate_node(d, first_cell(places & ~(1 << cell))), True))
        for i, g in self.groups:
            if g.digit == d:
                for house in _group_houses(g):
                    if self._others(g, house) == 1 << cell:
                        out.append(2 * i)
        return list(dict.fromkeys(out))

    def _group_true(self, node: Node) -> list[int]:
        d = node.digit
        out = [self._literal(candidate_node(d, x), False) for x in cells_of(self._seeing(node))]
        for i, g in self.groups:
            if g != node and g.digit == d and not g.cells & node.cells:
                out += [2 * i + 1 for house in reversed(_group_houses(node)) if g.cells & ~UNITS[house].mask == 0]
        return out

    def _group_false(self, node: Node) -> list[int]:
        d = node.digit
        box, line = _group_houses(node)
        out = []
        for house in (box, line):
            others = self._others(node, house)
            if others.bit_count() == 1:
                out.append(self._literal(candidate_node(d, first_cell(others)), True))
        for house in (line, box):
            mates = [i for i, g in self.groups if g != node and g.digit == d and not g.cells & node.cells and g.cells & ~UNITS[house].mask == 0]
            if len(mates) == 1 and not self._others(node, house) & ~self.graph.nodes[mates[0]].cells:
                out.append(2 * mates[0])
        return out

    def _seeing(self, group: Node) -> int:
        seen = self.grid.cells_with[group.digit]
        for c in cells_of(group.cells):
            seen &= PEER_MASK[c]
        return seen

    def _others(self, group: Node, house: int) -> int:
        """The digit's places in ``house`` outside the group."""
        return self.grid.cells_with[group.digit] & UNITS[house].mask & ~group.cells


def _sees_all(cell: Cell, group: Node) -> bool:
    return not group.cells >> cell & 1 and all(PEER_MASK[c] >> cell & 1 for c in cells_of(group.cells))


def _group_houses(group: Node) -> tuple[int, int]:
    """(box, line) unit numbers of a group."""
    a, b = list(cells_of(group.cells))[:2]
    line = 9 + ROW_OF[a] if ROW_OF[a] == ROW_OF[b] else 18 + COL_OF[a]
    return BOX_OF[a], line


def first_shortest_path(graph: LiteralGraph, layers: list[int], target: int, order: TableOrder) -> list[int]:
    """The chain HoDoKu's breadth-first tables reach ``target`` by: among the shortest
    chains from ``layers[0]``, the one whose links come first in ``order``, link by link.
    Literals, start first."""
    depth = next(k for k, layer in enumerate(layers) if layer >> target & 1)
    return first_path_to_any(graph, layers, depth, 1 << target, order)


def first_path_to_any(graph: LiteralGraph, layers: list[int], depth: int, targets: int, order: TableOrder) -> list[int]:
    """Among the chains of ``depth`` links from ``layers[0]`` to any literal of
    ``targets`` (all in that layer), the one whose links come first in ``order``, link by
    link: the first a depth-first or breadth-first walk in that order meets."""
    cone = [0] * (depth + 1)
    cone[depth] = targets
    for k in range(depth, 0, -1):
        reach = 0
        for v in bit_indices(cone[k]):
            reach |= graph.implying(v)
        cone[k - 1] = reach & layers[k - 1]
    start = layers[0].bit_length() - 1
    position = {start: 0}
    parent: dict[int, int] = {}
    for k in range(1, depth + 1):
        keyed = []
        for v in bit_indices(cone[k]):
            key, u = min(((position[u], order.rank(u, v)), u) for u in bit_indices(graph.implying(v) & cone[k - 1]))
            parent[v] = u
            keyed.append((key, v))
        keyed.sort()
        for n, (_, v) in enumerate(keyed):
            position[v] = n
    path = [min(bit_indices(targets), key=position.__getitem__)]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]


def is_lasso(graph: LiteralGraph, path: list[int], loop: bool) -> bool:
    """HoDoKu's check: no node may lie in a cell met two or more nodes earlier (the start
    cell excepted for a loop, whose end comes back to it; all cells of a group count)."""
    start_cell = graph.nodes[path[0] >> 1].cell
    met = 0
    last: Node | None = None
    for literal in path:
        node = graph.nodes[literal >> 1]
        if met >> node.cell & 1:
            return True
        if last is not None and (last.cell != start_cell or not loop):
            met |= last.cells
        last = node
    return False


#: Node visits one longer-chain search may make (a bound by work, not time).
SIMPLE_PATH_BUDGET: Final = 50_000


def first_simple_path(graph: LiteralGraph, start: int, targets: int, shortest: int, longest: int, order: TableOrder) -> list[int] | None:
    """The shortest chain from literal ``start`` to a literal of ``targets`` that never
    comes back into a cell it left (HoDoKu's rule, see ``is_lasso``), of more than
    ``shortest`` links and at most ``longest``, the one a depth-first walk in ``order``
    meets first; None if there is none or the search used up its budget.

    HoDoKu finds X- and XY-Chains depth first over cells, so when every shortest way
    to an end comes back into a cell, it still finds a longer chain to it. A breadth-first
    search sees only the shortest ways: this looks further, for those ends alone."""
    left = [SIMPLE_PATH_BUDGET]

    def extend(path: list[int], met: int, depth: int) -> list[int] | None:
        """``met``: the cells of every literal of ``path`` but the last."""
        last = path[-1]
        if len(path) - 1 == depth:
            return path if targets >> last & 1 else None
        left[0] -= 1
        if left[0] < 0:
            return None
        met_next = met | graph.nodes[last >> 1].cells
        for literal in sorted(bit_indices(graph.out[last]), key=lambda b: order.rank(last, b)):
            if met >> graph.nodes[literal >> 1].cell & 1:
                continue
            found = extend(path + [literal], met_next, depth)
            if found is not None:
                return found
        return None

    for depth in range(shortest + 2, longest + 1, 2):
        found = extend([start], 0, depth)
        if found is not None or left[0] < 0:
            return found
    return None

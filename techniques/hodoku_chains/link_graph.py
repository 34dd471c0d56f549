"""Link graphs: strong and weak links between candidates and groups of candidates.

A *node* is a digit in one cell, or a digit in a *group*: the two or three cells of one
box and one line that hold all of that digit's candidates in their intersection (HoDoKu's
group nodes). Two nodes of one digit that share a house and no cell are *weakly* linked
(they cannot both be true); the link is *strong* when they are the digit's only places in
that house (at least one is true). Two digits of one cell are weakly linked, strongly when
the cell holds only those two.

:func:`link_graph` builds this as a networkx graph (nodes are :class:`Node`, every edge
carries ``strong: bool``), cached per grid version, from :func:`link_list`, the links
stated pair by pair. The chain searches build their literal graphs straight from the
grid's bit sets instead (:mod:`techniques.hodoku_chains.candidate_graph`: faster), and the
tests hold those to this list, link for link. networkx stays inside this module
(colouring walks cell sets of its own).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, NamedTuple, TYPE_CHECKING, cast

from engine.cells import (
    CROSSINGS,
    LINE_CROSSINGS,
    CrossingValues,
    LINES,
    MASK_COUNT,
    MASK_DIGITS,
    N_CELLS,
    UNITS,
    Cell,
    CellSet,
    Digit,
    Mask,
    cells_of,
    first_cell,
)
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.stop import checkpoint
from engine.notation import compact_cells

if TYPE_CHECKING:  # networkx is imported where a graph is built: it costs a tenth of a second
    import networkx as nx


class Node(NamedTuple):
    """A digit in one cell or in a group of cells (one box and one line).

    Chains also use almost-locked-set nodes: ``als`` then holds the set's digits, ``cells``
    its cells and ``digit`` the digit the chain takes out of it (``als`` is 0 for candidates
    and groups). Chain searches also make placeholder nodes with digit 0 and no cells.
    """

    digit: Digit
    cells: CellSet
    als: Mask = 0

    @property
    def cell(self) -> Cell:
        """The first cell: the node's cell when it is a single candidate."""
        return first_cell(self.cells)

    @property
    def is_group(self) -> bool:
        return not self.als and self.cells & (self.cells - 1) != 0

    @property
    def is_plain(self) -> bool:
        """A single candidate (not a group, not an almost locked set)."""
        return not self.als and self.cells & (self.cells - 1) == 0

    @property
    def name(self) -> str:
        """``r1c5`` for a candidate, ``r1c56`` for a group, ``ALS:r1c56`` for a set."""
        prefix = "ALS:" if self.als else ""
        return prefix + compact_cells(cells_of(self.cells))

    @property
    def sort_key(self) -> tuple[int, int, int, int]:
        """Cells first, then digit: the order nodes are listed and searched in."""
        return (self.cell, self.digit, self.cells, self.als)

    def __str__(self) -> str:
        return f"{self.name}({self.digit})"


def candidate_node(digit: Digit, cell: Cell) -> Node:
    return _CANDIDATE_NODES[cell][digit]


#: Every candidate's node, by cell and digit (digit 0: a placeholder never linked), made
#: once: nodes are values, and a link list names some 800 of them per position.
_CANDIDATE_NODES: Final[tuple[tuple[Node, ...], ...]] = tuple(tuple(Node(d, 1 << c) for d in range(10)) for c in range(N_CELLS))


def group_nodes(grid: Grid) -> list[Node]:
    """Every group: a digit's candidates where a line crosses a box, when there are two or
    three of them (rows first, then columns, as HoDoKu lists them)."""
    out = []
    cands = grid.cands
    for i, line in enumerate(LINES):
        for digit in range(1, 10):
            if grid.place_count(digit, line) < 2:  # the grid's count: no cell set made
                continue
            for j, crossing in enumerate(LINE_CROSSINGS[i]):
                places = crossing.places(cands, digit)
                if MASK_COUNT[places] >= 2:
                    out.append(_GROUP_NODES.get(3 * i + j, digit, places))
    return out


@per_grid_version()
def grid_groups(grid: Grid) -> tuple[Node, ...]:
    """``group_nodes(grid)``, made once per grid version: a grouped nice loop search reads
    them twice (its graph, and HoDoKu's order of a literal's consequences)."""
    return tuple(group_nodes(grid))


#: The group nodes, each made once (see engine.cells.CrossingValues), crossings lines first.
_GROUP_NODES: Final = CrossingValues(CROSSINGS, lambda x, digit, places: Node(digit, x.subset(places)))


Links = tuple[tuple[Node, Node, bool], ...]


class LinkList(NamedTuple):
    """The nodes and links of a position, without a graph object."""

    nodes: tuple[Node, ...]  # candidates in cell and digit order, then groups
    links: Links  # (node, node, strong?), in a fixed order


def link_graph(grid: Grid, *, groups: bool = False) -> nx.Graph[Node]:
    """The link graph of a position: every candidate (and every group, when ``groups``)
    as a node, every strong or weak link as an edge with ``strong`` set. Cached per grid
    version; treat the result as read-only."""
    return _graph(grid, groups)


def links(graph: nx.Graph[Node]) -> Links:
    """The edges of a link graph as (node, node, strong?), in a fixed order (kept with the
    graph: walking networkx's edge views is the slow part of using the graph)."""
    return cast(Links, graph.graph["links"])


@per_grid_version()
def _graph(grid: Grid, groups: bool) -> nx.Graph[Node]:
    import networkx as nx

    listed = link_list(grid, groups=groups)
    graph: nx.Graph[Node] = nx.Graph()
    graph.add_nodes_from(listed.nodes)
    graph.add_edges_from((a, b, {"strong": strong}) for a, b, strong in listed.links)
    graph.graph["links"] = listed.links
    return graph


def link_list(grid: Grid, *, groups: bool = False) -> LinkList:
    """The nodes and links of :func:`link_graph`, as plain tuples (cached per grid
    version)."""
    return _build(grid, groups)


@per_grid_version()
def _build(grid: Grid, groups: bool) -> LinkList:
    nodes = _CANDIDATE_NODES
    edges: dict[tuple[Node, Node], bool] = {}
    for cell in range(N_CELLS):
        digits = MASK_DIGITS[grid.cands[cell]]
        for a, b in combinations(digits, 2):
            edges[(nodes[cell][a], nodes[cell][b])] = len(digits) == 2
    found_groups = group_nodes(grid) if groups else []
    _add_house_links(edges, grid, nodes, found_groups)
    checkpoint()
    listed = [nodes[c][d] for c in range(N_CELLS) for d in MASK_DIGITS[grid.cands[c]]]
    return LinkList((*listed, *found_groups), tuple((a, b, strong) for (a, b), strong in edges.items()))


def _add_house_links(
    edges: dict[tuple[Node, Node], bool], grid: Grid, nodes: tuple[tuple[Node, ...], ...], groups: list[Node]
) -> None:
    """Links between nodes of one digit in one house; a pair linked in two houses is
    strong if either house makes it so."""
    by_digit: dict[Digit, list[Node]] = {}
    for node in groups:
        by_digit.setdefault(node.digit, []).append(node)
    for unit in UNITS:
        checkpoint()
        for digit in range(1, 10):
            places = grid.cells_with[digit] & unit.mask
            if places.bit_count() < 2:
                continue
            members = [nodes[c][digit] for c in cells_of(places)]
            members += [g for g in by_digit.get(digit, ()) if g.cells & ~unit.mask == 0]
            for a, b in combinations(members, 2):
                if not a.cells & b.cells:
                    strong = a.cells | b.cells == places
                    edges[(a, b)] = edges.get((a, b), False) or strong

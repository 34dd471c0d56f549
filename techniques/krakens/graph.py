"""The link graph kraken branches run on: the grouped chain graph with almost locked sets
of up to :data:`MAX_SET_CELLS` cells (as the grouped nice loops build them,
:mod:`techniques.hodoku_chains.als_nodes`), plus almost hidden sets.

An *almost hidden set* (AHS) is n digits of a house (two to :data:`MAX_HIDDEN`) whose
places there are n + 1 cells. Once one of those cells is known to hold none of the n digits (it
holds another digit, or loses the only one of them it had), the n digits are hidden in the
other n cells: those cells hold nothing else, and the digits leave every other cell of a
house that contains the n cells. That "the digits are hidden in these cells" node is
entered from such a fact and left by weak links to what it removes, and by a strong link to
a cell or place it leaves as the only one. (The strong players' "AHS" nodes; the dual of
an almost locked set.) Like a set node it counts extra links: two per digit beyond the
first, so that a plain chain as long is preferred.
"""

from __future__ import annotations

from typing import Final

from dataclasses import dataclass
from itertools import combinations

from engine.cache import per_grid_version
from engine.cells import MASK_COUNT, MASK_DIGITS, UNITS, UNITS_OF, CellSet, Digit, Mask, Unit, cells_of
from engine.grid import Grid
from engine.stop import checkpoint
from techniques.hodoku_chains.als_nodes import add_als_nodes
from techniques.hodoku_chains.implications import LiteralGraph
from techniques.hodoku_chains.link_graph import Node, candidate_node
from techniques.hodoku_chains.nice_loops import grouped_graph
from techniques.shared import false_literal, true_literal

#: Hidden sets of two to this many digits (four add nothing on the hardest lists' forcing
#: positions that three do not find).
MAX_HIDDEN: Final = 3
#: Almost locked sets of two to this many cells. Larger sets are hard to see in a picture,
#: and on the hardest lists they add almost nothing (forum_hardest forcing positions: one
#: branch found in 206 by sets of up to 9 cells that sets of up to 4 miss) at twice the cost.
MAX_SET_CELLS: Final = 4
#: Marks a hidden-set node's ``als`` field (above the nine digit bits): ``als`` holds the
#: set's digits and this bit, ``cells`` the n cells the digits are hidden in.
HIDDEN: Final = 1 << 9


@dataclass(frozen=True)
class HiddenSet:
    """``digits`` hidden in ``cells`` of ``house`` once ``dropped`` holds none of them."""

    digits: Mask
    cells: CellSet
    dropped: int  # the cell
    house: int


@dataclass
class KrakenGraph:
    """The literal graph and, per hidden-set node number, what it stands for."""

    graph: LiteralGraph
    hidden: dict[int, HiddenSet]


def is_hidden(node: Node) -> bool:
    return bool(node.als & HIDDEN)


@per_grid_version(size=2)
def kraken_graph(grid: Grid) -> KrakenGraph:
    """The graph of a grid (cached per version; read-only)."""
    graph = grouped_graph(grid).copy()  # the grouped nice loops built it for this grid already
    add_als_nodes(graph, grid, MAX_SET_CELLS)
    checkpoint()
    return KrakenGraph(graph, _add_hidden_sets(graph, grid))


def _add_hidden_sets(graph: LiteralGraph, grid: Grid) -> dict[int, HiddenSet]:
    found: dict[int, HiddenSet] = {}
    cands = grid.cands
    for unit in UNITS:
        # per digit, its places in the house as a 9-bit mask of positions in ``unit.cells``
        places = [0] * 10
        for i, cell in enumerate(unit.cells):
            for d in MASK_DIGITS[cands[cell]]:
                places[d] |= 1 << i
        present = [d for d in range(1, 10) if places[d]]
        for size in range(2, MAX_HIDDEN + 1):
            for digits in combinations(present, size):
                spots = 0
                for d in digits:
                    spots |= places[d]
                if MASK_COUNT[spots] != size + 1:
                    continue
                mask = sum(1 << (d - 1) for d in digits)
                cells = sum(1 << unit.cells[i - 1] for i in MASK_DIGITS[spots])
                for dropped in cells_of(cells):
                    _add_hidden(graph, grid, found, HiddenSet(mask, cells & ~(1 << dropped), dropped, unit.number))
    return found


def _add_hidden(graph: LiteralGraph, grid: Grid, found: dict[int, HiddenSet], hidden: HiddenSet) -> None:
    node = Node(MASK_DIGITS[hidden.digits][0], hidden.cells, hidden.digits | HIDDEN)
    index = graph.index
    known = node in index
    i = index[node] if known else graph.add(node)
    on = true_literal(i)
    x, mask = hidden.dropped, hidden.digits
    inside = grid.cands[x] & mask
    # Each literal's links gathered, then set with one |= (as graph.imply one by one).
    out, inc, mine = graph.out, graph.inc, 1 << on
    sources = 0
    for e in MASK_DIGITS[grid.cands[x] & ~mask]:
        a = true_literal(index[candidate_node(e, x)])
        out[a] |= mine
        sources |= 1 << a
    if MASK_COUNT[inside] == 1:
        a = false_literal(index[candidate_node(MASK_DIGITS[inside][0], x)])
        out[a] |= mine
        sources |= 1 << a
    inc[on] |= sources
    if known:
        return  # the same cells from another house: one node, entered from both
    found[i] = hidden
    graph.slow(on, 2 * (MASK_COUNT[mask] - 1))
    targets = 0
    for d, cells in _removed(grid, hidden).items():
        for c in cells_of(cells):
            b = false_literal(index[candidate_node(d, c)])
            inc[b] |= mine
            targets |= 1 << b
    for d, c in _forced(grid, hidden):
        b = true_literal(index[candidate_node(d, c)])
        inc[b] |= mine
        targets |= 1 << b
    out[on] |= targets


def _removed(grid: Grid, hidden: HiddenSet) -> dict[Digit, CellSet]:
    """What the hidden set removes: other digits from its cells, its digits from the other
    cells of every house holding its cells (the dropped cell among them)."""
    out: dict[Digit, CellSet] = {}
    for c in cells_of(hidden.cells):
        for d in MASK_DIGITS[grid.cands[c] & ~hidden.digits]:
            out[d] = out.get(d, 0) | 1 << c
    for unit in _houses_holding(hidden.cells):
        for d in MASK_DIGITS[hidden.digits]:
            outside = grid.cells_with[d] & unit.mask & ~hidden.cells
            if outside:
                out[d] = out.get(d, 0) | outside
    return out


def _houses_holding(cells: CellSet) -> list[Unit]:
    """The houses (one or two) that hold every cell of ``cells``."""
    first = (cells & -cells).bit_length() - 1
    return [UNITS[u] for u in UNITS_OF[first] if not cells & ~UNITS[u].mask]


def _forced(grid: Grid, hidden: HiddenSet) -> list[tuple[Digit, int]]:
    """Candidates the hidden set makes true: a cell left with one of the digits, a digit
    left with one of the cells."""
    out = []
    for c in cells_of(hidden.cells):
        inside = grid.cands[c] & hidden.digits
        if MASK_COUNT[inside] == 1 and grid.cands[c] != inside:
            out.append((MASK_DIGITS[inside][0], c))
    for d in MASK_DIGITS[hidden.digits]:
        spots = grid.cells_with[d] & hidden.cells
        if spots.bit_count() == 1:
            out.append((d, spots.bit_length() - 1))
    return list(dict.fromkeys(out))

"""Almost locked sets as chain nodes (HoDoKu's "ALS in chains" option).

An almost locked set (ALS) is n cells of one house holding n + 1 digits. When a chain makes
one of its digits false in all of its cells (a true candidate that sees every cell of the
set holding that digit), the other n digits are locked in the set: each leaves every cell
outside that sees all of the set's cells holding it. That "set loses d" node is entered by
a weak link and left by weak links to the candidates it removes; it may also leave by a
strong link to a cell it strips down to one digit, or turn another set into a locked one.

As in HoDoKu, single cells are left to ordinary links, and every chain through a set
counts extra links (2 per digit beyond the first), so that a longer chain of plain links
is preferred to a short one through a big set.
"""

from __future__ import annotations

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, Cell, CellSet, Digit, Mask, bit, cells_of
from engine.grid import Grid
from techniques.als.sets import Als, als_index
from techniques.hodoku_chains.implications import LiteralGraph, spacer
from techniques.shared import false_literal, true_literal
from techniques.hodoku_chains.link_graph import Node, candidate_node


def chain_penalty(als: Als) -> int:
    """HoDoKu's extra links for a set with this many digits (1 for 2, 2(n-1) beyond)."""
    n = MASK_COUNT[als.digits]
    return 0 if n < 2 else 1 if n == 2 else 2 * (n - 1)


class _Builder:
    """Adds the set nodes of one grid to a literal graph that already has the groups."""

    def __init__(self, graph: LiteralGraph, grid: Grid, max_cells: int) -> None:
        self.graph = graph
        self.grid = grid
        self.alses = [a for a in als_index(grid).alses if 1 < a.size <= max_cells]
        # Per digit, the groups (cells, node number) by their lowest cell: a group inside a
        # set of cells has its lowest cell there, so the cells' own loops find it.
        self.groups: list[dict[int, list[tuple[CellSet, int]]]] = [{} for _ in range(10)]
        for node in graph.nodes:
            if node.is_group:
                low = node.cells & -node.cells
                self.groups[node.digit].setdefault(low.bit_length() - 1, []).append((node.cells, graph.index[node]))
        # Per digit, the sets by the lowest of their cells holding it: a set all of whose
        # cells holding d another set's exit removes is found from one of those cells.
        self.by_low: list[dict[int, list[int]]] = [{} for _ in range(10)]
        for j, als in enumerate(self.alses):
            for d in MASK_DIGITS[als.digits]:
                low = als.holding[d] & -als.holding[d]
                self.by_low[d].setdefault(low.bit_length() - 1, []).append(j)
        # Every candidate's node number, by cell * 10 + digit (looked up once, not per link).
        index = graph.index
        self.candidate: list[int] = [-1] * (10 * N_CELLS)
        for cell in range(N_CELLS):
            for d in MASK_DIGITS[grid.cands[cell]]:
                self.candidate[cell * 10 + d] = index[candidate_node(d, cell)]
        # Each set's "loses d" literal by set number * 10 + d, once made (-1: not yet).
        self.literals: list[int] = [-1] * (10 * len(self.alses))

    def literal(self, j: int, digit: Digit) -> int:
        """The (only) literal of the node "set ``j`` loses ``digit``": its off literal
        (the node added when first asked for)."""
        found = self.literals[j * 10 + digit]
        if found < 0:
            als = self.alses[j]
            node = Node(digit, als.cells, als.digits)
            i = self.graph.index.get(node)
            if i is None:
                i = self.graph.add(node)
            found = self.literals[j * 10 + digit] = false_literal(i)
        return found

    def add_all(self) -> None:
        for j, als in enumerate(self.alses):
            for digit in MASK_DIGITS[als.digits]:
                removed = {d: als.sees_all[d] for d in MASK_DIGITS[als.digits & ~bit(digit)] if als.sees_all[d]}
                if removed:
                    self.add_node(j, digit, removed)

    def add_node(self, j: int, digit: Digit, removed: dict[Digit, CellSet]) -> None:
        """The node "set ``j`` loses ``digit``" and its links. (Each literal's links are
        gathered, then set with one ``|=``: as :meth:`LiteralGraph.imply` one by one.)"""
        graph = self.graph
        out, inc, candidate = graph.out, graph.inc, self.candidate
        als = self.alses[j]
        node = self.literal(j, digit)
        mine, sources = 1 << node, 0
        seeing = als.sees_all[digit]
        groups = self.groups[digit]
        for cell in cells_of(seeing):
            a = true_literal(candidate[cell * 10 + digit])
            out[a] |= mine
            sources |= 1 << a
            for cells, number in groups.get(cell, ()):
                if not cells & als.cells and not cells & ~seeing:
                    a = true_literal(number)
                    out[a] |= mine
                    sources |= 1 << a
        inc[node] |= sources
        graph.slow(node, chain_penalty(als))
        exit_ = node
        targets = 0
        reached: set[int] = set()  # the sets (by number) that may lose a digit to these removals
        lost: dict[Cell, Mask] = {}  # per cell, the digits the set removes from it
        for d, cells in removed.items():
            groups, table, gone = self.groups[d], self.by_low[d], bit(d)
            for cell in cells_of(cells):
                b = false_literal(candidate[cell * 10 + d])
                inc[b] |= mine
                targets |= 1 << b
                for group, number in groups.get(cell, ()):
                    if not group & ~cells:
                        b = false_literal(number)
                        inc[b] |= mine
                        targets |= 1 << b
                sets = table.get(cell)
                if sets is not None:
                    reached.update(sets)
                lost[cell] = lost.get(cell, 0) | gone
        for k in sorted(reached):
            other = self.alses[k]
            if k == j or other.cells & als.cells:
                continue
            for d in MASK_DIGITS[other.digits]:
                if d in removed and not other.holding[d] & ~removed[d]:
                    b = self.literal(k, d)  # may add the node: the lists grow
                    graph.inc[b] |= mine
                    targets |= 1 << b
        graph.out[exit_] |= targets
        self.add_forcings(exit_, lost)

    def add_forcings(self, exit_: int, lost: dict[Cell, Mask]) -> None:
        """A cell of three or more digits left with one (``lost``: the digits each cell
        loses): the set forces it (one link more, the removals in it are not shown).
        Two-digit cells need no help: their own strong link does it."""
        forced_exit = -1
        for cell in sorted(lost):
            left = self.grid.cands[cell]
            if MASK_COUNT[left] <= 2:
                continue
            left &= ~lost[cell]
            if MASK_COUNT[left] == 1:
                if forced_exit < 0:
                    forced_exit = spacer(self.graph, exit_, 1)
                self.graph.imply(forced_exit, true_literal(self.candidate[cell * 10 + MASK_DIGITS[left][0]]))


def add_als_nodes(graph: LiteralGraph, grid: Grid, max_cells: int = 9) -> None:
    """Add every "set loses d" node of the grid's almost locked sets (of at most
    ``max_cells`` cells) to ``graph``."""
    _Builder(graph, grid, max_cells).add_all()

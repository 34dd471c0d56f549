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

from engine.cells import MASK_COUNT, MASK_DIGITS, CellSet, Digit, bit, cells_of
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
        self.groups: dict[Digit, list[Node]] = {}
        for node in graph.nodes:
            if node.is_group:
                self.groups.setdefault(node.digit, []).append(node)
        # Per digit, the sets by the lowest of their cells holding it: a set all of whose
        # cells holding d another set's exit removes is found from one of those cells.
        self.by_low: list[dict[int, list[int]]] = [{} for _ in range(10)]
        for j, als in enumerate(self.alses):
            for d in MASK_DIGITS[als.digits]:
                low = als.holding[d] & -als.holding[d]
                self.by_low[d].setdefault(low.bit_length() - 1, []).append(j)

    def literal(self, als: Als, digit: Digit) -> int:
        """The (only) literal of the node "``als`` loses ``digit``": its off literal."""
        node = Node(digit, als.cells, als.digits)
        i = self.graph.index.get(node)
        if i is None:
            i = self.graph.add(node)
        return false_literal(i)

    def add_all(self) -> None:
        for als in self.alses:
            for digit in MASK_DIGITS[als.digits]:
                removed = {d: als.sees_all[d] for d in MASK_DIGITS[als.digits & ~bit(digit)] if als.sees_all[d]}
                if removed:
                    self.add_node(als, digit, removed)

    def add_node(self, als: Als, digit: Digit, removed: dict[Digit, CellSet]) -> None:
        graph = self.graph
        node = self.literal(als, digit)
        for cell in cells_of(als.sees_all[digit]):
            graph.imply(true_literal(graph.index[candidate_node(digit, cell)]), node)
        for group in self.groups.get(digit, ()):
            if not group.cells & als.cells and not group.cells & ~als.sees_all[digit]:
                graph.imply(true_literal(graph.index[group]), node)
        graph.slow(node, chain_penalty(als))
        exit_ = node
        for d, cells in removed.items():
            for cell in cells_of(cells):
                graph.imply(exit_, false_literal(graph.index[candidate_node(d, cell)]))
            for group in self.groups.get(d, ()):
                if not group.cells & ~cells:
                    graph.imply(exit_, false_literal(graph.index[group]))
        for other in self._reached(removed):
            if other is als or other.cells & als.cells:
                continue
            for d in MASK_DIGITS[other.digits]:
                if d in removed and not other.holding[d] & ~removed[d]:
                    graph.imply(exit_, self.literal(other, d))
        self.add_forcings(exit_, removed)

    def _reached(self, removed: dict[Digit, CellSet]) -> list[Als]:
        """The sets that may lose a digit to these removals, in list order."""
        found: set[int] = set()
        for d, cells in removed.items():
            table = self.by_low[d]
            for cell in cells_of(cells):
                found.update(table.get(cell, ()))
        return [self.alses[j] for j in sorted(found)]

    def add_forcings(self, exit_: int, removed: dict[Digit, CellSet]) -> None:
        """A cell of three or more digits left with one: the set forces it (one link more,
        the removals in it are not shown). Two-digit cells need no help: their own strong
        link does it."""
        touched = 0
        for cells in removed.values():
            touched |= cells
        forced_exit = -1
        for cell in cells_of(touched):
            left = self.grid.cands[cell]
            if MASK_COUNT[left] <= 2:
                continue
            for d, cells in removed.items():
                if cells >> cell & 1:
                    left &= ~bit(d)
            if MASK_COUNT[left] == 1:
                if forced_exit < 0:
                    forced_exit = spacer(self.graph, exit_, 1)
                target = candidate_node(MASK_DIGITS[left][0], cell)
                self.graph.imply(forced_exit, true_literal(self.graph.index[target]))


def add_als_nodes(graph: LiteralGraph, grid: Grid, max_cells: int = 9) -> None:
    """Add every "set loses d" node of the grid's almost locked sets (of at most
    ``max_cells`` cells) to ``graph``."""
    _Builder(graph, grid, max_cells).add_all()

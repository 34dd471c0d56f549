"""Simple chains: X-Chain and XY-Chain.

An X-Chain follows one digit through alternating strong and weak links between cells:
from "A is not d" each strong link forces the next cell to be d and each weak link takes
d from the one after, until "B is d". So A or B holds d, and a cell seeing both loses it.
An XY-Chain does the same through cells with two candidates: the strong links are inside
the cells, the weak links between cells share a digit; when both ends hold digit x, cells
seeing both ends lose x. Chains are found breadth first on the link graph, so each pair of
ends is joined by a shortest chain; HoDoKu keeps one chain per set of eliminations, the
shortest, and so do we.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Final, Iterator, NamedTuple

from engine.cells import CELL_NAMES, PEER_MASK, CellSet, Digit, bit_indices, first_cell
from engine.cache import StateMemo, per_grid_version
from engine.grid import Grid
from engine.step import Candidate, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, false_literal, true_literal
from techniques.hodoku_chains.implications import LiteralGraph, path_nodes
from techniques.hodoku_chains.notation import Chain, chain_highlights, chain_string, walk_words, which_see
from techniques.hodoku_chains.candidate_graph import X_CHAIN_LINKS, XY_CHAIN_LINKS, candidate_graph
from techniques.hodoku_chains.link_graph import Node
from techniques.hodoku_chains.table_order import TableOrder, first_path_to_any, first_simple_path, is_lasso

_X_CHAIN: Final = (
    "Follow {d} along the chain: if {start} is not {d}, then {walk}. So {start} or {end} is {d}, and "
    "{targets} both, cannot be {d}."
)
_X_LOOP: Final = (
    "Follow {d} along the chain: if {start} is not {d}, then {walk}. So {start} is {d} either way, and "
    "{targets} it, cannot be {d}."
)
_XY_CHAIN: Final = (
    "Every cell of this chain has two candidates. If {start} is not {d}, then {walk}. So {start} or "
    "{end} is {d}, and {targets} both, cannot be {d}."
)

#: HoDoKu's longest simple chain: 20 candidates, 19 links (its chain length limit).
MAX_LINKS: Final = 19


@per_grid_version()
def x_graph(grid: Grid) -> LiteralGraph:
    """Links between cells for one digit at a time: the X-Chain's graph."""
    return candidate_graph(grid, X_CHAIN_LINKS)


@per_grid_version()
def xy_graph(grid: Grid) -> LiteralGraph:
    """Cells with two candidates: strong links inside them, weak links between them."""
    return candidate_graph(grid, XY_CHAIN_LINKS)


def on_literals(graph: LiteralGraph) -> int:
    return sum(1 << true_literal(i) for i in range(len(graph.nodes)))


class SimpleChain(BaseTechnique):
    """X-Chain (one digit) or XY-Chain (cells with two candidates): a chain whose two ends
    cannot both be false removes their digit from cells that see both ends."""

    def __init__(self, declaration: Declaration, xy: bool) -> None:
        super().__init__(declaration)
        self.xy = xy

    def find(self, grid: Grid) -> Iterator[Step]:
        for _, build in self.pending(grid):
            yield build()

    def pending(self, grid: Grid) -> Iterator[tuple[tuple[Candidate, ...], Callable[[], Step]]]:
        """The steps of :meth:`find`, in its order, each as its eliminations and a function
        that builds it (explanation, highlights): the ``hodoku`` profile builds one."""
        found = self._by_digit(grid) if not self.xy else {effect: kept for _, effect, kept in self._found(grid, xy_graph(grid))}
        # Most eliminations first, then in the order found (HoDoKu's order among equals).
        for _, chain in sorted(found.values(), key=lambda f: -len(f[1].eliminations)):
            yield chain.eliminations, partial(self._step, grid, chain)

    def _by_digit(self, grid: Grid) -> dict[tuple[Candidate, ...], tuple[int, _Found]]:
        """The X-Chains of every digit, as one search over all of them keeps them: in the
        order of their start cells (then digits). One digit's chains depend on nothing but
        its candidates: remembered, since most steps leave most digits alone."""
        merged: list[tuple[int, Digit, int, tuple[Candidate, ...], tuple[int, _Found]]] = []
        for digit in range(1, 10):
            cells = grid.cells_with[digit]
            if not cells:
                continue
            kept = _X_CHAINS.get((digit, cells))
            if kept is None:
                graph = candidate_graph(grid, X_CHAIN_LINKS, digit)
                kept = tuple((start, digit, n, effect, value) for n, (start, effect, value) in enumerate(self._found(grid, graph)))
                _X_CHAINS.put((digit, cells), kept)
            merged += kept
        merged.sort(key=lambda entry: entry[:3])
        return {effect: value for _, _, _, effect, value in merged}

    def _found(self, grid: Grid, graph: LiteralGraph) -> list[tuple[int, tuple[Candidate, ...], tuple[int, _Found]]]:
        """The chain kept per effect, in the order the effects were first met, each with
        the cell of the start it was first met from."""
        order = TableOrder(grid, graph)
        ends = on_literals(graph)
        found: dict[tuple[Candidate, ...], tuple[int, _Found]] = {}
        starts: dict[tuple[Candidate, ...], int] = {}
        for i, node in enumerate(graph.nodes):
            layers = graph.layers(false_literal(i))
            # A chain needs three links at least (strong, weak, strong); HoDoKu stops at 19.
            lengths = range(3, min(len(layers), MAX_LINKS + 1), 2)
            if not _reached(layers, lengths) & ends:
                continue
            for length in lengths:
                by_effect: dict[tuple[Candidate, ...], int] = {}
                for end in bit_indices(layers[length] & ends):
                    targets = self._targets(grid, node, graph.node(end))
                    if targets:
                        effect = candidates(grid, node.digit, targets)
                        by_effect[effect] = by_effect.get(effect, 0) | 1 << end
                for effect, chosen in by_effect.items():
                    if effect not in found or found[effect][0] > length:
                        self._consider(grid, graph, order, layers, (length, chosen), node, effect, found)
                        if effect in found:
                            starts.setdefault(effect, node.cell)
        return [(starts[effect], effect, kept) for effect, kept in found.items()]

    def _targets(self, grid: Grid, start: Node, last: Node) -> CellSet:
        """The cells a chain from ``start`` to ``last`` clears (0: not such a chain). An
        X-Chain may come back into its start cell: then the start holds the digit and
        every cell seeing it loses it (HoDoKu takes such a loop as an X-Chain; its
        XY-Chains stop when they come back)."""
        if last.digit != start.digit:
            return 0
        # first_cell, not Node.cell: a property of a named tuple is a generic lookup, compiled.
        start_cell, last_cell = first_cell(start.cells), first_cell(last.cells)
        if last_cell == start_cell:
            return 0 if self.xy else grid.cells_with[start.digit] & PEER_MASK[start_cell]
        return grid.cells_with[start.digit] & PEER_MASK[start_cell] & PEER_MASK[last_cell]

    def _consider(
        self,
        grid: Grid,
        graph: LiteralGraph,
        order: TableOrder,
        layers: list[int],
        reach: tuple[int, int],
        start: Node,
        effect: tuple[Candidate, ...],
        found: dict[tuple[Candidate, ...], tuple[int, _Found]],
    ) -> None:
        """Keep the chain HoDoKu would show for ``effect`` from ``start``: of the chains of
        ``length`` links to the ends in ``chosen``, the first its depth-first search meets
        (links in table order); one that crosses itself falls back to any other."""
        length, chosen = reach
        path: list[int] | None = first_path_to_any(graph, layers, length, chosen, order)
        loop = path is not None and graph.node(path[-1]) == start
        if path is None or is_lasso(graph, path, loop=loop):
            path = next((p for end in bit_indices(chosen) for p in graph.paths(layers, end, loop=graph.node(end) == start)), None)
        if path is None:  # every shortest way comes back into a cell: a longer chain may not
            ends = sum(1 << end for end in bit_indices(chosen) if graph.node(end).cell != start.cell)
            path = first_simple_path(graph, layers[0].bit_length() - 1, ends, length, MAX_LINKS, order) if ends else None
            if path is not None:
                length = len(path) - 1
                if effect in found and found[effect][0] <= length:
                    return
        if path is not None:
            targets = self._targets(grid, start, graph.node(path[-1]))
            eliminations = tuple(dict.fromkeys(candidates(grid, start.digit, targets)))  # as the step keeps them
            found[effect] = (length, _Found(path_nodes(graph, path), start.digit, targets, eliminations))

    def _step(self, grid: Grid, found: _Found) -> Step:
        chain, digit, targets = found.chain, found.digit, found.targets
        loop = chain[0][0].cell == chain[-1][0].cell
        text = (_XY_CHAIN if self.xy else _X_LOOP if loop else _X_CHAIN).format(
            d=digit,
            start=CELL_NAMES[chain[0][0].cell],
            end=CELL_NAMES[chain[-1][0].cell],
            walk=walk_words(chain),
            targets=which_see(targets),
        )
        notation = chain_string(chain)
        if self.xy:
            notation = f"{digit}- {notation} -{digit}"
        return self.step(
            f"{digit} {notation}",
            eliminations=candidates(grid, digit, targets),
            explanation=text,
            highlights=chain_highlights(grid, chain),
            digits=(digit,),
        )


def _reached(layers: list[int], lengths: range) -> int:
    """The literals of these layers, as one set (the quick test before each length)."""
    reached = 0
    for length in lengths:
        reached |= layers[length]
    return reached


class _Found(NamedTuple):
    """A chain kept for its effect, its step not built yet."""

    chain: Chain
    digit: Digit
    targets: CellSet
    eliminations: tuple[Candidate, ...]  # the step's


#: One digit's X-Chains (as ``SimpleChain._by_digit`` keeps them) by that digit's candidates.
_X_CHAINS: Final[StateMemo[tuple[Digit, CellSet], tuple[tuple[int, Digit, int, tuple[Candidate, ...], tuple[int, _Found]], ...]]] = StateMemo()

X_CHAIN: Final = SimpleChain(Declaration("X-Chain", "x", library="0701"), xy=False)
XY_CHAIN: Final = SimpleChain(Declaration("XY-Chain", "xyc", library="0702"), xy=True)

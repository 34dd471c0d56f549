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

from typing import Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, PEER_MASK, CellSet, Digit, bit_indices
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.step import Candidate, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, false_literal, true_literal
from techniques.chains.implications import LiteralGraph, path_nodes
from techniques.chains.notation import Chain, chain_highlights, chain_string, walk_words, which_see
from techniques.chains.link_graph import Node, link_graph, links

_X_CHAIN = (
    "Follow {d} along the chain: if {start} is not {d}, then {walk}. So {start} or {end} is {d}, and "
    "{targets} both, cannot be {d}."
)
_XY_CHAIN = (
    "Every cell of this chain has two candidates. If {start} is not {d}, then {walk}. So {start} or "
    "{end} is {d}, and {targets} both cannot be {d}."
)

@per_grid_version()
def x_graph(grid: Grid) -> LiteralGraph:
    """Links between cells for one digit at a time: the X-Chain's graph."""
    linked = link_graph(grid)
    graph = LiteralGraph(sorted(linked.nodes, key=lambda n: n.sort_key))
    graph.add_links((a, b, True, strong) for a, b, strong in links(linked) if a.digit == b.digit)
    return graph


@per_grid_version()
def xy_graph(grid: Grid) -> LiteralGraph:
    """Cells with two candidates: strong links inside them, weak links between them."""
    linked = link_graph(grid)

    def bivalue(n: Node) -> bool:
        return MASK_COUNT[grid.cands[n.cell]] == 2

    graph = LiteralGraph(sorted((n for n in linked.nodes if bivalue(n)), key=lambda n: n.sort_key))
    graph.add_links(
        (a, b, a.cells != b.cells, a.cells == b.cells) for a, b, _ in links(linked) if bivalue(a) and bivalue(b)
    )
    return graph


def on_literals(graph: LiteralGraph) -> int:
    return sum(1 << true_literal(i) for i in range(len(graph.nodes)))


class SimpleChain(BaseTechnique):
    """X-Chain (one digit) or XY-Chain (cells with two candidates): a chain whose two ends
    cannot both be false removes their digit from cells that see both ends."""

    def __init__(self, declaration: Declaration, xy: bool) -> None:
        super().__init__(declaration)
        self.xy = xy

    def find(self, grid: Grid) -> Iterator[Step]:
        graph = xy_graph(grid) if self.xy else x_graph(grid)
        ends = on_literals(graph)
        found: dict[tuple[Candidate, ...], tuple[int, Step]] = {}
        for i, node in enumerate(graph.nodes):
            layers = graph.layers(false_literal(i))
            # A chain needs three links at least (strong, weak, strong).
            for length in range(3, len(layers), 2):
                for end in bit_indices(layers[length] & ends):
                    self._consider(grid, graph, layers, end, node, length, found)
        for _, step in sorted(found.values(), key=lambda f: (-len(f[1].eliminations), f[0], f[1].eliminations)):
            yield step

    def _consider(
        self,
        grid: Grid,
        graph: LiteralGraph,
        layers: list[int],
        end: int,
        start: Node,
        length: int,
        found: dict[tuple[Candidate, ...], tuple[int, Step]],
    ) -> None:
        last = graph.node(end)
        if last.digit != start.digit or last.cell == start.cell:
            return
        targets = grid.cells_with[start.digit] & PEER_MASK[start.cell] & PEER_MASK[last.cell]
        if not targets:
            return
        effect = candidates(grid, start.digit, targets)
        if effect in found and found[effect][0] <= length:
            return
        path = next(graph.paths(layers, end), None)
        if path is not None:
            found[effect] = (length, self._step(grid, path_nodes(graph, path), start.digit, targets))

    def _step(self, grid: Grid, chain: Chain, digit: Digit, targets: CellSet) -> Step:
        text = (_XY_CHAIN if self.xy else _X_CHAIN).format(
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


X_CHAIN = SimpleChain(Declaration("X-Chain", "x", library="0701"), xy=False)
XY_CHAIN = SimpleChain(Declaration("XY-Chain", "xyc", library="0702"), xy=True)

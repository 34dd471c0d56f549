"""The branches of a kraken: what one candidate being true rules out or forces, through a
short chain a person can draw.

A branch is an alternating chain over the kraken graph (:mod:`techniques.krakens.graph`):
weak links turn "is" into "is not", strong links "is not" into "is"; a group node is a
digit in two or three cells of a box and a line, an almost locked set node is "the set
loses this digit, so its other digits are locked in it", an almost hidden set node "these
digits are hidden in these cells". Every literal a breadth-first search reaches from "the
candidate is true" within :data:`MAX_LINKS` implications follows from it (each implication
is sound on its own), and its shortest chain is the branch that shows it. Chains through an
almost locked set count its extra links, as the nice loops do, so a big set costs what it
shows.

One :class:`Branches` per grid version serves every kraken technique; the searches it has
run are kept in it (a pure function of the grid: the same answers for every caller).
"""

from __future__ import annotations

from typing import Final

from engine.cache import per_grid_version
from engine.cells import INT_OBJECTS, N_CELLS, BoxedInt, bit_indices, boxed
from engine.grid import Grid
from engine.step import Candidate
from techniques.hodoku_chains.implications import LiteralGraph, path_nodes
from techniques.hodoku_chains.link_graph import Node, candidate_node
from techniques.hodoku_chains.notation import Chain
from techniques.krakens.graph import HiddenSet, KrakenGraph, kraken_graph
from techniques.shared import N_CANDIDATES, candidate_index, false_literal, true_literal

#: The longest branch, in implications (an almost locked set counts its extra links). A
#: branch of twelve is a chain of about six strong links: what a kraken fish allows too;
#: longer ones are a forcing chain's business.
MAX_LINKS: Final = 12


class Branches:
    """Breadth-first searches from candidates of one grid, over its chain graph."""

    def __init__(self, grid: Grid, built: KrakenGraph | None = None) -> None:
        """``built``: the graph to search (by default the grid's kraken graph)."""
        self.grid = grid
        built = built or kraken_graph(grid)
        self.graph: LiteralGraph = built.graph
        self.hidden: dict[Node, HiddenSet] = {self.graph.nodes[i]: h for i, h in built.hidden.items()}
        index = self.graph.index
        self.on: list[int] = [-1] * N_CANDIDATES  # candidate number -> its "is" literal
        self.plain_on = self.plain_off = 0  # literals of single candidates
        for digit in range(1, 10):
            for cell in range(N_CELLS):
                i = index.get(candidate_node(digit, cell))
                if i is not None:
                    self.on[candidate_index(cell, digit)] = true_literal(i)
                    self.plain_on |= 1 << true_literal(i)
                    self.plain_off |= 1 << false_literal(i)
        self._layers: dict[int, list[int]] = {}
        self._reach: dict[int, int] = {}
        self._walk = _Walk(self.graph, self.plain_on | self.plain_off)

    def literal(self, candidate: Candidate, true: bool) -> int:
        on = self.on[candidate_index(candidate.cell, candidate.digit)]
        return on if true else on | 1

    def candidate(self, literal: int) -> Candidate:
        node = self.graph.node(literal)
        return Candidate(node.digit, node.cell)

    def layers(self, premise: Candidate) -> list[int]:
        """The search layers from "``premise`` is true" (layer k: k implications away)."""
        start = self.literal(premise, True)
        found = self._layers.get(start)
        if found is None:
            found = self._layers[start] = self.graph.layers(start, MAX_LINKS)
        return found

    def reach(self, premise: Candidate) -> int:
        """Every single-candidate literal that follows from ``premise`` being true."""
        start = self.literal(premise, True)
        found = self._reach.get(start)
        if found is None:
            found = self._reach[start] = self._walk.reach(start)
        return found

    def distance(self, premise: Candidate, literal: int) -> int:
        """How many implications ``literal`` lies from ``premise`` (which must reach it)."""
        bit = 1 << literal  # one small int, not a shift of every layer
        for k, layer in enumerate(self.layers(premise)):
            if layer & bit:
                return k
        raise ValueError(f"literal {literal} is not reached from {premise}")

    def chain(self, premise: Candidate, literal: int) -> Chain:
        """A shortest branch from ``premise`` to ``literal`` (which it must reach): one that
        never comes back to a cell when there is one, as (node, true?) pairs."""
        layers = self.layers(premise)
        for path in self.graph.paths(layers, literal):
            return path_nodes(self.graph, path)
        return path_nodes(self.graph, _any_path(self.graph, layers, literal))


class _Walk:
    """What ``LiteralGraph.layers`` reaches to MAX_LINKS implications, as a bucket-queue
    search (Dial's) over the literals' links as lists of small ints: a slowed literal's
    implications go in the bucket as many layers further as it is slowed, and a literal
    counts at the first bucket that takes it. A premise reaches some eighty literals over
    some three links each: walking them costs less than a bit-set front per layer, each
    operation of which makes an int as wide as the graph. The layers themselves are made
    only for the premises a step shows."""

    def __init__(self, graph: LiteralGraph, plain: int) -> None:
        size = len(graph.out)
        self.out = graph.out
        self.after: list[list[BoxedInt] | None] = [None] * size  # per literal, made when first walked from
        self.slowed: list[BoxedInt] = [0] * size  # per literal, its extra layers
        for literal in bit_indices(graph.delayed):
            self.slowed[literal] = boxed(graph.delay[literal])
        self.plain: list[bool] = [False] * size
        for literal in bit_indices(plain):
            self.plain[literal] = True
        self.stamp: list[BoxedInt] = [-1] * size  # == tag: met in this search, at ``depth``
        self.depth: list[BoxedInt] = [0] * size
        self.tag = 0
        while len(_BITS) < size:
            _BITS.append(1 << len(_BITS))

    def reach(self, start: int) -> int:
        """The single-candidate literals within MAX_LINKS implications of ``start``."""
        self.tag += 1
        tag = boxed(self.tag)  # one object: the stamps of this search are this object
        stamp, depth, after, slowed, plain = self.stamp, self.depth, self.after, self.slowed, self.plain
        buckets: list[list[BoxedInt]] = [[] for _ in range(MAX_LINKS + 1)]
        stamp[start] = tag
        depth[start] = INT_OBJECTS[0]
        buckets[0].append(boxed(start))
        found = 0
        for level in range(MAX_LINKS + 1):
            for literal_object in buckets[level]:
                literal: int = literal_object
                at: int = depth[literal]
                if at != level:
                    continue  # met sooner since it was put here
                if plain[literal]:
                    found |= _BITS[literal]
                extra: int = slowed[literal]
                further = level + 1 + extra
                if further > MAX_LINKS:
                    continue
                nexts = after[literal]
                if nexts is None:
                    nexts = after[literal] = [boxed(n) for n in bit_indices(self.out[literal])]
                for next_object in nexts:
                    n: int = next_object
                    if stamp[n] is not tag:
                        stamp[n] = tag
                    else:
                        known: int = depth[n]
                        if known <= further:
                            continue
                    depth[n] = INT_OBJECTS[further]
                    buckets[further].append(next_object)
        return found


#: 1 << n, for the literal numbers of the graphs met so far.
_BITS: Final[list[int]] = []


def _any_path(graph: LiteralGraph, layers: list[int], target: int) -> list[int]:
    """Some shortest chain to ``target``, traced back layer by layer (delays included)."""
    depth = next(k for k, layer in enumerate(layers) if layer >> target & 1)
    path = [target]
    while depth > 0:
        literal = path[-1]
        for source in range(graph.inc[literal].bit_length()):
            if not graph.inc[literal] >> source & 1:
                continue
            delay = graph.delay[source] if graph.delayed >> source & 1 else 0
            before = depth - 1 - delay
            if before >= 0 and layers[before] >> source & 1:
                path.append(source)
                depth = before
                break
        else:  # pragma: no cover - a reached literal always has a source one layer up
            raise ValueError("no chain to a reached literal")
    return path[::-1]


@per_grid_version(size=2)
def branches(grid: Grid) -> Branches:
    """The branch searches of a grid (shared by the kraken techniques, read-only)."""
    return Branches(grid)


"""Chain search: what follows when a node is true or false, breadth first over bitmasks.

A *literal* is a node with a truth value: "r1c5 is 1" (on) or "r1c5 is not 1" (off). Links
are implications between literals: a weak link turns "A on" into "B off", a strong link
turns "A off" into "B on". A chain is a path of implications; one from "A off" to "B on"
is an alternating inference chain (AIC): A or B holds. Node ``i`` has literals ``2i`` (on)
and ``2i + 1`` (off); each literal's successors are one int bitmask, so a breadth-first
search costs a few big-int ORs per literal reached, and the search layers give every
shortest path back without storing any.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from engine.cells import CellSet
from techniques.links import Node

# The longest chain, in implications, that any search follows. Human chains and every
# chain in HoDoKu's library are shorter than 20; past this length a chain is no longer
# a useful explanation, and the bound keeps each breadth-first search finite and cheap.
MAX_CHAIN_LINKS = 24
# Backtracking budget when picking a shortest path that never revisits a cell: the
# search layers can hold exponentially many shortest paths, almost all valid; the budget
# stops a pathological position from enumerating them.
TRACE_BUDGET = 400


def on(node: int) -> int:
    return 2 * node


def off(node: int) -> int:
    return 2 * node + 1


def is_on(literal: int) -> bool:
    return not literal & 1


def bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class LiteralGraph:
    """Implications between literals of a fixed list of nodes."""

    __slots__ = ("nodes", "index", "out", "inc", "cells")

    def __init__(self, nodes: Sequence[Node]) -> None:
        self.nodes = list(nodes)
        self.index = {n: i for i, n in enumerate(self.nodes)}
        self.out = [0] * (2 * len(self.nodes))
        self.inc = [0] * (2 * len(self.nodes))
        self.cells = [n.cells for n in self.nodes]

    def imply(self, a: int, b: int) -> None:
        """Literal ``a`` implies literal ``b``."""
        self.out[a] |= 1 << b
        self.inc[b] |= 1 << a

    def link(self, a: Node, b: Node, *, weak: bool, strong: bool) -> None:
        """A link between two nodes, used as weak, as strong, or both."""
        i, j = self.index[a], self.index[b]
        if weak:
            self.imply(on(i), off(j))
            self.imply(on(j), off(i))
        if strong:
            self.imply(off(i), on(j))
            self.imply(off(j), on(i))

    def node(self, literal: int) -> Node:
        return self.nodes[literal >> 1]

    def layers(self, start: int, max_depth: int = MAX_CHAIN_LINKS) -> list[int]:
        """Breadth-first layers from one literal: ``layers[k]`` holds the literals whose
        shortest chain from ``start`` has ``k`` implications."""
        out = self.out
        visited = frontier = 1 << start
        found = [frontier]
        while len(found) <= max_depth:
            reached = 0
            while frontier:
                low = frontier & -frontier
                reached |= out[low.bit_length() - 1]
                frontier ^= low
            frontier = reached & ~visited
            if not frontier:
                break
            visited |= frontier
            found.append(frontier)
        return found

    def paths(
        self, layers: list[int], target: int, *, loop: bool = False, prefer: int = 0, budget: int = TRACE_BUDGET
    ) -> Iterator[list[int]]:
        """Shortest chains from ``layers[0]`` to ``target`` that never come back.

        HoDoKu's rule: a node's first cell never lies in a node two or more steps earlier
        (consecutive nodes may share a cell: a link inside it). A ``loop`` ends in its start
        cell, and no single candidate in between lies there. Literals in ``prefer`` are tried
        first. Yields lists of literals, start first.
        """
        depth = next(k for k, layer in enumerate(layers) if layer >> target & 1)
        start_cell = 1 << self.nodes[(layers[0].bit_length() - 1) >> 1].cell
        path = [0] * (depth + 1)
        path[depth] = target
        left = [budget]

        def extend(pos: int, far_keys: CellSet, key: CellSet) -> Iterator[list[int]]:
            # far_keys: first cells of the nodes after position pos; key: that of pos.
            if pos == 0:
                yield list(path)
                return
            choices = self.inc[path[pos]] & layers[pos - 1]
            for literal in list(bits(choices & prefer)) + list(bits(choices & ~prefer)):
                left[0] -= 1
                if left[0] < 0:
                    return
                node = self.nodes[literal >> 1]
                if loop and pos == 1:
                    pass  # the start itself: nodes after it may reach into its cell
                elif node.cells & far_keys or (loop and node.is_plain and node.cells == start_cell):
                    continue
                path[pos - 1] = literal
                yield from extend(pos - 1, far_keys | key, 1 << node.cell)

        # A loop's end lies in the start cell on purpose: it blocks nothing.
        yield from extend(depth, 0, 0 if loop else 1 << self.nodes[target >> 1].cell)


def path_nodes(graph: LiteralGraph, path: list[int]) -> list[tuple[Node, bool]]:
    """A chain as (node, true?) pairs."""
    return [(graph.node(lit), is_on(lit)) for lit in path]

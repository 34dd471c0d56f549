"""SE's Forcing Chains & Cycles walks for a search that keeps nothing: visited nodes in
arrays instead of dicts.

The walks of ``walks`` keep each walk's nodes and parents in a dict, which a nested
search's memo keeps and compares with what changed (``walk_memo``). The solver's own
search (``ForcingChainsAndCycles.best``, a pruned ``PassGraph``) keeps no walk: it reads
each walk's cycles and chains at once and moves on to the next start. For it the parents
go into one array per pass (``Marks``), indexed by node, reset after each walk: the same
breadth-first walk, node for node, with the same cycles and chains, at a lower cost per
node (most of the se profile's time on hard sets is these walks).
"""

from __future__ import annotations

from typing import Final

from techniques.se_chains.nodes import Node
from techniques.se_chains.walks import N_NODES, PassGraph

#: A node no walk has reached (``Marks.parent``); the start's parent is -1.
UNSEEN: Final = -2

#: A cycle or chain with the round of the walk that found it.
Found = tuple[int, tuple[Node, ...]]


class Marks:
    """Scratch arrays for one walk at a time: each reached node's parent, and which off
    nodes imply the start (its way back). Every entry is reset after the walk."""

    __slots__ = ("parent", "into")

    def __init__(self) -> None:
        self.parent: list[int] = [UNSEEN] * N_NODES
        self.into: list[bool] = [False] * N_NODES

    def path_to(self, n: Node) -> tuple[Node, ...]:
        parent = self.parent
        out = []
        while n != -1:
            out.append(n)
            n = parent[n]
        out.reverse()
        return tuple(out)

    def clear(self, layers: list[list[Node]]) -> None:
        parent = self.parent
        for layer in layers:
            for n in layer:
                parent[n] = UNSEEN


def cycles_and_chain(graph: PassGraph, marks: Marks, source: Node, depth: int, longest: int) -> tuple[list[tuple[Node, ...]], Found | None]:
    """What ``walks.walk`` from ``source`` (on) finds within ``depth`` links on a pruned
    graph, read at once: the cycles back to the source of at most ``longest`` nodes, in
    SE's order (as ``Walked.cycles`` gives them), and the first chain to its opposite."""
    assert graph.live_of is not None
    into = marks.into
    back = graph.ons(source ^ 1)
    for r in back:
        into[r ^ 1] = True
    ends, chain, layers = _walk_on(graph, marks, source, depth)
    for r in back:
        into[r ^ 1] = False
    cycles: list[tuple[Node, ...]] = []
    for k, p, q in ends:
        if 2 * k + 2 <= longest:  # the cycle: 2k + 1 nodes to p, then q
            path = marks.path_to(p)
            if q not in path:
                cycles.append(path + (q,))
    marks.clear(layers)
    return cycles, chain


def _walk_on(graph: PassGraph, marks: Marks, source: Node, depth: int) -> tuple[list[tuple[int, Node, Node]], Found | None, list[list[Node]]]:
    """``walks.walk`` with the parents in ``marks`` (and the reached nodes by layer, to
    reset them)."""
    parent, into = marks.parent, marks.into
    target = source ^ 1
    parent[source] = -1
    ends: list[tuple[int, Node, Node]] = []
    chain: Found | None = None
    layer = [source]
    layers = [layer]
    reached = 0
    live_of, ons_of = graph.live_of, graph.ons_of
    assert live_of is not None
    #: With a target that implies nothing: the on nodes that imply it.
    into_target: set[Node] = set()
    if not graph.ons(target):
        into_target = {q ^ 1 for q in graph.offs(source)}
    while layer and reached < depth:
        round_ = reached >> 1
        fresh: list[Node] = []
        for p in layer:
            targets = live_of[p]
            if targets is None:
                targets = graph.live(p)
            if chain is None and p in into_target:
                chain = (round_, marks.path_to(p) + (target,))
            for q in targets:
                if into[q] and p != source:
                    ends.append((round_, p, q))
                if parent[q] != UNSEEN:
                    continue
                parent[q] = p
                fresh.append(q)
                if q == target and chain is None:
                    chain = (round_, marks.path_to(q))
        layers.append(fresh)
        reached += 2
        if reached >= depth:  # the on nodes the next links reach would go no further
            break
        layer = []
        for q in fresh:
            made = ons_of[q]
            if made is None:
                made = graph.ons(q)
            for r in made:
                if parent[r] == UNSEEN:
                    parent[r] = q
                    layer.append(r)
        layers.append(layer)
    return ends, chain, layers


def off_chain(graph: PassGraph, marks: Marks, source: Node, depth: int) -> Found | None:
    """What ``walks.forcing`` finds from ``source`` (off) within ``depth`` links on a
    pruned graph: the first chain to its opposite, with its round."""
    layers: list[list[Node]] = []
    found = _walk_off(graph, marks, source, depth, layers)
    marks.clear(layers)
    return found


def _walk_off(graph: PassGraph, marks: Marks, source: Node, depth: int, layers: list[list[Node]]) -> Found | None:
    """``walks.forcing`` with the parents in ``marks`` (the reached nodes by layer go into
    ``layers``, to reset them)."""
    parent = marks.parent
    live_of, ons_of = graph.live_of, graph.ons_of
    assert live_of is not None
    target = source ^ 1
    parent[source] = -1
    pending_off = [source]
    layers.append(pending_off)
    reached = 0
    while pending_off and reached < depth:
        pending_on: list[Node] = []
        layers.append(pending_on)
        for q in pending_off:
            made = ons_of[q]
            if made is None:
                made = graph.ons(q)
            for r in made:
                if r == target:
                    return (reached >> 1, marks.path_to(q) + (r,))
                if parent[r] == UNSEEN:
                    parent[r] = q
                    pending_on.append(r)
        reached += 2
        if reached >= depth:  # the off nodes the next links reach would go no further
            return None
        pending_off = []
        layers.append(pending_off)
        for p in pending_on:
            targets = live_of[p]
            if targets is None:
                targets = graph.live(p)
            for q in targets:
                if parent[q] == UNSEEN:
                    parent[q] = p
                    pending_off.append(q)
    return None

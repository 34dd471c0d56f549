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

from techniques.se_chains.nodes import NODES, BoxedNode, Node
from techniques.se_chains.walks import N_NODES, UNBOUNDED, PassGraph

#: ``Marks.into`` flags: an off node that implies the start (where a cycle closes), an on
#: node that implies the target (the start off, when that implies nothing).
INTO_START: Final = 1
INTO_TARGET: Final = 2

#: A cycle or chain with the round of the walk that found it.
Found = tuple[int, tuple[Node, ...]]


class Marks:
    """Scratch arrays for one walk at a time: each reached node's parent (None: not
    reached; the start's is -1), and the ``INTO_*`` flags of the nodes that lead back to
    the start. Every entry is reset after the walk."""

    __slots__ = ("parent", "into", "level")

    def __init__(self) -> None:
        self.parent: list[Node | None] = [None] * N_NODES
        self.into: list[int] = [0] * N_NODES
        #: ``_meets``' scratch: each node's links from the source (-1: not reached).
        self.level: list[int] = [-1] * N_NODES

    def path_to(self, n: Node) -> tuple[Node, ...]:
        parent = self.parent
        out = []
        at = n
        while at != -1:
            out.append(at)
            up = parent[at]
            assert up is not None
            at = up
        out.reverse()
        return tuple(out)

    def clear(self, layers: list[list[BoxedNode]]) -> None:
        parent = self.parent
        for layer in layers:
            for n in layer:
                at: Node = n  # unboxed, to index the list with
                parent[at] = None


def cycles_and_chain(
    graph: PassGraph, marks: Marks, source: Node, depth: int, longest: int, cycles_wanted: bool = True
) -> tuple[list[tuple[Node, ...]], Found | None]:
    """What ``walks.walk`` from ``source`` (on) finds within ``depth`` links on a pruned
    graph, read at once: the cycles back to the source of at most ``longest`` nodes, in
    SE's order (as ``Walked.cycles`` gives them), and the first chain to its opposite.
    Without ``cycles_wanted``, the chain alone (no cycles: the walk stops at its chain)."""
    assert graph.live_of is not None
    into = marks.into
    back = graph.ons(source ^ 1)
    for r in back:
        into[r ^ 1] |= INTO_START
    #: With a target that implies nothing: the on nodes that imply it.
    aims = graph.offs(source) if not back else []
    for q in aims:
        into[q ^ 1] |= INTO_TARGET
    # No cycle can close without a node leading back: the walk is then for its chain only.
    ends, chain, layers = _walk_on(graph, marks, source, depth, bool(aims), not back or not cycles_wanted)
    for r in back:
        into[r ^ 1] = 0
    for q in aims:
        into[q ^ 1] = 0
    cycles: list[tuple[Node, ...]] = []
    for k, p, q in ends if cycles_wanted else []:
        if 2 * k + 2 <= longest:  # the cycle: 2k + 1 nodes to p, then q
            path = marks.path_to(p)
            if q not in path:
                cycles.append(path + (q,))
    marks.clear(layers)
    return cycles, chain


def _walk_on(
    graph: PassGraph, marks: Marks, source: Node, depth: int, aimed: bool, chain_only: bool
) -> tuple[list[tuple[int, Node, Node]], Found | None, list[list[BoxedNode]]]:
    """``walks.walk`` with the parents in ``marks`` (and the reached nodes by layer, to
    reset them). ``aimed``: the on nodes that imply the target are flagged (it implies
    nothing, so no off node of the walk reaches it). ``chain_only``: no cycle can close
    (nothing leads back to the source) or none is wanted, so the walk stops at its chain,
    or as soon as ``_meets`` says there is none within ``depth``."""
    parent: list[BoxedNode] = marks.parent
    into = marks.into
    target = source ^ 1
    parent[source] = -1
    ends: list[tuple[int, Node, Node]] = []
    chain: Found | None = None
    layer: list[BoxedNode] = [source]
    layers = [layer]
    reached = 0
    live_of: list[list[BoxedNode] | None] | None = graph.live_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    assert live_of is not None
    #: The links within which a chain of ``depth`` links meets its mirror image.
    meet_by = (depth + 1) >> 1 if chain_only else UNBOUNDED
    while layer and reached < depth:
        if chain is not None and chain_only:
            break
        if reached >= meet_by:
            if not _meets(marks, layers, depth):
                break
            meet_by = UNBOUNDED
        round_ = reached >> 1
        fresh: list[BoxedNode] = []
        for p in layer:
            pn: Node = p  # unboxed, to index lists with (an object index takes Python's slow path)
            targets = live_of[pn]
            if targets is None:
                targets = graph.live(pn)
            if aimed and chain is None and into[pn] & INTO_TARGET:
                chain = (round_, marks.path_to(pn) + (target,))
            for q in targets:
                qn: Node = q
                if into[qn] & INTO_START and pn != source:
                    ends.append((round_, pn, qn))
                if parent[qn] is not None:
                    continue
                parent[qn] = p
                fresh.append(q)
                if qn == target and chain is None:
                    chain = (round_, marks.path_to(qn))
        layers.append(fresh)
        reached += 2
        if reached >= depth:  # the on nodes the next links reach would go no further
            break
        if chain is not None and chain_only:
            break
        if reached - 1 >= meet_by:
            if not _meets(marks, layers, depth):
                break
            meet_by = UNBOUNDED
        layer = []
        for q in fresh:
            qn = q
            made = ons_of[qn]
            if made is None:
                made = graph.ons(qn)
            for r in made:
                rn: Node = r
                if parent[rn] is None:
                    parent[rn] = q
                    layer.append(r)
        layers.append(layer)
    return ends, chain, layers


def _meets(marks: Marks, layers: list[list[BoxedNode]], depth: int) -> bool:
    """Whether a chain from the walk's source to its opposite can be found within
    ``depth`` links, given every node within half of them (``layers``, by distance).

    Every link ``a -> b`` has its mirror ``not b -> not a`` (strong and weak links both go
    both ways), so the shortest chain from ``x`` to ``not x`` has as many links as the
    least ``d(n) + d(not n)`` over all nodes ``n`` (``d``: links from ``x``): a chain
    ``x -> ... -> n``, then the mirror of the walk to ``not n``. On a chain of ``L = 2k +
    1`` links, ``x(k+1)`` and its opposite are both within ``k + 1`` links, through nodes
    that imply something (so in a pruned graph too)."""
    level = marks.level
    found = False
    for i, layer in enumerate(layers):
        for n in layer:
            at: Node = n  # unboxed, to index the list with
            level[at] = i
            other = level[at ^ 1]
            if other >= 0 and other + i <= depth:
                found = True
    for layer in layers:
        for n in layer:
            at = n
            level[at] = -1
    return found


def off_chain(graph: PassGraph, marks: Marks, source: Node, depth: int) -> Found | None:
    """What ``walks.forcing`` finds from ``source`` (off) within ``depth`` links on a
    pruned graph: the first chain to its opposite, with its round."""
    layers: list[list[BoxedNode]] = []
    found = _walk_off(graph, marks, source, depth, layers)
    marks.clear(layers)
    return found


def _walk_off(graph: PassGraph, marks: Marks, source: Node, depth: int, layers: list[list[BoxedNode]]) -> Found | None:
    """``walks.forcing`` with the parents in ``marks`` (the reached nodes by layer go into
    ``layers``, to reset them); it stops as soon as ``_meets`` says there is no chain
    within ``depth``."""
    parent: list[BoxedNode] = marks.parent
    live_of: list[list[BoxedNode] | None] | None = graph.live_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    assert live_of is not None
    target = source ^ 1
    parent[source] = -1
    pending_off: list[BoxedNode] = [source]
    layers.append(pending_off)
    reached = 0
    #: The links within which a chain of ``depth`` links meets its mirror image.
    meet_by = (depth + 1) >> 1
    while pending_off and reached < depth:
        if reached >= meet_by:
            if not _meets(marks, layers, depth):
                return None
            meet_by = UNBOUNDED
        pending_on: list[BoxedNode] = []
        layers.append(pending_on)
        for q in pending_off:
            qn: Node = q  # unboxed, to index lists with (an object index takes Python's slow path)
            made = ons_of[qn]
            if made is None:
                made = graph.ons(qn)
            for r in made:
                rn: Node = r
                if rn == target:
                    return (reached >> 1, marks.path_to(qn) + (rn,))
                if parent[rn] is None:
                    parent[rn] = q
                    pending_on.append(r)
        reached += 2
        if reached >= depth:  # the off nodes the next links reach would go no further
            return None
        if reached - 1 >= meet_by:
            if not _meets(marks, layers, depth):
                return None
            meet_by = UNBOUNDED
        pending_off = []
        layers.append(pending_off)
        for p in pending_on:
            pn: Node = p
            targets = live_of[pn]
            if targets is None:
                targets = graph.live(pn)
            for q in targets:
                qo: Node = q  # annotated anew: ``qn = q`` makes qn Any here, and the list index generic
                if parent[qo] is None:
                    parent[qo] = p
                    pending_off.append(q)
    return None


def kept_walk(
    graph: PassGraph, marks: Marks, source: Node, depth: int
) -> tuple[list[tuple[int, Node, Node]], Found | None, list[BoxedNode], list[BoxedNode], list[int], bool]:
    """``walks.walk`` on a full graph (a memo's), with the parents in ``marks``: the ends
    of its cycles, its chain, the nodes it reached in the order reached, each one's parent
    as its index in that list (-1 for the source), the index of each cycle end's on node
    (lists: what a memo keeps, no dict; a cycle's nodes are read back by index), and
    whether it ended before its depth."""
    assert graph.live_of is None
    parent: list[BoxedNode] = marks.parent
    into = marks.into
    back = graph.ons(source ^ 1)
    for b in back:  # not ``r``: typed int here, it would make an object per node appended below
        into[b ^ 1] |= INTO_START
    target = source ^ 1
    parent[source] = -1
    nodes: list[BoxedNode] = [NODES[source]]
    ups: list[BoxedNode] = [-1]
    ends: list[tuple[int, Node, Node]] = []
    end_at: list[int] = []
    chain: Found | None = None
    offs_of: list[list[BoxedNode] | None] = graph.offs_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    start, end = 0, 1  # the on nodes of the current round: nodes[start:end]
    reached = 0
    complete = False
    while True:
        if start == end or reached >= depth:
            complete = start == end
            break
        round_ = reached >> 1
        for i in range(start, end):
            p = nodes[i]
            pn: Node = p  # unboxed, to index lists with (an object index takes Python's slow path)
            targets = offs_of[pn]
            if targets is None:
                targets = graph.offs(pn)
            for q in targets:
                qn: Node = q
                if into[qn] & INTO_START and pn != source:
                    ends.append((round_, pn, qn))
                    end_at.append(i)
                if parent[qn] is not None:
                    continue
                parent[qn] = p
                nodes.append(q)
                ups.append(NODES[i])  # the index as a shared object (NODES[i] is i)
                if qn == target and chain is None:
                    chain = (round_, marks.path_to(qn))
        fresh, start = end, len(nodes)
        reached += 2
        if reached >= depth:  # the on nodes the next links reach would go no further
            complete = fresh == start
            break
        for i in range(fresh, start):
            q = nodes[i]
            qn = q
            made = ons_of[qn]
            if made is None:
                made = graph.ons(qn)
            for r in made:
                rn: Node = r
                if parent[rn] is None:
                    parent[rn] = q
                    nodes.append(r)
                    ups.append(NODES[i])
        end = len(nodes)
    for b in back:
        into[b ^ 1] = 0
    marks.clear([nodes])
    return ends, chain, nodes, ups, end_at, complete


def kept_forcing(graph: PassGraph, marks: Marks, source: Node, depth: int) -> tuple[Found | None, list[BoxedNode], bool]:
    """``walks.forcing`` on a full graph (a memo's), with the parents in ``marks``: its
    chain, the nodes it reached (in order), whether it ended before its depth or found its
    chain."""
    assert graph.live_of is None
    parent: list[BoxedNode] = marks.parent
    offs_of: list[list[BoxedNode] | None] = graph.offs_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    target = source ^ 1
    parent[source] = -1
    nodes: list[BoxedNode] = [NODES[source]]
    start, end = 0, 1  # the off nodes of the current round: nodes[start:end]
    reached = 0
    found: Found | None = None
    complete = False
    while True:
        if start == end or reached >= depth:
            complete = start == end
            break
        for i in range(start, end):
            q = nodes[i]
            qn: Node = q  # unboxed, to index lists with (an object index takes Python's slow path)
            made = ons_of[qn]
            if made is None:
                made = graph.ons(qn)
            for r in made:
                rn: Node = r
                if rn == target:
                    found = (reached >> 1, marks.path_to(qn) + (rn,))
                    break
                if parent[rn] is None:
                    parent[rn] = q
                    nodes.append(r)
            if found is not None:
                break
        if found is not None:
            complete = True
            break
        on, start = end, len(nodes)
        reached += 2
        if reached >= depth:  # the off nodes the next links reach would go no further
            complete = on == start
            break
        for i in range(on, start):
            p = nodes[i]
            pn: Node = p
            targets = offs_of[pn]
            if targets is None:
                targets = graph.offs(pn)
            for q in targets:
                qo: Node = q  # annotated anew: ``qn = q`` makes qn Any here, and the list index generic
                if parent[qo] is None:
                    parent[qo] = p
                    nodes.append(q)
        end = len(nodes)
    marks.clear([nodes])
    return found, nodes, complete

"""The walks of SE's Forcing Chains & Cycles, and a memo that reuses them from one position
to the next.

A pass's implications (X links, Y links or both) are computed node by node as a walk
first reaches it (``PassGraph``). A walk's outcome depends only on the implications of
the nodes it visits (and of its start's "off" node, whose implications say what leads
back to the start), so a walk made in one position holds in another one where none of
those changed (``walk_memo``).
"""

from __future__ import annotations

from typing import Final, Iterable

from engine.cells import MASK_COUNT, N_CELLS, UNITS_OF
from engine.position import Position
from techniques.se_chains.nodes import NODES, BoxedNode, Node, house_pair, on_to_off, split

#: Nodes are numbered below this (two states of each of the 729 candidates).
N_NODES: Final = 2 * 9 * N_CELLS
#: A walk without a length limit.
UNBOUNDED: Final = 10**6


class PassGraph:
    """The implications of one pass (Y links, X links, or both) in one position, each
    node's computed when a walk first asks for it."""

    __slots__ = ("cands", "cells_with", "y_links", "x_links", "offs_of", "ons_of", "live_of")

    def __init__(self, position: Position, y_links: bool, x_links: bool) -> None:
        self.cands = position.cands
        self.cells_with = position.cells_with
        self.y_links = y_links
        self.x_links = x_links
        #: Each node's implications once computed (None before): read directly in the walks.
        self.offs_of: list[list[Node] | None] = [None] * N_NODES
        self.ons_of: list[list[Node] | None] = [None] * N_NODES
        #: With ``pruned``: what ``offs`` gives, but the off nodes that imply nothing.
        self.live_of: list[list[Node] | None] | None = None

    @classmethod
    def pruned(cls, position: Position, y_links: bool, x_links: bool) -> PassGraph:
        """A graph whose walks skip the off nodes that imply nothing: the same cycles and
        chains, but the walks' nodes are not all they depend on (no use to a memo)."""
        graph = cls(position, y_links, x_links)
        graph.live_of = [None] * N_NODES
        return graph

    def offs(self, n: Node) -> list[Node]:
        """The off nodes on node ``n`` implies: the cell's other candidates (with Y links),
        then the digit's other places in the block, row and column."""
        found = self.offs_of[n]
        if found is None:
            found = self.offs_of[n] = on_to_off(self.cands, n, self.y_links)
        return found

    def ons(self, n: Node) -> list[Node]:
        """The on nodes off node ``n`` implies: the other candidate of a two-candidate cell
        (Y links), then the other place of the digit in each house where it has two (X)."""
        found = self.ons_of[n]
        if found is None:
            found = self.ons_of[n] = _off_to_on(self.cands, self.cells_with, n, self.y_links, self.x_links)
        return found

    def live(self, n: Node) -> list[Node]:
        """The off nodes on node ``n`` implies that imply something themselves (in
        ``offs``' order)."""
        assert self.live_of is not None
        ons_of: list[list[BoxedNode] | None] = self.ons_of
        offs: list[BoxedNode] = self.offs(n)
        found: list[BoxedNode] = []
        for q in offs:
            qn: Node = q  # unboxed, to index the list with (an object index takes Python's slow path)
            made = ons_of[qn]
            if made is None:
                made = self.ons(qn)
            if made:
                found.append(q)
        self.live_of[n] = found
        return found

    def take(self, other: PassGraph, stale: Iterable[Node]) -> None:
        """Use the implications ``other`` (the same pass in another position) has computed,
        but for the nodes in ``stale``: all those whose implications differ."""
        self.offs_of = offs_of = other.offs_of[:]
        self.ons_of = ons_of = other.ons_of[:]
        for n in stale:
            offs_of[n] = ons_of[n] = None

    def into(self, n: Node) -> set[Node]:
        """The off nodes that imply on node ``n``: strong links go both ways, so they are
        the opposites of what ``n`` off implies."""
        return {r ^ 1 for r in self.ons(n ^ 1)}


def _off_to_on(cands: list[int], cells_with: list[int], n: Node, y_links: bool, x_links: bool) -> list[Node]:
    cand = n >> 1
    cell = cand // 9  # not divmod: a generic call and a tuple, compiled
    shift = cand - cell * 9
    out: list[BoxedNode] = []
    if y_links:
        mask = cands[cell]
        if MASK_COUNT[mask] == 2:
            rest = mask & ~(1 << shift)
            out.append(NODES[((cell * 9 + rest.bit_length() - 1) << 1) | 1])
    if x_links:
        low, high = split(cells_with[shift + 1])
        for u in UNITS_OF[cell]:
            pair = house_pair(low, high, u)
            if pair >= 0:
                first = pair // 81  # not divmod: a generic call and a tuple, compiled
                second = pair - first * 81
                target = NODES[(((first if second == cell else second) * 9 + shift) << 1) | 1]
                if target not in out:
                    out.append(target)
    return out


class Walked:
    """What the walks from one start found, each cycle and chain with the round of the
    breadth-first walk that found it: the cycles back to the start, the chain from the
    start (on) to its opposite, and the chain from the opposite (off) back to the start (X
    links only). ``depth``: the links the walks were allowed; ``complete``: they ended
    before that, so they hold for any depth.

    A cycle is kept as where it closed (the round, the on node ``p`` and the off node
    ``q``); its nodes are followed back through the parents only when asked for: most
    cycles are too long to matter, or take nothing out. The parents are given as a dict,
    or as the nodes reached with each one's parent as an index in that list, and each
    cycle end's ``p`` as an index too (three lists, read back by index: no dict made)."""

    __slots__ = ("depth", "complete", "_parent", "_reached", "ends", "chain", "off_chain", "_built")

    def __init__(
        self, depth: int, complete: bool, parent: dict[Node, Node] | None, ends: list[tuple[int, Node, Node]],
        chain: tuple[int, tuple[Node, ...]] | None, off_chain: tuple[int, tuple[Node, ...]] | None,
        reached: tuple[list[BoxedNode], list[BoxedNode], list[int]] | None = None,
    ) -> None:
        self.depth = depth
        self.complete = complete
        self._parent = parent
        self._reached = reached
        self.ends = ends
        self.chain = chain
        self.off_chain = off_chain
        self._built: dict[int, tuple[Node, ...] | None] | None = None  # made when a cycle is first read

    @property
    def parent(self) -> dict[Node, Node]:
        """Each node reached with its parent (the start's is -1)."""
        if self._parent is None:
            assert self._reached is not None
            nodes, ups, _ = self._reached
            self._parent = {n: nodes[up] if up >= 0 else -1 for n, up in zip(nodes, ups)}
        return self._parent

    def serves(self, depth: int) -> bool:
        """Whether these walks say what walks of ``depth`` links find."""
        return self.complete or depth <= self.depth

    def cycles(self, depth: int, longest: int = UNBOUNDED) -> list[tuple[Node, ...]]:
        """The cycles walks of ``depth`` links find (a walk's round ``k`` is made while
        ``2k < depth``), in SE's order, those of at most ``longest`` nodes."""
        rounds = (depth + 1) // 2
        out: list[tuple[Node, ...]] = []
        built = self._built
        if built is None:
            if not self.ends:
                return out
            built = self._built = {}
        for i, (k, p, q) in enumerate(self.ends):
            if k >= rounds:
                break
            if 2 * k + 2 > longest:  # the cycle: 2k + 1 nodes to p, then q
                continue
            if i in built:
                cycle = built[i]
            else:
                path = path_to(self.parent, p) if self._reached is None else _path_at(self._reached, i)
                cycle = built[i] = path + (q,) if q not in path else None
            if cycle is not None:
                out.append(cycle)
        return out

    def chains(self, depth: int) -> tuple[tuple[Node, ...] | None, tuple[Node, ...] | None]:
        """The chains walks of ``depth`` links find: from the start on, and from it off."""
        rounds = (depth + 1) // 2
        chain = self.chain[1] if self.chain is not None and self.chain[0] < rounds else None
        off_chain = self.off_chain[1] if self.off_chain is not None and self.off_chain[0] < rounds else None
        return chain, off_chain


def _path_at(reached: tuple[list[BoxedNode], list[BoxedNode], list[int]], end: int) -> tuple[Node, ...]:
    """The path from the source to the on node of cycle end number ``end``, read back
    through the parents' indexes."""
    nodes, ups, end_at = reached
    out: list[BoxedNode] = []
    at: int = end_at[end]
    while at >= 0:
        out.append(nodes[at])
        at = ups[at]
    out.reverse()
    return tuple(out)


def walk(graph: PassGraph, source: Node, depth: int) -> tuple[list[tuple[int, Node, Node]], tuple[int, tuple[Node, ...]] | None, dict[Node, Node], bool]:
    """SE's walk from ``source`` (on), breadth first, within ``depth`` links: where cycles
    back to it close, in SE's order, and the first chain to its opposite (off); each with
    the round that found it. Also the nodes visited (with their parents), and whether the
    walk ended before its depth.

    SE walks cycles keeping a copy of an off node for every path that reaches it; the on
    nodes it reaches, and the order it meets cycles, are those of a plain breadth-first
    walk, so this one keeps each node once and finds a cycle as an on node ``p`` (not the
    source) with an off node ``q`` that implies the source and is not on ``p``'s path
    (checked by ``Walked.cycles``)."""
    into: set[BoxedNode] = graph.into(source)
    target = source ^ 1
    parent: dict[BoxedNode, BoxedNode] = {source: -1}
    ends: list[tuple[int, Node, Node]] = []
    chain: tuple[int, tuple[Node, ...]] | None = None
    layer: list[BoxedNode] = [source]
    reached = 0
    offs_of: list[list[BoxedNode] | None] = graph.offs_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    more = graph.offs
    #: With a pruned graph and a target that implies nothing: the on nodes that imply it.
    into_target: set[Node] = set()
    if graph.live_of is not None:
        offs_of, more = graph.live_of, graph.live
        if not graph.ons(target):
            into_target = {q ^ 1 for q in graph.offs(source)}
    while layer and reached < depth:
        round_ = reached >> 1
        fresh: list[BoxedNode] = []
        for p in layer:
            pn: Node = p  # unboxed, to index lists with (an object index takes Python's slow path)
            targets = offs_of[pn]
            if targets is None:
                targets = more(pn)
            if p in into_target and chain is None:
                chain = (round_, path_to(parent, pn) + (target,))
            for q in targets:
                if q in parent:
                    if q in into and pn != source:
                        ends.append((round_, p, q))
                    continue
                if q in into and pn != source:
                    ends.append((round_, p, q))
                parent[q] = p
                fresh.append(q)
                qn: Node = q
                if qn == target and chain is None:
                    chain = (round_, path_to(parent, qn))
        reached += 2
        if reached >= depth:  # the on nodes the next links reach would go no further
            return ends, chain, parent, not fresh
        layer = []
        for q in fresh:
            qn = q
            made = ons_of[qn]
            if made is None:
                made = graph.ons(qn)
            for r in made:
                if r not in parent:
                    parent[r] = q
                    layer.append(r)
    return ends, chain, parent, not layer


def forcing(graph: PassGraph, source: Node, depth: int) -> tuple[tuple[int, tuple[Node, ...]] | None, dict[Node, Node], bool]:
    """The first chain (breadth first) from ``source`` (off) to its opposite, within
    ``depth`` links, with the round that found it; the nodes visited; whether the walk
    ended before its depth (or found its chain)."""
    offs_of: list[list[BoxedNode] | None] = graph.offs_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    more = graph.offs
    if graph.live_of is not None:
        offs_of, more = graph.live_of, graph.live
    target = source ^ 1
    parent: dict[BoxedNode, BoxedNode] = {source: -1}
    pending_off: list[BoxedNode] = [source]
    reached = 0
    while pending_off and reached < depth:
        pending_on: list[BoxedNode] = []
        for q in pending_off:
            qn: Node = q  # unboxed, to index lists with (an object index takes Python's slow path)
            made = ons_of[qn]
            if made is None:
                made = graph.ons(qn)
            for r in made:
                rn: Node = r
                if rn == target:
                    return (reached >> 1, path_to(parent, qn) + (rn,)), parent, True
                if r not in parent:
                    parent[r] = q
                    pending_on.append(r)
        reached += 2
        if reached >= depth:  # the off nodes the next links reach would go no further
            return None, parent, not pending_on
        pending_off = []
        for p in pending_on:
            pn: Node = p
            targets = offs_of[pn]
            if targets is None:
                targets = more(pn)
            for q in targets:
                if q not in parent:
                    parent[q] = p
                    pending_off.append(q)
    return None, parent, not pending_off


def path_to(parent: dict[Node, Node], n: Node) -> tuple[Node, ...]:
    out = []
    while n != -1:
        out.append(n)
        n = parent[n]
    out.reverse()
    return tuple(out)

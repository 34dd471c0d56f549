"""Which walks of SE's Forcing Chains & Cycles can find anything: an exact test made once
per position, before the walks.

With both kinds of links (the XY pass's graph), every implication ``a -> b`` has its
mirror ``not b -> not a`` (weak and strong links both go both ways), and every pass walks
a part of that graph. What the walks look for:

* a forcing chain from a start ``x`` (on or off) to its opposite: ``x`` reaches ``not x``
  ("``x`` fails");
* a cycle through the start that removes a candidate ``c``: ``c`` sees, with its digit, an
  on node ``a`` and an off node ``not b`` of the cycle, so ``c -> not b``, then round the
  cycle to ``a``, then ``a -> not c``: ``c`` fails, and every node of the cycle, the start
  too, lies on a path from ``c`` to ``not c``.

So a walk from start ``s`` finds something only if ``s`` lies on a path from a failing
node ``l`` to ``not l`` (its off chain, from ``not s`` failing, is such a path through
``not s``, and that is the same condition, below). ``x`` lies on such a path when
``l -> ... -> x -> ... -> not l``; mirrored, ``l -> ... -> x`` is ``not x -> ... -> not l``,
so: when ``x`` and ``not x`` both reach ``not l`` for some failing ``l`` (a condition the
same for ``x`` and ``not x``). Reachability is computed once per position over the
strongly connected components (a node fails with every node of its component), each
component's reach as a bit set of components.
"""

from __future__ import annotations

from engine.cells import MASK_DIGITS, N_CELLS
from techniques.se_chains.nodes import NODES, BoxedNode, Node
from techniques.se_chains.walks import N_NODES, PassGraph


def chain_starts(graph: PassGraph) -> list[bool] | None:
    """For each node, whether a walk from it (or from its opposite) can find a forcing
    chain or a cycle that removes something, in any pass (``graph``: the XY pass's, whose
    implications it computes in full); None when no walk can find anything."""
    nodes = _nodes(graph.cands)
    comp, reach = _components(graph, nodes)
    mirror = [0] * len(reach)  # each component's mirror: its nodes' opposites
    for v in nodes:
        vn: Node = v
        mirror[comp[vn]] = comp[vn ^ 1]
    #: The components of what failing nodes conclude (``not l``), as a bit set.
    concluded = 0
    for c in range(len(reach)):
        if reach[c] >> mirror[c] & 1:
            concluded |= 1 << mirror[c]
    if not concluded:
        return None
    on_paths = [bool(reach[c] & reach[mirror[c]] & concluded) for c in range(len(reach))]
    out = [False] * N_NODES
    for v in nodes:
        vn = v
        out[vn] = on_paths[comp[vn]]
    return out


def _nodes(cands: list[int]) -> list[BoxedNode]:
    """The nodes of the position's candidates, on then off, cells and digits ascending."""
    out: list[BoxedNode] = []
    for cell in range(N_CELLS):
        base = cell * 9
        for d in MASK_DIGITS[cands[cell]]:
            on = ((base + d - 1) << 1) | 1
            out.append(NODES[on])
            out.append(NODES[on ^ 1])
    return out


def _components(graph: PassGraph, nodes: list[BoxedNode]) -> tuple[list[int], list[int]]:
    """Each node's strongly connected component (-1: not a candidate's node), numbered as
    they complete (each after every component it reaches), and each component's reach: a
    bit set of the components it reaches, itself included."""
    offs_of: list[list[BoxedNode] | None] = graph.offs_of
    ons_of: list[list[BoxedNode] | None] = graph.ons_of
    order = [-1] * N_NODES  # when each node was first met (Tarjan's index)
    low = [0] * N_NODES
    comp = [-1] * N_NODES
    pending: list[BoxedNode] = []  # Tarjan's stack: met, component not complete yet
    reach: list[int] = []
    path: list[BoxedNode] = []  # the depth-first path, with each node's links and the next to follow
    path_links: list[list[BoxedNode]] = []
    next_link: list[int] = []
    met = 0
    for root_node in nodes:
        root: Node = root_node
        if order[root] >= 0:
            continue
        order[root] = low[root] = met
        met += 1
        pending.append(root_node)
        path.append(root_node)
        path_links.append(_links(graph, offs_of, ons_of, root))
        next_link.append(0)
        while path:
            links = path_links[-1]
            i = next_link[-1]
            if i < len(links):
                next_link[-1] = i + 1
                w: Node = links[i]
                if order[w] < 0:
                    order[w] = low[w] = met
                    met += 1
                    pending.append(links[i])
                    path.append(links[i])
                    path_links.append(_links(graph, offs_of, ons_of, w))
                    next_link.append(0)
                    continue
                if comp[w] < 0:
                    v: Node = path[-1]
                    if order[w] < low[v]:
                        low[v] = order[w]
                continue
            v = path.pop()
            path_links.pop()
            next_link.pop()
            if path:
                u: Node = path[-1]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == order[v]:
                _complete(graph, offs_of, ons_of, v, pending, comp, reach)
    return comp, reach


def _links(graph: PassGraph, offs_of: list[list[BoxedNode] | None], ons_of: list[list[BoxedNode] | None], v: Node) -> list[BoxedNode]:
    """What node ``v`` implies (computed once, kept in the graph)."""
    if v & 1:
        found = offs_of[v]
        return found if found is not None else graph.offs(v)
    found = ons_of[v]
    return found if found is not None else graph.ons(v)


def _complete(
    graph: PassGraph, offs_of: list[list[BoxedNode] | None], ons_of: list[list[BoxedNode] | None], root: Node,
    pending: list[BoxedNode], comp: list[int], reach: list[int],
) -> None:
    """Number the component rooted at ``root`` (its nodes the top of ``pending``, down to
    ``root``) and compute its reach from its members' links (every other component they
    link to is complete)."""
    c = len(reach)
    start = len(pending) - 1
    while True:
        w: Node = pending[start]
        comp[w] = c
        if w == root:
            break
        start -= 1
    bits = 1 << c
    for k in range(start, len(pending)):
        m: Node = pending[k]
        for x in _links(graph, offs_of, ons_of, m):
            xn: Node = x
            other = comp[xn]
            if other != c:
                bits |= reach[other]
    reach.append(bits)
    del pending[start:]

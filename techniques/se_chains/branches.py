"""The branches of a forcing chain built from runs: what each rests on, SE's complexity,
and what a nested chain needs of it.

A branch's conclusion is a node a run reached (``Target``); the chain behind it is every
node reachable through causes, breadth first from the conclusion (SE's getChain), and its
complexity the number of those nodes, summed over branches, plus each distinct inner
chain's complexity.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from techniques.se_chains.nodes import NODES, BoxedNode, Node
from techniques.se_chains.propagation import Run


class Target(NamedTuple):
    """A branch's conclusion: a node reached by a run, with its causes (its own, for the
    node a contradiction ends on)."""

    run: Run
    node: Node
    causes: tuple[Node, ...]


def target(run: Run, n: Node) -> Target:
    return Target(run, n, run.causes(n))


def chain_of(t: Target) -> list[Node]:
    """The nodes a branch rests on, breadth first from its conclusion (SE's getChain)."""
    run = t.run
    result: list[Node] = []
    done: set[Node] = set()
    level: list[tuple[Node, tuple[Node, ...]]] = [(t.node, t.causes)]
    while level:
        following: list[tuple[Node, tuple[Node, ...]]] = []
        for n, causes in level:
            if n not in done:
                done.add(n)
                result.append(n)
                following.extend((c, run.causes(c)) for c in causes)
        level = following
    return result


def main_path(t: Target) -> tuple[Node, ...]:
    """From the assumption to the conclusion along first causes, for the explanation."""
    out = [t.node]
    causes = t.causes
    while causes:
        out.append(causes[0])
        causes = t.run.causes(causes[0])
    out.reverse()
    return tuple(out)


def chain_size(t: Target) -> int:
    """How many nodes a branch rests on (``len(chain_of(t))``, in no particular order:
    no list, no pairs made)."""
    on: dict[BoxedNode, tuple[Node, ...]] = t.run.on
    off: dict[BoxedNode, tuple[Node, ...]] = t.run.off
    done: set[BoxedNode] = {NODES[t.node]}
    stack: list[BoxedNode] = list(t.causes)
    while stack:
        c = stack.pop()
        if c not in done:
            done.add(c)
            cn: Node = c  # unboxed, for the test
            stack.extend(on[c] if cn & 1 else off[c])
    return len(done)


def complexity_of(targets: Sequence[Target]) -> int:
    """SE's complexity: the nodes each branch rests on, plus each distinct inner chain."""
    flat = 0
    nested = 0
    seen: set[object] = set()
    for t in targets:
        if not t.run.nested:
            flat += chain_size(t)
            continue
        chain = chain_of(t)
        flat += len(chain)
        if t.run.nested:
            for n in chain:
                inner = t.run.nested.get(n)
                if inner is not None and inner.identity not in seen:
                    seen.add(inner.identity)
                    nested += inner.complexity
    return flat + nested


class RunsBasis:
    """The branches of a hint built from runs, for use inside a nested chain. ``root_rule``:
    the rule SE gives each branch's assumption (the cell for cell forcing chains, the house
    for region forcing chains, none otherwise)."""

    def __init__(self, targets: tuple[Target, ...], root_rule: int) -> None:
        self.targets = targets
        self.root_rule = root_rule

    def ons(self) -> list[tuple[Node, int]]:
        out = []
        for t in self.targets:
            rules = t.run.rule
            for n in chain_of(t):
                if n & 1:
                    out.append((n, rules.get(n, self.root_rule)))
        return out

    def identity(self) -> object:
        """The targets and every node they rest on, in order (SE's FullChain)."""
        return tuple((t.node, tuple(chain_of(t))) for t in self.targets)

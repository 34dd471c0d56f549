"""SE's "Forcing Chains & Cycles": bidirectional X-, Y- and XY-cycles and forcing X-chains
and forcing chains (6.5 to 7.x).

From each candidate (cells in row order, digits ascending) SE walks breadth first, one
layer of "on" nodes then one of "off" nodes, three times: with X links only (one digit,
conjugate pairs), Y links only (bivalue cells; from bivalue cells only) and both.

* A cycle is a walk that comes back, on, to its start after at least four links; every
  candidate that sees an "on" node and an "off" node of the cycle with its digit goes.
  X-cycle or Y-cycle 6.5, XY-cycle 7.0, plus the length bonus.
* A forcing chain (X links, or both kinds) starts with the candidate on and reaches it
  off (it goes), or starts off and reaches it on (it is placed). Forcing X-chain 6.6
  ("Turbot Fish" with 6 nodes), forcing chain 7.0, plus the length bonus.

Off nodes are not deduplicated in the cycle walk (only skipped when already on the path),
on nodes are; that is what lets a breadth-first walk find cycles.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, UNITS, UNITS_OF
from engine.grid import Grid
from engine.position import Position
from engine.rated import RatedStep
from engine.step import Candidate, Step
from engine.technique import BaseTechnique, Level
from techniques.chaining.hints import ChainHint, chain_difficulty, chain_words, conclusion_words, removal_of
from techniques.chaining.nodes import CELL_RULE, Node, cell_of, digit_of, is_on, node, off_to_on, on_to_off

#: (Y links, X links, cycle base, chain base, sort key) of SE's three passes, in its order.
_PASSES = ((False, True, 6.5, 6.6, 2), (True, False, 6.5, 6.6, 3), (True, True, 7.0, 7.0, 4))


class _Links:
    """The static implications of one position, computed once per node."""

    def __init__(self, grid: Position, y_links: bool, x_links: bool) -> None:
        self.cands = grid.cands
        self.cells_with = grid.cells_with
        self.y, self.x = y_links, x_links
        self._off: dict[Node, list[Node]] = {}
        self._on: dict[Node, list[Node]] = {}

    def off(self, n: Node) -> list[Node]:
        found = self._off.get(n)
        if found is None:
            found = self._off[n] = on_to_off(self.cands, n, self.y)
        return found

    def on(self, n: Node, x_links: bool) -> list[Node]:
        key = n if x_links == self.x else -n - 1
        found = self._on.get(key)
        if found is None:
            found = self._on[key] = [t for t, _ in off_to_on(self.cands, self.cells_with, n, self.y, x_links)]
        return found


def _cycles(links: _Links, source: Node) -> Iterator[tuple[Node, ...]]:
    """Every cycle back to ``source`` (on) in SE's breadth-first order, as its nodes from
    the source on."""
    on_parent: dict[Node, int] = {source: -1}  # on node -> index of the off instance it came from
    on_path: dict[Node, int] = {source: 1 << source}
    instances: list[tuple[Node, Node]] = []  # (off node, on node it came from)
    paths: list[int] = []
    pending_on = [source]
    length = 0
    while pending_on:
        length += 2
        start = len(instances)
        for p in pending_on:
            path = on_path[p]
            for q in links.off(p):
                if not path >> q & 1:
                    instances.append((q, p))
                    paths.append(path | 1 << q)
        pending_on = []
        for index in range(start, len(instances)):
            q, _ = instances[index]
            for r in links.on(q, links.x):
                if r == source and length >= 4:
                    yield _unwind(instances, on_parent, index, source)
                if r not in on_parent:
                    on_parent[r] = index
                    on_path[r] = paths[index] | 1 << r
                    pending_on.append(r)


def _unwind(instances: list[tuple[Node, Node]], on_parent: dict[Node, int], index: int, source: Node) -> tuple[Node, ...]:
    out: list[Node] = []
    while index >= 0:
        q, p = instances[index]
        out.append(q)
        out.append(p)
        index = on_parent[p]
    out.reverse()
    return tuple(out)


def _forcing(links: _Links, source: Node) -> tuple[Node, ...] | None:
    """The first chain (breadth first) from ``source`` to its opposite state, or None."""
    target = source ^ 1
    parent: dict[Node, Node] = {source: -1}
    pending_on = [source] if is_on(source) else []
    pending_off = [] if is_on(source) else [source]
    while pending_on or pending_off:
        for p in pending_on:
            for q in links.off(p):
                if q == target:
                    return _path(parent, p) + (q,)
                if q not in parent:
                    parent[q] = p
                    pending_off.append(q)
        pending_on = []
        for q in pending_off:
            for r in links.on(q, True):
                if r == target:
                    return _path(parent, q) + (r,)
                if r not in parent:
                    parent[r] = q
                    pending_on.append(r)
        pending_off = []
    return None


def _path(parent: dict[Node, Node], n: Node) -> tuple[Node, ...]:
    out = []
    while n != -1:
        out.append(n)
        n = parent[n]
    out.reverse()
    return tuple(out)


def _rule(cells_with: list[int], a: Node, b: Node) -> int:
    """The rule by which ``b`` follows from ``a`` in a static chain: the cell, or the first
    of block, row and column that links them (SE keeps the first it meets)."""
    ca, cb = cell_of(a), cell_of(b)
    if ca == cb:
        return CELL_RULE
    for kind, u in enumerate(UNITS_OF[ca]):
        mask = UNITS[u].mask
        if mask >> cb & 1 and (is_on(a) or (cells_with[digit_of(b)] & mask).bit_count() == 2):
            return kind + 1
    return CELL_RULE


class PathBasis:
    """A cycle's or forcing chain's nodes, for use inside a nested chain."""

    def __init__(self, cells_with: list[int], path: tuple[Node, ...], cycle: bool) -> None:
        self.cells_with = cells_with
        self.path = path
        self.cycle = cycle

    def _rules(self) -> list[int]:
        path = self.path
        rules = [-1] + [_rule(self.cells_with, a, b) for a, b in zip(path, path[1:])]
        if self.cycle:
            rules.append(_rule(self.cells_with, path[-1], path[0]))  # the final "on" back at the start
        return rules

    def ons(self) -> list[tuple[Node, int]]:
        rules = self._rules()
        path = self.path
        if not self.cycle:
            return [(n, r) for n, r in zip(reversed(path), reversed(rules)) if is_on(n)]
        # Forward chain from its end (the start again, with the last rule), then SE's reversed
        # copy: every state flipped, each node keeping its own rule, the start first.
        forward = [(path[0], rules[-1])] + [(n, r) for n, r in zip(reversed(path[1:]), reversed(rules[1:-1])) if is_on(n)]
        backward = [(n ^ 1, r) for n, r in zip(path, rules[:-1]) if not is_on(n)]
        return forward + backward

    def identity(self) -> object:
        path = self.path
        if not self.cycle:
            return ((path[-1], tuple(reversed(path))),)
        forward = (path[0],) + tuple(reversed(path[1:]))
        return ((path[0], forward), (path[0] ^ 1, tuple(n ^ 1 for n in path)))


def cycle_removals(grid: Position, cycle: tuple[Node, ...]) -> tuple[Candidate, ...]:
    """Candidates that see an on node and an off node of the cycle with their digit."""
    cells = 0
    for n in cycle:
        cells |= 1 << cell_of(n)
    forward = [0] * 10
    backward = [0] * 10
    for n in cycle:
        d = digit_of(n)
        seen = PEER_MASK[cell_of(n)] & grid.cells_with[d] & ~cells
        if is_on(n):
            forward[d] |= seen
        else:
            backward[d] |= seen
    out = []
    for d in range(1, 10):
        both = forward[d] & backward[d]
        while both:
            low = both & -both
            out.append(Candidate(d, low.bit_length() - 1))
            both ^= low
    return tuple(out)


class ForcingChainsAndCycles(BaseTechnique):
    """SE's bidirectional cycles and forcing X-chains/chains (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__("Forcing Chain", "sfc", 650, 0, Level.UNFAIR, ("sxc", "syc", "sxyc", "sfxc"))

    def find(self, grid: Grid) -> Iterator[Step]:
        return (rated.step for rated in self.rated(grid))

    def rated(self, grid: Grid) -> Iterator[RatedStep]:
        found = self.hints(grid)
        found.sort(key=lambda h: h.key)
        return (h.rated() for h in found)

    def hints(self, grid: Position) -> list[ChainHint]:
        out: list[ChainHint] = []
        for y_links, x_links, cycle_base, chain_base, sort_key in _PASSES:
            links = _Links(grid, y_links, x_links)
            for cell in range(N_CELLS):
                mask = grid.cands[cell]
                if MASK_COUNT[mask] < 2 or (MASK_COUNT[mask] > 2 and not x_links):
                    continue
                for digit in MASK_DIGITS[mask]:
                    start = node(cell, digit, True)
                    for cycle in _cycles(links, start):
                        removals = cycle_removals(grid, cycle)
                        if removals:
                            hint = self._cycle(cycle, removals, cycle_base, sort_key, y_links, x_links)
                            out.append(_with_basis(hint, PathBasis(grid.cells_with, cycle, True)))
                    if x_links:
                        for source in (start, start ^ 1):
                            chain = _forcing(links, source)
                            if chain is not None:
                                hint = self._chain(grid, chain, chain_base, sort_key, y_links)
                                out.append(_with_basis(hint, PathBasis(grid.cells_with, chain, False)))
        return out

    def _cycle(self, cycle: tuple[Node, ...], removals: tuple[Candidate, ...], base: float, sort_key: int, y: bool, x: bool) -> ChainHint:
        complexity = len(cycle)
        if x and y:
            name, code = "Bidirectional Cycle", "sxyc"
        elif y:
            name, code = "Bidirectional Y-Cycle", "syc"
        else:
            cells = {cell_of(n) for n in cycle}
            name, code = ("Generalized X-Wing" if len(cells) == 4 else "Bidirectional X-Cycle"), "sxc"
        text = (
            f"The chain {chain_words(cycle + cycle[:1])} closes on itself and holds both ways round, so of each two "
            f"linked candidates one is true. Every candidate that sees both ends of such a link with its digit "
            f"goes: {conclusion_words(None, removals)}."
        )
        return ChainHint(name, code, chain_difficulty(base, complexity), complexity, sort_key, None, removals, (cycle,), text)

    def _chain(self, grid: Position, chain: tuple[Node, ...], base: float, sort_key: int, y: bool) -> ChainHint:
        complexity = len(chain)
        target = chain[-1]
        placement, removals = removal_of(target, grid.cands)
        if y:
            name, code = "Forcing Chain", "sfc"
        else:
            name, code = ("Turbot Fish" if complexity == 6 else "Forcing X-Chain"), "sfxc"
        start = chain[0]
        assumption = f"{CELL_NAMES[cell_of(start)]} {'is' if is_on(start) else 'is not'} {digit_of(start)}"
        text = (
            f"If {assumption}, then {chain_words(chain)}: the assumption contradicts itself, so "
            f"{conclusion_words(placement, removals if placement is None else ())}."
        )
        return ChainHint(name, code, chain_difficulty(base, complexity), complexity, sort_key, placement, removals, (chain,), text)


def _with_basis(hint: ChainHint, basis: PathBasis) -> ChainHint:
    return replace(hint, basis=basis)


FORCING_CHAINS_AND_CYCLES = ForcingChainsAndCycles()

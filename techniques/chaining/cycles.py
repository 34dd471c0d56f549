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
from engine.step import Candidate, Step
from engine.technique import BaseTechnique, Declaration
from techniques.chaining.hints import ChainHint, chain_difficulty, chain_words, conclusion_words, removal_of
from techniques.chaining.nodes import CELL_RULE, Node, cell_of, digit_of, is_on, node
from techniques.se_order import HOUSE_CELLS

#: (Y links, X links, cycle base, chain base, sort key) of SE's three passes, in its order.
_PASSES = ((False, True, 6.5, 6.6, 2), (True, False, 6.5, 6.6, 3), (True, True, 7.0, 7.0, 4))


class _Graph:
    """The static implications of one position, as lists indexed by node: ``offs[on]`` the
    off nodes an on node implies, ``ons[off]`` the on nodes an off node implies, for the
    links of one pass (X, Y, or both)."""

    __slots__ = ("offs", "ons")

    def __init__(self, offs: list[list[Node]], ons: list[list[Node]]) -> None:
        self.offs = offs
        self.ons = ons

    def into(self, n: Node) -> set[Node]:
        """The off nodes that imply on node ``n``: strong links go both ways, so they are
        the opposites of what ``n`` off implies."""
        return {r ^ 1 for r in self.ons[n ^ 1]}


_SIZE = 2 * 9 * N_CELLS


def _graphs(grid: Position) -> dict[tuple[bool, bool], _Graph]:
    """The three passes' implications, built from shared parts: a cell's other candidates
    and a digit's other places (on -> off), a bivalue cell's other candidate and a house's
    other place (off -> on)."""
    cands, cells_with = grid.cands, grid.cells_with
    peers: list[list[Node]] = [[]] * _SIZE
    both: list[list[Node]] = [[]] * _SIZE
    bivalue: list[list[Node]] = [[]] * _SIZE
    conjugate: list[list[Node]] = [[]] * _SIZE
    for cell in range(N_CELLS):
        mask = cands[cell]
        if not mask:
            continue
        base = cell * 9
        digits = MASK_DIGITS[mask]
        for digit in digits:
            on = ((base + digit - 1) << 1) | 1
            b = 1 << (digit - 1)
            seen = [((other * 9 + digit - 1) << 1) for other in HOUSE_CELLS[cell] if cands[other] & b]
            peers[on] = seen
            both[on] = [((base + d - 1) << 1) for d in digits if d != digit] + seen
        if len(digits) == 2:
            low, high = digits
            bivalue[((base + low - 1) << 1)] = [((base + high - 1) << 1) | 1]
            bivalue[((base + high - 1) << 1)] = [((base + low - 1) << 1) | 1]
    for kind in range(3):
        for u in range(9 * kind, 9 * kind + 9):
            house = UNITS[u].mask
            for digit in range(1, 10):
                places = cells_with[digit] & house
                if places.bit_count() == 2:
                    a = (places & -places).bit_length() - 1
                    b2 = places.bit_length() - 1
                    for one, other in ((a, b2), (b2, a)):
                        off = (one * 9 + digit - 1) << 1
                        target = ((other * 9 + digit - 1) << 1) | 1
                        here = conjugate[off]
                        if not here:
                            conjugate[off] = [target]
                        elif target not in here:
                            here.append(target)
    mixed = [bivalue[n] + conjugate[n] if bivalue[n] and conjugate[n] else (bivalue[n] or conjugate[n]) for n in range(_SIZE)]
    return {(False, True): _Graph(peers, conjugate), (True, False): _Graph(both, bivalue), (True, True): _Graph(both, mixed)}


def _walk(graph: _Graph, source: Node, depth: int) -> tuple[list[tuple[Node, ...]], tuple[Node, ...] | None, dict[Node, Node]]:
    """SE's walk from ``source`` (on), breadth first: the cycles back to it in SE's order,
    and the first chain to its opposite (off), within ``depth`` links.

    SE walks cycles keeping a copy of an off node for every path that reaches it; the on
    nodes it reaches, and the order it meets cycles, are those of a plain breadth-first
    walk, so this one keeps each node once and finds a cycle as an on node ``p`` (not the
    source) with an off node ``q`` that implies the source and is not on ``p``'s path."""
    offs, ons = graph.offs, graph.ons
    into = graph.into(source)
    target = source ^ 1
    parent: dict[Node, Node] = {source: -1}
    cycles: list[tuple[Node, ...]] = []
    chain: tuple[Node, ...] | None = None
    layer = [source]
    reached = 0
    while layer and reached < depth:
        fresh: list[Node] = []
        for p in layer:
            for q in offs[p]:
                if q in into and p != source:
                    path = _path(parent, p)
                    if q not in path:
                        cycles.append(path + (q,))
                if q not in parent:
                    parent[q] = p
                    fresh.append(q)
                    if q == target and chain is None:
                        chain = _path(parent, q)
        layer = []
        for q in fresh:
            for r in ons[q]:
                if r not in parent:
                    parent[r] = q
                    layer.append(r)
        reached += 2
    return cycles, chain, parent


def _forcing(graph: _Graph, source: Node, depth: int) -> tuple[tuple[Node, ...] | None, dict[Node, Node]]:
    """The first chain (breadth first) from ``source`` (off) to its opposite, within
    ``depth`` links."""
    offs, ons = graph.offs, graph.ons
    target = source ^ 1
    parent: dict[Node, Node] = {source: -1}
    pending_off = [source]
    reached = 0
    while pending_off and reached < depth:
        pending_on = []
        for q in pending_off:
            for r in ons[q]:
                if r == target:
                    return _path(parent, q) + (r,), parent
                if r not in parent:
                    parent[r] = q
                    pending_on.append(r)
        pending_off = []
        for p in pending_on:
            for q in offs[p]:
                if q not in parent:
                    parent[q] = p
                    pending_off.append(q)
        reached += 2
    return None, parent


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
        super().__init__(
            Declaration("Forcing Chains and Cycles", "sfc", subcodes={"sxc": None, "syc": None, "sxyc": None, "sfxc": None},
                subnames={"sxc": "Bidirectional X-Cycle", "syc": "Bidirectional Y-Cycle", "sxyc": "Bidirectional Cycle", "sfxc": "Forcing X-Chain"},
                profile="se")
        )

    def find(self, grid: Position) -> Iterator[Step]:
        """The step SE takes (only that one: finding SE's later hints needs a full search)."""
        best = self.best(grid)
        if best is not None:
            yield best.to_step()

    def hints(self, grid: Position, quiet: QuietWalks | None = None, affected: int = 0) -> list[ChainHint]:
        """Every hint, in SE's order of discovery. ``quiet``: the walks that found nothing
        in an earlier position this one only lost candidates from; a walk is skipped when
        every node it visited there is unaffected (``affected``: a node set) by what was
        lost, since it would go exactly the same way."""
        return self._search(grid, None, quiet, affected)

    def best(self, grid: Position) -> ChainHint | None:
        """The hint SE takes: the first of the sorted hints (the walks stop as soon as
        they cannot find a better one)."""
        found = self._search(grid, [])
        return found[-1] if found else None

    def quiet_walks(self, grid: Position) -> QuietWalks:
        """Which walks find nothing in this position, and the nodes each visits."""
        record = QuietWalks()
        self._search(grid, None, record=record)
        return record

    def _search(
        self, grid: Position, best: list[ChainHint] | None, quiet: QuietWalks | None = None, affected: int = 0,
        record: QuietWalks | None = None,
    ) -> list[ChainHint]:
        """All hints (``best`` None), or the improving ones, best last, with walks cut at
        the length that can still improve."""
        out: list[ChainHint] = [] if best is None else best
        graphs = _graphs(grid)
        for index, (y_links, x_links, cycle_base, chain_base, sort_key) in enumerate(_PASSES):
            graph = graphs[y_links, x_links]
            for cell in range(N_CELLS):
                mask = grid.cands[cell]
                if MASK_COUNT[mask] < 2 or (MASK_COUNT[mask] > 2 and not x_links):
                    continue
                for digit in MASK_DIGITS[mask]:
                    start = node(cell, digit, True)
                    if quiet is not None:
                        visited = quiet.visited.get((index, start))
                        if visited is not None and not visited & affected:
                            continue
                    depth = _depth(out[-1] if best is not None and out else None, min(cycle_base, chain_base), sort_key)
                    if depth < 3:
                        continue
                    before = len(out)
                    cycles, chain, seen = _walk(graph, start, depth)
                    for cycle in cycles:
                        removals = cycle_removals(grid, cycle)
                        if removals:
                            hint = self._cycle(cycle, removals, cycle_base, sort_key, y_links, x_links)
                            _keep(out, _with_basis(hint, PathBasis(grid.cells_with, cycle, True)), best is not None)
                    seen_off: dict[Node, Node] = {}
                    if x_links:
                        off_chain, seen_off = _forcing(graph, start ^ 1, depth)
                        for found in (chain, off_chain):
                            if found is not None:
                                hint = self._chain(grid, found, chain_base, sort_key, y_links)
                                _keep(out, _with_basis(hint, PathBasis(grid.cells_with, found, False)), best is not None)
                    if record is not None and len(out) == before and chain is None and depth >= _UNBOUNDED:
                        record.add(index, start, seen, seen_off)
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


def _keep(out: list[ChainHint], hint: ChainHint, improving: bool) -> None:
    """Add a hint: always (all hints), or when it beats the best so far (kept last)."""
    if not improving or not out or hint.key < out[-1].key:
        out.append(hint)


_UNBOUNDED = 10**6


class QuietWalks:
    """The walks of one position that found nothing: (pass, start) -> the nodes visited,
    as a node set."""

    def __init__(self) -> None:
        self.visited: dict[tuple[int, Node], int] = {}

    def add(self, index: int, start: Node, *walks: dict[Node, Node]) -> None:
        mask = 0
        for walk in walks:
            for n in walk:
                mask |= 1 << n
        self.visited[index, start] = mask


def _affecting(cand: int) -> int:
    cell, shift = divmod(cand, 9)
    mask = 0
    for d in range(9):
        mask |= 3 << ((cell * 9 + d) << 1)
    for other in HOUSE_CELLS[cell]:
        mask |= 3 << ((other * 9 + shift) << 1)
    return mask


#: AFFECTED_BY[candidate]: the nodes whose implications change when the candidate goes
#: (its cell's nodes, and its digit's nodes in the cells it sees).
AFFECTED_BY: tuple[int, ...] = tuple(_affecting(c) for c in range(9 * N_CELLS))


def _depth(best: ChainHint | None, base: float, sort_key: int) -> int:
    """How many links a walk may go and still find a hint better than ``best`` (the
    complexity of a chain is its node count, one more than its links)."""
    if best is None:
        return _UNBOUNDED
    complexity = 2
    while (chain_difficulty(base, complexity + 1), complexity + 1, sort_key) < best.key:
        complexity += 1
    return complexity - 1


def _with_basis(hint: ChainHint, basis: PathBasis) -> ChainHint:
    return replace(hint, basis=basis)


FORCING_CHAINS_AND_CYCLES = ForcingChainsAndCycles()

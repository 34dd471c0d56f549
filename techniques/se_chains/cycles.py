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

from typing import Final, Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, UNITS, UNITS_OF
from engine.grid import Grid
from engine.position import Position
from engine.step import Candidate, Step
from engine.stop import budgeted
from engine.technique import BaseTechnique, Declaration
from techniques.se_chains.array_walks import Found, Marks, cycles_and_chain, kept_forcing, kept_walk, off_chain
from techniques.se_chains.contradictions import CYCLES, OFF_CHAIN, ON_CHAIN, ChainStarts, Quiet, chain_starts
from techniques.se_chains.hints import ChainHint, chain_difficulty, chain_words, conclusion_words, removal_of
from techniques.se_chains.pass_memo import cycle_removals as cycle_removals  # re-exported: the cycles' removals live there
from techniques.se_chains.pass_memo import ALL_DIGITS, x_findings
from techniques.se_chains.nodes import CELL_RULE, Node, cell_of, digit_of, is_on
from techniques.se_chains.walk_memo import WalkMemo, visits
from techniques.se_chains.walks import N_NODES, UNBOUNDED, PassGraph, Walked, forcing, walk

#: (Y links, X links, cycle base, chain base, sort key) of SE's three passes, in its order.
_PASSES: Final = ((False, True, 6.5, 6.6, 2), (True, False, 6.5, 6.6, 3), (True, True, 7.0, 7.0, 4))


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
    """A cycle's or forcing chain's nodes, for use inside a nested chain (with the places
    of the position it was found in: a copy, since a nested run changes its own)."""

    def __init__(self, cells_with: list[int], path: tuple[Node, ...], cycle: bool) -> None:
        self.cells_with = cells_with[:]
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

    def hints(self, grid: Position, memo: WalkMemo | None = None, origin: Quiet | None = None) -> list[ChainHint]:
        """Every hint, in SE's order of discovery. ``memo``: the walks of earlier positions
        of the same search, reused where nothing they visited changed (and kept for the
        next position). ``origin``: a position with no failing node this one comes from
        (``chain_starts``)."""
        if memo is not None:
            memo.begin(grid)
        return self._search(grid, None, memo, origin)

    def best(self, grid: Position) -> ChainHint | None:
        """The hint SE takes: the first of the sorted hints (the walks stop as soon as
        they cannot find a better one)."""
        found = self._search(grid, [])
        return found[-1] if found else None

    def _search(
        self, grid: Position, best: list[ChainHint] | None, memo: WalkMemo | None = None, origin: Quiet | None = None
    ) -> list[ChainHint]:
        """All hints (``best`` None), or the improving ones, best last, with walks cut at
        the length that can still improve."""
        out: list[ChainHint] = [] if best is None else best
        #: The on -> off implications with Y links: the same in the Y and XY passes.
        offs_of: list[list[Node] | None] | None = None
        # The X pass from each digit's findings remembered by its places, nested searches'
        # too; but under a work budget (a listing) those are not remembered, and a nested
        # search's walk memo keeps more.
        remembered_x = memo is None or not budgeted()
        #: The candidates whose walks can find anything (``chain_starts``): with a memo too,
        #: the others are neither walked nor looked up (what they would find is nothing).
        starts = chain_starts(grid, origin)
        if starts is None:
            return out  # no walk can
        for index in range(len(_PASSES)):
            if index == 0 and remembered_x:
                self._remembered_pass(grid, out, best is not None, starts)
            else:
                offs_of = self._pass(grid, index, UNBOUNDED, out, best is not None, memo, offs_of, starts)
        return out

    def _remembered_pass(self, grid: Position, out: list[ChainHint], improving: bool, starts: ChainStarts | None = None) -> None:
        """The X pass (``_pass`` 0) from the findings remembered by each digit's places
        (``pass_memo``), kept as ``_pass`` keeps what its walks find: the same hints, best
        last. ``starts``: only the digits whose walks can find anything are looked at."""
        cycle_base, chain_base, sort_key = _PASSES[0][2:]
        for _, _, nodes, removals in x_findings(grid, ALL_DIGITS if starts is None else starts.digits):
            base = cycle_base if removals else chain_base
            if improving and not _improves(out, base, len(nodes), sort_key):
                continue
            if removals:
                _keep(out, self._cycle(grid, nodes, removals, cycle_base, sort_key, False, True), improving)
            else:
                _keep(out, self._chain(grid, nodes, chain_base, sort_key, False), improving)

    def _pass(
        self, grid: Position, index: int, depth: int, out: list[ChainHint], improving: bool, memo: WalkMemo | None,
        offs_of: list[list[Node] | None] | None = None, starts: ChainStarts | None = None,
    ) -> list[list[Node] | None] | None:
        """One pass of walks from every start, at most ``depth`` links each; when
        improving, only as deep and as long as a better hint than the last of ``out``
        could be. ``offs_of``: the on -> off implications with Y links an earlier pass
        computed in this position (shared, filled as walks ask); returned for the next
        pass when this one has Y links. ``starts``: what each start's walks can find
        (``chain_starts``; None: anything)."""
        y_links, x_links, cycle_base, chain_base, sort_key = _PASSES[index]
        graph = PassGraph.pruned(grid, y_links, x_links) if memo is None else memo.graph(index, grid, y_links, x_links)
        if memo is None and y_links:
            if offs_of is not None:
                graph.offs_of = offs_of
            offs_of = graph.offs_of
        marks = Marks() if memo is None else None
        flags = starts.flags if starts is not None else None
        #: What this pass looks for (the Y pass: cycles only).
        wanted = CYCLES | ON_CHAIN | OFF_CHAIN if x_links else CYCLES
        cands = grid.cands
        limit, longest = depth, UNBOUNDED
        bounded_by: ChainHint | None = None
        #: Each cycle's removals by its nodes: a cycle is met again from its other starts.
        removed: dict[frozenset[Node], tuple[Candidate, ...]] = {}
        for cell in range(N_CELLS):
            mask = cands[cell]
            count = MASK_COUNT[mask]
            if count < 2 or (count > 2 and not x_links):
                continue
            for digit in MASK_DIGITS[mask]:
                what = wanted if flags is None else flags[cell * 9 + digit - 1] & wanted
                if not what:
                    continue  # nothing to find from it
                if improving and out:
                    if out[-1] is not bounded_by:
                        bounded_by = out[-1]
                        limit = min(depth, _depth(bounded_by, min(cycle_base, chain_base), sort_key))
                        longest = _depth(bounded_by, cycle_base, sort_key) + 1
                    if limit < 3:
                        continue
                start = ((cell * 9 + digit - 1) << 1) | 1
                cycles, chains = self._found(graph, marks, index, start, limit, longest, memo, what)
                for cycle in cycles:
                    if improving and not _improves(out, cycle_base, len(cycle), sort_key):
                        continue  # as good as the best at most: neither its removals nor its hint are needed
                    nodes = frozenset(cycle)
                    known = removed.get(nodes)
                    if known is None:
                        known = removed[nodes] = cycle_removals(grid, cycle)
                    removals = known
                    if removals:
                        _keep(out, self._cycle(grid, cycle, removals, cycle_base, sort_key, y_links, x_links), improving)
                for found in chains:  # SE has no forcing Y-chains: none in the Y pass
                    if found is not None and (not improving or _improves(out, chain_base, len(found), sort_key)):
                        _keep(out, self._chain(grid, found, chain_base, sort_key, y_links), improving)
        return offs_of

    def _found(
        self, graph: PassGraph, marks: Marks | None, index: int, start: Node, depth: int, longest: int, memo: WalkMemo | None,
        what: int,
    ) -> tuple[list[tuple[Node, ...]], tuple[tuple[Node, ...] | None, ...]]:
        """The cycles (of at most ``longest`` nodes) and, with X links, the forcing chains
        from ``start`` on and off, within ``depth`` links: walked on arrays in a search
        that keeps no walk (``marks``), else from the memo or walked and kept. ``what``:
        what the walks can find (``chain_starts``' flags): a search without a memo walks
        for nothing else; a memo's walks are made whole (a later position may ask more)."""
        if marks is not None:
            if not graph.live(start) and not (graph.x_links and graph.ons(start ^ 1)):
                return [], ()  # the start implies nothing that implies anything, nor does its off node
            cycles: list[tuple[Node, ...]] = []
            chain: Found | None = None
            if what & (CYCLES | ON_CHAIN):
                cycles, chain = cycles_and_chain(graph, marks, start, depth, longest, bool(what & CYCLES))
            if not graph.x_links:
                return cycles, ()
            off = off_chain(graph, marks, start ^ 1, depth) if what & OFF_CHAIN else None
            return cycles, (chain[1] if chain is not None else None, off[1] if off is not None else None)
        walked = self._walked(graph, index, start, depth, memo)
        return walked.cycles(depth, longest), walked.chains(depth) if graph.x_links else ()

    @staticmethod
    def _walked(graph: PassGraph, index: int, start: Node, depth: int, memo: WalkMemo | None) -> Walked:
        """The walks from ``start`` on and (X links) off, within ``depth`` links: from the
        memo when it has them."""
        key = index * N_NODES + start
        if memo is not None:
            kept = memo.get(key, depth)
            if kept is not None:
                return kept
        off_chain: tuple[int, tuple[Node, ...]] | None = None
        if memo is None:
            ends, chain, seen, complete = walk(graph, start, depth)
            if graph.x_links:
                off_chain, _, off_complete = forcing(graph, start ^ 1, depth)
                complete = complete and off_complete
            return Walked(depth, complete, seen, ends, chain, off_chain)
        # Walked on arrays (``memo.marks``): the nodes reached go to the memo as lists.
        ends, chain, nodes, ups, end_at, complete = kept_walk(graph, memo.marks, start, depth)
        nodes_off: list[Node] = []
        if graph.x_links:
            off_chain, nodes_off, off_complete = kept_forcing(graph, memo.marks, start ^ 1, depth)
            complete = complete and off_complete
        found = Walked(depth, complete, None, ends, chain, off_chain, (nodes, ups, end_at))
        memo.put(key, visits(start, nodes, nodes_off), found)
        return found

    def _cycle(
        self, grid: Position, cycle: tuple[Node, ...], removals: tuple[Candidate, ...], base: float, sort_key: int, y: bool, x: bool
    ) -> ChainHint:
        complexity = len(cycle)
        if x and y:
            name, code = "Bidirectional Cycle", "sxyc"
        elif y:
            name, code = "Bidirectional Y-Cycle", "syc"
        else:
            cells = {cell_of(n) for n in cycle}
            name, code = ("Generalized X-Wing" if len(cells) == 4 else "Bidirectional X-Cycle"), "sxc"

        def words() -> tuple[tuple[tuple[Node, ...], ...], str]:
            text = (
                f"The chain {chain_words(cycle + cycle[:1])} closes on itself and holds both ways round, so of each two "
                f"linked candidates one is true. Every candidate that sees both ends of such a link with its digit "
                f"goes: {conclusion_words(None, removals)}."
            )
            return (cycle,), text

        basis = PathBasis(grid.cells_with, cycle, True)
        return ChainHint(name, code, chain_difficulty(base, complexity), complexity, sort_key, None, removals, words, basis)

    def _chain(self, grid: Position, chain: tuple[Node, ...], base: float, sort_key: int, y: bool) -> ChainHint:
        complexity = len(chain)
        target = chain[-1]
        placement, removals = removal_of(target, grid.cands)
        if y:
            name, code = "Forcing Chain", "sfc"
        else:
            name, code = ("Turbot Fish" if complexity == 6 else "Forcing X-Chain"), "sfxc"

        def words() -> tuple[tuple[tuple[Node, ...], ...], str]:
            start = chain[0]
            assumption = f"{CELL_NAMES[cell_of(start)]} {'is' if is_on(start) else 'is not'} {digit_of(start)}"
            text = (
                f"If {assumption}, then {chain_words(chain)}: the assumption contradicts itself, so "
                f"{conclusion_words(placement, removals if placement is None else ())}."
            )
            return (chain,), text

        basis = PathBasis(grid.cells_with, chain, False)
        return ChainHint(name, code, chain_difficulty(base, complexity), complexity, sort_key, placement, removals, words, basis)


def _keep(out: list[ChainHint], hint: ChainHint, improving: bool) -> None:
    """Add a hint: always (all hints), or when it beats the best so far (kept last)."""
    if not improving or not out or hint.key < out[-1].key:
        out.append(hint)


def _improves(out: list[ChainHint], base: float, complexity: int, sort_key: int) -> bool:
    """Whether a hint of this kind and complexity would beat the best so far (kept last):
    what ``_keep`` decides, known before the hint is made."""
    return not out or (chain_difficulty(base, complexity), complexity, sort_key) < out[-1].key


def _depth(best: ChainHint | None, base: float, sort_key: int) -> int:
    """How many links a walk may go and still find a hint better than ``best`` (the
    complexity of a chain is its node count, one more than its links)."""
    if best is None:
        return UNBOUNDED
    complexity = 2
    while (chain_difficulty(base, complexity + 1), complexity + 1, sort_key) < best.key:
        complexity += 1
    return complexity - 1


FORCING_CHAINS_AND_CYCLES: Final = ForcingChainsAndCycles()

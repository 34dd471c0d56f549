"""Runs kept from one search for SE's choice to the next (Multiple and Dynamic Forcing
Chains, outside nested chains).

A run (``propagation``, static or dynamic, with or without a limit) reads, for each node
it takes, the candidates of the node's cell and the places of the node's digit in the
cell's three houses: nothing else. Between two searches of a solve the position only
loses a few candidates, so a run whose nodes' cells and houses are unchanged (for their
digits) is the same run, with the same limit: it is used again, and spends the nodes it
spent when made (so every work bound is reached exactly where a new run would reach it).

A run that ended before its limit cut it (``Run.cut``) is the whole run: the same, and
spending the same, with any higher limit or none, and with any limit above its deepest
node (every node pending is then less deep than the limit: nothing is cut). It is also
kept by its start alone, for a search that asks for its start with such a limit.
"""

from __future__ import annotations

import threading
from typing import Final

from engine.cells import MASK_DIGITS, N_CELLS
from engine.stop import budgeted
from techniques.se_chains.nodes import BoxedNode, Node
from techniques.se_chains.propagation import Run
from techniques.se_order import HOUSE_CELLS

#: Chain nodes, by number.
N_NODES: Final = 2 * 9 * N_CELLS
#: The limit of a run made without one, for comparisons (above any chain's size).
UNBOUNDED: Final = 1 << 30


def stale_nodes(before: list[int], now: list[int]) -> list[bool]:
    """For two positions (candidates per cell), a flag per node: whether what a run reads
    when it takes the node differs (its cell's candidates, its digit's places in the
    cell's houses)."""
    out = [False] * N_NODES
    for cell in range(N_CELLS):
        changed = before[cell] ^ now[cell]
        if not changed:
            continue
        base = cell * 18
        for k in range(18):
            out[base + k] = True
        for d in MASK_DIGITS[changed]:
            at = (d - 1) << 1
            for other in HOUSE_CELLS[cell]:
                out[other * 18 + at] = True
                out[other * 18 + at + 1] = True
    return out


class KeptRuns:
    """One producer's runs of the searches of one thread, each with the search (a
    generation) it was made or last found valid in, and the last few positions."""

    KEEP = 8
    #: Runs kept at most: when full, those of positions no longer kept (which can never
    #: hold again) go, then all if that is not enough.
    SIZE = 1 << 13

    def __init__(self) -> None:
        self.generation = -1
        self.views: dict[int, list[int]] = {}
        self.flags: dict[int, list[bool]] = {}
        self.runs: dict[int, tuple[int, Run, int]] = {}
        #: Whole runs (not cut) by start: (generation, run, nodes spent, the lowest limit
        #: it holds for: its own, or its deepest node's depth + 1).
        self.whole: dict[int, tuple[int, Run, int, int]] = {}

    def begin(self, cands: list[int]) -> None:
        """A search in a new position starts."""
        self.generation += 1
        self.views[self.generation] = cands[:]
        self.views.pop(self.generation - self.KEEP, None)
        self.flags = {}
        oldest = self.generation - self.KEEP
        if len(self.runs) >= self.SIZE:
            self.runs = {key: record for key, record in self.runs.items() if record[0] > oldest}
            if len(self.runs) >= self.SIZE:
                self.runs.clear()
        if len(self.whole) >= self.SIZE:
            self.whole = {start: record for start, record in self.whole.items() if record[0] > oldest}

    def get(self, start: Node, limit: int | None) -> tuple[Run, int] | None:
        """The run from ``start`` with ``limit`` (None: none) kept, and the nodes it spent,
        if it holds in the current position: one made with that limit, or a whole one made
        with a limit no higher."""
        key = run_key(start, limit)
        record = self.runs.get(key)
        if record is not None:
            generation, run, spent = record
            if generation == self.generation or self._holds(generation, run):
                if generation != self.generation:
                    self.runs[key] = (self.generation, run, spent)
                return run, spent
        return self._whole(start, limit)

    def _whole(self, start: Node, limit: int | None) -> tuple[Run, int] | None:
        """The whole run from ``start`` kept, if it holds for ``limit`` and in the current
        position, and the nodes it spent."""
        whole = self.whole.get(start)
        if whole is None or whole[3] > (UNBOUNDED if limit is None else limit):
            return None
        generation, run, spent, lowest = whole
        if generation != self.generation:
            if not self._holds(generation, run):
                return None
            self.whole[start] = (self.generation, run, spent, lowest)
        return run, spent

    def put(self, start: Node, limit: int | None, run: Run, spent: int) -> None:
        self.runs[run_key(start, limit)] = (self.generation, run, spent)
        if not run.cut:
            self.whole[start] = (self.generation, run, spent, whole_from(run, limit))

    def _holds(self, generation: int, run: Run) -> bool:
        flags = self.flags.get(generation)
        if flags is None:
            view = self.views.get(generation)
            if view is None:
                return False
            flags = self.flags[generation] = stale_nodes(view, self.views[self.generation])
        ons: dict[BoxedNode, tuple[Node, ...]] = run.on
        for n in ons:
            at: Node = n  # unboxed, to index the list with
            if flags[at]:
                return False
        offs: dict[BoxedNode, tuple[Node, ...]] = run.off
        for n in offs:
            at = n
            if flags[at]:
                return False
        return True


class RunMemo:
    """A producer's ``KeptRuns``, per thread (none under a work budget: a listing)."""

    def __init__(self) -> None:
        self.kept: dict[int, KeptRuns] = {}

    def begin(self, cands: list[int]) -> KeptRuns | None:
        """A search in a position with these candidates starts: what this thread's
        searches keep, or None under a work budget."""
        if budgeted():
            return None
        thread = threading.get_ident()
        found = self.kept.get(thread)
        if found is None:
            found = self.kept[thread] = KeptRuns()
        found.begin(cands)
        return found


def run_key(start: Node, limit: int | None) -> int:
    """A kept run's key: its start and its limit (None: none)."""
    return start + N_NODES * (0 if limit is None else limit + 1)


def whole_from(run: Run, limit: int | None) -> int:
    """The lowest limit a whole run (not cut) made with ``limit`` holds for: its own, or
    one above its deepest node (a run made without a limit records no depths)."""
    if limit is None:
        return UNBOUNDED
    deepest = 0
    depths: dict[BoxedNode, int] = run.depth
    for d in depths.values():
        if d > deepest:
            deepest = d
    return min(limit, deepest + 1)

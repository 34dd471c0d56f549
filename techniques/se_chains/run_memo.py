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
node (every node pending is then less deep than the limit: nothing is cut). Runs are
kept by start, the last one made for each: a search that asks for the start with
another limit takes it too if it is a whole run that holds for that limit.
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
        #: By start: (generation, run, nodes spent, the limit it was made with, the lowest
        #: limit a whole run holds for, or -1 until asked: ``whole_from``).
        self.runs: dict[int, tuple[int, Run, int, int, int]] = {}

    def begin(self, cands: list[int]) -> None:
        """A search in a new position starts."""
        self.generation += 1
        self.views[self.generation] = cands[:]
        self.views.pop(self.generation - self.KEEP, None)
        self.flags = {}
        if len(self.runs) >= self.SIZE:
            oldest = self.generation - self.KEEP
            self.runs = {key: record for key, record in self.runs.items() if record[0] > oldest}
            if len(self.runs) >= self.SIZE:
                self.runs.clear()

    def get(self, start: Node, limit: int | None) -> tuple[Run, int] | None:
        """The run from ``start`` with ``limit`` (None: none) kept, and the nodes it spent,
        if it holds in the current position: one made with that limit, or a whole one that
        holds for it."""
        record = self.runs.get(start)
        if record is None:
            return None
        generation, run, spent, made, lowest = record
        asked = UNBOUNDED if limit is None else limit
        if asked != made:
            if run.cut:
                return None  # a run cut by its limit holds for that limit only
            if asked < made:  # (a whole run is the same with any higher limit)
                if lowest < 0:
                    lowest = whole_from(run, made)
                    self.runs[start] = (generation, run, spent, made, lowest)
                if asked < lowest:
                    return None
        if generation != self.generation:
            if not self._holds(generation, run):
                return None
            self.runs[start] = (self.generation, run, spent, made, lowest)
        return run, spent

    def put(self, start: Node, limit: int | None, run: Run, spent: int) -> None:
        self.runs[start] = (self.generation, run, spent, UNBOUNDED if limit is None else limit, -1)

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


def whole_from(run: Run, limit: int) -> int:
    """The lowest limit a whole run (not cut) made with ``limit`` (``UNBOUNDED``: none)
    holds for: its own, or one above its deepest node (a run made without a limit records
    no depths)."""
    if limit == UNBOUNDED:
        return UNBOUNDED
    return min(limit, run.deepest + 1)

"""Where one assumption ends, without the record of why: a forcing net's first pass.

A :class:`~techniques.forcing.propagation.Branch` keeps every fact it derives as an event
with its reasons, so that its proof can be told. Most branches of a grid are never told:
a net step needs the branches of its own premises only, and which premises those are
follows from where every branch ends (what it places and removes, or that it breaks a
rule). :func:`sweep` finds that end alone. It makes the same placements and removals, in
the same order, as a depth-1 branch with locked candidates (``Branch(root, locked=True)``),
so it ends in the same place; it only skips the events, their reasons and the log.

Keep the two in step: a change to the rules of :class:`Branch` is a change here too
(``tests/test_forcing_sweep.py`` compares them on real positions). Only the interpreted
build sweeps (see ``NetProver``); the compiled build leaves this module interpreted.
"""

from __future__ import annotations

from collections import deque
from typing import Final

from engine.cells import MASK_DIGITS, N_CELLS, PEER_MASK, UNITS_OF, Cell, Digit
from techniques.forcing.propagation import UNIT_MASKS, Root, sweep_locked_candidates


class _Broken(Exception):
    """Raised inside a sweep when a rule breaks (the rule itself is not kept)."""


_BROKEN: Final = _Broken()


def sweep(root: Root, cell: Cell, digit: Digit, on: bool) -> tuple[int, int] | None:
    """Where the assumption "``cell`` is (``on``) or is not ``digit``" ends, from ``root``:
    the node bit sets (candidate indexes) of the candidates it places and of those it
    removes; None when it breaks a rule."""
    if not on:
        alone = removal_alone(root, cell, digit)
        if alone is not None:
            return alone  # half the premises of a hard grid
    state = swept(root, cell, digit, on)
    return None if state is None else state.ends()


def swept(root: Root, cell: Cell, digit: Digit, on: bool, after: Swept | None = None) -> Swept | None:
    """The assumption's sweep, as its end position (None when it breaks a rule), from
    ``root``, or carried on from ``after``: the end of an assumption that this one
    implies ("is d" implies that its cell is not e), which ends where this one's sweep
    passes anyway, so the sweep goes on from there. (A sweep ends in the largest
    position, below its start, where no rule it applies is left to apply, whatever the
    order it applies them in: see ``conclusions.same_ends``. This one's end lies below
    ``after``, so it is the end from ``after`` with the assumption made.)"""
    if after is not None and on:
        if after.values[cell]:
            return after if after.values[cell] == digit else None
        if not after.cands[cell] >> (digit - 1) & 1:
            return None  # ``after`` took the digit: this assumption breaks a rule
    state = Swept(root) if after is None else after.copy()
    try:
        if on:
            state.place(cell, digit)
        elif state.cands[cell] >> (digit - 1) & 1:
            state.remove(cell, digit)
        state.drain()
    except _Broken:
        return None
    return state


def removal_alone(root: Root, cell: Cell, digit: Digit) -> tuple[int, int] | None:
    """The end of "``cell`` is not ``digit``" (as :func:`sweep` gives it: nothing placed,
    the candidate alone removed) when removing the candidate leads to nothing
    (:meth:`Swept.remove` would queue no single and mark no house for locked candidates):
    the cell keeps two candidates or more, and each of its houses more than three places
    for the digit. None when it may lead further."""
    b = 1 << (digit - 1)
    mask = root.cands[cell]
    if not mask & b or (mask & ~b).bit_count() < 2 or root.values[cell]:
        return None
    places = root.cells_with[digit] & ~(1 << cell)
    for u in UNITS_OF[cell]:
        if not root.placed[u] & b and (places & UNIT_MASKS[u]).bit_count() <= 3:
            return None
    return 0, 1 << ((digit - 1) * N_CELLS + cell)


def _other_houses(cell: Cell) -> tuple[tuple[int, ...], ...]:
    row: list[tuple[int, ...]] = [()] * N_CELLS
    peers = PEER_MASK[cell]
    while peers:
        low = peers & -peers
        peers ^= low
        peer = low.bit_length() - 1
        row[peer] = tuple(u for u in UNITS_OF[peer] if not UNIT_MASKS[u] >> cell & 1)
    return tuple(row)


#: Per cell, per peer: the peer's houses that do not hold the cell (see ``Swept.place``).
_OTHER_HOUSES: Final = tuple(_other_houses(cell) for cell in range(N_CELLS))


class Swept:
    """One branch's candidates while it runs (``Branch`` without its record)."""

    __slots__ = ("root", "cands", "values", "cells_with", "placed", "queue", "dirty", "placed_nodes")

    def __init__(self, root: Root) -> None:
        self.root = root
        self.cands: list[int] = root.cands[:]
        self.values: list[int] = root.values[:]
        self.cells_with: list[int] = root.cells_with[:]
        self.placed: list[int] = root.placed[:]
        self.queue: deque[int] = deque()
        self.dirty = [0] * 9  # per digit: houses to sweep for locked candidates (see remove)
        #: The candidates placed so far, as node bits (see :meth:`removed_nodes`).
        self.placed_nodes = 0

    def copy(self) -> Swept:
        """The same position, nothing queued or marked (a finished sweep's, to go on from)."""
        other = Swept.__new__(Swept)
        other.root = self.root
        other.cands = self.cands[:]
        other.values = self.values[:]
        other.cells_with = self.cells_with[:]
        other.placed = self.placed[:]
        other.queue = deque()
        other.dirty = [0] * 9
        other.placed_nodes = self.placed_nodes
        return other

    def ends(self) -> tuple[int, int]:
        """The candidates placed and removed so far, as node bits."""
        return self.placed_nodes, self.removed_nodes()

    def removed_nodes(self) -> int:
        """The candidates removed so far (placed ones are not removed), as node bits."""
        removed = 0
        before, now = self.root.cells_with, self.cells_with
        for d in range(1, 10):
            gone = before[d] & ~now[d]
            if gone:
                removed |= gone << (d - 1) * N_CELLS
        return removed & ~self.placed_nodes

    def place(self, cell: Cell, digit: Digit) -> None:
        """``Branch._place``: the cell's other candidates go, then the digit from its peers."""
        self.placed_nodes |= 1 << ((digit - 1) * N_CELLS + cell)
        b = 1 << (digit - 1)
        self.values[cell] = digit
        placed = self.placed
        for u in UNITS_OF[cell]:
            placed[u] |= b
        for other in MASK_DIGITS[self.cands[cell] & ~b]:
            self.remove(cell, other)
        self.cands[cell] = 0
        cw = self.cells_with[digit] & ~(1 << cell)
        self.cells_with[digit] = cw
        # The digit from the peers: ``remove`` inlined. A peer that still has the digit has
        # it placed in none of its houses (a placement takes it from every peer) but those
        # it shares with the cell, placed just now: only its other houses are tested.
        peers = cw & PEER_MASK[cell]
        cands, values, queue, dirty = self.cands, self.values, self.queue, 0
        others = _OTHER_HOUSES[cell]
        while peers:
            low = peers & -peers
            peers ^= low
            cw ^= low
            x = low.bit_length() - 1
            mask = cands[x] ^ b
            cands[x] = mask
            if not values[x]:
                if not mask:
                    self.cells_with[digit] = cw
                    raise _BROKEN
                if not mask & (mask - 1):
                    queue.append(x)
            for u in others[x]:
                places = cw & UNIT_MASKS[u]
                if not places & (places - 1):
                    if not places:
                        self.cells_with[digit] = cw
                        raise _BROKEN
                    queue.append(100 + u * 9 + digit - 1)
                    dirty |= 1 << u
                elif places.bit_count() <= 3:
                    dirty |= 1 << u
        self.cells_with[digit] = cw
        if dirty:
            self.dirty[digit - 1] |= dirty

    def remove(self, cell: Cell, digit: Digit) -> None:
        """``Branch._remove``: the candidate goes; singles it leaves are queued, and the
        houses it leaves with one to three places marked for locked candidates (the
        branch marks all three; a sweep finds nothing in the others: placed, or more
        than three places. One place is marked: a removal made by a sweep leaves its
        single queued until the sweep ends, and the house may confine the digit first)."""
        b = 1 << (digit - 1)
        cands = self.cands
        mask = cands[cell]
        if not mask & b:
            return
        mask ^= b
        cands[cell] = mask
        cw = self.cells_with[digit] & ~(1 << cell)
        self.cells_with[digit] = cw
        queue = self.queue
        if not self.values[cell]:
            if not mask:
                raise _BROKEN
            if not mask & (mask - 1):
                queue.append(cell)
        placed = self.placed
        dirty = 0
        for u in UNITS_OF[cell]:
            if placed[u] & b:
                continue
            places = cw & UNIT_MASKS[u]
            if not places & (places - 1):
                if not places:
                    raise _BROKEN
                queue.append(100 + u * 9 + digit - 1)
                dirty |= 1 << u
            elif places.bit_count() <= 3:
                dirty |= 1 << u
        if dirty:
            self.dirty[digit - 1] |= dirty

    def drain(self) -> None:
        """``Branch._drain`` with locked candidates: singles, then a sweep of the houses
        whose places changed, until nothing more follows."""
        queue = self.queue
        while True:
            while queue:
                item = queue.popleft()
                if item < 100:
                    if not self.values[item]:
                        self.place(item, MASK_DIGITS[self.cands[item]][0])
                else:
                    u, d0 = divmod(item - 100, 9)
                    if not self.placed[u] >> d0 & 1:
                        places = self.cells_with[d0 + 1] & UNIT_MASKS[u]
                        self.place(places.bit_length() - 1, d0 + 1)
            if not self._locked_candidates():
                return

    def _locked_candidates(self) -> bool:
        """``Branch._locked_candidates``: pointing and claiming in the houses whose places
        changed since the last sweep; True if it removed anything."""
        return sweep_locked_candidates(self.dirty, self.placed, self.cells_with, self._confine)

    def _confine(self, digit: Digit, inside: int, outside: int, mask: int, targets: int) -> None:
        """``Branch._confine``: the digit goes from ``targets``, ascending (the houses and
        the crossing do not matter here: no reason is kept)."""
        b = 1 << (digit - 1)
        while targets:
            low = targets & -targets
            targets ^= low
            cell = low.bit_length() - 1
            if self.cands[cell] & b:
                self.remove(cell, digit)

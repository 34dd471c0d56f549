"""What a nice loop or an AIC proves: HoDoKu's rules, as pure functions on a chain.

A chain is a list of (node, true?) pairs from a premise about one candidate of the start
cell. A *nice loop* comes back to the start cell:

- Discontinuous: "a true" leads to "a false" (or to another digit of the cell being true),
  so a is false; "a false" leads to "a true", so a is true (the other digits go); "a false"
  leads to "b false", so b is false.
- Continuous: the loop closes consistently ("a true" back to "b false" in a cell holding only
  a and b, or "a false" back to "b true"). Then in every link one end is true: a digit
  weakly linked between two nodes leaves the cells that see both, and a cell entered and
  left by strong links keeps only those two digits.

An *AIC* runs from "a false" in one cell to "b true" in another: a digit seen by both ends
goes when a = b (HoDoKu reports it when that removes at least two candidates, one removal
being a discontinuous loop), or, for a != b, ends that see each other lose the other's digit.
"""

from __future__ import annotations

from enum import Enum

from engine.cells import MASK_DIGITS, PEER_MASK, CellSet, Digit, bit, cells_of
from engine.grid import Grid
from engine.step import Candidate, candidate
from techniques.hodoku_chains.notation import Chain
from techniques.hodoku_chains.link_graph import Node
from techniques.shared import seeing_all


class Kind(Enum):
    CONTINUOUS = "cnl"
    DISCONTINUOUS = "dnl"
    AIC = "aic"


def loop_kind(grid: Grid, start: Node, start_true: bool, end: Node, end_true: bool) -> tuple[Kind, tuple[Candidate, ...]] | None:
    """The kind of a loop from the start cell back to it, with the eliminations of a
    discontinuous one (a continuous loop's depend on the whole chain)."""
    s, a, b = start.cell, start.digit, end.digit
    if start_true and not end_true and a == b:
        return Kind.DISCONTINUOUS, (candidate(a, s),)
    if not start_true and end_true and a == b:
        others = tuple(candidate(d, s) for d in MASK_DIGITS[grid.cands[s]] if d != a)
        return Kind.DISCONTINUOUS, others
    if start_true and end_true:
        return Kind.DISCONTINUOUS, (candidate(a, s),)
    if not start_true and not end_true:
        return Kind.DISCONTINUOUS, (candidate(b, s),)
    if not start_true or grid.cands[s].bit_count() == 2:
        return Kind.CONTINUOUS, ()
    return None


def node_buddies(grid: Grid, node: Node, digit: Digit) -> CellSet:
    """Cells outside the node that see all of its cells holding ``digit``."""
    cells = node.cells & grid.cells_with[digit] if node.als else node.cells
    return seeing_all(cells) & ~node.cells


def continuous_eliminations(grid: Grid, chain: Chain) -> tuple[Candidate, ...]:
    """HoDoKu's eliminations for a continuous nice loop."""
    start = chain[0][0]
    n = len(chain) - 1
    on_chain = 0
    for node, _ in chain:
        on_chain |= node.cells
    out: set[Candidate] = set()
    if not chain[0][1] and chain[-1][1]:
        out |= _others(grid, start.cell, start.digit, chain[-1][0].digit)
    for i in range(1, n + 1):
        node, true = chain[i]
        before = chain[i - 1][0]
        if true and i <= n - 2 and before.cell != node.cell:
            (nxt, nxt_true), (after, after_true) = chain[i + 1], chain[i + 2]
            if not nxt_true and nxt.cell == node.cell and after_true and after.cell != nxt.cell:
                out |= _others(grid, node.cell, node.digit, after.digit)
        if not true and before.cell != node.cell:
            d = node.digit
            seen = node_buddies(grid, before, d) & node_buddies(grid, node, d)
            for c in cells_of(seen & grid.cells_with[d] & ~on_chain & ~(1 << start.cell)):
                out.add(candidate(d, c))
            if node.als:
                out |= als_eliminations(grid, chain, i)
    return tuple(sorted(out))


def als_eliminations(grid: Grid, chain: Chain, i: int) -> set[Candidate]:
    """The extra eliminations of an almost locked set entered at position ``i`` of a loop:
    its digits other than the entry and exit digits leave every cell that sees all of the
    set's cells holding them."""
    node = chain[i][0]
    exits = 0
    forced = -1
    if i + 1 < len(chain):
        nxt, nxt_true = chain[i + 1]
        if nxt_true:
            # The set forces a cell: every other digit of that cell is an exit digit.
            forced = nxt.cell
            exits = grid.cands[forced] & ~bit(nxt.digit)
        else:
            exits = bit(nxt.digit)
    out: set[Candidate] = set()
    for d in MASK_DIGITS[node.als]:
        if d == node.digit:
            continue
        seen = node_buddies(grid, node, d) & grid.cells_with[d]
        if exits & bit(d):
            if forced < 0:
                continue
            seen &= PEER_MASK[forced]
        out.update(candidate(d, c) for c in cells_of(seen))
    return out


def aic_eliminations(grid: Grid, start: Node, end: Node) -> tuple[Candidate, ...]:
    """What an AIC from "start false" to "end true" removes (HoDoKu's two types)."""
    s, e, a, b = start.cell, end.cell, start.digit, end.digit
    if a == b:
        seen = grid.cells_with[a] & PEER_MASK[s] & PEER_MASK[e]
        # A single removal is reported as a discontinuous nice loop instead.
        return tuple(candidate(a, c) for c in cells_of(seen)) if seen.bit_count() >= 2 else ()
    if PEER_MASK[s] >> e & 1 and grid.cands[s] >> (b - 1) & 1 and grid.cands[e] >> (a - 1) & 1:
        return tuple(sorted((candidate(b, s), candidate(a, e))))
    return ()


def _others(grid: Grid, cell: int, a: Digit, b: Digit) -> set[Candidate]:
    return {candidate(d, cell) for d in MASK_DIGITS[grid.cands[cell] & ~bit(a) & ~bit(b)]}

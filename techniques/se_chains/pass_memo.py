"""What the X pass of SE's Forcing Chains & Cycles finds, remembered by the part of the
position its walks read.

X links never leave a digit: the X pass's walks from one digit's starts read that digit's
places alone. So each digit's findings are kept (``StateMemo``) by its places (and which
of them are starts) and reused wherever they recur (a solve changes a few digits per
step: 69% of the digits at the sfc positions of cb001's first 300 were seen before). The
findings are unbounded walks' (every cycle that removes something, every forcing chain),
in the order the walks find them; the solver's search keeps from them what its own walks
would keep (``ForcingChainsAndCycles._remembered_pass``).

(The Y pass was remembered the same way, by each group of two-candidate cells linked by a
common digit, and dropped: 41% of its starts hit, no faster.)
"""

from __future__ import annotations

from typing import Final

from engine.cache import StateMemo, remembered
from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK
from engine.position import Position
from engine.step import Candidate
from techniques.se_chains.array_walks import Marks, cycles_and_chain, off_chain
from techniques.se_chains.nodes import Node
from techniques.se_chains.walks import UNBOUNDED, PassGraph

#: One thing the pass finds: (start node, order among that start's findings, nodes, and
#: for a cycle its removals, () for a forcing chain).
Finding = tuple[Node, int, tuple[Node, ...], tuple[Candidate, ...]]

_FINDINGS: Final[StateMemo[tuple[int, ...], tuple[Finding, ...]]] = StateMemo()


def cycle_removals(grid: Position, cycle: tuple[Node, ...]) -> tuple[Candidate, ...]:
    """Candidates that see an on node and an off node of the cycle with their digit."""
    cells = 0
    seen_on = [0] * 10  # by digit: the cells that see an on node of the cycle with it
    seen_off = [0] * 10
    on_digits = off_digits = 0
    for n in cycle:
        cell = (n >> 1) // 9  # not divmod: a generic call and a tuple, compiled
        shift = (n >> 1) % 9
        cells |= 1 << cell
        if n & 1:
            on_digits |= 1 << shift
            seen_on[shift + 1] |= PEER_MASK[cell]
        else:
            off_digits |= 1 << shift
            seen_off[shift + 1] |= PEER_MASK[cell]
    out = []
    cells_with = grid.cells_with
    for d in MASK_DIGITS[on_digits & off_digits]:
        both = seen_on[d] & seen_off[d] & cells_with[d] & ~cells
        while both:
            low = both & -both
            out.append(Candidate(d, low.bit_length() - 1))
            both ^= low
    return tuple(out)


#: ``x_findings``' digits: all nine.
ALL_DIGITS: Final = 0x1FF


def x_findings(grid: Position, digits: int = ALL_DIGITS) -> list[Finding]:
    """Every cycle that removes something and every forcing chain of the X pass, in the
    order its walks find them (start by start: cells, then digits), from the starts of
    ``digits`` (a nine-bit mask: the others' walks are known to find nothing)."""
    found: list[Finding] = []
    graph = _LazyGraph(grid, False, True)
    cands = grid.cands
    several = 0  # the cells with two candidates or more: where walks start
    for cell in range(N_CELLS):
        if MASK_COUNT[cands[cell]] >= 2:
            several |= 1 << cell
    for digit in MASK_DIGITS[digits]:
        places = grid.cells_with[digit]
        starts = places & several
        if starts:
            key = (digit, places, starts)
            found.extend(remembered(_FINDINGS, key, lambda: _walked(grid, graph.get(), _start_nodes(starts, digit))))
    found.sort()
    return found


class _LazyGraph:
    """A pruned pass graph, made when first needed (every digit may be known)."""

    def __init__(self, grid: Position, y_links: bool, x_links: bool) -> None:
        self.grid = grid
        self.y_links = y_links
        self.x_links = x_links
        self.graph: PassGraph | None = None

    def get(self) -> PassGraph:
        if self.graph is None:
            self.graph = PassGraph.pruned(self.grid, self.y_links, self.x_links)
        return self.graph


def _cells(cells: int) -> list[int]:
    out = []
    while cells:
        low = cells & -cells
        out.append(low.bit_length() - 1)
        cells ^= low
    return out


def _start_nodes(cells: int, digit: int) -> list[Node]:
    """The on nodes of ``digit`` in ``cells``, cells ascending."""
    return [((cell * 9 + digit - 1) << 1) | 1 for cell in _cells(cells)]


def _walked(grid: Position, graph: PassGraph, starts: list[Node]) -> list[Finding]:
    """What unbounded X walks from ``starts`` find, in order: the cycles that remove
    something (with their removals) and the forcing chains."""
    marks = Marks()
    out: list[Finding] = []
    for start in starts:
        if not graph.live(start) and not graph.ons(start ^ 1):
            continue
        cycles, chain = cycles_and_chain(graph, marks, start, UNBOUNDED, UNBOUNDED)
        for cycle in cycles:
            removals = cycle_removals(grid, cycle)
            if removals:
                out.append((start, len(out), cycle, removals))
        off = off_chain(graph, marks, start ^ 1, UNBOUNDED)
        for found in (chain, off):
            if found is not None:
                out.append((start, len(out), found[1], ()))
    return out

"""Which walks of SE's Forcing Chains & Cycles can find anything: an exact test made once
per position, before the walks.

With both kinds of links (the XY pass's implications), every implication ``a -> b`` has
its mirror ``not b -> not a`` (weak and strong links both go both ways), and every pass
walks a part of that graph. What the walks look for:

* a forcing chain from a start ``x`` (on or off) to its opposite: ``x`` reaches ``not x``
  ("``x`` fails");
* a cycle through the start that removes a candidate ``c``: ``c`` sees, with its digit, an
  on node ``a`` and an off node ``not b`` of the cycle, so ``c -> not b``, then round the
  cycle to ``a``, then ``a -> not c``: ``c`` fails, and every node of the cycle, the start
  too, lies on a path from ``c`` to ``not c``.

So a walk from start ``s`` finds something only if ``s`` or ``not s`` lies on a path from
a failing node ``l`` to ``not l`` (its off chain is such a path, from ``not s``). A node
``x`` lies on one when ``l -> ... -> x -> ... -> not l``; mirrored, ``l -> ... -> x`` is
``not x -> ... -> not l``: so when ``x`` and ``not x`` both reach ``not l`` for some
failing ``l`` (the same condition for ``x`` and ``not x``).

Only the candidates with a strong link (a two-candidate cell, or a digit with two places
in a house: the "core") have nodes inside such paths: an off node implies something only
through a strong link, and only strong links lead to on nodes. So reachability is worked
out on the core's nodes alone, over their strongly connected components (Tarjan), each
node's reach kept as the set of core on nodes it reaches (a bit set by core index); the
other candidates' on nodes only start paths, their off nodes only end them (reached from
an on node that sees them).
"""

from __future__ import annotations

from typing import Final

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_HALVES, PEER_MASK, UNITS
from engine.position import Position
from techniques.se_chains.nodes import split
from techniques.se_places import places_of

#: Candidates are numbered ``cell * 9 + digit - 1``.
N_CANDIDATES: Final = 9 * N_CELLS
#: _SEES[a * 81 + b]: whether cells ``a`` and ``b`` share a house (not the same cell).
_SEES: Final[tuple[bool, ...]] = tuple(bool(PEER_MASK[a] >> b & 1) for a in range(N_CELLS) for b in range(N_CELLS))
#: _HOUSE_CELLS[house * 9 + position]: the cell at that position of the house.
_HOUSE_CELLS: Final[tuple[int, ...]] = tuple(cell for unit in UNITS for cell in unit.cells)


#: ``ChainStarts.flags`` bits: what a walk from the candidate (on) can find.
CYCLES: Final = 1  # a cycle that removes something (the start is in a cycle and on such a path)
ON_CHAIN: Final = 2  # a forcing chain from it on (on fails)
OFF_CHAIN: Final = 4  # a forcing chain from it off (off fails)


class ChainStarts:
    """What the walks from each candidate (``cell * 9 + digit - 1``) can find: ``flags``
    (``CYCLES``, ``ON_CHAIN``, ``OFF_CHAIN``; 0: nothing), and the digits of the
    candidates whose walks can find something (a nine-bit mask)."""

    __slots__ = ("flags", "digits")

    def __init__(self) -> None:
        self.flags = [0] * N_CANDIDATES
        self.digits = 0

    def flag(self, cand: int, what: int) -> None:
        self.flags[cand] |= what
        self.digits |= 1 << cand % 9


class Quiet:
    """A position where no node fails (``chain_starts`` None), kept (its candidates and
    places table) to tell at a glance that a later position with fewer candidates has no
    failing node either.

    Every link of a position is a link of a position with more candidates, but for the
    strong ones: a weak link (two candidates that see each other) stays one while both
    are there; a strong link can be new (a cell down to two candidates, a digit down to
    two places in a house). So when the later position's candidates are all here and
    each of its strong links is one here too, every path of its implications is a path
    here, and no node fails there since none fails here: no walk can find anything."""

    __slots__ = ("cands", "places")

    def __init__(self, position: Position) -> None:
        self.cands = position.cands[:]
        self.places = places_of(position)[:]

    def holds_for(self, position: Position) -> bool:
        """Whether ``position``'s candidates are all here and each of its strong links is
        one here (then no node fails in it)."""
        cands, before = position.cands, self.cands
        for cell in range(N_CELLS):
            mask = cands[cell]
            if mask & ~before[cell] or (MASK_COUNT[mask] == 2 and mask != before[cell]):
                return False
        table, places = places_of(position), self.places
        for slot in range(27 * 9):
            at = table[slot]
            if MASK_COUNT[at] == 2 and at != places[slot]:
                return False
        return True


def quiet(position: Position) -> Quiet | None:
    """The position kept as ``Quiet`` when no node fails in it, else None."""
    return Quiet(position) if chain_starts(position) is None else None


def chain_starts(position: Position, origin: Quiet | None = None) -> ChainStarts | None:
    """What the walks from each candidate can find, in any pass; None when no walk can
    find anything. ``origin``: a position where no node fails, that this one may come
    from (``Quiet``: None at once when it tells)."""
    if origin is not None and origin.holds_for(position):
        return None
    core = _Core(position)
    if not core.cands:
        return None  # no strong link: no off node implies anything
    comp, reach, cyclic = _components(core.links)
    k = len(core.cands)
    #: The core on nodes each node reaches (node 2i: core candidate i off; 2i + 1: on).
    reached = [reach[comp[v]] for v in range(2 * k)]
    out = ChainStarts()
    #: For each node failing nodes conclude (``not l``): the core on nodes that reach it
    #: (the on node itself, or those that imply an off node).
    targets: list[int] = []
    for i in range(k):
        sees = core.sees[i]
        if reached[2 * i + 1] & sees:
            targets.append(sees)  # on fails: its off node concluded, implied by what it sees
            out.flag(core.cands[i], ON_CHAIN)
        if reached[2 * i] >> i & 1:
            targets.append(1 << i)  # off fails: the on node concluded
            out.flag(core.cands[i], OFF_CHAIN)
    _outside(position, core, reached, targets, out)
    if not targets:
        return None
    removing = _removing(position, core, cyclic)  # only now: most positions of a nested search fail nowhere
    for i in range(k):
        if not removing[comp[2 * i + 1]]:
            continue  # no cycle through its on node can remove anything
        on, off = reached[2 * i + 1], reached[2 * i]
        for t in targets:
            if on & t and off & t:
                out.flag(core.cands[i], CYCLES)
                break
    return out


def _removing(position: Position, core: _Core, cyclic: list[list[int] | None]) -> list[bool]:
    """For each component, whether a cycle inside it could remove something: a candidate
    that sees, with its digit, an on node and an off node of the component (a cycle's
    nodes are inside one component, of the XY pass's graph or of a smaller pass's)."""
    out = [False] * len(cyclic)
    cells_with = position.cells_with
    cands = core.cands
    for c in range(len(cyclic)):
        nodes = cyclic[c]
        if nodes is None:
            continue  # one node: no cycle
        for a in nodes:
            if not a & 1:
                continue
            on = cands[a >> 1]
            cell_a = on // 9  # not divmod: a generic call and a tuple, compiled
            shift = on - cell_a * 9
            low, high = split(cells_with[shift + 1])
            peers_low, peers_high = PEER_HALVES[cell_a]
            low &= peers_low
            high &= peers_high
            for b in nodes:
                if b & 1:
                    continue
                off = cands[b >> 1]
                cell_b = off // 9
                if off - cell_b * 9 != shift:
                    continue
                peers_low, peers_high = PEER_HALVES[cell_b]
                if low & peers_low or high & peers_high:
                    out[c] = True
                    break
            if out[c]:
                break
    return out


def _outside(position: Position, core: _Core, reached: list[int], targets: list[int], out: ChainStarts) -> None:
    """The candidates outside the core: their on nodes imply only off nodes of what they
    see, so one fails when the core on nodes it sees include a pair ``a``, ``b`` with
    ``not a`` reaching ``b`` (then ``x -> not a -> ... -> b -> not x``). Flagged in
    ``out``, their off nodes (concluded) added to ``targets``."""
    cands = position.cands
    index = core.index
    cells = core.cells
    for cell in range(N_CELLS):
        mask = cands[cell]
        if not mask:
            continue
        row = cell * N_CELLS
        base = cell * 9 - 1
        #: The core candidates of the cell, as a bit set.
        same_cell = 0
        for d in MASK_DIGITS[mask]:
            j = index[base + d]
            if j >= 0:
                same_cell |= 1 << j
        for d in MASK_DIGITS[mask]:
            if index[base + d] >= 0:
                continue
            by_digit = core.by_digit[d - 1]
            sees = same_cell
            for j in by_digit:
                if _SEES[row + cells[j]]:
                    sees |= 1 << j
            if not sees:
                continue
            fails = False
            for j in by_digit:
                if _SEES[row + cells[j]] and reached[2 * j] & sees:
                    fails = True
                    break
            if not fails:
                for dj in MASK_DIGITS[mask]:
                    j = index[base + dj]
                    if j >= 0 and reached[2 * j] & sees:
                        fails = True
                        break
            if fails:
                targets.append(sees)
                out.flag(base + d, ON_CHAIN)


class _Core:
    """The candidates with a strong link, numbered from 0 (``index``: by candidate, -1
    outside; ``cells``: each one's cell), what each core candidate sees in the core (a bit
    set by core index), and the links between their nodes (node ``2i``: candidate ``i``
    off, ``2i + 1``: on)."""

    __slots__ = ("cands", "cells", "index", "partners", "by_digit", "sees", "links")

    def __init__(self, position: Position) -> None:
        self.cands: list[int] = []
        self.cells: list[int] = []
        self.index = [-1] * N_CANDIDATES
        #: Each core candidate's strong partners (its off node implies their on nodes; a
        #: partner twice when two houses link them: the same reach).
        self.partners: list[list[int]] = []
        self.by_digit: list[list[int]] = [[], [], [], [], [], [], [], [], []]
        self._strong_links(position)
        self.sees: list[int] = []
        self.links: list[list[int]] = []
        cands = position.cands
        index = self.index
        cells = self.cells
        for i in range(len(self.cands)):
            cell = cells[i]
            row = cell * N_CELLS
            sees = 0
            ons: list[int] = []
            for j in self.by_digit[self.cands[i] - cell * 9]:
                if _SEES[row + cells[j]]:
                    sees |= 1 << j
                    ons.append(2 * j)
            base = cell * 9 - 1
            for d in MASK_DIGITS[cands[cell]]:
                j = index[base + d]
                if j >= 0 and j != i:
                    sees |= 1 << j
                    ons.append(2 * j)
            self.sees.append(sees)
            self.links.append([2 * j + 1 for j in self.partners[i]])  # node 2i, off -> on
            self.links.append(ons)  # node 2i + 1, on -> off

    def _strong_links(self, position: Position) -> None:
        cands = position.cands
        for cell in range(N_CELLS):
            mask = cands[cell]
            if MASK_COUNT[mask] == 2:
                low = mask & -mask
                self._link(cell, low.bit_length() - 1, cell, (mask ^ low).bit_length() - 1)
        # a digit with two places in a house, read from the places table (nine-bit
        # positions: small ints; a grid's table is made once per version and shared)
        table = places_of(position)
        for slot in range(27 * 9):
            at = table[slot]
            if MASK_COUNT[at] != 2:
                continue
            first = at & -at
            house = slot // 9  # not divmod: a generic call and a tuple, compiled
            shift = slot - house * 9
            base = house * 9 - 1
            self._link(_HOUSE_CELLS[base + first.bit_length()], shift, _HOUSE_CELLS[base + (at ^ first).bit_length()], shift)

    def _link(self, cell_a: int, shift_a: int, cell_b: int, shift_b: int) -> None:
        i = self._number(cell_a, shift_a)
        j = self._number(cell_b, shift_b)
        self.partners[i].append(j)
        self.partners[j].append(i)

    def _number(self, cell: int, shift: int) -> int:
        cand = cell * 9 + shift
        i = self.index[cand]
        if i < 0:
            i = self.index[cand] = len(self.cands)
            self.cands.append(cand)
            self.cells.append(cell)
            self.partners.append([])
            self.by_digit[shift].append(i)
        return i


def _components(links: list[list[int]]) -> tuple[list[int], list[int], list[list[int] | None]]:
    """Each node's strongly connected component, numbered as they complete (each after
    every component it reaches), each component's reach: the core on nodes it reaches
    (bit ``i`` for node ``2i + 1``), its own included, and each component's nodes (None
    for a component of one node)."""
    n = len(links)
    order = [-1] * n  # when each node was first met (Tarjan's index)
    low = [0] * n
    comp = [-1] * n
    pending: list[int] = []  # Tarjan's stack: met, component not complete yet
    reach: list[int] = []
    cyclic: list[list[int] | None] = []
    path: list[int] = []  # the depth-first path, with the next link of each to follow
    next_link: list[int] = []
    met = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        order[root] = low[root] = met
        met += 1
        pending.append(root)
        path.append(root)
        next_link.append(0)
        while path:
            v = path[-1]
            i = next_link[-1]
            out = links[v]
            if i < len(out):
                next_link[-1] = i + 1
                w = out[i]
                if order[w] < 0:
                    order[w] = low[w] = met
                    met += 1
                    pending.append(w)
                    path.append(w)
                    next_link.append(0)
                elif comp[w] < 0 and order[w] < low[v]:
                    low[v] = order[w]
                continue
            path.pop()
            next_link.pop()
            if path:
                u = path[-1]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == order[v]:
                cyclic.append(_complete(links, v, pending, comp, reach))
    return comp, reach, cyclic


def _complete(links: list[list[int]], root: int, pending: list[int], comp: list[int], reach: list[int]) -> list[int] | None:
    """Number the component rooted at ``root`` (its nodes the top of ``pending``, down to
    ``root``) and compute its reach (every other component its links lead to is
    complete); its nodes, None for one node alone."""
    c = len(reach)
    bits = 0
    top = len(pending)
    while True:
        top -= 1
        w = pending[top]
        comp[w] = c
        if w & 1:
            bits |= 1 << (w >> 1)
        for x in links[w]:
            other = comp[x]
            if other >= 0 and other != c:
                bits |= reach[other]
        if w == root:
            break
    reach.append(bits)
    if top == len(pending) - 1:
        pending.pop()
        return None
    nodes = pending[top:]
    while len(pending) > top:
        pending.pop()
    return nodes

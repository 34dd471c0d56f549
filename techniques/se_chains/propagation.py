"""SE's propagation from an assumption ("doChaining"): every candidate state it forces.

Starting from on and off nodes assumed, SE takes the next pending on node if there is
one, else the next pending off node, and adds what it implies (``nodes.on_to_off`` /
``off_to_on``), each node once, first cause kept. It stops at the first contradiction:
a node implied whose opposite state is already reached.

* Static (SE's multiple forcing chains): the position never changes.
* Dynamic: an off node, once taken, leaves the position, so later implications see the
  candidates already ruled out; such candidates become extra causes ("hidden parents") of
  the on nodes they make. Nishio is dynamic with X links only.
* Nested (dynamic "plus" and above): when nothing is pending, other rules (locked
  candidates, pairs, X-Wing, inner chains) are run on the reduced position, and what they
  remove is added as off nodes caused by the candidates the rule needed gone.

A ``Run`` keeps, per node reached, its causes: the conclusion of a chain rests on every
node reachable through causes ("ancestors"), and SE's complexity is how many there are.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Final, Iterator, Protocol

from engine.cells import INT_OBJECTS, MASK_COUNT, N_CELLS, UNITS, UNITS_OF, BoxedInt
from engine.position import Position
from engine.stop import checkpoint
from engine.technique import WorkBoundExceeded
from techniques.se_chains.nodes import CELL_RULE, NODES, OPPOSITE, BoxedNode, Links, Node


class Nested(Protocol):
    """An inner deduction a nested run relies on: SE counts its complexity once per
    distinct chain."""

    @property
    def complexity(self) -> int: ...

    @property
    def identity(self) -> object: ...


#: Off nodes inner rules add when a run is stuck, given the position the run started from,
#: the candidates and places left (as cell sets, then as the run's places table:
#: ``se_places.places_table`` of them; read only), and the run: (node, causes, inner
#: deduction or None).
Advanced = Callable[[Position, list[int], list[int], list[int], "Run", "Budget"], list[tuple[Node, tuple[Node, ...], "Nested | None"]]]


class Run:
    """What one assumption forces: on and off nodes in the order reached, each with its
    causes (the first one is the main cause), and the contradiction that stopped it.

    A plain class (made by the thousand: a dataclass's ``__init__`` runs as Python code
    in the compiled build)."""

    __slots__ = ("on", "off", "rule", "nested", "contradiction", "depth", "bounded", "deepest", "stuck", "cut")

    def __init__(self) -> None:
        self.on: dict[Node, tuple[Node, ...]] = {}
        self.off: dict[Node, tuple[Node, ...]] = {}
        #: On node -> cell/block/row/column rule (not recorded for runs made with
        #: ``rules=False``: SE's choice at the top level never reads them).
        self.rule: dict[Node, int] = {}
        self.nested: dict[Node, Nested] = {}
        #: (on node, its causes), (off node, its causes): the same candidate both ways.
        self.contradiction: tuple[tuple[Node, tuple[Node, ...]], tuple[Node, tuple[Node, ...]]] | None = None
        #: For a run bounded by a limit: the depths of its nodes with several causes (see
        #: ``depth_of``: the others' follow from their cause's).
        self.depth: dict[Node, int] = {}
        #: Whether the run was bounded (made with a limit, or nested): only then do depths
        #: matter, and ``deepest`` is the depth of its deepest node.
        self.bounded = False
        self.deepest = 0
        #: A nested run whose inner rules found nothing at all when it ended (see ``Stuck``).
        self.stuck: Stuck | None = None
        #: Whether the run stopped at its limit with nodes still pending (else it is the
        #: whole run: the same with any higher limit, or none).
        self.cut = False

    def copy(self) -> Run:
        """A copy to go on from (the causes, rules and inner chains are shared: never
        changed once recorded)."""
        run = Run()
        run.on, run.off, run.rule, run.nested = dict(self.on), dict(self.off), dict(self.rule), dict(self.nested)
        run.contradiction, run.depth, run.stuck, run.cut = self.contradiction, dict(self.depth), self.stuck, self.cut
        run.bounded, run.deepest = self.bounded, self.deepest
        return run

    def causes(self, n: Node) -> tuple[Node, ...]:
        return (self.on if n & 1 else self.off)[n]

    def reach(self, causes: tuple[Node, ...]) -> int:
        """The depth of a node with these causes, less one."""
        deepest = 0
        for c in causes:
            d = self.depth_of(c)
            if d > deepest:
                deepest = d
        return deepest

    def depth_of(self, n: Node) -> int:
        """The depth of node ``n`` reached (a bounded run): the longest path of causes to
        it, counted in nodes (no more than the nodes its chain rests on); 1 for a start.
        The run records it only for the nodes with several causes (a dynamic run's on
        nodes with hidden parents, nested runs' inner conclusions): a node with one
        cause is one deeper than its cause, so most nodes cost no dict write."""
        depth: dict[BoxedNode, int] = self.depth
        on: dict[BoxedNode, tuple[Node, ...]] = self.on
        off: dict[BoxedNode, tuple[Node, ...]] = self.off
        steps = 0
        m: BoxedNode = NODES[n]  # a shared object: no int made per lookup
        while True:
            found = depth.get(m)
            if found is not None:
                return found + steps
            at: Node = m  # unboxed, for the test
            causes: tuple[BoxedNode, ...] = on[m] if at & 1 else off[m]
            if len(causes) != 1:
                return steps + 1 + self.reach(causes)  # a start, or depths not recorded
            steps += 1
            m = causes[0]


#: Work units (``engine.stop``) of one call of a nested run's inner rules when it is stuck:
#: they search the whole grid again (cycles, forcing chains), some milliseconds each (at 3
#: units, sdfc2's listing on a position of ``benchmarks/listings.py`` took 1.7-2.0 s for
#: its 1,000 units, two thirds of them spent here; at 5, 1.1 s).
ADVANCED_WORK: Final = 5


class Budget:
    """Nodes a producer may take before giving up: a bound on work, never on time. Within
    :func:`path_bound` every producer call of the path also draws on one shared bound.
    Between runs it checks the user's stop switch (``grade --max-seconds``)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self.path = _path_nodes.get()

    def spend(self, nodes: int) -> None:
        self.used += nodes
        checkpoint()
        if self.used > self.limit:
            raise WorkBoundExceeded(f"chaining passed its bound of {self.limit:,} nodes")
        if self.path is not None:
            self.path[0] -= nodes
            if self.path[0] < 0:
                raise WorkBoundExceeded(f"the path's chaining passed its bound of {self.path[1]:,} nodes")


#: [nodes left, bound] for the whole path being solved (None: no bound beyond each call's).
_path_nodes: ContextVar[list[int] | None] = ContextVar("se_path_nodes", default=None)


@contextmanager
def path_bound(nodes: int | None) -> Iterator[list[int] | None]:
    """Within the block, all the chaining of a path together may propagate at most
    ``nodes`` nodes (None: no such bound); past it the producer raises
    :class:`WorkBoundExceeded`, so the path stops there and says so. Same input, same
    outcome on every machine. Yields ``[nodes left, bound]`` (None without a bound)."""
    work = None if nodes is None else [nodes, nodes]
    token = _path_nodes.set(work)
    try:
        yield work
    finally:
        _path_nodes.reset(token)


def propagate(
    position: Position,
    starts: tuple[Node, ...],
    *,
    dynamic: bool,
    y_links: bool,
    budget: Budget,
    advanced: Advanced | None = None,
    links: Links | None = None,
    limit: int | None = None,
    resume: tuple[Run, Advanced] | None = None,
    rules: bool = True,
) -> Run:
    """SE's doChaining from the nodes in ``starts`` (on or off), on this position.

    ``links``: the position's implications, shared by the runs of one producer call (with
    the same Y links); a dynamic run filters them by the candidates still there.

    ``limit``: only chains of at most that many nodes matter (a search for SE's choice
    alone, with a hint of that complexity found): the run records each node's depth, and
    stops as soon as everything it could still reach would be deeper (without inner rules:
    they may build on any node). What it has reached is then what the whole run reaches
    first, in the same order and with the same causes, so every chain of at most
    ``limit`` nodes is the same.

    ``resume`` (dynamic runs): a stuck run of the same start with fewer inner rules, and
    the rules ``advanced`` adds to them (see ``Stuck``).

    ``rules``: whether to record each on node's rule (``Run.rule``: read only by nested
    chains' inner rules, never for SE's choice at the top level)."""
    if links is None:
        links = Links(position.cands, position.cells_with, y_links)
    if dynamic:
        return _dynamic(position, starts, y_links, budget, advanced, links, limit, resume, rules)
    if advanced is not None or len(starts) != 1:
        raise ValueError("a static run starts from one node and uses no inner rules")
    if limit is not None:
        return _static_bounded(links, starts[0], budget, limit, rules)
    return _static(links, starts[0], budget, rules)


@dataclass
class Stuck:
    """Where a nested run ended with nothing pending and its inner rules finding nothing at
    all: the candidates and places left (also as a places table), and each node's level
    (``_dynamic``). A run of the same start with more inner rules (SE's next nesting levels
    keep the lower levels' rules first) is this run up to here, and goes on from here with
    the rules it adds."""

    work: list[int]
    work_with: list[int]
    places: list[int]
    level: list[int]


#: _SLOTS[cand * 3 + k]: where the k-th house of the candidate's cell (block, row, column)
#: keeps the candidate's digit's places in a places table (``se_places.places_table``:
#: house * 9 + digit - 1).
_SLOTS: Final[tuple[int, ...]] = tuple(UNITS_OF[c // 9][k] * 9 + c % 9 for c in range(9 * N_CELLS) for k in range(3))
#: _POSITION_BITS[cand * 3 + k]: the cell's position in that house, as a bit.
_POSITION_BITS: Final[tuple[int, ...]] = tuple(
    1 << UNITS[UNITS_OF[c // 9][k]].cells.index(c // 9) for c in range(9 * N_CELLS) for k in range(3)
)
#: _ALONE[n]: the causes ``(n,)``, made once (causes are never changed once recorded).
_ALONE: Final[tuple[tuple[BoxedNode, ...], ...]] = tuple((n,) for n in NODES)  # not tuple[X]: compiled, that is unboxed
#: _HOUSE_CELLS[house * 9 + position]: the cell at that position of the house.
_HOUSE_CELLS: Final[tuple[int, ...]] = tuple(cell for unit in UNITS for cell in unit.cells)


#: Lists of levels for runs, every entry 0, free to take (``_take_levels``): a list of
#: 1,458 entries made and freed per run costs more than the run's dict lookups it saves.
_FREE_LEVELS: Final[list[list[int]]] = []


def _take_levels() -> list[int]:
    try:
        return _FREE_LEVELS.pop()
    except IndexError:
        return [0] * (2 * 9 * N_CELLS)


def _give_back(level: list[int], run: Run) -> None:
    """Put a run's list of levels back, every entry 0 again (those of the nodes reached,
    read from the run: a run gone on from a stuck one)."""
    ons: dict[BoxedNode, tuple[Node, ...]] = run.on
    for n in ons:
        at: Node = n  # unboxed, to index the list with
        level[at] = 0
    offs: dict[BoxedNode, tuple[Node, ...]] = run.off
    for n in offs:
        at = n
        level[at] = 0
    _FREE_LEVELS.append(level)


def _clear(level: list[int], pending_on: list[BoxedNode], pending_off: list[BoxedNode]) -> None:
    """Put a run's list of levels back, every entry 0 again: those of the nodes it reached,
    each of which it put on one of its lists of pending nodes (lists read faster than
    the run's dicts)."""
    for n in pending_on:
        at: Node = n  # unboxed, to index the list with
        level[at] = 0
    for n in pending_off:
        at = n
        level[at] = 0
    _FREE_LEVELS.append(level)


def _dynamic(
    position: Position, starts: tuple[Node, ...], y_links: bool, budget: Budget, advanced: Advanced | None, links: Links, limit: int | None,
    resume: tuple[Run, Advanced] | None = None, rules: bool = True,
) -> Run:
    """``_dynamic_run`` with a list of levels taken, and given back unless the run keeps
    it (``Stuck``). Every level written is a node reached: a run stopped by an exception
    drops its list."""
    pending_on: list[BoxedNode] = []
    pending_off: list[BoxedNode] = []
    if resume is None:
        level = _take_levels()
    else:
        assert resume[0].stuck is not None
        level = resume[0].stuck.level[:]
    run = _dynamic_run(position, starts, y_links, budget, advanced, links, limit, resume, level, pending_on, pending_off, rules)
    if run.stuck is None:
        if resume is None:
            _clear(level, pending_on, pending_off)
        else:
            _give_back(level, run)
    return run


def _dynamic_run(
    position: Position, starts: tuple[Node, ...], y_links: bool, budget: Budget, advanced: Advanced | None, links: Links, limit: int | None,
    resume: tuple[Run, Advanced] | None, level: list[int], pending_on: list[BoxedNode], pending_off: list[BoxedNode], keep_rules: bool,
) -> Run:
    """``propagate`` on a position that loses each candidate an off node takes (SE's dynamic
    chains; a nested run also adds what inner rules find whenever it is stuck).

    The run keeps what is left as candidates per cell and as a places table (small ints
    only; compiled, an operation on an 81-bit cell set makes an object), and, for its
    inner rules, as cell sets.

    ``resume``: a run of the same start, stuck (``Run.stuck``), and the inner rules it
    lacked: this run goes on from a copy of it, trying those rules first."""
    cands = position.cands
    base = links.places()
    # pending nodes: those of each list (empty, given) from its index on (a list, read by
    # index: a deque's popleft is a method call, compiled); every node this run reaches
    # goes on one of them
    i_on = i_off = 0
    bounded = limit is not None or advanced is not None  # nested runs always keep depths
    cap = 0 if limit is None else limit
    live = 0  # pending nodes less deep than the limit (bounded runs)
    extra: Advanced | None = None
    keep_with = advanced is not None  # inner rules read the places left as cell sets
    if resume is None:
        run = Run()
        for n in starts:
            if n & 1:
                run.on[n] = ()
                pending_on.append(n)
            else:
                run.off[n] = ()
                pending_off.append(n)
        work, places = cands[:], base[:]
        work_with = position.cells_with[:] if keep_with else []
        # ``level``: each node's depth once reached (0: not reached; negated: an off node
        # taken, its candidate out of ``work``): read in place of the dicts, as small ints
        for n in starts:
            level[n] = 1
        if bounded:
            run.bounded = True
            live = len(starts)
    else:
        run, extra = resume[0].copy(), resume[1]
        assert run.stuck is not None
        stuck = run.stuck
        work, work_with, places = stuck.work[:], stuck.work_with[:], stuck.places[:]
        run.stuck = None
    on: dict[BoxedNode, tuple[Node, ...]] = run.on
    off: dict[BoxedNode, tuple[Node, ...]] = run.off
    rules: dict[BoxedNode, int] | None = run.rule if keep_rules else None
    offs_of: list[list[BoxedNode] | None] = links.offs_of
    depth: dict[BoxedNode, int] = run.depth
    # the same lists, written with shared objects (an int put in a list is boxed: an
    # object made per write above 256)
    work_objects: list[BoxedInt] = work
    places_objects: list[BoxedInt] = places
    cut = limit is not None and advanced is None
    taken = 0
    deepest = max(run.deepest, 1)  # the deepest level reached (``Run.deepest``)
    while True:
        while i_on < len(pending_on) or i_off < len(pending_off):
            if cut and not live:
                run.cut = True
                break  # everything still pending, and all it leads to, is too deep to matter
            taken += 1
            if i_on < len(pending_on):
                p = pending_on[i_on]
                i_on += 1
                pn: Node = p  # unboxed, to index lists with (an object index takes Python's slow path)
                here = level[pn]
                if bounded:
                    live -= here < cap
                    below = here + 1 < cap
                targets = offs_of[pn]
                if targets is None:
                    targets = links.offs(pn)
                for q in targets:
                    qn: Node = q
                    seen = level[qn]
                    if seen < 0:
                        continue  # taken out
                    if level[qn ^ 1]:
                        run.contradiction = ((qn ^ 1, on[qn ^ 1]), (q, _ALONE[pn]))
                        run.deepest = deepest
                        budget.spend(taken)
                        return run
                    if not seen:
                        off[q] = _ALONE[pn]
                        level[qn] = here + 1
                        pending_off.append(q)
                        if bounded:
                            live += below
                            if here >= deepest:
                                deepest = here + 1
            else:
                p = pending_off[i_off]
                i_off += 1
                pn = p
                here = level[pn]
                level[pn] = -here  # taken out
                if bounded:
                    live -= here < cap
                # The on nodes it implies in what is left (SE's order: the cell's other
                # candidate, then the other place in the block, row and column), each
                # with its causes: ``p``, then the candidates the run took out that the
                # implication rests on (SE's hidden parents); then its candidate goes.
                cand = pn >> 1
                cell = cand // 9  # not divmod: a generic call and a tuple, compiled
                shift = cand - cell * 9
                left = work[cell]
                if y_links and MASK_COUNT[left] == 2:
                    rest = left & ~(1 << shift)
                    if rest == left:  # SE takes the lower candidate when the node's digit has gone
                        rest = left & -left
                    lost = cands[cell] & ~left
                    parents = _ALONE[pn] if not lost else _with_lost(p, lost, cell * 9, 1)
                    r = NODES[((cell * 9 + rest.bit_length() - 1) << 1) | 1]
                    reached = _reach_on(r, parents, CELL_RULE, on, rules, depth, level, pending_on, bounded, cap)
                    if reached < 0:
                        run.contradiction = ((r, parents), (r ^ 1, off[OPPOSITE[r]]))
                        if rules is not None:
                            rules.setdefault(r, CELL_RULE)
                        run.deepest = deepest
                        budget.spend(taken)
                        return run
                    live += reached & 1
                    if reached >> 1 > deepest:
                        deepest = reached >> 1
                at = cand * 3
                made = made_too = -1  # the houses' targets so far (two houses may have the same one)
                for k in range(3):
                    slot = _SLOTS[at + k]
                    row = places[slot]
                    if MASK_COUNT[row] != 2:
                        continue
                    first = row & -row
                    other = row ^ first if first == _POSITION_BITS[at + k] else first  # the node's own place gone: the first
                    house = slot // 9
                    target: Node = ((_HOUSE_CELLS[house * 9 + other.bit_length() - 1] * 9 + shift) << 1) | 1
                    if target == made or target == made_too:
                        continue
                    if made < 0:
                        made = target
                    else:
                        made_too = target
                    lost = base[slot] & ~row
                    parents = _ALONE[pn] if not lost else _with_lost(p, lost, house * 9, 9, shift)
                    r = NODES[target]
                    reached = _reach_on(r, parents, k + 1, on, rules, depth, level, pending_on, bounded, cap)
                    if reached < 0:
                        run.contradiction = ((r, parents), (target ^ 1, off[OPPOSITE[target]]))
                        if rules is not None:
                            rules.setdefault(r, k + 1)
                        run.deepest = deepest
                        budget.spend(taken)
                        return run
                    live += reached & 1
                    if reached >> 1 > deepest:
                        deepest = reached >> 1
                work_objects[cell] = INT_OBJECTS[left & ~(1 << shift)]
                for k in range(3):
                    slot = _SLOTS[at + k]
                    row = places[slot]
                    places_objects[slot] = INT_OBJECTS[row & ~_POSITION_BITS[at + k]]
                if keep_with:
                    work_with[shift + 1] = work_with[shift + 1] & ~(1 << cell)
        if advanced is None or i_on < len(pending_on) or i_off < len(pending_off):
            break
        checkpoint(ADVANCED_WORK)
        added = (extra or advanced)(position, work, work_with, places, run, budget)
        extra = None
        for q, parents, inner in added:
            if not level[q]:
                off[q] = parents
                if inner is not None:
                    run.nested[q] = inner
                pending_off.append(q)
                d = level[q] = _deepest(level, parents) + 1
                if len(parents) > 1:
                    depth[q] = d
                live += d < cap
                deepest = max(deepest, d)
        if i_off == len(pending_off):
            if not added:
                run.stuck = Stuck(work, work_with, places, level)
            break
    run.deepest = deepest
    budget.spend(taken)
    return run


def _static_bounded(links: Links, start: Node, budget: Budget, limit: int, rules: bool) -> Run:
    level = _take_levels()
    pending_on: list[BoxedNode] = []
    pending_off: list[BoxedNode] = []
    run = _static_bounded_run(links, start, budget, limit, level, pending_on, pending_off, rules)
    _clear(level, pending_on, pending_off)
    return run


def _static_bounded_run(
    links: Links, start: Node, budget: Budget, limit: int, level: list[int], pending_on: list[BoxedNode], pending_off: list[BoxedNode],
    keep_rules: bool,
) -> Run:
    """``_static`` for a run bounded by a limit (see ``propagate``): the same loop, with
    each node's depth (in a static run, the nodes its chain rests on) and the cut. A loop
    of its own: the unbounded one, which nested chains run by the thousand, stays lean."""
    run = Run()
    on: dict[BoxedNode, tuple[Node, ...]] = run.on
    off: dict[BoxedNode, tuple[Node, ...]] = run.off
    rule: dict[BoxedNode, int] = run.rule
    run.bounded = True
    (on if start & 1 else off)[start] = ()
    (pending_on if start & 1 else pending_off).append(start)
    level[start] = 1  # each node's depth once reached (read in place of the dicts)
    live = 1 if 1 < limit else 0
    deepest = 1  # the deepest level reached (``Run.deepest``)
    i_on = i_off = 0
    offs_of: list[list[BoxedNode] | None] = links.offs_of
    ons_of: list[list[tuple[BoxedNode, int]] | None] = links.ons_of
    while live and (i_on < len(pending_on) or i_off < len(pending_off)):
        if i_on < len(pending_on):
            p = pending_on[i_on]
            i_on += 1
        else:
            p = pending_off[i_off]
            i_off += 1
        pn: Node = p  # unboxed, to index lists with (an object index takes Python's slow path)
        here = level[pn] + 1
        live -= here <= limit
        below = here < limit
        cause = _ALONE[pn]
        if pn & 1:
            targets = offs_of[pn]
            if targets is None:
                targets = links.offs(pn)
            for q in targets:
                qn: Node = q
                if not level[qn]:  # a node reached needs no contradiction check (see _static)
                    if level[qn ^ 1]:
                        run.contradiction = ((qn ^ 1, on[OPPOSITE[qn]]), (q, cause))
                        run.deepest = deepest
                        budget.spend(i_on + i_off)
                        return run
                    off[q] = cause
                    level[qn] = here
                    deepest = max(deepest, here)
                    live += below
                    pending_off.append(q)
        else:
            made = ons_of[pn]
            if made is None:
                made = links.ons(pn)
            for r, kind in made:
                rn: Node = r
                if not level[rn]:
                    if level[rn ^ 1]:
                        run.contradiction = ((r, cause), (rn ^ 1, off[OPPOSITE[rn]]))
                        if keep_rules:
                            rule.setdefault(r, kind)
                        run.deepest = deepest
                        budget.spend(i_on + i_off)
                        return run
                    on[r] = cause
                    if keep_rules:
                        rule[r] = kind
                    level[rn] = here
                    deepest = max(deepest, here)
                    live += below
                    pending_on.append(r)
    run.cut = i_on < len(pending_on) or i_off < len(pending_off)
    run.deepest = deepest
    budget.spend(i_on + i_off)
    return run


def _reach_on(
    r: BoxedNode, parents: tuple[Node, ...], rule: int, on: dict[BoxedNode, tuple[Node, ...]], rules: dict[BoxedNode, int] | None,
    depth: dict[BoxedNode, int], level: list[int], pending_on: list[BoxedNode], bounded: bool, cap: int,
) -> int:
    """A dynamic run reaches on node ``r`` (its causes and rule): -1 if its off node was
    reached (a contradiction), 0 if it was reached already, else its depth times two plus
    the pending nodes less deep than the limit it adds (one int: no tuple made)."""
    rn: Node = r
    if level[rn ^ 1]:
        return -1
    if level[rn]:
        return 0
    on[r] = parents
    if rules is not None:
        rules[r] = rule
    pending_on.append(r)
    d = _deepest(level, parents) + 1
    level[rn] = d
    if bounded:
        if len(parents) > 1:
            depth[r] = d  # (``Run.depth_of``)
        return d << 1 | (1 if d < cap else 0)
    return d << 1


def _with_lost(p: BoxedNode, lost: int, at: int, step: int, shift: int = 0) -> tuple[Node, ...]:
    """The causes ``p``, then the off nodes of the candidates a dynamic run took out that
    an implication rests on (SE's hidden parents), in order: bit ``i`` of ``lost`` is the
    candidate ``at + i`` (a cell's, ``step`` 1), or the candidate ``shift`` of the cell at
    position ``at + i`` of the houses' cells (``step`` 9). Built as one tuple: adding one
    node at a time makes a tuple per node."""
    low = lost & -lost
    first = _lost_node(low.bit_length() - 1 + at, step, shift)
    lost ^= low
    if not lost:
        return (p, first)
    low = lost & -lost
    second = _lost_node(low.bit_length() - 1 + at, step, shift)
    lost ^= low
    if not lost:
        return (p, first, second)
    out: list[BoxedNode] = [p, first, second]
    while lost:
        low = lost & -lost
        out.append(_lost_node(low.bit_length() - 1 + at, step, shift))
        lost ^= low
    return tuple(out)


def _lost_node(i: int, step: int, shift: int) -> BoxedNode:
    """The off node of ``_with_lost``'s bit (``i`` includes ``at``)."""
    if step == 1:
        return NODES[i << 1]
    return NODES[(_HOUSE_CELLS[i] * 9 + shift) << 1]


def _deepest(level: list[int], parents: tuple[Node, ...]) -> int:
    """The depth of the deepest of these nodes (``_dynamic``'s levels)."""
    deepest = 0
    for c in parents:
        d = level[c]
        if d < 0:
            d = -d
        if d > deepest:
            deepest = d
    return deepest


def _static(links: Links, start: Node, budget: Budget, rules: bool) -> Run:
    reached = _take_levels()
    pending_on: list[BoxedNode] = []
    pending_off: list[BoxedNode] = []
    run = _static_run(links, start, budget, reached, pending_on, pending_off, rules)
    _clear(reached, pending_on, pending_off)
    return run


def _static_run(
    links: Links, start: Node, budget: Budget, reached: list[int], pending_on: list[BoxedNode], pending_off: list[BoxedNode], keep_rules: bool
) -> Run:
    """``propagate`` on a position that does not change: the same order, fewer checks.

    A node already reached needs no contradiction check: had its opposite been reached
    too, the later of the two would have stopped the run when it was reached."""
    run = Run()
    on: dict[BoxedNode, tuple[Node, ...]] = run.on
    off: dict[BoxedNode, tuple[Node, ...]] = run.off
    rule: dict[BoxedNode, int] = run.rule
    (on if start & 1 else off)[start] = ()
    (pending_on if start & 1 else pending_off).append(start)
    reached[start] = 1  # 1: reached (read in place of the dicts)
    i_on = i_off = 0
    offs_of: list[list[BoxedNode] | None] = links.offs_of
    ons_of: list[list[tuple[BoxedNode, int]] | None] = links.ons_of
    while True:
        while i_on < len(pending_on):  # every pending on node first (they add off nodes only)
            p = pending_on[i_on]
            i_on += 1
            pn: Node = p  # unboxed, to index lists with (an object index takes Python's slow path)
            cause = _ALONE[pn]
            targets = offs_of[pn]
            if targets is None:
                targets = links.offs(pn)
            for q in targets:
                qn: Node = q
                if not reached[qn]:
                    if reached[qn ^ 1]:
                        run.contradiction = ((qn ^ 1, on[OPPOSITE[qn]]), (q, cause))
                        budget.spend(i_on + i_off)
                        return run
                    off[q] = cause
                    reached[qn] = 1
                    pending_off.append(q)
        if i_off == len(pending_off):
            break
        p = pending_off[i_off]
        i_off += 1
        pn = p
        cause = _ALONE[pn]
        made = ons_of[pn]
        if made is None:
            made = links.ons(pn)
        for r, kind in made:
            rn: Node = r
            if not reached[rn]:
                if reached[rn ^ 1]:
                    run.contradiction = ((r, cause), (rn ^ 1, off[OPPOSITE[rn]]))
                    if keep_rules:
                        rule.setdefault(r, kind)
                    budget.spend(i_on + i_off)
                    return run
                on[r] = cause
                if keep_rules:
                    rule[r] = kind
                reached[rn] = 1
                pending_on.append(r)
    budget.spend(i_on + i_off)
    return run

"""Chain search: what follows when a node is true or false, breadth first over bitmasks.

A *literal* is a node with a truth value: "r1c5 is 1" (on) or "r1c5 is not 1" (off). Links
are implications between literals: a weak link turns "A on" into "B off", a strong link
turns "A off" into "B on". A chain is a path of implications; one from "A off" to "B on"
is an alternating inference chain (AIC): A or B holds. Node ``i`` has the literals
``true_literal(i)`` (on) and ``false_literal(i)`` (off), numbered as everywhere in the
techniques (``techniques.shared``); each literal's successors are one int bitmask, so a breadth-first
search costs a few big-int ORs per literal reached, and the search layers give every
shortest path back without storing any.
"""

from __future__ import annotations

from typing import Final, Iterable, Iterator, Sequence, TypeAlias

from engine.cells import BYTE_BITS, COMPILED, INT_OBJECTS, BoxedInt, CellSet, bit_indices, boxed, cellset_of, union_of
from techniques.hodoku_chains.link_graph import Node
from techniques.shared import false_literal, is_true, node_of

# The longest chain, in implications, that any search follows. Human chains and every
# chain in HoDoKu's library are shorter than 20; past this length a chain is no longer
# a useful explanation. A search visits each literal at most once anyway, so its work is
# bounded by the graph's size (two literals per candidate, group and set node).
MAX_CHAIN_LINKS: Final = 24
# Backtracking budget when picking a shortest path that never revisits a cell: the
# search layers can hold exponentially many shortest paths, almost all valid; the budget
# stops a pathological position from enumerating them.
TRACE_BUDGET: Final = 400

#: A literal's number (or a search distance) held as the object it is, in the breadth-first
#: searches' lists (see engine.cells.BoxedInt).
BoxedLiteral: TypeAlias = BoxedInt
#: Literal numbers as objects: a graph of single candidates and groups has at most
#: 2 * (729 + 486) literals (larger numbers are boxed as they come: see engine.cells.boxed).
_LITERAL_OBJECTS: Final[tuple[BoxedLiteral, ...]] = INT_OBJECTS
#: Distances and literals share one int in ``BreadthFirst.distances``: distance << 16 | literal.
DISTANCE_SHIFT: Final = 16


class LiteralGraph:
    """Implications between the literals of a list of nodes (built once per grid version,
    read-only afterwards)."""

    __slots__ = ("nodes", "_index", "_out", "_inc", "_adjacency", "_keys", "delay", "delayed", "plain", "cell_of")

    def __init__(self, nodes: Sequence[Node]) -> None:
        self.nodes: list[Node] = []
        # The number of each node, and per literal the literals that imply it; None: made
        # when first read (see ``built``).
        self._index: dict[Node, int] | None = {}
        # Per literal, the literals it implies (a bit set each); None: made when first
        # read, from the adjacency lists (see ``of_adjacency``).
        self._out: list[int] | None = []
        self._inc: list[int] | None = []
        # The same as lists of literal numbers (see ``adjacency``); None: not made yet.
        self._adjacency: list[list[BoxedLiteral]] | None = None
        # A node's first cell, as a one-bit set (0 for a spacer): what HoDoKu's rule checks
        # (see ``keys``); None: made when first read.
        self._keys: list[CellSet] | None = []
        self.delay: list[int] = []
        self.delayed = 0  # literals whose implications are slowed (see slow)
        self.plain = False  # True: single candidates only (no group or set node)
        # Per node, its cell if it is a single candidate, else -1, when the builder says
        # (``Node.cell`` is a property, worked out on each read); None: not given.
        self.cell_of: list[int] | None = None
        for node in nodes:
            self.add(node)

    @property
    def out(self) -> list[int]:
        """Per literal, the literals it implies (a bit set each)."""
        if self._out is None:
            self._out = [cellset_of(found) for found in self.adjacency()]  # any numbers' bits
        return self._out

    @property
    def keys(self) -> list[CellSet]:
        """Per node, its first cell as a one-bit set (0 for a spacer): what HoDoKu's rule
        on a chain's cells checks (see ``paths``)."""
        if self._keys is None:
            self._keys = [node.cells & -node.cells for node in self.nodes]
        return self._keys

    @keys.setter
    def keys(self, keys: list[CellSet]) -> None:
        self._keys = keys

    @property
    def literal_count(self) -> int:
        """How many literals the graph has: two per node."""
        return 2 * len(self.nodes)

    def adjacency(self) -> list[list[BoxedLiteral]]:
        """Per literal, the literals it implies as a list of numbers, ascending (what a
        search that walks them one by one reads: see :class:`BreadthFirst`). Made once;
        ``add``, ``imply``, ``add_links`` and ``slow`` drop it, so change the graph through
        them, not by writing ``out`` after reading this."""
        if self._adjacency is None:
            self._adjacency = [_boxed_bits(found) for found in self.out]
        return self._adjacency

    def implying(self, literal: int) -> int:
        """The literals that imply ``literal``, a bit set (``inc[literal]``, without
        making the bit sets of a graph built from adjacency lists)."""
        if self._inc is not None or self._out is not None:
            return self.inc[literal]
        # Every link holds both ways (see ``built``): b implies a exactly when the negation
        # of a implies the negation of b.
        found = 0
        for negated in self.adjacency()[literal ^ 1]:
            found |= 1 << (negated ^ 1)
        return found

    def add(self, node: Node) -> int:
        """Add a node (with no implications yet); returns its number."""
        keys = self.keys  # made (if not yet) before the node joins
        self._adjacency = None
        self.cell_of = None
        i = self.index[node] = len(self.nodes)
        self.plain = False
        self.nodes.append(node)
        self.out.extend((0, 0))
        self.inc.extend((0, 0))
        self.delay += (0, 0)
        keys.append(node.cells & -node.cells)
        return i

    def copy(self) -> LiteralGraph:
        """A graph to add nodes and links to without touching this one (nodes are shared:
        they are immutable)."""
        twin = LiteralGraph(())
        twin.nodes, twin._index, twin.keys = self.nodes[:], dict(self.index), self.keys[:]
        twin._out, twin._inc, twin.delay, twin.delayed = self.out[:], self.inc[:], self.delay[:], self.delayed
        twin.plain = self.plain
        return twin

    @classmethod
    def built(cls, nodes: list[Node], out: list[int], plain: bool, index: dict[Node, int] | None = None) -> LiteralGraph:
        """A graph built whole: these nodes and each literal's implications, every link
        holding both ways ("A on" implies "B off" exactly when "B on" implies "A off", "A
        off" implies "B on" exactly when "B off" implies "A on"). Its index and incoming
        sets are made when first read: most searches read neither (tracing a chain back
        does). ``index``: the nodes' numbers, when the builder has them already."""
        graph = cls(())
        graph.nodes = nodes
        graph._index = index
        graph._out = out
        graph._inc = None
        graph._keys = None  # made when read: by ``paths`` (almost locked sets) and copies
        graph.delay = [0] * len(out)
        graph.plain = plain
        return graph

    @classmethod
    def of_adjacency(
        cls, nodes: list[Node], adjacency: list[list[BoxedLiteral]], cell_of: list[int], plain: bool = True, index: dict[Node, int] | None = None
    ) -> LiteralGraph:
        """A graph built whole as adjacency lists (each ascending, each link holding both
        ways, as in ``built``): its bit sets are made only if read. A search that walks
        the literals one by one (:class:`BreadthFirst`) reads the lists alone, and making
        a bit set per literal costs more than the search. ``cell_of``: see ``__init__``."""
        graph = cls.built(nodes, [], plain, index)
        graph.cell_of = cell_of
        graph._out = None
        graph._adjacency = adjacency
        graph.delay = [0] * len(adjacency)
        return graph

    @property
    def index(self) -> dict[Node, int]:
        """The number of each node."""
        if self._index is None:
            self._index = {node: i for i, node in enumerate(self.nodes)}
        return self._index

    @property
    def inc(self) -> list[int]:
        """Per literal, the literals that imply it (a bit set each)."""
        if self._inc is None:
            self._inc = _mirrored(self.out)
        return self._inc

    def imply(self, a: int, b: int) -> None:
        """Literal ``a`` implies literal ``b``."""
        inc = self.inc  # mirrored (see ``built``) before ``out`` holds a one-way link
        self._adjacency = None
        self.out[a] |= 1 << b
        inc[b] |= 1 << a

    def add_links(self, links: Iterable[tuple[Node, Node, bool, bool]]) -> None:
        """Links between nodes as (a, b, weak?, strong?): a weak one makes each true node
        imply the other false, a strong one each false node the other true."""
        index, out, inc = self.index, self.out, self.inc
        self._adjacency = None
        for a, b, weak, strong in links:
            i, j = index[a] << 1, index[b] << 1  # true literals (inlined: a hot loop); false ones are one more
            if weak:
                out[i] |= 1 << (j + 1)
                inc[j + 1] |= 1 << i
                out[j] |= 1 << (i + 1)
                inc[i + 1] |= 1 << j
            if strong:
                out[i + 1] |= 1 << j
                inc[j] |= 1 << (i + 1)
                out[j + 1] |= 1 << i
                inc[i] |= 1 << (j + 1)

    def node(self, literal: int) -> Node:
        return self.nodes[node_of(literal)]

    def slow(self, literal: int, extra: int) -> None:
        """Every implication out of ``literal`` counts ``extra`` more links (HoDoKu's
        penalty for chains through almost locked sets)."""
        self._adjacency = None
        self.delay[literal] = extra
        self.delayed |= 1 << literal

    def layers(self, start: int, max_depth: int = MAX_CHAIN_LINKS) -> list[int]:
        """Breadth-first layers from one literal: ``layers[k]`` holds the literals whose
        shortest chain from ``start`` has ``k`` implications (slowed ones counted long)."""
        out, delayed = self.out, self.delayed
        visited = frontier = 1 << start
        found = [frontier]
        if not delayed:  # no slowed literal: plain layers (the hot loop, kept lean)
            while len(found) <= max_depth:
                frontier = union_of(frontier, out) & ~visited
                if not frontier:
                    break
                visited |= frontier
                found.append(frontier)
            return found
        later: dict[int, int] = {}
        while len(found) <= max_depth:
            reached = later.pop(len(found), 0) | union_of(frontier & ~delayed, out)
            if frontier & delayed:
                for literal in bit_indices(frontier & delayed):
                    when = len(found) + self.delay[literal]
                    later[when] = later.get(when, 0) | out[literal]
            frontier = reached & ~visited
            if not frontier and not later:
                break
            visited |= frontier
            found.append(frontier)
        return found

    def reaching(self, targets: int) -> int:
        """The literals from which some chain leads to a literal of ``targets`` (those
        included): a breadth-first search backwards from all of them at once."""
        if self._out is None and self._inc is None:
            met = self._reaching_by_lists(targets)
            data = bytearray((len(met) + 7) >> 3)
            for literal in range(len(met)):
                if met[literal]:
                    data[literal >> 3] |= 1 << (literal & 7)
            return int.from_bytes(data, "little")
        seen = frontier = targets
        while frontier:
            frontier = union_of(frontier, self.inc) & ~seen
            seen |= frontier
        return seen

    def reaching_flags(self, targets: int) -> list[bool]:
        """``reaching`` as a flag per literal (what a search asks literal by literal:
        reading a flag makes no big int, shifting the bit set does)."""
        if self._out is None and self._inc is None:
            return self._reaching_by_lists(targets)
        flags = [False] * self.literal_count
        for literal in bit_indices(self.reaching(targets)):
            flags[literal] = True
        return flags

    def _reaching_by_lists(self, targets: int) -> list[bool]:
        """``reaching`` over the adjacency lists, a flag per literal: b implies a exactly
        when the negation of a implies the negation of b (see ``built``)."""
        adjacency = self.adjacency()
        met = [False] * len(adjacency)
        todo = bit_indices(targets)
        for literal in todo:
            met[literal] = True
        while todo:
            at = todo.pop()
            for negated in adjacency[at ^ 1]:
                source: int = negated ^ 1
                if not met[source]:
                    met[source] = True
                    todo.append(source)
        return met

    def paths(
        self, layers: list[int], target: int, *, loop: bool = False, prefer: int = 0, budget: int = TRACE_BUDGET
    ) -> Iterator[list[int]]:
        """Shortest chains from ``layers[0]`` to ``target`` that never come back.

        HoDoKu's rule: a node's first cell never lies in a node two or more steps earlier
        (consecutive nodes may share a cell: a link inside it). A ``loop`` ends in its start
        cell, and no single candidate in between lies there. Literals in ``prefer`` are tried
        first. Yields lists of literals, start first.
        """
        depth = next(k for k, layer in enumerate(layers) if layer >> target & 1)
        start_cell = 1 << self.nodes[node_of(layers[0].bit_length() - 1)].cell
        chain = [target]  # built backwards
        left = [budget]

        def before(literal: int, k: int) -> int:
            """Literals on a shortest chain that lead straight to ``literal`` (layer k)."""
            sources = self.inc[literal]
            found = sources & ~self.delayed & layers[k - 1]
            for q in bit_indices(sources & self.delayed):
                j = k - 1 - self.delay[q]
                if j >= 0 and layers[j] >> q & 1:
                    found |= 1 << q
            return found

        def layer_of(literal: int, k: int) -> int:
            return k - 1 - (self.delay[literal] if self.delayed >> literal & 1 else 0)

        def extend(k: int, far_keys: CellSet, key: CellSet) -> Iterator[list[int]]:
            # chain[-1] lies in layer k; far_keys: first cells of the nodes after it.
            if k == 0:
                yield chain[::-1]
                return
            choices = before(chain[-1], k)
            for literal in list(bit_indices(choices & prefer)) + list(bit_indices(choices & ~prefer)):
                left[0] -= 1
                if left[0] < 0:
                    return
                node = self.nodes[literal >> 1]  # node_of, inlined: a hot loop
                j = layer_of(literal, k)
                if loop and j == 0:
                    pass  # the start itself: nodes after it may reach into its cell
                elif node.cells & far_keys or (loop and node.is_plain and node.cells == start_cell):
                    continue
                chain.append(literal)
                yield from extend(j, far_keys | key, self.keys[literal >> 1])
                chain.pop()

        # A loop's end lies in the start cell on purpose: it blocks nothing.
        yield from extend(depth, 0, 0 if loop else self.keys[node_of(target)])


def _mirrored(out: list[int]) -> list[int]:
    """The incoming sets of a graph whose links all hold both ways (see
    ``LiteralGraph.built``): shift the off bits onto the on literals and back."""
    inc = [0] * len(out)
    for on in range(0, len(out), 2):
        inc[on + 1] = out[on] >> 1
        inc[on] = out[on + 1] << 1
    return inc


class Reach:
    """What one premise implies, found breadth first: the literals reached and, in step, how
    many implications each lies from the premise (0 for the premise), and the farthest of
    them. The bit-set layers of :meth:`LiteralGraph.layers` are made from it only when a
    chain is traced."""

    __slots__ = ("literals", "distances", "farthest", "_layers")

    def __init__(self, literals: list[int], distances: list[BoxedLiteral], farthest: int) -> None:
        self.literals = literals
        self.distances = distances
        self.farthest = farthest
        self._layers: list[int] | None = None

    @classmethod
    def of_layers(cls, layers: list[int]) -> Reach:
        """The reach of a premise from its search layers (graphs with slowed literals)."""
        literals: list[int] = []
        distances: list[BoxedLiteral] = []
        farthest = 0
        for distance, layer in enumerate(layers):
            found = bit_indices(layer)
            if found:
                farthest = distance
            literals += found
            distances += [distance] * len(found)
        reach = cls(literals, distances, farthest)
        reach._layers = layers
        return reach

    def layers(self) -> list[int]:
        """``LiteralGraph.layers`` of the premise: layer k holds the literals k implications away."""
        if self._layers is None:
            layers = [0] * (self.farthest + 1)
            distances = self.distances
            for k, literal in enumerate(self.literals):
                distance: int = distances[k]
                layers[distance] |= 1 << literal
            self._layers = layers
        return self._layers


class BreadthFirst:
    """Breadth-first searches over one graph (with no slowed literal) as lists of small ints.

    A nice loop's premise reaches a few dozen literals of several hundred: walking their
    implications one by one, with a stamp per literal for "met in this search", costs less
    than a bit-set front per layer, whose every operation makes a big int (measured
    compiled, on the top1465 positions the nice loop searches run on: the searches alone
    2.6x cheaper; the whole plain and grouped nice loop 5-10% faster)."""

    __slots__ = ("adjacency", "stamp", "distance", "tag", "queue", "queue_distance")

    def __init__(self, graph: LiteralGraph) -> None:
        # Slowed literals need LiteralGraph.layers; the stamps still serve distances.
        self.adjacency: list[list[BoxedLiteral]] = [] if graph.delayed else graph.adjacency()
        # == the current tag: met in the current search (the tag as one object, stored
        # without making one per literal: see BoxedLiteral).
        self.stamp: list[BoxedLiteral] = [0] * graph.literal_count
        # Where stamped; small ints as shared objects too (see BoxedLiteral), like a
        # Reach's distances: searches store them without making one per literal.
        self.distance: list[BoxedLiteral] = [0] * graph.literal_count
        self.tag = 0
        # A search's literals in the order met, and their distances: written in place
        # (a search meets each literal once), copied out once at its end.
        self.queue: list[BoxedLiteral] = [0] * graph.literal_count
        self.queue_distance: list[BoxedLiteral] = [0] * graph.literal_count

    def _next_tag(self) -> BoxedLiteral:
        self.tag += 1
        tag_object: BoxedLiteral = self.tag
        return tag_object

    def reach(self, start: int) -> Reach:
        """Every literal ``start`` implies, nearest first (stamped: see ``distances``)."""
        tag = self._next_tag()
        stamp, distance, adjacency = self.stamp, self.distance, self.adjacency
        queue, queue_distance = self.queue, self.queue_distance
        queue[0] = boxed(start)
        queue_distance[0] = _LITERAL_OBJECTS[0]
        size = 1
        stamp[start] = tag
        distance[start] = _LITERAL_OBJECTS[0]
        # Breadth first: queue[:level_end] lie at most ``depth`` away; those after it are
        # ``depth + 1`` away, the distance of what the literals up to it reach.
        depth, level_end = 0, 1
        further: BoxedLiteral = _LITERAL_OBJECTS[1]
        i = 0
        while i < size:
            if i == level_end:
                depth += 1
                level_end = size
                further = _LITERAL_OBJECTS[depth + 1]
            at: int = queue[i]
            for literal in adjacency[at]:
                n: int = literal
                # Every stamp of this search is this one object (and no other is equal).
                if stamp[n] is not tag:
                    stamp[n] = tag
                    distance[n] = further
                    queue[size] = literal
                    queue_distance[size] = further
                    size += 1
            i += 1
        farthest: int = queue_distance[size - 1]  # met in order, nearest first
        return Reach(queue[:size], queue_distance[:size], farthest)

    def reach_after(self, start: int, known: list[Reach | None]) -> Reach | None:
        """``reach(start)`` without a search, from the reaches of the literals ``start``
        implies, when ``known`` holds them all (None otherwise): a shortest chain leaves
        through one of them, so a literal lies one implication further than from the
        nearest of them. Literals with few implications (a false candidate: its strong
        links) are cheap to do this way."""
        after: list[Reach] = []
        for literal in self.adjacency[start]:
            number: int = literal
            found = known[number]
            if found is None:
                return None
            after.append(found)
        tag = self._next_tag()
        stamp, distance, queue, queue_distance = self.stamp, self.distance, self.queue, self.queue_distance
        stamp[start] = tag
        distance[start] = 0
        queue[0] = boxed(start)
        size = 1
        for found in after:
            reached: list[BoxedLiteral] = found.literals
            ds = found.distances
            for k in range(len(reached)):
                literal = reached[k]
                n: int = literal
                before: int = ds[k]
                if stamp[n] is not tag:
                    stamp[n] = tag
                    distance[n] = _LITERAL_OBJECTS[before + 1]
                    queue[size] = literal
                    size += 1
                else:
                    known_distance: int = distance[n]
                    if known_distance > before + 1:
                        distance[n] = _LITERAL_OBJECTS[before + 1]
        farthest = 0
        for k in range(size):
            n = queue[k]
            d: int = distance[n]
            if d > farthest:
                farthest = d
            queue_distance[k] = distance[n]
        return Reach(queue[:size], queue_distance[:size], farthest)

    def distances(self, targets: list[int], least: int) -> list[int]:
        """The literals of ``targets`` that the last ``reach`` or ``reach_after`` met at
        ``least`` implications or more, each as ``distance << DISTANCE_SHIFT | literal``
        (one int, cheaper to sort than a pair), by distance, then literal."""
        tag, stamp, distance = self.tag, self.stamp, self.distance
        out = []
        for t in targets:
            d: int = distance[t]
            if d >= least and stamp[t] == tag:
                out.append(d << DISTANCE_SHIFT | t)
        out.sort()
        return out

    def restamp(self, reach: Reach) -> None:
        """Make ``reach`` the one ``distances`` reads (an earlier one, or one made elsewhere)."""
        tag = self._next_tag()
        stamp, distance = self.stamp, self.distance
        literals: list[BoxedLiteral] = reach.literals
        ds = reach.distances
        for k in range(len(literals)):
            n: int = literals[k]
            stamp[n] = tag
            distance[n] = ds[k]


def _boxed_bits(value: int) -> list[BoxedLiteral]:
    """``bit_indices(value)`` as shared objects (see ``BoxedLiteral``)."""
    if not COMPILED:
        return bit_indices(value)  # the same numbers: plain ints are objects already
    out: list[BoxedLiteral] = []
    data = value.to_bytes((value.bit_length() + 7) >> 3, "little")  # see bit_indices
    for i in range(len(data)):
        byte = data[i]
        if byte:
            for k in BYTE_BITS[byte]:
                out.append(boxed(i * 8 + k))
    return out


def path_nodes(graph: LiteralGraph, path: list[int]) -> list[tuple[Node, bool]]:
    """A chain as (node, true?) pairs, without spacers (see :func:`spacer`)."""
    return [(graph.node(lit), is_true(lit)) for lit in path if graph.node(lit).digit]


def spacer(graph: LiteralGraph, after: int, count: int) -> int:
    """Lengthen every chain through literal ``after`` by ``count`` implications, through
    placeholder nodes (digit 0, no cells) that chains leave out when shown. Returns the
    literal the lengthened chains continue from."""
    for _ in range(count):
        i = graph.add(Node(0, 0, als=len(graph.nodes) + 1))
        graph.imply(after, false_literal(i))
        after = false_literal(i)
    return after

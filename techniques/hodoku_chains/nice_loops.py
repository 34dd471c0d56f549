"""Nice Loops and AICs, plain and grouped (HoDoKu's Nice Loop/AIC and Grouped Nice Loop/AIC).

For every candidate of every cell, and for both of its truth values, a breadth-first search
over the link graph finds the shortest chain to everything that follows (HoDoKu's tables do
the same). A chain that comes back to its start cell is a nice loop, one that ends on a
true candidate elsewhere may be an AIC; :mod:`techniques.hodoku_chains.loop_conclusions` says what each proves.
The grouped technique adds group nodes (a digit's two or three candidates where a line
crosses a box) and, as an option, almost locked sets, and reports only chains that use one.
HoDoKu keeps one chain per set of eliminations and type, the shortest; so do we.
"""

from __future__ import annotations

from functools import partial
from itertools import islice
from dataclasses import dataclass, field
from typing import Callable, Final, Iterator

from engine.cells import N_CELLS, PEER_MASK
from engine.cache import per_grid_version
from engine.grid import Grid
from engine.step import Candidate, Step
from engine.stop import checkpoint
from engine.profiles.hodoku_choice import first_ranked
from engine.technique import BaseTechnique, Declaration
from techniques.hodoku_chains.als_nodes import add_als_nodes
from techniques.hodoku_chains.candidate_graph import grouped_candidate_graph, grouped_nice_loop_graph, groups_after_graph, nice_loop_graph
from techniques.hodoku_chains.implications import DISTANCE_SHIFT, BreadthFirst, LiteralGraph, Reach, path_nodes
from techniques.shared import false_literal, is_true, true_literal
from techniques.hodoku_chains.notation import Chain, chain_highlights, chain_string, digits_text
from techniques.hodoku_chains.link_graph import Node
from techniques.hodoku_chains.loop_conclusions import Kind, aic_eliminations, continuous_eliminations, loop_kind
from techniques.hodoku_chains.loop_choice import Entry, choose_entry
from techniques.hodoku_chains.loop_explanations import explain
from techniques.hodoku_chains.table_order import TableOrder, first_shortest_path, is_lasso

# A whole search (both premises of every candidate) stops once its breadth-first searches
# have reached this many literals in all; steps found so far are still reported. Work, not
# time, so that every machine finds the same steps. Each premise reaches each literal at
# most once, so the search is finite anyway; this only caps the rare position where it is
# big. Measured (issue 11): an empty grid reaches 22,000 (plain), 28,000 (grouped) and
# 32,000 (with sets); the starts and early positions of royle17, top95 and the famous
# puzzles at most 50,000 grouped and 271,000 with sets (about 2 s under load, most of it
# building the graph). Four times that leaves a wide margin: no known position meets it.
MAX_LITERALS_REACHED = 1_000_000
# How many shortest chains to try per end when a grouped chain is wanted: the first
# shortest chain may avoid every group node while an equally short grouped one exists.
GROUPED_TRIES: Final = 12
# How many equally short routes of one continuous loop to report (their eliminations may
# differ); more would only repeat the same loop in other words.
CONTINUOUS_ROUTES: Final = 8

_LITERAL_BITS: Final = (1 << DISTANCE_SHIFT) - 1

_NAMES: Final = {
    (False, Kind.CONTINUOUS): ("Continuous Nice Loop", "cnl"),
    (False, Kind.DISCONTINUOUS): ("Discontinuous Nice Loop", "dnl"),
    (False, Kind.AIC): ("AIC", "aic"),
    (True, Kind.CONTINUOUS): ("Grouped Continuous Nice Loop", "gcnl"),
    (True, Kind.DISCONTINUOUS): ("Grouped Discontinuous Nice Loop", "gdnl"),
    (True, Kind.AIC): ("Grouped AIC", "gaic"),
}


def _subnames(grouped: bool) -> dict[str, str]:
    return {code: name for (g, _), (name, code) in _NAMES.items() if g == grouped}


_PLAIN: Final = Declaration("Nice Loop/AIC", "nl", subcodes={"cnl": "0706", "dnl": "0707", "aic": "0708"}, subnames=_subnames(False))
_GROUPED: Final = Declaration("Grouped Nice Loop/AIC", "gnl", subcodes={"gcnl": "0709", "gdnl": "0710", "gaic": "0711"}, subnames=_subnames(True))


@per_grid_version()
def plain_graph(grid: Grid) -> LiteralGraph:
    return nice_loop_graph(grid)


@per_grid_version()
def grouped_graph(grid: Grid) -> LiteralGraph:
    return grouped_nice_loop_graph(grid)


@per_grid_version()
def grouped_search_graph(grid: Grid) -> LiteralGraph:
    """The grouped graph Grouped Nice Loop/AIC searches: ``grouped_graph``'s nodes and
    links with the groups numbered after the candidates (``groups_after_graph``), built
    onto the plain graph, which Nice Loop/AIC built for this grid version already when it
    runs first (as in every profile's order). Its searches meet the candidates in the
    same order, so they find the same chains (``grouped_graph`` stays for the krakens,
    whose searches read its numbers)."""
    return groups_after_graph(grid, plain_graph(grid))


@per_grid_version()
def als_graph(grid: Grid) -> LiteralGraph:
    graph = grouped_candidate_graph(grid)
    checkpoint()
    add_als_nodes(graph, grid)
    return graph


@dataclass
class Search:
    """One find(): the grid, its literal graph and the best step per (code, effect)."""

    grid: Grid
    graph: LiteralGraph
    grouped: bool
    cell_literals: list[list[int]]  # see _NodeTables
    special: int  # literals of group and set nodes
    cell_of: list[int]  # see _NodeTables
    found: dict[tuple[str, tuple[Candidate, ...]], tuple[int, Found]]
    order: TableOrder
    # Deferred (``deferred``): every loop and AIC as an Entry, its chain traced only if
    # the profile's choice needs it (see loop_choice); else each is traced when found.
    deferred: bool = False
    entries: list[Entry] = field(default_factory=list)


@dataclass(frozen=True)
class Found:
    """A chain kept for its type and effect, its step not built yet (most are replaced by
    shorter ones or never shown: HoDoKu's policy takes one by its eliminations)."""

    kind: Kind
    chain: Chain
    effect: tuple[Candidate, ...]  # as found
    eliminations: tuple[Candidate, ...]  # the step's: the effect once each


class NiceLoop(BaseTechnique):
    """Nice loops and AICs over candidates (``grouped``: also over groups, and with
    ``als`` over almost locked sets)."""

    def __init__(self, grouped: bool, als: bool = False) -> None:
        super().__init__(_GROUPED if grouped else _PLAIN)
        self.grouped = grouped
        self.als = als

    def graph(self, grid: Grid) -> LiteralGraph:
        """The literal graph this technique searches (cached per grid version)."""
        if not self.grouped:
            return plain_graph(grid)
        return als_graph(grid) if self.als else grouped_search_graph(grid)

    def find(self, grid: Grid) -> Iterator[Step]:
        for _, build in self.pending(grid):
            yield build()

    def pending(self, grid: Grid) -> Iterator[tuple[tuple[Candidate, ...], Callable[[], Step]]]:
        """The steps of :meth:`find`, in its order, each as its eliminations and a function
        that builds it (explanation, highlights)."""
        search = self._search(grid, deferred=False)
        # Most eliminations first, then in the order found (HoDoKu's order among equals).
        ordered = sorted(search.found.values(), key=lambda f: -len(f[1].eliminations))
        for _, found in ordered:
            yield found.eliminations, partial(self._step, grid, search.grouped, found)

    def ranked_step(self, grid: Grid) -> Step | None:
        """The step the ``hodoku`` profile takes (``hodoku_choice.first_ranked`` of
        :meth:`pending`), tracing only the chains that can decide it."""
        graph = self.graph(grid)
        if graph.delayed:  # almost locked sets: several chains per end, traced as found
            return first_ranked(self.pending(grid))
        search = self._search(grid, deferred=True)
        chosen = choose_entry(search.entries, lambda entry: self._traced(search, entry))
        if chosen is None:
            return None
        entry, chain, eliminations = chosen
        return self._step(grid, search.grouped, Found(entry.kind, chain, entry.effect, eliminations))

    def _traced(self, search: Search, entry: Entry) -> Chain | None:
        """The chain an entry's conclusion is shown with, None if HoDoKu drops it."""
        if entry.chain is not None:
            return entry.chain
        return next(self._chains(search, entry.reach.layers(), entry.end, entry.loop), None)

    def _search(self, grid: Grid, deferred: bool) -> Search:
        """Every premise searched: the steps kept in ``found`` or, deferred, every
        conclusion in ``entries``."""
        graph = self.graph(grid)
        nodes = _NodeTables(graph)
        search = Search(grid, graph, self.grouped, nodes.cell_literals, nodes.special, nodes.cell_of, {}, TableOrder(grid, graph), deferred)
        # HoDoKu's order, which decides between equally short chains with one effect:
        # every loop from "candidate is true", then every loop from "candidate is false",
        # then every AIC (from "candidate is false"), candidates in cell and digit order.
        plain = nodes.plain
        # HoDoKu's tables bound a chain by nothing but their size (1000 entries, more than a
        # position has literals once nice loops are tried): no length cap here, unlike the
        # simple chains'. A shortest chain visits each literal once, so this is no bound.
        unbounded = graph.literal_count
        # A grouped chain passes a group or set node: a premise that reaches none has none
        # (None: every premise). Its search is skipped; its checkpoint is not.
        useful = graph.reaching_flags(search.special) if self.grouped else None
        bfs = BreadthFirst(graph)
        # The false premises with AIC ends: their reaches and ends, by distance (see
        # _aic_keys; the AICs come after every loop).
        false_reaches: list[tuple[int, Reach, list[int]]] = []
        # The true premises' reaches: a false premise's follows from those of the few
        # literals it implies (BreadthFirst.reach_after), without a search of its own.
        true_reaches: list[Reach | None] = [None] * graph.literal_count  # by literal
        reached = 0
        for premise in (True, False):
            off = 0 if premise else 1  # true_literal(i) is i << 1, false_literal(i) i << 1 | 1
            for i in plain:
                if reached > MAX_LITERALS_REACHED:
                    break
                checkpoint()
                start = i << 1 | off
                if useful is not None and not useful[start]:
                    continue
                if graph.delayed:
                    reach = Reach.of_layers(graph.layers(start, unbounded))
                    bfs.restamp(reach)
                elif premise:
                    reach = true_reaches[start] = bfs.reach(start)
                elif not bfs.adjacency[start]:
                    # It implies nothing (most "candidate is false" premises: no strong
                    # link), so it reaches itself alone: no loop, no AIC.
                    reached += 1
                    continue
                else:
                    reach = bfs.reach_after(start, true_reaches) or bfs.reach(start)
                if not premise:
                    keys = _aic_keys(search, reach, nodes.cell_of[i], graph.nodes[i].digit)
                    if keys:
                        false_reaches.append((i, reach, keys))
                reached += len(reach.literals)
                self._loops(search, bfs, reach, graph.nodes[i], nodes.cell_of[i], premise)
        for i, reach, keys in false_reaches:
            self._aics(search, reach, keys, graph.nodes[i])
        return search

    def _loops(self, search: Search, bfs: BreadthFirst, reach: Reach, start: Node, start_cell: int, start_true: bool) -> None:
        """The loops of one premise, just searched (``bfs`` holds its distances);
        ``start_cell``: the start's cell (``Node.cell``, a property: a lookup each time)."""
        grid, graph = search.grid, search.graph
        # A loop needs three links at least to leave the cell and come back.
        for key in bfs.distances(search.cell_literals[start_cell], 3):
            length, end = key >> DISTANCE_SHIFT, key & _LITERAL_BITS
            verdict = loop_kind(grid, start, start_true, graph.node(end), is_true(end))
            if verdict is None:
                continue
            kind, effect = verdict
            if kind is not Kind.CONTINUOUS:
                # No effect: the start cell holds only the proven digit already (a
                # pending single), so the loop would be a step that changes nothing.
                if search.deferred and effect:
                    search.entries.append(Entry(self._code(search, kind), kind, effect, length, reach, end, True))
                    continue
                if not effect or self._known(search, kind, effect, length):
                    continue
                for chain in self._chains(search, reach.layers(), end, loop=True):
                    self._record(search, kind, chain, effect, length)
                    break
                continue
            # A continuous loop's eliminations depend on the route, and equally short
            # routes may differ: report each (HoDoKu keeps whichever its tables met first).
            for chain in islice(self._chains(search, reach.layers(), end, loop=True), CONTINUOUS_ROUTES):
                cut = continuous_eliminations(grid, chain)
                if cut and search.deferred:
                    search.entries.append(Entry(self._code(search, kind), kind, cut, length, reach, end, True, chain))
                elif cut:
                    self._record(search, kind, chain, cut, length)

    def _aics(self, search: Search, reach: Reach, keys: list[int], start: Node) -> None:
        """The AICs of one false premise: ``keys``, its ends (see :func:`_aic_keys`)."""
        grid, graph = search.grid, search.graph
        for key in keys:
            length, end = key >> DISTANCE_SHIFT, key & _LITERAL_BITS
            effect = aic_eliminations(grid, start, graph.node(end))
            if search.deferred and effect:
                search.entries.append(Entry(self._code(search, Kind.AIC), Kind.AIC, effect, length, reach, end, False))
                continue
            if not effect or self._known(search, Kind.AIC, effect, length):
                continue
            for chain in self._chains(search, reach.layers(), end, loop=False):
                self._record(search, Kind.AIC, chain, effect, length)
                break

    def _chains(self, search: Search, layers: list[int], end: int, loop: bool) -> Iterator[Chain]:
        """Valid shortest chains to ``end``; for the grouped technique only those with a
        group or set node (the plain ones belong to Nice Loop/AIC).

        Without almost locked sets, the one chain HoDoKu's tables reach first, if HoDoKu
        accepts it: no lasso, and a loop leaves its start cell at once and comes back to it
        from another cell."""
        graph = search.graph
        if not graph.delayed:
            path = first_shortest_path(graph, layers, end, search.order)
            start_cell = graph.nodes[path[0] >> 1].cell
            if loop and start_cell in (graph.nodes[path[1] >> 1].cell, graph.nodes[path[-2] >> 1].cell):
                return
            if not is_lasso(graph, path, loop):
                chain = path_nodes(graph, path)
                if not search.grouped or any(not node.is_plain for node, _ in chain):
                    yield chain
            return
        plain_seen = 0
        for path in graph.paths(layers, end, loop=loop, prefer=search.special):
            chain = path_nodes(graph, path)
            if not search.grouped or any(not node.is_plain for node, _ in chain):
                yield chain
            else:
                plain_seen += 1
                if plain_seen > GROUPED_TRIES:
                    return

    def _code(self, search: Search, kind: Kind) -> str:
        return _NAMES[(search.grouped, kind)][1]

    def _known(self, search: Search, kind: Kind, effect: tuple[Candidate, ...], length: int) -> bool:
        code = _NAMES[(search.grouped, kind)][1]
        best = search.found.get((code, effect))
        return best is not None and best[0] <= length

    def _record(self, search: Search, kind: Kind, chain: Chain, effect: tuple[Candidate, ...], length: int) -> None:
        """Keep the step unless one as short with the same type and effect is known.
        ``length`` counts the extra links of almost locked sets, as HoDoKu does."""
        if self._known(search, kind, effect, length):
            return
        code = _NAMES[(search.grouped, kind)][1]
        eliminations = tuple(dict.fromkeys(effect))  # as the step keeps them
        search.found[(code, eliminations)] = (length, Found(kind, chain, effect, eliminations))

    def _step(self, grid: Grid, grouped: bool, found: Found) -> Step:
        kind, chain, effect = found.kind, found.chain, found.effect
        name, code = _NAMES[(grouped, kind)]
        return self.step(
            f"{digits_text(effect)} {_notation(kind, chain)}",
            eliminations=effect,
            explanation=explain(kind, chain, effect),
            highlights=chain_highlights(grid, chain),
            digits=tuple(sorted({d for d, _ in effect})),
            name=name,
            code=code,
        )


def _notation(kind: Kind, chain: Chain) -> str:
    """HoDoKu's notation: AICs name their end digits outside the chain (``5- r1c1 ... -5``);
    continuous loops name the digits that close the loop (``2= r1c1 ... =7``)."""
    text = chain_string(chain)
    if kind is Kind.AIC:
        return f"{chain[0][0].digit}- {text} -{chain[-1][0].digit}"
    if kind is Kind.CONTINUOUS:
        start_cell = chain[0][0].cell
        after = next(node for node, _ in chain if node.cell != start_cell)
        last_run = len(chain) - 1
        while last_run > 0 and chain[last_run - 1][0].cell == start_cell:
            last_run -= 1
        return f"{chain[last_run][0].digit}= {text} ={after.digit}"
    return text


class _NodeTables:
    """What a search reads about a graph's nodes, found in one pass over them.

    plain: the numbers of the single candidates, in order; cell_of: per node, its cell if
    it is a single candidate (else -1; ``Node.cell`` is a property, computed on each
    read); cell_literals: per cell, the literals of its single candidates (where a loop may
    close); special: the literals of group and set nodes."""

    def __init__(self, graph: LiteralGraph) -> None:
        self.plain: list[int] = []
        # The graph's builder may have said (LiteralGraph.cell_of); read only.
        self.cell_of = graph.cell_of if graph.cell_of is not None else _cells_of_nodes(graph.nodes)
        self.cell_literals: list[list[int]] = [[] for _ in range(N_CELLS)]
        self.special = 0
        nodes = graph.nodes
        for i, cell in enumerate(self.cell_of):
            if cell >= 0:
                self.plain.append(i)
                self.cell_literals[cell] += (i << 1, i << 1 | 1)  # true_literal(i), false_literal(i)
            elif nodes[i].digit:
                self.special |= (1 << true_literal(i)) | (1 << false_literal(i))


def _cells_of_nodes(nodes: list[Node]) -> list[int]:
    """Per node, its cell if it is a single candidate, else -1 (groups, sets, spacers:
    a spacer has no cell but is a set node, see implications.spacer)."""
    out = []
    for node in nodes:
        cells = node.cells
        plain = not node.als and not cells & (cells - 1)  # Node.is_plain, inlined
        out.append(cells.bit_length() - 1 if plain else -1)
    return out


def _aic_keys(search: Search, reach: Reach, s: int, a: int) -> list[int]:
    """The ends of the AICs from "digit ``a`` is not in cell ``s``" (its search:
    ``reach``), each as ``distance << DISTANCE_SHIFT | literal`` (as
    ``BreadthFirst.distances`` gives them), by distance, then literal.

    An end is a single candidate made true three links away or more (an AIC has three
    links at least) where an AIC has an effect (``aic_eliminations``): digit ``a`` in a
    cell that sees two of its cells the start sees, or another digit of the start cell
    in a cell that sees the start and holds ``a``. Read off the search's literals: a
    false premise reaches a few, most of them one link away."""
    if reach.farthest < 3:
        return []
    grid, cell_of, nodes = search.grid, search.cell_of, search.graph.nodes
    seen, with_a, start_digits = PEER_MASK[s], grid.cells_with[a], grid.cands[s]
    distances = reach.distances
    keys: list[int] = []
    for k, literal in enumerate(reach.literals):
        distance: int = distances[k]
        if distance < 3 or literal & 1:
            continue
        e = cell_of[literal >> 1]
        if e < 0:  # a group or a set
            continue
        b = nodes[literal >> 1].digit
        if b == a:
            if e == s or (PEER_MASK[e] & seen & with_a).bit_count() < 2:
                continue
        elif not (seen >> e & 1 and with_a >> e & 1 and start_digits >> (b - 1) & 1):
            continue
        keys.append(distance << DISTANCE_SHIFT | literal)
    keys.sort()
    return keys


NICE_LOOP: Final = NiceLoop(grouped=False)
GROUPED_NICE_LOOP: Final = NiceLoop(grouped=True)
#: Grouped chains that may also run through almost locked sets (HoDoKu's option, off by
#: default there and here; its library's variants 0709-2, 0710-3/4, 0711-3/4 use it).
GROUPED_NICE_LOOP_ALS: Final = NiceLoop(grouped=True, als=True)

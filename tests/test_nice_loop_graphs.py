"""Grouped Nice Loop/AIC's search graph (groups numbered after the candidates, built onto
the plain graph) against ``grouped_nice_loop_graph`` (groups in sort-key order), and the
technique over either: the same links and the same steps."""

from __future__ import annotations

import pytest

from engine.grid import Grid
from engine.step import Step
from techniques.hodoku_chains import nice_loops
from techniques.hodoku_chains.candidate_graph import grouped_nice_loop_graph, groups_after_graph, nice_loop_graph
from engine.cells import bit_indices
from techniques.hodoku_chains.implications import DISTANCE_SHIFT, BreadthFirst, LiteralGraph, Reach
from techniques.hodoku_chains.link_graph import Node
from techniques.hodoku_chains.nice_loops import GROUPED_NICE_LOOP, NiceLoop, grouped_graph, grouped_search_graph
from tests.conftest import PUZZLES, grid_from
from tests.test_contract import load

POSITIONS = [p for name in ("hodoku_chains", "nice_loops", "als", "forcing", "uniqueness") for p in load(PUZZLES / "techniques" / f"{name}.txt")]


def _renumbered(graph: LiteralGraph, into: LiteralGraph) -> list[list[int]]:
    """``graph``'s adjacency lists in ``into``'s literal numbers, by ``into``'s literals."""
    number = [into.index[node] for node in graph.nodes]
    lists: list[list[int]] = [[] for _ in range(graph.literal_count)]
    for literal, found in enumerate(graph.adjacency()):
        lists[2 * number[literal >> 1] + (literal & 1)] = sorted(2 * number[x >> 1] + (x & 1) for x in found)
    return lists


def test_groups_after_graph_is_the_grouped_graph_renumbered() -> None:
    """The same nodes and links, the candidates first in the plain graph's numbers (their
    lists ascending), the groups after them; the plain graph is left as it was."""
    assert len(POSITIONS) > 50
    for p in POSITIONS:
        grid = grid_from(p.values, p.removed)
        plain = nice_loop_graph(grid)
        plain_lists = [found[:] for found in plain.adjacency()]
        expected, built = grouped_nice_loop_graph(grid), groups_after_graph(grid, plain)
        assert built.nodes[: len(plain.nodes)] == plain.nodes, p.code
        assert sorted(built.nodes) == sorted(expected.nodes) and len(built.nodes) == len(expected.nodes), p.code
        assert all(node.is_group for node in built.nodes[len(plain.nodes) :]), p.code
        assert built.cell_of == [node.cell if node.is_plain else -1 for node in built.nodes], p.code
        assert built.adjacency() == _renumbered(expected, built), p.code
        assert all(found == sorted(found) for found in built.adjacency()), p.code
        assert plain.adjacency() == plain_lists, p.code  # shared lists copied before a change
        implied_by = [0] * built.literal_count
        for a, found in enumerate(built.adjacency()):
            for b in found:
                implied_by[b] |= 1 << a
        assert [built.implying(literal) for literal in range(built.literal_count)] == implied_by, p.code
        assert built.out == [sum(1 << x for x in found) for found in built.adjacency()], p.code


#: Compiled (mypyc), NiceLoop cannot be subclassed by interpreted code: the comparison runs
#: in the pure build (the same source).
_COMPILED = not nice_loops.__file__.endswith(".py")


def _sort_key_numbered() -> NiceLoop:
    """Grouped Nice Loop/AIC over ``grouped_graph`` (groups numbered in sort-key order)."""

    class SortKeyNumbered(NiceLoop):
        def graph(self, grid: Grid) -> LiteralGraph:
            return grouped_graph(grid)

    return SortKeyNumbered(grouped=True)


def _texts(steps: list[Step]) -> list[tuple[str, str, str]]:
    return [(step.code, str(step), step.explanation) for step in steps]


@pytest.mark.skipif(_COMPILED, reason="compiled classes cannot be subclassed by interpreted ones")
def test_grouped_nice_loop_steps_do_not_depend_on_the_numbering() -> None:
    """Every step, in order, and the step the hodoku profile takes, are the same over
    either numbering of the groups."""
    reference = _sort_key_numbered()
    compared = 0
    for p in POSITIONS:
        grid = grid_from(p.values, p.removed)
        expected = list(reference.find(grid))
        assert _texts(list(GROUPED_NICE_LOOP.find(grid))) == _texts(expected), p.code
        ranked, wanted = GROUPED_NICE_LOOP.ranked_step(grid), reference.ranked_step(grid)
        assert (ranked and _texts([ranked])) == (wanted and _texts([wanted])), p.code
        assert GROUPED_NICE_LOOP.graph(grid) is nice_loops.grouped_search_graph(grid)
        compared += len(expected)
    assert compared > 100


def test_breadth_first_reach_over_the_grouped_search_graph() -> None:
    """A search over the grouped graph with the groups numbered last
    (``BreadthFirst.reach``) meets every literal at the distance of
    ``LiteralGraph.layers``, and ``reach_after`` agrees."""
    for p in POSITIONS[:15]:
        grid = grid_from(p.values, p.removed)
        plain = nice_loop_graph(grid)
        graph = groups_after_graph(grid, plain)
        bfs = BreadthFirst(graph)
        reaches: list[Reach | None] = [None] * graph.literal_count
        for start in range(graph.literal_count):
            reach = bfs.reach(start)
            expected = graph.layers(start, graph.literal_count)
            assert reach.layers() == expected and reach.farthest == len(expected) - 1, p.code
            assert sorted(reach.literals) == bit_indices(sum(expected)), p.code
            assert bfs.distances(list(range(graph.literal_count)), 0) == sorted(
                k << DISTANCE_SHIFT | x for k, layer in enumerate(expected) for x in bit_indices(layer)
            ), p.code
            reaches[start] = reach
        for start in range(graph.literal_count):
            after = bfs.reach_after(start, reaches)
            assert after is not None and after.layers() == graph.layers(start, graph.literal_count), p.code


def test_keys_made_when_read_and_kept_when_nodes_are_added() -> None:
    """A graph built whole makes its nodes' keys (first cell, one bit) when first read,
    and a node added later, read or not before, gets one key: the copy's and a graph
    whose keys were never read agree."""
    grid = grid_from(POSITIONS[0].values, POSITIONS[0].removed)
    for build in (nice_loop_graph, grouped_nice_loop_graph):
        unread, read = build(grid), build(grid)
        expected = [node.cells & -node.cells for node in read.nodes]
        assert read.keys == expected
        extra = Node(0, 0, als=len(read.nodes) + 1)  # a spacer: no cell, key 0
        for graph in (unread.copy(), read.copy()):
            graph.add(extra)
            assert graph.keys == expected + [0]
        unread_built = LiteralGraph.built(list(read.nodes), list(read.out), read.plain)
        unread_built.add(extra)
        assert unread_built.keys == expected + [0] and len(unread_built.keys) == len(unread_built.nodes)


def test_reaching_flags_are_the_reaching_set() -> None:
    """``reaching_flags`` flags exactly the literals of ``reaching``, over adjacency lists
    and over bit sets (the graph with almost locked sets)."""
    for p in POSITIONS[:20]:
        grid = grid_from(p.values, p.removed)
        for graph in (grouped_search_graph(grid), nice_loops.als_graph(grid)):
            special = sum(3 << 2 * i for i, node in enumerate(graph.nodes) if not node.is_plain and node.digit)
            expected = graph.reaching(special)
            assert graph.reaching_flags(special) == [bool(expected >> x & 1) for x in range(graph.literal_count)], p.code
            assert any(graph.reaching_flags(special)) == bool(special), p.code

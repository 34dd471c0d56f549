"""Link graphs, the chain search, X-Chain and XY-Chain."""

from __future__ import annotations

from engine.cells import MASK_COUNT, UNITS, Unit, bit_indices
from engine.grid import Grid
from techniques.hodoku_chains.implications import LiteralGraph
from techniques.shared import false_literal, is_true, true_literal
from techniques.hodoku_chains.simple_chains import X_CHAIN, XY_CHAIN
from techniques.hodoku_chains.candidate_graph import NICE_LOOP_LINKS, candidate_graph, grouped_candidate_graph, grouped_nice_loop_graph, nice_loop_graph
from techniques.hodoku_chains.link_graph import Node, group_nodes, link_graph, link_list, links
from engine.analysis import analyse
from tests.conftest import HODOKU, PUZZLES, grid_from
from tests.test_contract import load

POSITIONS = load(PUZZLES / "techniques" / "hodoku_chains.txt")


def position(code: str, index: int = 0) -> tuple[Grid, str]:
    found = [p for p in POSITIONS if p.code == code and p.expected != "-"]
    return grid_from(found[index].values, found[index].removed), found[index].expected


def test_link_graph_marks_strong_links() -> None:
    grid, _ = position("xyc")
    graph = link_graph(grid)
    for a, b, strong in links(graph):
        assert graph.edges[a, b]["strong"] == strong
        if a.cells == b.cells:  # two digits of one cell: strong only in a bivalue cell
            assert strong == (MASK_COUNT[grid.cands[a.cell]] == 2)
        else:  # one digit in one house: strong when they are its only two places there
            assert a.digit == b.digit
            if strong:
                assert any((grid.cells_with[a.digit] & u.mask) == (a.cells | b.cells) for u in _units_of(a, b))


def _units_of(a: Node, b: Node) -> list[Unit]:
    return [u for u in UNITS if (a.cells | b.cells) & ~u.mask == 0]


def test_link_graph_is_cached_per_version() -> None:
    grid, _ = position("x")
    first = link_graph(grid)
    assert link_graph(grid) is first
    changed = grid.copy()
    cell = next(c for c in range(81) if MASK_COUNT[changed.cands[c]] > 2)
    changed.eliminate(cell, next(d for d in range(1, 10) if changed.cands[cell] >> (d - 1) & 1))
    assert link_graph(changed) is not first


def test_groups_are_line_box_intersections() -> None:
    grid, _ = position("x")
    groups = group_nodes(grid)
    assert groups and all(2 <= g.cells.bit_count() <= 3 and g.is_group for g in groups)
    graph = link_graph(grid, groups=True)
    assert all(g in graph for g in groups)
    for a, b, _ in links(graph):
        assert not a.cells & b.cells or a.cells == b.cells


def test_literal_graphs_from_bit_sets_hold_the_link_lists_links() -> None:
    """The chain searches' graphs, built from the grid's bit sets, are the link list's
    links made into literals, node for node (the grouped one with its groups)."""
    for p in POSITIONS:
        grid = grid_from(p.values, p.removed)
        for groups, built in ((False, candidate_graph(grid, NICE_LOOP_LINKS)), (True, grouped_candidate_graph(grid))):
            listed = link_list(grid, groups=groups)
            expected = LiteralGraph(sorted(listed.nodes, key=lambda n: n.sort_key))
            expected.add_links((a, b, True, strong) for a, b, strong in listed.links)
            assert built.nodes == expected.nodes, (p.code, groups)
            assert built.out == expected.out and built.inc == expected.inc, (p.code, groups)
            assert built.keys == expected.keys and built.plain == (not groups), (p.code, groups)


def test_nice_loop_graph_from_lists_is_the_bit_set_graph() -> None:
    """Nice Loop/AIC's graphs, built as adjacency lists, are ``candidate_graph``'s with
    every link and ``grouped_candidate_graph``'s, literal for literal: their lists, the
    bit sets made from them, the incoming sets read one literal at a time and the
    literals that reach the groups."""
    positions = [p for name in ("hodoku_chains", "nice_loops", "als", "forcing", "uniqueness") for p in load(PUZZLES / "techniques" / f"{name}.txt")]
    assert len(positions) > 50
    for p in positions:
        grid = grid_from(p.values, p.removed)
        expected, built = candidate_graph(grid, NICE_LOOP_LINKS), nice_loop_graph(grid)
        assert built.nodes == expected.nodes and built.keys == expected.keys and built.plain, p.code
        assert built.cell_of == [node.cell for node in built.nodes], p.code
        assert built.adjacency() == [bit_indices(found) for found in expected.out], p.code
        assert [built.implying(literal) for literal in range(built.literal_count)] == expected.inc, p.code
        assert built.out == expected.out and built.inc == expected.inc, p.code
        expected, built = grouped_candidate_graph(grid), grouped_nice_loop_graph(grid)
        assert built.nodes == expected.nodes and built.index == expected.index and not built.plain, p.code
        assert built.cell_of == [node.cell if node.is_plain else -1 for node in built.nodes], p.code
        assert built.adjacency() == [bit_indices(found) for found in expected.out], p.code
        assert [built.implying(literal) for literal in range(built.literal_count)] == expected.inc, p.code
        groups = sum(3 << 2 * i for i, node in enumerate(built.nodes) if node.is_group)
        assert grouped_nice_loop_graph(grid).reaching(groups) == expected.reaching(groups), p.code
        assert built.out == expected.out and built.inc == expected.inc, p.code


def test_breadth_first_layers_and_paths() -> None:
    a, b, c, d = (Node(1, 1 << i) for i in (0, 1, 2, 3))
    graph = LiteralGraph([a, b, c, d])
    # a=b strong, b-c weak, c=d strong: "a false" forces "d true" in three links.
    graph.add_links([(a, b, True, True), (b, c, True, False), (c, d, True, True)])
    layers = graph.layers(false_literal(0))
    assert [sorted(bit_indices(layer)) for layer in layers[:4]] == [[false_literal(0)], [true_literal(1)], [false_literal(2)], [true_literal(3)]]
    (path,) = list(graph.paths(layers, true_literal(3)))
    assert path == [false_literal(0), true_literal(1), false_literal(2), true_literal(3)] and is_true(path[-1])


def test_x_chain_text_and_explanation() -> None:
    grid, expected = position("x")
    step = next(s for s in X_CHAIN.find(grid) if str(s) == expected)
    assert expected == "X-Chain: 7 r3c8 =7= r1c8 -7- r1c6 =7= r5c6 -7- r4c4 =7= r4c3 => r3c3<>7"
    assert step.explanation.startswith("Follow 7 along the chain: if r3c8 is not 7, then r1c8 is 7, so r1c6 is not 7")
    assert "r3c3, which sees both, cannot be 7" in step.explanation
    assert [link.strong for link in step.highlights.links] == [True, False, True, False, True]


def test_x_chain_back_into_its_start_cell() -> None:
    grid, expected = position("x", 3)
    step = next(s for s in X_CHAIN.find(grid) if str(s) == expected)
    assert expected.endswith("-9- r3c3 =9= r2c2 => r2c9,r3c3,r6c2<>9")  # cells of the chain lose 9 too
    assert "so r2c2 is 9. So r2c2 is 9 either way, and r2c9, r3c3 and r6c2, which see it, cannot be 9" in step.explanation


def test_xy_chain_text_and_explanation() -> None:
    grid, expected = position("xyc", 1)
    step = next(s for s in XY_CHAIN.find(grid) if str(s) == expected)
    assert expected == "XY-Chain: 4 4- r5c3 -9- r8c3 -8- r7c1 -5- r7c2 -4 => r456c2,r9c3<>4"
    assert "If r5c3 is not 4, then it is 9, so r8c3 is not 9, so it is 8" in step.explanation
    assert step.explanation.endswith("So r5c3 or r7c2 is 4, and r4c2, r5c2, r6c2 and r9c3, which see both, cannot be 4.")
    cells = {c for _, c in step.highlights.pattern}
    assert all(MASK_COUNT[grid.cands[c]] == 2 for c in cells)


def test_no_chain_without_links() -> None:
    assert list(X_CHAIN.find(Grid.empty())) == []
    assert list(XY_CHAIN.find(Grid.empty())) == []
    for p in POSITIONS:
        if p.expected == "-":
            technique = X_CHAIN if p.code == "x" else XY_CHAIN
            assert list(technique.find(grid_from(p.values, p.removed))) == []


def test_xy_chain_longer_than_every_shortest_way() -> None:
    """top1465 #842 before step 53 (HoDoKu's path): every shortest way (17 links) from
    "r4c3 is not 7" to "r9c2 is 7" comes back into a cell, but HoDoKu's depth-first search
    finds a chain of 19 links through ten cells, whose three eliminations come first."""
    grid = grid_from(
        ".4....1+6.+7.265+1.4+8+18+6...5..6....+5..1..1..9...9+582+1..+73.63+1+98+72.+8+1.4+27...+2..5..8+1.",
        "r1c9<>9 r3c9<>9 r4c7<>4 r5c9<>24 r8c7<>9 r8c8<>9 r9c3<>9 r9c9<>6",
    )
    step = HODOKU.choose(XY_CHAIN, grid)
    assert step is not None
    assert str(step) == (
        "XY-Chain: 7 7- r4c3 -4- r5c1 -3- r1c1 -5- r1c3 -9- r8c3 -5- r8c8 -3- r3c8 -9- r2c7 -3- r2c2 -9- r9c2 -7"
        " => r45c2,r9c3<>7"
    )
    solution = analyse(grid.values, grid.cands).solution
    assert solution is not None and all(solution[c] != d for d, c in step.eliminations)

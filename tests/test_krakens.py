"""Krakens (techniques/krakens/): what the contract test does not check: the words, the
roles in the picture, the almost hidden set nodes, the order of the steps."""

from __future__ import annotations

from pathlib import Path

from engine.cells import CELL_NAMES
from engine.grid import Grid
from engine.profiles import load_profile
from engine.step import Step
from techniques import CATALOG
from techniques.krakens.linked_kraken import EXOCET_KRAKEN, TRIDAGON_LINK_KRAKEN
from techniques.krakens.exocet_links import exocet_graph, exocets_of
from techniques.krakens.kraken import KRAKEN_CELL, KRAKEN_HOUSE, KRAKEN_TRIDAGON
from techniques.krakens.graph import HIDDEN, kraken_graph
from tests.conftest import PUZZLES, grid_from
from tests.positions import Position, load

POSITIONS = load(PUZZLES / "techniques" / "krakens.txt")


def _position(expected: str) -> Position:
    return next(p for p in POSITIONS if p.expected == expected)


def _step(expected: str) -> Step:
    position = _position(expected)
    grid = grid_from(position.values, position.removed)
    technique = {"kc": KRAKEN_CELL, "kh": KRAKEN_HOUSE, "ktri": KRAKEN_TRIDAGON, "kex": EXOCET_KRAKEN, "ktl": TRIDAGON_LINK_KRAKEN}[position.code]
    return next(s for s in technique.find(grid) if str(s) == expected)


def test_kraken_cell_words_walk_each_branch() -> None:
    step = _step("Kraken Cell: r2c4 (1/5/9) => r6c4<>5")
    text = step.explanation
    assert text.startswith("r2c4 holds 1, 5 or 9, so one of them is true. If r2c4 is 1, then r2c7 is not 1, so r3c9 is 1,")
    assert "If r2c4 is 5, then r6c4 is not 5." in text
    assert "5, 6 and 9 of column 9 must go in r6c9, r7c9 and r9c9 (a hidden set)" in text
    assert text.endswith("Either way, r6c4 is not 5: remove 5 from r6c4.")


def test_kraken_cell_picture_roles() -> None:
    step = _step("Kraken Cell: r2c4 (1/5/9) => r6c4<>5")
    h = step.highlights
    assert [CELL_NAMES[c] for c in h.cells] == ["r2c4"] and {c.digit for c in h.pattern} == {1, 5, 9}
    assert [g.kind for g in h.groups] == ["group", "ahs"]  # 6 in r4c56, then the hidden set
    assert {CELL_NAMES[c.cell] for c in h.groups[1].candidates} == {"r6c9", "r7c9", "r9c9"}
    # one link per implication: 5 + 1 + 8 in the three branches, r6c9=5 -> r6c4<>5 drawn once
    assert len(h.links) == 13 and any(link.strong for link in h.links)


def test_kraken_cell_places_when_every_branch_makes_it_true() -> None:
    step = _step("Kraken Cell: r5c8 (4/5/6/7) => r2c6=9")
    assert step.placements and not step.eliminations
    assert step.explanation.endswith("Either way, r2c6 is 9.")


def test_kraken_house_names_the_house_and_its_places() -> None:
    step = _step("Kraken House: 8 in b6 (r46c8,r6c7) => r4c8<>6")
    assert step.explanation.startswith("Box 6 needs an 8, and it can only go in r4c8, r6c7 or r6c8.")
    assert step.highlights.units == (5,)


def test_kraken_tridagon_shows_the_pattern_and_its_guardians_as_fins() -> None:
    expected = next(p.expected for p in POSITIONS if p.code == "ktri" and p.expected != "-")
    step = _step(expected)
    h = step.highlights
    assert len(h.cells) == 12 and len(h.units) == 4
    assert {CELL_NAMES[c.cell] for c in h.fins} == {"r7c6", "r8c1"}
    assert "So one of the other candidates in these cells is true: 2 in r7c6 or 7 in r8c1. If r7c6 is 2, then" in step.explanation


def test_steps_come_smallest_picture_first() -> None:
    position = _position("Kraken Cell: r2c4 (1/5/9) => r6c4<>5")
    grid = grid_from(position.values, position.removed)
    sizes = [len(s.highlights.links) - len(s.eliminations) * len(s.highlights.pattern) for s in KRAKEN_CELL.find(grid)]
    # links of the branches to the first elimination (extras add one link per branch each)
    assert sizes[0] <= min(sizes)


def test_hidden_set_nodes_say_where_their_digits_go() -> None:
    position = _position("Kraken Cell: r2c4 (1/5/9) => r6c4<>5")
    built = kraken_graph(grid_from(position.values, position.removed))
    found = {
        i: h for i, h in built.hidden.items() if {CELL_NAMES[c] for c in range(81) if h.cells >> c & 1} == {"r6c9", "r7c9", "r9c9"}
    }
    assert len(found) == 1
    i, hidden = found.popitem()
    assert CELL_NAMES[hidden.dropped] == "r4c9" and hidden.house == 26  # column 9
    assert built.graph.nodes[i].als == HIDDEN | 0b100110000  # 5, 6 and 9


def test_positions_file_names_its_sources() -> None:
    text = Path(PUZZLES / "techniques" / "krakens.txt").read_text()
    assert "AI Escargot" in text and "mith" in text


def test_in_full_after_kraken_fish_before_the_nets_and_in_no_other_plain_solve() -> None:
    # hodoku and se rate as HoDoKu and Sudoku Explainer do, which have no krakens of cells,
    # houses or tridagons: their default solves must not take them, or the ratings would move.
    krakens = {"kc", "kh", "ktri", "kex", "ktl"}
    full = load_profile("full", CATALOG)
    order = [e.technique.code for e in full.entries if e.enabled]
    assert order.index("kf") < order.index("kc") < order.index("kh") < order.index("ktri") < order.index("kex") < order.index("ktl") < order.index("fc")
    for name in ("hodoku", "se"):
        profile = load_profile(name, CATALOG)
        assert krakens <= {t.code for t in profile.techniques}  # there for --only and -t
        assert not krakens & {t.code for t in profile.default}


def test_ai_escargot_full_path_takes_a_kraken_the_hodoku_path_does_not() -> None:
    # (Inkala 2012 no longer needs one: the Uneven MSLS opens it.)
    line = next(l for l in (PUZZLES / "famous.tsv").read_text().splitlines() if "\tAI Escargot" in l)
    grid = Grid.from_string(line.split()[0])
    assert "kh" in {s.code for s in load_profile("full", CATALOG).solve(grid.copy()).steps}
    assert not {"kc", "kh", "ktri"} & {s.code for s in load_profile("hodoku", CATALOG).solve(grid).steps}


# --- Exocet Kraken (techniques/krakens/exocet_kraken.py) --------------------------------


def _kex(expected: str) -> tuple[Grid, Step]:
    position = _position(expected)
    grid = grid_from(position.values, position.removed)
    return grid, next(s for s in EXOCET_KRAKEN.find(grid) if str(s) == expected)


def test_exocet_kraken_names_the_exocet_and_says_why_at_each_exocet_link() -> None:
    _, step = _kex("Exocet Kraken: r8c1 (1/2/4/6) => r6c3<>6")
    text = step.explanation
    assert text.startswith(
        "r1c3 and r2c3 (digits 1, 2, 4 and 6) are the base cells of a Junior Exocet with targets r4c2 and r8c1: "
        "the targets hold the two digits of the base cells, one each (see Junior Exocet). r8c1 holds 1, 2, 4 or 6,"
    )
    assert "If r8c1 is 1, then r5c2 is 1 (a target's digit must also be in its mirror, r5c2 or r6c2), so 3 and 7 of box 4" in text
    assert "If r8c1 is 6, then r2c3 is 6 (a target holds a digit of the base cells, and only r2c3 of them can be 6), so r6c3 is not 6." in text
    assert text.endswith("Either way, r6c3 is not 6: remove 6 from r6c3.")


def test_exocet_kraken_picture_shows_base_targets_and_mirror_beside_the_branches() -> None:
    _, step = _kex("Exocet Kraken: r8c1 (1/2/4/6) => r6c3<>6")
    h = step.highlights
    # the truth cell (a target), the base cells, the other target, the mirror r5c2/r6c2
    assert [CELL_NAMES[c] for c in h.cells] == ["r8c1", "r1c3", "r2c3", "r4c2", "r5c2", "r6c2"]
    assert {c.digit for c in h.alt} == {1, 2, 4, 6} and {CELL_NAMES[c.cell] for c in h.pattern} == {"r8c1"}
    assert not set(h.pattern) & set(h.alt)  # the truth cell (a target too) is drawn as the truth set
    # the Exocet links r8c1=6 -> r2c3=6 and r8c1=1 -> r5c2=1 are drawn as strong links
    drawn = {(CELL_NAMES[link.start.cell], CELL_NAMES[link.end.cell], link.start.digit) for link in h.links if link.strong}
    assert {("r8c1", "r2c3", 6), ("r8c1", "r5c2", 1)} <= drawn


def test_exocet_kraken_mirror_link_in_golden_nugget() -> None:
    _, step = _kex("Exocet Kraken: 2 in b9 (r7c79) => r46c7<>2")
    assert "If r7c9 is 2, then r6c8 is 2 (a target's digit must also be in its mirror, r5c8 or r6c8), so r4c7 is not 2." in step.explanation


def test_exocet_kraken_reports_only_what_the_plain_krakens_cannot() -> None:
    for expected in ("Exocet Kraken: r8c1 (1/2/4/6) => r6c3<>6", "Exocet Kraken: 6 in b8 (r89c5) => r8c78<>6"):
        grid, step = _kex(expected)
        plain = {s.effect for technique in (KRAKEN_CELL, KRAKEN_HOUSE) for s in technique.find(grid)}
        assert step.effect not in plain
        assert all(step.effect not in plain for step in EXOCET_KRAKEN.find(grid))


def test_exocet_links_are_those_of_the_exocet() -> None:
    grid, _ = _kex("Exocet Kraken: r8c1 (1/2/4/6) => r6c3<>6")
    built = exocet_graph(grid)
    assert built is not None and len(exocets_of(grid)) >= 1
    nodes = built.built.graph.nodes
    said = {
        (CELL_NAMES[nodes[a >> 1].cell], not a & 1, CELL_NAMES[nodes[b >> 1].cell], not b & 1, nodes[a >> 1].digit)
        for (a, b) in built.links
    }
    assert ("r8c1", True, "r2c3", True, 6) in said and ("r2c3", False, "r8c1", False, 6) in said
    assert ("r8c1", True, "r5c2", True, 1) in said and ("r5c2", False, "r8c1", False, 1) in said  # the mirror
    # AI Escargot's kraken position has no Exocet: no Exocet graph, nothing found there
    escargot = _position("Kraken Cell: r2c4 (1/5/9) => r6c4<>5")
    plain = grid_from(escargot.values, escargot.removed)
    assert not exocets_of(plain) and exocet_graph(plain) is None and not list(EXOCET_KRAKEN.find(plain))


# --- Tridagon Link Kraken (techniques/krakens/tridagon_links.py) -------------------------


def test_tridagon_link_kraken_states_the_tridagon_and_crosses_its_two_guardians() -> None:
    position = _position("Tridagon Link Kraken: r2c6 (6/8/9) => r1c4<>8")
    grid = grid_from(position.values, position.removed)
    step = next(s for s in TRIDAGON_LINK_KRAKEN.find(grid) if str(s) == position.expected)
    text = step.explanation
    assert text.startswith("In boxes 5, 6, 8 and 9, take the cells r4c5, r4c9,")
    assert "So one of the other candidates in these cells is true: 6 in r6c7 or 1 in r8c5. r2c6 holds 6, 8 or 9" in text
    assert "so r6c7 is not 6, so r8c5 is 1 (one of the tridagon's two guardians, 1 in r8c5 and 6 in r6c7, is true)" in text
    h = step.highlights
    assert len(h.cells) == 13 and CELL_NAMES[h.cells[0]] == "r2c6"  # the truth cell, then the twelve
    assert [(c.digit, CELL_NAMES[c.cell]) for c in h.alt[-2:]] == [(1, "r8c5"), (6, "r6c7")]  # the guardians, after the pattern
    assert any(link.strong and {CELL_NAMES[link.start.cell], CELL_NAMES[link.end.cell]} == {"r6c7", "r8c5"} for link in h.links)
    plain = {s.effect for technique in (KRAKEN_CELL, KRAKEN_HOUSE) for s in technique.find(grid)}
    assert step.effect not in plain


def test_set_nodes_links_run_both_ways_and_match_a_link_by_link_build() -> None:
    """The almost locked set nodes' links (gathered per literal, then set at once) at every
    kraken position: each implication is in both its ends' bit sets, and the graph is the
    one :meth:`LiteralGraph.imply` makes link by link from the same links."""
    from techniques.hodoku_chains.als_nodes import _Builder
    from techniques.hodoku_chains.implications import LiteralGraph
    from techniques.hodoku_chains.nice_loops import grouped_graph

    for position in POSITIONS:
        grid = grid_from(position.values, position.removed)
        graph = grouped_graph(grid).copy()
        before = len(graph.nodes)
        _Builder(graph, grid, 4).add_all()
        assert len(graph.nodes) > before
        one_by_one = LiteralGraph(graph.nodes)
        for a, targets in enumerate(graph.out):
            for b in range(targets.bit_length()):
                if targets >> b & 1:
                    assert graph.inc[b] >> a & 1
                    one_by_one.imply(a, b)
        assert one_by_one.inc == graph.inc


def test_set_nodes_on_a_graph_built_from_lists_keep_its_incoming_sets_right() -> None:
    """The ALS nice loops' graph is built from adjacency lists and makes its incoming sets
    when first read: after the set nodes (links gathered, then set at once) every literal's
    incoming set is exactly the literals whose outgoing sets hold it."""
    from techniques.hodoku_chains.nice_loops import als_graph

    for position in POSITIONS[:4]:
        graph = als_graph(grid_from(position.values, position.removed))
        assert len(graph.inc) == len(graph.out)
        mirrored = [0] * len(graph.out)
        for a, targets in enumerate(graph.out):
            for b in range(targets.bit_length()):
                if targets >> b & 1:
                    mirrored[b] |= 1 << a
        assert mirrored == graph.inc


def test_branch_reach_is_what_the_layers_reach() -> None:
    # the bucket-queue walk against LiteralGraph.layers (slowed set and hidden-set nodes
    # included), every candidate of each kraken position as a premise
    from engine.step import Candidate
    from techniques.krakens.branches import MAX_LINKS, Branches

    for position in POSITIONS[:6]:
        grid = grid_from(position.values, position.removed)
        search = Branches(grid)
        assert search.graph.delayed  # slowed literals: the walk's buckets are tried
        for cell in range(81):
            for digit in range(1, 10):
                if grid.cands[cell] >> (digit - 1) & 1:
                    premise = Candidate(digit, cell)
                    expected = 0
                    for layer in search.graph.layers(search.literal(premise, True), MAX_LINKS):
                        expected |= layer
                    assert search.reach(premise) == expected & (search.plain_on | search.plain_off), (position.id, premise)


def test_set_nodes_link_every_group_the_rule_names() -> None:
    """At every kraken position, each "set loses d" node of the kraken graph is entered from
    exactly the groups of d that see every cell of the set holding d (outside the set), and
    leads to exactly the groups of the other digits inside what the set then removes: the
    groups looked up by their lowest cell are all the groups the rule names."""
    from techniques.als.sets import als_index
    from techniques.hodoku_chains.als_nodes import add_als_nodes
    from techniques.hodoku_chains.nice_loops import grouped_graph
    from techniques.krakens.graph import MAX_SET_CELLS
    from techniques.shared import false_literal, true_literal

    checked = 0
    for position in POSITIONS:
        grid = grid_from(position.values, position.removed)
        graph = grouped_graph(grid).copy()
        add_als_nodes(graph, grid, MAX_SET_CELLS)
        groups = [(i, node) for i, node in enumerate(graph.nodes) if node.is_group]
        group_literals = sum(1 << true_literal(i) | 1 << false_literal(i) for i, _ in groups)
        for als in als_index(grid).alses:
            if not 1 < als.size <= MAX_SET_CELLS:
                continue
            for digit in [d for d in range(1, 10) if als.digits >> (d - 1) & 1]:
                i = graph.index.get(type(graph.nodes[0])(digit, als.cells, als.digits))
                if i is None:
                    continue
                node = false_literal(i)
                seeing = als.sees_all[digit]
                entering = sum(1 << true_literal(g) for g, n in groups if n.digit == digit and not n.cells & als.cells and not n.cells & ~seeing)
                removed = {d: als.sees_all[d] for d in range(1, 10) if d != digit and als.digits >> (d - 1) & 1 and als.sees_all[d]}
                leaving = sum(1 << false_literal(g) for g, n in groups if n.digit in removed and not n.cells & ~removed[n.digit])
                assert graph.inc[node] & group_literals == entering
                assert all(bool(graph.out[true_literal(g)] >> node & 1) == bool(entering >> true_literal(g) & 1) for g, _ in groups)
                if removed:
                    assert graph.out[node] & group_literals == leaving
                checked += entering.bit_count() + leaving.bit_count()
    assert checked > 100

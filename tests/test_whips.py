"""Whips and Grouped Whips (techniques/whips/): what the contract test does not check: the
words, the picture, the place in ``full``, and that no kraken or net was needed at the
positions."""

from __future__ import annotations

from pytest import MonkeyPatch

from engine.grid import Grid
from engine.profiles import load_profile
from engine.step import Candidate, Group, Step
from techniques import CATALOG
from techniques.krakens.kraken import KRAKEN_CELL, KRAKEN_HOUSE
from techniques.whips.search import MAX_LENGTH, MAX_NODES, QUICK_LENGTH, QUICK_NODES, VARIABLES, Path, WhipSearch, alive, leads_to_contradiction, shortest_whip
from techniques.whips.grouped import GroupedSearch, segment_bound
from techniques.whips.grouped_whip import GROUPED_WHIP
from techniques.whips.slots import CANDIDATE_AT
from techniques.whips.whip import WHIP
from tests.conftest import PUZZLES, grid_from
from tests.positions import Position, load

POSITIONS = [p for p in load(PUZZLES / "techniques" / "whips.txt") if p.expected != "-" and p.code == "wh"]
GROUPED = [p for p in load(PUZZLES / "techniques" / "whips.txt") if p.expected != "-" and p.code == "gwh"]
HARD20 = "Grouped Whip: r9c4=6 -> r12c3=6 -> r3c1=7 -> r7c1=6 -> r8c13=8 -> r2c4=8 -> r5c4=7 -> r8c3=7 -> r6c3=8 -> r1c7=8 -> 7 in c7 empty => r9c4<>6"
EASTER = "Whip: r4c5=6 -> r2c5=1 -> r8c5=2 -> r4c7=2 -> r6c7=1 -> r4c3=1 -> r5c4=1 -> 1 in r8 empty => r4c5<>6"


def _grid(position: Position) -> Grid:
    return grid_from(position.values, position.removed)


def _step(expected: str) -> Step:
    position = next(p for p in POSITIONS if p.expected == expected)
    return next(s for s in WHIP.find(_grid(position)) if str(s) == expected)


def test_words_walk_the_chain_and_say_what_removes_each_candidate() -> None:
    text = _step(EASTER).explanation
    assert text.startswith("Suppose r4c5 were 6. Then r2c5 can only be 1 (r4c5=6 removes 6).")
    assert "Then 1 can only go to r5c4 in box 5" in text
    assert "Then 1 has no place left in row 8 (" in text
    assert "(r2c5=1 removes r2c7, r4c7=2 removes r4c7)" in text  # an earlier fact, then the last
    assert text.endswith("So r4c5 is not 6: remove 6 from r4c5.")


def test_picture_is_the_chain_with_a_link_to_every_removed_candidate() -> None:
    step = _step(EASTER)
    h = step.highlights
    assert len(h.pattern) == 6 and h.fins == step.eliminations  # the facts; the supposed candidate
    strong = [link for link in h.links if link.strong]
    assert len(strong) == 6  # one "only one left" per forced variable
    assert all(link.end in h.pattern for link in strong)
    assert all(link.start in h.pattern + h.fins for link in h.links if not link.strong)


def test_every_fact_of_a_whip_is_forced_by_the_earlier_ones() -> None:
    for position in POSITIONS:
        grid = _grid(position)
        step = next(WHIP.find(grid))
        assert str(step) == position.expected
        target = step.eliminations[0]
        k = target.cell * 9 + target.digit - 1
        path = shortest_whip(alive(grid), k)
        assert path is not None and len(path) <= MAX_LENGTH and path[-1][1] == -1
        assert leads_to_contradiction(alive(grid), k)


def test_no_kraken_finds_these_eliminations() -> None:
    # The positions are where full took a forcing net: no kraken cell or house found a step.
    for position in POSITIONS:
        grid = _grid(position)
        assert next(KRAKEN_CELL.find(grid), None) is None
        assert next(KRAKEN_HOUSE.find(grid), None) is None


def test_in_full_after_the_krakens_before_the_nets_and_in_no_other_plain_solve() -> None:
    full = load_profile("full", CATALOG)
    order = [e.technique.code for e in full.entries if e.enabled]
    assert order.index("ktl") < order.index("wh") < order.index("fc")
    for name in ("hodoku", "se"):
        profile = load_profile(name, CATALOG)
        assert "wh" in {t.code for t in profile.techniques}  # there for --only and -t
        assert "wh" not in {t.code for t in profile.default}


def test_cheese_full_path_takes_a_whip_instead_of_a_net() -> None:
    line = next(l for l in (PUZZLES / "famous.tsv").read_text().splitlines() if "\tCheese" in l)
    steps = load_profile("full", CATALOG).solve(Grid.from_string(line.split()[0])).steps
    assert "wh" in {s.code for s in steps}


def test_whips_longer_than_ten_variables_replace_nets() -> None:
    # Easter Monster and suexratt: the full path at 57d04b6 took a Forcing Net here; the
    # shortest whip has 11 variables, so a search of at most 10 finds none.
    for removed in ("=> r6c6<>2", "=> r1c6<>6"):
        position = next(p for p in POSITIONS if p.expected.endswith(removed))
        step = next(WHIP.find(_grid(position)))
        assert str(step) == position.expected
        target = step.eliminations[0]
        path = shortest_whip(alive(_grid(position)), target.cell * 9 + target.digit - 1)
        assert path is not None and 10 < len(path) <= MAX_LENGTH


def test_the_first_whip_needs_no_full_search_when_the_quick_look_finds_one(monkeypatch: MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []
    real = WhipSearch.whip

    def whip(self: WhipSearch, target: int, length: int, nodes: int = MAX_NODES) -> Path | None:
        calls.append((length, nodes))
        return real(self, target, length, nodes)

    monkeypatch.setattr(WhipSearch, "whip", whip)
    position = next(p for p in POSITIONS if p.values.startswith("1....7.9"))  # AI Escargot
    first = next(WHIP.find(_grid(position)))
    assert str(first) == position.expected  # 9 variables: the shortest there is
    assert calls[0] == (QUICK_LENGTH, QUICK_NODES)
    assert (MAX_LENGTH, QUICK_NODES) not in calls and (MAX_LENGTH, MAX_NODES) not in calls
    first_calls = len(calls)
    list(WHIP.find(_grid(position)))
    assert len(calls) - first_calls > 3 * first_calls  # listing every whip searches far more


def test_a_short_whip_is_looked_for_before_a_long_one() -> None:
    # A search of 20 variables from Easter Monster's r4c5=6 would first find a long whip;
    # the quick look of at most QUICK_LENGTH finds the 8-variable one, which comes first.
    position = next(p for p in POSITIONS if p.expected == EASTER)
    assert QUICK_LENGTH < MAX_LENGTH
    assert str(next(WHIP.find(_grid(position)))) == EASTER


def test_slots_tell_every_variable_with_at_most_one_candidate_at_once() -> None:
    """The search's packed test (techniques/whips/slots.py) against a count per variable,
    at each whip position after a few facts of its singles run: the variables left with
    none or one candidate, a variable that holds a fact never among them."""
    from techniques.whips.search import SEES, SPARED, VARIABLES
    from techniques.whips.slots import FIELD, MARKS, ONES, SLOT_BITS, crowded, spread

    for position in POSITIONS:
        live = alive(_grid(position))
        for target in [k for k in range(729) if live >> k & 1][::7]:
            facts = [target]
            open_, slots = live & ~SEES[target], spread(live) & SPARED[target] | MARKS[target]
            for _ in range(3):
                held = {v for v, bits in enumerate(VARIABLES) if any(bits >> f & 1 for f in facts)}
                few = {v for v, bits in enumerate(VARIABLES) if v not in held and (bits & open_).bit_count() <= 1}
                packed = ONES & ~crowded(slots)
                assert {i // SLOT_BITS for i in range(packed.bit_length()) if packed >> i & 1} == few
                assert all((slots >> (SLOT_BITS * v) & FIELD == 0) == (not VARIABLES[v] & open_) for v in few)
                single = next((bits & open_ for v, bits in enumerate(VARIABLES) if v in few and bits & open_), 0)
                if not single:
                    break
                k = single.bit_length() - 1
                facts.append(k)
                open_, slots = open_ & ~SEES[k], slots & SPARED[k] | MARKS[k]


def test_the_counted_singles_run_contradicts_where_the_run_on_bit_sets_does() -> None:
    """From every candidate of every whip position: the counts' run (``contradicts``)
    empties a variable exactly where the run on whole-grid bit sets (``settle``) does."""
    contradictions = 0
    for position in POSITIONS + GROUPED:
        live = alive(_grid(position))
        search = WhipSearch(live)
        for target in [k for k in range(729) if live >> k & 1]:
            assert search.contradicts(target) == (search.settle(target) is None)
            contradictions += search.contradicts(target)
    assert contradictions > 20


def test_the_counted_tables_link_each_fact_to_the_variables_links_gives_in_its_order() -> None:
    """``Counted.linked`` (made without each variable's candidates) is ``WhipSearch.links``'
    variables, in the same order (the order the search tries them in), for every live
    candidate of every whip position."""
    for position in POSITIONS + GROUPED:
        live = alive(_grid(position))
        search = WhipSearch(live)
        tables = search.counted
        for k in [k for k in range(729) if live >> k & 1]:
            assert tables.linked(k) == [v for v, _ in search.links(k)]
        assert not any(tables.met)


def _whip_on_every_slot(search: WhipSearch, target: int, length: int, nodes: int) -> Path | None:
    """The plain whip search as it was before the open variables' slots were packed
    (one slot per variable, ``crowded`` on the slots a fact touches): the reference the
    search must give the very same whips as."""
    from techniques.whips.search import SPARED, DepthFirst
    from techniques.whips.slots import FIELD, MARKS, SLOT_BITS, crowded

    run = DepthFirst(length, nodes)

    def grow(slots: int, last: int, facts: int, left: int) -> bool:
        if not run.visit((facts, last), left):
            return False
        linked = search.linked(last)
        touched = slots & linked.fields
        pick = linked.lows & ~crowded(touched if left > 1 else touched | linked.marks)
        for v in linked.in_order(pick):
            field = touched >> (SLOT_BITS * v) & FIELD
            if not field:
                run.path.append((v, -1))
                return True
            k = CANDIDATE_AT[v][field.bit_length() - 1]
            run.path.append((v, k))
            if grow(slots & SPARED[k] | MARKS[k], k, facts | 1 << k, left - 1):
                return True
            run.path.pop()
        return False

    return list(run.path) if grow(search.slots & SPARED[target] | MARKS[target], target, 1 << target, length) else None


def test_the_counted_search_gives_the_whips_one_slot_per_variable_gives() -> None:
    """At each whip position, from every candidate whose singles run ends in a contradiction
    and every fifth other one: the same whip (or none) as the reference search on the
    slots, for short and long whips, small and large node budgets (so the nodes are counted
    alike too, and a search whose budget is spent still ends at an emptied variable met
    afterwards, as the reference does); the search's counts are back where they started after a search finds none."""
    from techniques.whips.search import _Search

    undone = 0
    for position in POSITIONS:
        live = alive(_grid(position))
        search = WhipSearch(live)
        tables = search.counted
        assert tables.count == [(bits & live).bit_count() for bits in VARIABLES]
        before = (list(tables.open), list(tables.count))
        for target in [k for k in range(729) if live >> k & 1 and search.contradicts(k)]:
            failed = _Search(search, 4, 60)
            if failed.run(target) is None and failed.nodes > 1:  # it went down and back
                failed._retract(target, tables.ruled_out(target))
                assert (failed.open, failed.count, failed.held) == (*before, [False] * len(VARIABLES))
                undone += 1
        targets = [k for k in range(729) if live >> k & 1]
        for target in sorted(set(targets[::5]) | {k for k in targets if search.contradicts(k)}):
            for length, nodes in ((4, QUICK_NODES), (QUICK_LENGTH, QUICK_NODES), (QUICK_LENGTH, 7), (MAX_LENGTH, 60), (MAX_LENGTH, MAX_NODES)):
                assert search.whip(target, length, nodes) == _whip_on_every_slot(search, target, length, nodes)
    assert undone > 10


def _grouped(expected: str) -> Step:
    position = next(p for p in GROUPED if p.expected == expected)
    return next(s for s in GROUPED_WHIP.find(_grid(position)) if str(s) == expected)


def test_grouped_whip_words_say_what_the_group_is_and_what_it_removes() -> None:
    text = _grouped(HARD20).explanation
    assert text.startswith(
        "Suppose r9c4 were 6. Then 6 can only go to r1c3 or r2c3 in column 3 (r9c4=6 removes r9c3): r12c3=6, "
        "which rules 6 out of every cell that sees them all. Then r3c1 can only be 7 (r12c3=6 removes 6)."
    )
    assert "Then 7 has no place left in column 7 (r1c7=8 removes r1c7, r3c1=7 removes r3c7, r8c3=7 removes r8c7)." in text
    assert text.endswith("So r9c4 is not 6: remove 6 from r9c4.")


def test_grouped_whip_picture_outlines_each_group_and_links_every_node() -> None:
    step = _grouped(HARD20)
    h = step.highlights
    assert h.groups == (Group("group", (Candidate(6, 2), Candidate(6, 11))), Group("group", (Candidate(8, 63), Candidate(8, 65))))
    strong = [link for link in h.links if link.strong]
    assert len(strong) == 9  # into each node after the supposed candidate: one per variable but the last (10)
    assert Candidate(6, 2) in h.pattern and Candidate(6, 11) in h.pattern and h.fins == step.eliminations
    assert all(link.end in h.pattern for link in strong)
    assert all(link.start in h.pattern + h.fins for link in h.links if not link.strong)  # a node removes it


def test_grouped_whips_crack_positions_no_whip_of_twenty_does() -> None:
    for position in GROUPED:
        grid = _grid(position)
        assert next(WHIP.find(grid), None) is None
        step = next(GROUPED_WHIP.find(grid))
        assert str(step) == position.expected and step.highlights.groups


def test_imam_bayildi_full_path_takes_grouped_whips_instead_of_nets() -> None:
    # 8 forcing steps at main 20a3dc5 (no Grouped Whip), 5 with it.
    line = next(l for l in (PUZZLES / "famous.tsv").read_text().splitlines() if "\tImam Bayildi" in l)
    steps = load_profile("full", CATALOG).solve(Grid.from_string(line.split()[0])).steps
    assert "gwh" in {s.code for s in steps}
    assert sum(s.code in ("fc", "fcc", "fcv", "fn", "fnc", "fnv") for s in steps) <= 5


def test_grouped_whips_come_right_after_whips_in_full_only() -> None:
    full = load_profile("full", CATALOG)
    order = [e.technique.code for e in full.entries if e.enabled]
    assert order.index("wh") + 1 == order.index("gwh") < order.index("fc")
    for name in ("hodoku", "se"):
        assert "gwh" not in {t.code for t in load_profile(name, CATALOG).default}


def test_segment_bound_slots_are_a_digits_places_in_one_box_line_segment() -> None:
    """The packed segment test (techniques/whips/grouped.py) against the houses' cells."""
    from engine.cells import N_CELLS, UNITS
    from techniques.whips.slots import CANDIDATE_AT, FIELD, N_SLOTS, ONES, SLOT_BITS

    def one_segment(v: int, field: int) -> bool:
        cells = [CANDIDATE_AT[v][b] // 9 for b in range(9) if field >> b & 1]
        return v >= N_CELLS and any(len({c // 27 * 3 + c % 9 // 3 for c in cells}) == 1 and len({key(c) for c in cells}) == 1 for key in (lambda c: c // 9, lambda c: c % 9))

    assert len(UNITS) == 27
    for seed in range(1, 40):
        fields = [(seed * 7919 * (v + 1) ** 3) % 512 & ((seed * v) % 512 | 0x92) for v in range(N_SLOTS)]
        slots = sum(f << (SLOT_BITS * v) for v, f in enumerate(fields))
        packed = segment_bound(slots)
        for v, f in enumerate(fields):
            if v >= N_CELLS and f & (f - 1):
                assert bool(packed >> (SLOT_BITS * v) & 1) == one_segment(v, f & FIELD), (v, bin(f))
    assert ONES and GroupedSearch(0).live == 0

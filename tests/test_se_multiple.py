"""SE's multiple and dynamic forcing chains (``techniques/se_chains/multiple.py``): the
exact pre-test before reading runs for region, cell and double hints."""

from __future__ import annotations

from typing import Any

from techniques.se_chains import multiple
from techniques.se_chains.multiple import MultipleChaining, _meet
from techniques.se_chains.propagation import Budget
from tests.test_se_run_memo import path_positions


def test_meet_is_whether_every_run_reaches_a_common_node() -> None:
    """``_meet`` (read from the run with the fewest nodes) says whether the runs of a
    region or cell hint share a node, the same as their intersection, on the runs of real
    searches; and it says yes for some."""
    positions = path_positions()[-20:]
    seen = {True: 0, False: 0}
    original = MultipleChaining._common

    def checked(self: MultipleChaining, search: Any, runs: Any, *rest: Any) -> Any:
        for on in (True, False):
            reached = [r.on if on else r.off for r in runs]
            common = set(reached[0]).intersection(*(set(nodes) for nodes in reached[1:]))
            assert _meet(reached) == bool(common)
            seen[bool(common)] += 1
        return original(self, search, runs, *rest)

    for dynamic in (False, True):
        chaining = MultipleChaining(multiple=True, dynamic=dynamic, nishio=False)
        setattr(chaining, "_common", checked.__get__(chaining))
        for position in positions:
            chaining.hints(position, Budget(10**9))
    assert seen[True] and seen[False]


def test_search_with_the_pre_test_finds_what_one_without_finds(monkeypatch: Any) -> None:
    """With ``_meet`` always saying yes (every run read in order, as before it), every
    hint and SE's choice are the same, in the same order."""
    positions = path_positions()[-12:]

    def listing() -> list[tuple[object, ...]]:
        out: list[tuple[object, ...]] = []
        for dynamic in (False, True):
            for position in positions:
                chaining = MultipleChaining(multiple=True, dynamic=dynamic, nishio=False)
                hints = chaining.hints(position, Budget(10**9))
                best = chaining._best(position, Budget(10**9))
                out.append(tuple((h.key, h.effect, h.words()) for h in hints))
                out.append(() if best is None else (best.key, best.effect, best.words()))
        return out

    with_test = listing()
    monkeypatch.setattr(multiple, "_meet", lambda reached: True)
    assert listing() == with_test
    assert any(with_test)

from __future__ import annotations

from engine.technique import Technique
from techniques import CATALOG, LIBRARY_CODES, REGISTRY, by_code, by_name, select


def test_registry_is_sorted_and_codes_are_unique() -> None:
    difficulties = [t.difficulty for t in REGISTRY]
    assert difficulties == sorted(difficulties)
    assert len(set(difficulties)) == len(difficulties)
    codes = [code for t in REGISTRY for code in t.codes]
    assert len(codes) == len(set(codes))
    assert len({t.name for t in REGISTRY}) == len(REGISTRY)


def test_every_entry_satisfies_the_protocol() -> None:
    for technique in REGISTRY:
        assert isinstance(technique, Technique), technique


def test_hodoku_order_of_the_basic_techniques() -> None:
    order = [t.code for t in REGISTRY]
    expected = ["fh", "n1", "h1", "l2", "l3", "lc1", "lc2", "n2", "n3", "h2", "h3", "n4", "h4", "bf2", "bf3", "bf4"]
    assert [c for c in order if c in expected] == expected


def test_lookups() -> None:
    assert by_code("n2").name == "Naked Pair"
    assert by_name("x-wing").code == "bf2"
    assert [t.code for t in select("h2, n2")] == ["n2", "h2"]
    assert all(CATALOG.by_code(code) for code in LIBRARY_CODES.values())

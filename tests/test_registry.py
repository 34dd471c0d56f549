"""The registry: assembled from the families' lists, one declaration per technique."""

from __future__ import annotations

import pytest

from engine.technique import Catalog, Declaration, Technique, UnknownTechnique
from techniques import CATALOG, FAMILIES, REGISTRY, by_code, by_name
from techniques.subsets import NAKED_PAIR


def test_the_registry_is_every_family_list_in_turn() -> None:
    assert REGISTRY == tuple(t for family in FAMILIES for t in family.TECHNIQUES)
    assert [family.__name__.split(".")[-1] for family in FAMILIES] == [
        "singles", "intersections", "subsets", "fish", "single_digit", "wings", "coloring",
        "uniqueness", "hodoku_chains", "als", "misc", "patterns", "krakens", "whips", "forcing", "templates", "exclusion", "se_chains",
    ]  # fmt: skip


def test_codes_and_names_are_unique() -> None:
    codes = [code for t in REGISTRY for code in t.codes]
    assert len(codes) == len(set(codes))
    assert len({t.name for t in REGISTRY}) == len(REGISTRY)
    libraries = [lib for t in REGISTRY for lib in t.declaration.library_codes]
    assert len(libraries) == len(set(libraries))


def test_every_entry_satisfies_the_protocol_and_reads_its_declaration() -> None:
    for technique in REGISTRY:
        assert isinstance(technique, Technique), technique
        declared = technique.declaration
        assert (technique.name, technique.code, technique.codes, technique.uniqueness) == (
            declared.name,
            declared.code,
            declared.codes,
            declared.uniqueness,
        )


def test_a_declaration_gives_codes_and_library_codes() -> None:
    colours = Declaration("Simple Colors", "sc", subcodes={"sc1": "0500", "sc2": "0501"})
    assert colours.codes == ("sc", "sc1", "sc2")
    assert colours.library_codes == {"0500": "sc1", "0501": "sc2"}
    assert NAKED_PAIR.declaration.library_codes == {"0200": "n2"}


def test_lookups() -> None:
    assert by_code("n2").name == "Naked Pair"
    assert by_code("sfbf3").code == "fbf3"  # a sub-type code finds its technique
    assert by_name("x-wing").code == "bf2"
    assert CATALOG.by_library_code("0200") == NAKED_PAIR  # its stand-in (the module imported when used)
    assert CATALOG.by_library_code("03111") is by_code("fbf3")
    assert CATALOG.by_library_code("9999") is None
    assert all(CATALOG.by_code(code) for code in CATALOG.library_codes.values())
    with pytest.raises(UnknownTechnique, match="unknown technique code 'zz'"):
        by_code("zz")


def test_a_code_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        Catalog((NAKED_PAIR, NAKED_PAIR))

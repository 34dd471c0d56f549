"""The catalog's written-out index (``techniques.index``) says what the families declare,
and the catalog built on it (``LazyCatalog``) answers as the plain ``Catalog`` of the whole
registry does, importing only the family a lookup needs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import techniques
from engine.technique import Catalog, LazyCatalog, Listed, Technique, UnknownTechnique
from techniques.index import INDEX
from tests.conftest import ROOT


def listed(technique: Technique) -> Listed:
    """What the index should say of a technique, read from its declaration."""
    return Listed(technique.name, technique.codes, tuple(technique.declaration.library_codes.items()))


def test_the_index_says_what_every_family_declares() -> None:
    actual = {family.__name__.rsplit(".", 1)[1]: tuple(listed(t) for t in family.TECHNIQUES) for family in techniques.FAMILIES}
    if INDEX != actual:  # the lines to paste into techniques/index.py
        print("\n".join(f"    {name!r}: (\n" + "".join(f"        {entry!r},\n" for entry in entries) + "    )," for name, entries in actual.items()))
    assert INDEX == actual


def test_the_lazy_catalog_answers_as_the_whole_registry() -> None:
    whole = Catalog(techniques.REGISTRY)
    lazy = LazyCatalog(INDEX, lambda name: techniques.__dict__[name].TECHNIQUES)
    assert lazy.library_codes == whole.library_codes
    assert list(lazy.library_codes.items()) == list(whole.library_codes.items())
    for technique in techniques.REGISTRY:
        for code in technique.codes:
            assert code in lazy and lazy.by_code(code) is whole.by_code(code) is technique
        assert lazy.by_name(technique.name.upper()) is technique
    for library_code in whole.library_codes:
        assert lazy.by_library_code(library_code) is whole.by_library_code(library_code)
    assert lazy.by_library_code("9999") is None
    assert lazy.techniques == whole.techniques == techniques.REGISTRY
    assert "zz" not in lazy


@pytest.mark.parametrize("lookup", ["by_code", "by_name"])
def test_an_unknown_technique_is_refused_in_the_same_words(lookup: str) -> None:
    lazy = LazyCatalog(INDEX, lambda name: techniques.__dict__[name].TECHNIQUES)
    with pytest.raises(UnknownTechnique) as whole_error:
        getattr(Catalog(techniques.REGISTRY), lookup)("zz")
    with pytest.raises(UnknownTechnique) as lazy_error:
        getattr(lazy, lookup)("zz")
    assert str(lazy_error.value) == str(whole_error.value)


def test_a_code_in_two_groups_is_refused() -> None:
    index = {"a": (Listed("One", ("x1",)),), "b": (Listed("Two", ("x1",)),)}
    with pytest.raises(ValueError, match="declared twice"):
        LazyCatalog(index, lambda name: ())


def test_a_lookup_imports_only_the_family_that_holds_the_technique() -> None:
    script = (
        "import json, sys\n"
        "from techniques import CATALOG\n"
        "assert CATALOG.by_code('n2').name == 'Naked Pair'\n"
        "assert CATALOG.by_library_code('0200').code == 'n2' and 'gwh' in CATALOG\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('techniques.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    families = {name.split(".")[1] for name in json.loads(done.stdout)} & set(INDEX)
    assert families == {"subsets"}

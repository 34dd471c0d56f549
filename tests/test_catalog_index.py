"""The catalog's written-out index (``techniques.index``), where the families list their
techniques, says what each technique declares and leaves none out, and the catalog built
on it (``LazyCatalog``) answers as the plain ``Catalog`` of the whole registry does,
importing a technique's module only when the technique is used."""

from __future__ import annotations

import importlib
import copy
import json
import pickle
import pkgutil
import subprocess
import sys

import pytest

import techniques
from engine.formats import parse_line
from engine.profiles.hodoku_choice import OldestStep
from engine.technique import BaseTechnique, Catalog, DeferredTechnique, LazyCatalog, Listed, SubType, Technique, UnknownTechnique, resolved
from techniques.index import INDEX
from techniques.options import OPTIONS
from tests.conftest import ROOT


LISTED = tuple(listed for family in INDEX.values() for listed in family)


def declared(technique: Technique) -> tuple[str, tuple[str, ...], tuple[tuple[str, str], ...], bool]:
    """What the index should say of a technique (but where it is), from its declaration."""
    return (technique.name, technique.codes, tuple(technique.declaration.library_codes.items()), technique.declaration.uniqueness)


def test_the_index_says_what_every_technique_declares() -> None:
    assert list(INDEX) == [family.__name__.rsplit(".", 1)[1] for family in techniques.FAMILIES]
    for family in techniques.FAMILIES:
        index = INDEX[family.__name__.rsplit(".", 1)[1]]
        assert len(family.TECHNIQUES) == len(index)
        for listed, technique in zip(index, family.TECHNIQUES):
            assert (listed.name, listed.codes, listed.library, listed.uniqueness) == declared(technique), listed.source
            assert techniques._load(listed) is technique, listed.source
            assert technique.__module__.startswith(family.__name__ + "."), listed.source


def defined_techniques() -> dict[int, str]:
    """Every technique object a module under ``techniques`` holds at its top level (alone
    or in a tuple), by identity, with where it was found."""
    found: dict[int, str] = {}
    for module_info in pkgutil.walk_packages(techniques.__path__, "techniques."):
        if module_info.ispkg:
            continue  # a family package holds only what its modules define
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, BaseTechnique):
                    found.setdefault(id(item), f"{module_info.name}:{name}")
    return found


def test_every_technique_a_module_defines_is_in_the_index() -> None:
    """A technique written but not given its index line would be missing from every
    profile and from the catalog: the index is where families list their techniques.
    (A technique option's variants stand in for listed techniques, see ``techniques.options``.)"""
    variants = (technique for option in OPTIONS for technique in option.techniques)
    listed = {id(technique) for technique in (*techniques.REGISTRY, *variants)}
    defined = defined_techniques()
    assert len(techniques.REGISTRY) == len(LISTED) and len(defined) >= len(LISTED)
    assert [where for key, where in defined.items() if key not in listed] == []


def lazy_catalog() -> LazyCatalog:
    return LazyCatalog(LISTED, techniques._load)


def itself(technique: Technique) -> Technique:
    """The technique a lazy catalog's stand-in is for."""
    assert isinstance(technique, DeferredTechnique) and resolved(technique) is technique.technique
    return resolved(technique)


def test_the_lazy_catalog_answers_as_the_whole_registry() -> None:
    whole = Catalog(techniques.REGISTRY)
    lazy = lazy_catalog()
    assert lazy.library_codes == whole.library_codes
    assert list(lazy.library_codes.items()) == list(whole.library_codes.items())
    for technique, stand_in in zip(techniques.REGISTRY, lazy.techniques, strict=True):
        for code in technique.codes:
            assert code in lazy and lazy.by_code(code) is stand_in
            assert itself(stand_in) is whole.by_code(code) is technique
        assert lazy.by_name(technique.name.upper()) is stand_in
        assert (stand_in.name, stand_in.code, stand_in.codes, stand_in.uniqueness) == (technique.name, technique.code, technique.codes, technique.uniqueness)
        assert stand_in.declaration is technique.declaration
        assert stand_in == technique == stand_in and hash(stand_in) == hash(technique) and stand_in in {technique}
        assert stand_in != SubType(technique, technique.code) and (stand_in == "n2") is False
    for library_code in whole.library_codes:
        found = lazy.by_library_code(library_code)
        assert found is not None and itself(found) is whole.by_library_code(library_code)
    assert lazy.by_library_code("9999") is None
    assert whole.techniques == techniques.REGISTRY
    assert "zz" not in lazy


@pytest.mark.parametrize("lookup", ["by_code", "by_name"])
def test_an_unknown_technique_is_refused_in_the_same_words(lookup: str) -> None:
    lazy = lazy_catalog()
    with pytest.raises(UnknownTechnique) as whole_error:
        getattr(Catalog(techniques.REGISTRY), lookup)("zz")
    with pytest.raises(UnknownTechnique) as lazy_error:
        getattr(lazy, lookup)("zz")
    assert str(lazy_error.value) == str(whole_error.value)


def test_a_code_in_two_groups_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        LazyCatalog((Listed("One", ("x1",), (), "a:ONE"), Listed("Two", ("x1",), (), "b:TWO")), techniques._load)


def test_a_technique_that_is_not_what_the_index_says_is_refused() -> None:
    wrong = LazyCatalog((Listed("Naked Pair", ("n2",), (), "subsets.subsets:HIDDEN_PAIR"),), techniques._load)
    with pytest.raises(ValueError, match="listed as 'Naked Pair'"):
        wrong.by_code("n2").find(parse_line(EASY).to_grid())
    unique = LazyCatalog((Listed("Naked Pair", ("n2",), (), "subsets.subsets:NAKED_PAIR", uniqueness=True),), techniques._load)
    with pytest.raises(ValueError, match=r"listed as 'Naked Pair' \('n2',\) \(uniqueness True\)"):
        unique.by_code("n2").declaration  # noqa: B018


#: A puzzle that singles solve (from benchmarks/startup.py).
EASY = ".3..5..4...8.1.5..46.....12.7.5.2.8....6.3....4.1.9.3.25.....98..1.2.6...8..6..2."


def test_a_stand_in_finds_what_its_technique_finds_and_survives_copy_and_pickle() -> None:
    lazy = lazy_catalog()
    grid = parse_line(EASY).to_grid()
    for code in ("n1", "h1", "fn"):
        stand_in = lazy.by_code(code)
        expected = [step.to_json() for step in itself(stand_in).find(grid)]
        for other in (stand_in, copy.copy(stand_in), pickle.loads(pickle.dumps(stand_in))):
            assert [step.to_json() for step in other.find(grid)] == expected
            assert other.code == code and repr(other) == repr(itself(stand_in))
        assert stand_in.find == itself(stand_in).find  # once loaded, the technique's own (no call through)
    naked = lazy.by_code("n1")
    assert isinstance(naked, OldestStep) and naked.oldest_step(grid) is not None  # what a profile's policy asks for
    assert not isinstance(lazy.by_code("h2"), OldestStep)
    with pytest.raises(AttributeError):
        getattr(naked, "not_an_attribute")


def test_a_lookup_imports_only_the_module_that_holds_the_technique() -> None:
    script = (
        "import json, sys\n"
        "import techniques\n"
        "from techniques import CATALOG\n"
        "assert CATALOG.by_code('n2').name == 'Naked Pair'\n"
        "assert CATALOG.by_library_code('0200').code == 'n2' and 'gwh' in CATALOG\n"
        "from engine.technique import LazyCatalog\n"
        "from techniques.index import INDEX\n"
        "again = LazyCatalog((t for family in INDEX.values() for t in family), techniques._load)\n"
        "assert again.by_code('n2') == CATALOG.by_code('n2') != again.by_code('h2')\n"
        "before = sorted(m for m in sys.modules if m.startswith('techniques.'))\n"
        "assert CATALOG.by_code('n2').declaration.library == '0200'\n"
        "print(json.dumps([before, sorted(m for m in sys.modules if m.startswith('techniques.'))]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    before, loaded = map(set, json.loads(done.stdout))
    assert before == {"techniques.index"}
    assert "techniques.subsets.subsets" in loaded
    assert not loaded & {"techniques.subsets.se_subsets", "techniques.whips", "techniques.fish"}


def test_a_solve_imports_the_techniques_it_uses_only() -> None:
    """Loading a profile and planning a solve import no technique; a puzzle that singles
    solve imports the singles' module and no other technique's."""
    script = (
        "import json, sys\n"
        "from techniques import CATALOG\n"
        "from engine.formats import parse_line\n"
        "from engine.profiles import load_profile\n"
        "profile = load_profile('hodoku', CATALOG)\n"
        "techniques = profile.plan()\n"
        "before = sorted(m for m in sys.modules if m.startswith('techniques.'))\n"
        f"result = profile.solve(parse_line({EASY!r}).to_grid(), techniques)\n"
        "after = sorted(m for m in sys.modules if m.startswith('techniques.'))\n"
        "print(json.dumps([before, after, result.status.value, len(result.steps), len(techniques)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    before, after, status, steps, planned = json.loads(done.stdout)
    assert status == "solved" and steps == EASY.count(".") and planned > 40
    assert [m for m in before if m not in ("techniques.index", "techniques.options")] == []
    assert [m for m in after if m not in before] == ["techniques.singles", "techniques.singles.singles"]


def test_a_family_imports_its_modules_when_one_of_its_names_is_asked_for() -> None:
    script = (
        "import json, sys\n"
        "import techniques.uniqueness as family\n"
        "before = 'techniques.uniqueness.bug_lite' in sys.modules\n"
        "family.BUG_LITE\n"
        "print(json.dumps([before, 'techniques.uniqueness.bug_lite' in sys.modules, len(family.TECHNIQUES)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [False, True, 14]
    family = importlib.import_module("techniques.uniqueness")
    with pytest.raises(AttributeError, match="has no attribute 'NOT_A_TECHNIQUE'"):
        family.NOT_A_TECHNIQUE  # noqa: B018


"""The technique registry, assembled from the families' lists in the written-out index.

Each family package (``singles``, ``fish``, ...) exports ``TECHNIQUES``, the techniques it
holds, as the index (``techniques.index``) lists them; each technique declares its name,
codes, library codes and whether it needs a unique solution beside its ``find``.
``REGISTRY`` is every technique, family by family; ``CATALOG`` looks them up by code, name
and HoDoKu library code. Solving order, default sets and ratings are not here: they belong
to profiles (``engine.profiles``), which take their techniques from ``CATALOG`` by code.

The families are imported when first used, not when the package is: the command line
imports ``techniques.options`` to list its flags, and a command that never looks at a
technique (``solve``, ``--version``) should not pay for any of them. ``CATALOG`` answers
from a written-out index of what each family declares (``techniques.index``) and imports
a technique's module only when the technique is first used (``DeferredTechnique``): a
profile takes a fraction of them, and a solve that ends with singles uses a few.
``FAMILIES`` and ``REGISTRY`` import every family.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from engine.technique import Catalog, Listed, Technique

    FAMILIES: tuple[ModuleType, ...]
    REGISTRY: tuple[Technique, ...]
    CATALOG: Catalog
    by_code: Callable[[str], Technique]
    by_name: Callable[[str], Technique]

#: The family packages, in registry order.
FAMILY_NAMES = (
    "singles", "intersections", "subsets", "fish", "single_digit", "wings", "coloring", "uniqueness",
    "hodoku_chains", "als", "misc", "patterns", "krakens", "whips", "forcing", "templates", "exclusion", "se_chains",
)  # fmt: skip


def family_exports(package: str, namespace: dict[str, Any]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A family package's ``__getattr__`` and ``__dir__``. The index (``techniques.index``)
    is where a family lists its techniques: the family's ``TECHNIQUES`` are those of its
    index entry, in order, and each technique (or tuple of them) is also the family's
    attribute by its own name. Each is imported from its module when first asked for, not
    when the family is, so that the catalog can import one technique's module without its
    siblings."""
    from engine.lazy import lazy_exports
    from techniques.index import INDEX

    listed = INDEX[package.rsplit(".", 1)[1]]
    where = {attribute: f"{__name__}.{module}" for module, attribute, *_ in (entry.source.split(":") for entry in listed)}
    return lazy_exports(package, where, namespace, {"TECHNIQUES": lambda: tuple(_load(entry) for entry in listed)})


def _load(listed: Listed) -> Technique:
    """The technique of the index's ``listed``: its ``source`` is ``module:NAME``, or
    ``module:NAME:i`` for the i-th of a tuple, the module under this package."""
    module, attribute, *item = listed.source.split(":")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
    technique: Technique = value[int(item[0])] if item else value
    return technique


@cache
def _catalog() -> dict[str, Any]:
    from engine.technique import LazyCatalog
    from techniques.index import INDEX

    assert tuple(INDEX) == FAMILY_NAMES, "techniques.index lists the families in another order"
    catalog = LazyCatalog((listed for family in INDEX.values() for listed in family), _load)
    return {"CATALOG": catalog, "by_code": catalog.by_code, "by_name": catalog.by_name}


@cache
def _registry() -> dict[str, Any]:
    families = tuple(importlib.import_module(f"{__name__}.{name}") for name in FAMILY_NAMES)
    return {"FAMILIES": families, "REGISTRY": tuple(t for family in families for t in family.TECHNIQUES)}


def __getattr__(name: str) -> Any:
    found = _catalog() if name in ("CATALOG", "by_code", "by_name") else _registry()
    try:
        value = found[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value

"""The technique registry, assembled from the families' own lists.

Each family package (``singles``, ``fish``, ...) exports ``TECHNIQUES``, the techniques it
holds; each technique declares its name, codes, library codes and whether it needs a
unique solution beside its ``find``. ``REGISTRY`` is every technique, family by family;
``CATALOG`` looks them up by code, name and HoDoKu library code. Solving order, default
sets and ratings are not here: they belong to profiles (``engine.profiles``), which take
their techniques from ``CATALOG`` by code.
"""

from __future__ import annotations

from engine.technique import Catalog, Technique
from techniques import (
    als,
    chaining,
    chains,
    coloring,
    exclusion,
    fish,
    forcing,
    intersections,
    krakens,
    misc,
    patterns,
    single_digit,
    singles,
    subsets,
    templates,
    uniqueness,
    wings,
)

FAMILIES = (singles, intersections, subsets, fish, single_digit, wings, coloring, uniqueness, chains, als, misc, patterns, krakens, forcing, templates, exclusion, chaining)

REGISTRY: tuple[Technique, ...] = tuple(t for family in FAMILIES for t in family.TECHNIQUES)

CATALOG = Catalog(REGISTRY)
by_code = CATALOG.by_code
by_name = CATALOG.by_name

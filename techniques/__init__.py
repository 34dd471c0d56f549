"""The technique registry: every technique in HoDoKu 2.2's default search order.

``REGISTRY`` is the one ordered tuple of every technique, easiest first; the difficulty
numbers are HoDoKu's step indexes (techniques.md), with gaps so that a new technique slots
in without renumbering. ``DEFAULT`` is the part a plain solve uses: the techniques HoDoKu
enables by default (the others, such as Mutant fish, can still be asked for by code).
``LIBRARY_CODES`` maps HoDoKu's library/reglib codes to step codes.
"""

from __future__ import annotations

from engine.technique import Catalog, Technique
from techniques.fish import JELLYFISH, SWORDFISH, X_WING
from techniques.forcing import FORCING_CHAIN, FORCING_NET
from techniques.intersections import LOCKED_CANDIDATES_1, LOCKED_CANDIDATES_2
from techniques.singles import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE
from techniques.subsets import (
    HIDDEN_PAIR,
    HIDDEN_QUADRUPLE,
    HIDDEN_TRIPLE,
    LOCKED_PAIR,
    LOCKED_TRIPLE,
    NAKED_PAIR,
    NAKED_QUADRUPLE,
    NAKED_TRIPLE,
)
from techniques.templates import TEMPLATE_DELETE, TEMPLATE_SET

REGISTRY: tuple[Technique, ...] = tuple(
    sorted(
        (
            FULL_HOUSE,
            NAKED_SINGLE,
            HIDDEN_SINGLE,
            LOCKED_PAIR,
            LOCKED_TRIPLE,
            LOCKED_CANDIDATES_1,
            LOCKED_CANDIDATES_2,
            NAKED_PAIR,
            NAKED_TRIPLE,
            HIDDEN_PAIR,
            HIDDEN_TRIPLE,
            NAKED_QUADRUPLE,
            HIDDEN_QUADRUPLE,
            X_WING,
            SWORDFISH,
            JELLYFISH,
            FORCING_CHAIN,
            FORCING_NET,
            TEMPLATE_SET,
            TEMPLATE_DELETE,
        ),
        key=lambda t: t.difficulty,
    )
)

#: HoDoKu library (reglib) technique code -> our step code.
LIBRARY_CODES: dict[str, str] = {
    "0000": "fh",
    "0002": "h1",
    "0003": "n1",
    "0100": "lc1",
    "0101": "lc2",
    "0110": "l2",
    "0111": "l3",
    "0200": "n2",
    "0201": "n3",
    "0202": "n4",
    "0210": "h2",
    "0211": "h3",
    "0212": "h4",
    "0300": "bf2",
    "0301": "bf3",
    "0302": "bf4",
    "1201": "ts",
    "1202": "td",
    "1301": "fcc",
    "1302": "fcv",
    "1303": "fnc",
    "1304": "fnv",
}

CATALOG = Catalog(REGISTRY, LIBRARY_CODES)
DEFAULT: tuple[Technique, ...] = CATALOG.default
by_code = CATALOG.by_code
select = CATALOG.select
_BY_NAME: dict[str, Technique] = {t.name.lower(): t for t in REGISTRY}


def by_name(name: str) -> Technique:
    try:
        return _BY_NAME[name.lower()]
    except KeyError:
        raise KeyError(f"unknown technique {name!r}") from None

"""The technique registry: every technique in HoDoKu 2.2's default search order.

``REGISTRY`` is the one ordered tuple of every technique, easiest first; the difficulty
numbers are HoDoKu's step indexes (techniques.md), with gaps so that a new technique slots
in without renumbering. ``DEFAULT`` is the part a plain solve uses: the techniques HoDoKu
enables by default (the others, such as Mutant fish, can still be asked for by code).
``LIBRARY_CODES`` maps HoDoKu's library/reglib codes to step codes.
"""

from __future__ import annotations

from engine.technique import Catalog, Technique
from techniques.als.als_chain import ALS_CHAIN
from techniques.als.xz_and_xy_wing import ALS_XY_WING, ALS_XZ
from techniques.uniqueness.avoidable import AVOIDABLE_RECTANGLE_1, AVOIDABLE_RECTANGLE_2
from techniques.uniqueness.bug import BUG_PLUS_1
from techniques.chains.simple_chains import X_CHAIN, XY_CHAIN
from techniques.coloring.coloring import MULTI_COLORS, SIMPLE_COLORS
from techniques.als.death_blossom import DEATH_BLOSSOM
from techniques.single_digit.empty_rectangle import EMPTY_RECTANGLE
from techniques.fish.fish import FISH_LIBRARY_CODES, FISH_TECHNIQUES
from techniques.forcing.forcing import FORCING_CHAIN, FORCING_NET
from techniques.intersections.locked_candidates import LOCKED_CANDIDATES_1, LOCKED_CANDIDATES_2
from techniques.chains.nice_loops import GROUPED_NICE_LOOP, NICE_LOOP
from techniques.chains.remote_pair import REMOTE_PAIR
from techniques.single_digit.two_links import SKYSCRAPER, TURBOT_FISH, TWO_STRING_KITE
from techniques.singles.singles import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE
from techniques.subsets.subsets import (
    HIDDEN_PAIR,
    HIDDEN_QUADRUPLE,
    HIDDEN_TRIPLE,
    LOCKED_PAIR,
    LOCKED_TRIPLE,
    NAKED_PAIR,
    NAKED_QUADRUPLE,
    NAKED_TRIPLE,
)
from techniques.misc.sue_de_coq import SUE_DE_COQ
from techniques.templates.templates import TEMPLATE_DELETE, TEMPLATE_SET
from techniques.uniqueness.unique_rectangles import (
    HIDDEN_RECTANGLE,
    UNIQUENESS_1,
    UNIQUENESS_2,
    UNIQUENESS_3,
    UNIQUENESS_4,
    UNIQUENESS_5,
    UNIQUENESS_6,
)
from techniques.wings.wings import W_WING, XY_WING, XYZ_WING

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
            REMOTE_PAIR,
            SKYSCRAPER,
            TWO_STRING_KITE,
            TURBOT_FISH,
            EMPTY_RECTANGLE,
            W_WING,
            XY_WING,
            XYZ_WING,
            UNIQUENESS_1,
            UNIQUENESS_2,
            UNIQUENESS_3,
            UNIQUENESS_4,
            UNIQUENESS_5,
            UNIQUENESS_6,
            HIDDEN_RECTANGLE,
            AVOIDABLE_RECTANGLE_1,
            AVOIDABLE_RECTANGLE_2,
            BUG_PLUS_1,
            SUE_DE_COQ,
            ALS_XZ,
            ALS_XY_WING,
            ALS_CHAIN,
            DEATH_BLOSSOM,
            *FISH_TECHNIQUES,
            SIMPLE_COLORS,
            MULTI_COLORS,
            X_CHAIN,
            XY_CHAIN,
            NICE_LOOP,
            GROUPED_NICE_LOOP,
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
    "0400": "sk",
    "0401": "2sk",
    "0402": "er",
    "0403": "tf",
    "0404": "d2sk",
    "0405": "der",
    "0703": "rp",
    "0800": "xy",
    "0801": "xyz",
    "0803": "w",
    "0600": "u1",
    "0601": "u2",
    "0602": "u3",
    "0603": "u4",
    "0604": "u5",
    "0605": "u6",
    "0606": "hr",
    "0607": "ar1",
    "0608": "ar2",
    "0610": "bug1",
    "1101": "sdc",
    "0901": "axz",
    "0902": "axy",
    "0903": "ach",
    "0904": "db",
    **FISH_LIBRARY_CODES,
    "0500": "sc1",
    "0501": "sc2",
    "0502": "mc1",
    "0503": "mc2",
    "0701": "x",
    "0702": "xyc",
    "0706": "cnl",
    "0707": "dnl",
    "0708": "aic",
    "0709": "gcnl",
    "0710": "gdnl",
    "0711": "gaic",
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

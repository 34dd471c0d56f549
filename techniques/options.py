"""HoDoKu's optional technique behaviours, declared once: the command line offers each as a
flag (``--als-overlap``) on ``steps``, ``explain``, ``hint`` and ``grade``, the README lists
them, and the tests run HoDoKu's regression library's variant lines with them.

An option is a set of technique instances with the behaviour switched on; choosing it
puts them in the place of the catalog's techniques with the same codes (same names, codes,
order and scores: only what they find changes). The instances are made when an option is
first used, so that listing the flags imports no technique.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterable

from engine.technique import Catalog, Technique


@dataclass(frozen=True)
class TechniqueOption:
    """One optional behaviour: ``name`` is the flag without its dashes, ``help`` says what it
    changes (and which HoDoKu option it is), ``variants`` the HoDoKu library (reglib) codes
    whose lines need it; ``make`` builds the technique instances with the behaviour on."""

    name: str
    help: str
    make: Callable[[], tuple[Technique, ...]]
    variants: tuple[str, ...] = ()

    @property
    def flag(self) -> str:
        return f"--{self.name}"

    @property
    def techniques(self) -> tuple[Technique, ...]:
        """The instances with the behaviour on (made once, on first use)."""
        return _made(self.make)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(t.code for t in self.techniques)


@cache
def _made(make: Callable[[], tuple[Technique, ...]]) -> tuple[Technique, ...]:
    return make()


def _er_two_candidates() -> tuple[Technique, ...]:
    from techniques.single_digit.empty_rectangle import EMPTY_RECTANGLE_TWO_CANDIDATES

    return (EMPTY_RECTANGLE_TWO_CANDIDATES,)


def _als_overlap() -> tuple[Technique, ...]:
    from techniques.als.death_blossom import DEATH_BLOSSOM_OVERLAP
    from techniques.als.xz_and_xy_wing import ALS_XY_WING_OVERLAP

    return (ALS_XY_WING_OVERLAP, DEATH_BLOSSOM_OVERLAP)


def _chain_als() -> tuple[Technique, ...]:
    from techniques.hodoku_chains.nice_loops import GROUPED_NICE_LOOP_ALS

    return (GROUPED_NICE_LOOP_ALS,)


def _ur_no_missing() -> tuple[Technique, ...]:
    from techniques.uniqueness.unique_rectangles import RECTANGLE_TESTS, UniquenessTest

    return tuple(UniquenessTest(t.declaration, allow_missing=False) for t in RECTANGLE_TESTS)


OPTIONS: tuple[TechniqueOption, ...] = (
    TechniqueOption(
        "er-two-candidates",
        "Empty Rectangle also in a box where the digit has only two places, one in each "
        "line (HoDoKu's option; library variants 0402-1 and the Dual Empty Rectangles 0405)",
        _er_two_candidates,
        # Every Dual Empty Rectangle in the library is a box with two places: HoDoKu wrote
        # them with this option on (two rectangles through one diagonal pair of places).
        variants=("0402-1", "0405"),
    ),
    TechniqueOption(
        "als-overlap",
        "ALS-XY-Wing and Death Blossom may use almost locked sets that share cells "
        "(HoDoKu's 'allow overlap'; library variants 0902-2 and 0904-2)",
        _als_overlap,
        variants=("0902-2", "0904-2"),
    ),
    TechniqueOption(
        "chain-als",
        "grouped nice loops and AICs may run through almost locked sets "
        "(HoDoKu's 'ALS in chains'; library variants 0709-2, 0710-3/4, 0711-3/4)",
        _chain_als,
        variants=("0709-2", "0710-3", "0710-4", "0711-3", "0711-4"),
    ),
    TechniqueOption(
        "ur-no-missing",
        "Uniqueness Tests 1-6 and Hidden Rectangle only where every corner still holds both "
        "digits (HoDoKu's 'allow missing candidates' off; on by default, as in HoDoKu)",
        _ur_no_missing,
    ),
)

_BY_NAME = {option.name: option for option in OPTIONS}


def options_for_library_code(code: str) -> tuple[str, ...]:
    """The names of the options a HoDoKu library line of this code (``0402-1``) needs."""
    return tuple(option.name for option in OPTIONS if code in option.variants)


def option(name: str) -> TechniqueOption:
    """The option with this name.

    Raises:
        KeyError: there is none.
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown technique option {name!r} (choose from {', '.join(_BY_NAME)})") from None


def with_options(catalog: Catalog, names: Iterable[str]) -> Catalog:
    """The catalog with the techniques of the named options in place of those with the
    same codes (the catalog itself when no option is named)."""
    chosen = {t.code: t for name in names for t in option(name).techniques}
    if not chosen:
        return catalog
    return Catalog(chosen.get(t.code, t) for t in catalog.techniques)

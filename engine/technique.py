"""The contract techniques plug into, and the catalog that holds them.

A technique looks at a grid and yields every step it sees, in a fixed order, without
changing the grid. It declares itself once, beside its ``find``: a ``Declaration`` with its
name, step code and sub-codes, whether it needs a unique solution, and the HoDoKu library
codes it answers to. Nothing else about a technique lives on it: which techniques run, in
which order, and what a step scores belong to a profile (``engine.profiles``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Protocol, runtime_checkable

from engine.grid import Grid
from engine.step import Candidate, Highlights, NO_HIGHLIGHTS, Step

#: The singles' codes (Full House, Naked Single, Hidden Single, and Sudoku Explainer's
#: own: last empty cell, hidden single, naked single): walkthroughs collapse runs of them,
#: and the SE-style scale rates them by the position they are taken in.
SINGLE_CODES = frozenset({"fh", "n1", "h1", "sfh", "sh1", "sn1"})


@dataclass(frozen=True)
class Declaration:
    """What a technique is, written once beside its ``find``.

    Args:
        name: HoDoKu's spelling (``"Naked Pair"``).
        code: the step code (``"n2"``), used by the CLI, profiles and test data.
        library: the HoDoKu library (reglib) code of ``code`` (``"0200"``), if it has one.
        subcodes: the codes of sub-types the technique reports, each with its library code
            or None (``{"sc1": "0500", "sc2": "0501"}``).
        uniqueness: sound only when the puzzle has one solution.
        profile: the one profile whose own policy the technique is part of (Sudoku
            Explainer's producers, in SE's order and with SE's ratings, belong to ``se``);
            other profiles leave it out. None: any profile may use it.
        subnames: the name of each sub-type (``{"sc1": "Simple Colors Trap"}``), as its
            steps are named: ``stepdoku techniques`` lists them, and ``--only sc1`` asks
            for that sub-type alone.
    """

    name: str
    code: str
    library: str | None = None
    subcodes: Mapping[str, str | None] = field(default_factory=dict)
    uniqueness: bool = False
    profile: str | None = None
    subnames: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.subnames) - set(self.subcodes)
        if unknown:
            raise ValueError(f"{self.code}: names for sub-codes it does not declare: {sorted(unknown)}")

    def subname(self, code: str) -> str:
        """The name of a sub-type (its code in brackets after the technique's name when the
        declaration gives none)."""
        return self.subnames.get(code) or f"{self.name} ({code})"

    @property
    def codes(self) -> tuple[str, ...]:
        """Every step code the technique may report, its own first."""
        return (self.code, *self.subcodes)

    @property
    def library_codes(self) -> dict[str, str]:
        """HoDoKu library code -> step code."""
        pairs = [(self.library, self.code), *((lib, code) for code, lib in self.subcodes.items())]
        return {lib: code for lib, code in pairs if lib is not None}


@runtime_checkable
class Technique(Protocol):
    """What the solver needs from a technique."""

    @property
    def declaration(self) -> Declaration: ...

    @property
    def name(self) -> str: ...  # "Naked Pair": HoDoKu's spelling

    @property
    def code(self) -> str: ...  # "n2": HoDoKu's short code, used by the CLI and test data

    @property
    def codes(self) -> tuple[str, ...]: ...  # every step code it may report (sub-types)

    @property
    def uniqueness(self) -> bool: ...  # True: sound only when the puzzle has one solution

    def find(self, grid: Grid) -> Iterator[Step]: ...


class BaseTechnique:
    """Convenience base: the declaration's fields as plain attributes, and a step factory.

    A subclass declares itself with a class attribute ``declaration = Declaration(...)``,
    or takes one in its constructor when one class serves several techniques (sizes,
    variants). It implements ``find``.
    """

    declaration: Declaration

    def __init__(self, declaration: Declaration | None = None) -> None:
        if declaration is not None:
            self.declaration = declaration
        declared = self.declaration
        # Plain attributes (not properties): the solver reads them in its inner loop.
        self.name = declared.name
        self.code = declared.code
        self.codes = declared.codes
        self.uniqueness = declared.uniqueness

    def find(self, grid: Grid) -> Iterator[Step]:
        raise NotImplementedError

    def step(
        self,
        detail: str = "",
        *,
        placements: tuple[Candidate, ...] = (),
        eliminations: tuple[Candidate, ...] = (),
        explanation: str = "",
        highlights: Highlights = NO_HIGHLIGHTS,
        digits: tuple[int, ...] = (),
        name: str | None = None,
        code: str | None = None,
        rating: float | None = None,
    ) -> Step:
        """A step of this technique (``name``/``code`` override it for sub-types; ``rating``
        for a technique that rates its own steps).

        ``eliminations`` keep the order given (HoDoKu's order for the technique: the step
        line groups them by digit in order of first appearance, and they are carried out
        in that order); a repeated one is dropped.
        """
        return Step(
            technique=name or self.name,
            code=code or self.code,
            detail=detail,
            placements=placements,
            eliminations=tuple(dict.fromkeys(eliminations)),  # the technique's order, once each
            explanation=explanation,
            highlights=highlights,
            digits=digits,
            rating=rating,
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code} {self.name!r}>"


class WorkBoundExceeded(Exception):
    """A technique's search went past its work bound (nodes, links, trials: never time).
    Whoever runs it stops there and says so instead of giving a number."""


class SubType:
    """One sub-type of a technique (the AICs of Nice Loop/AIC, the Siamese form of a fish):
    the technique's steps of that code only. What ``--only aic`` and ``-t aic`` select; a
    profile orders and scores it as its technique."""

    def __init__(self, technique: Technique, code: str) -> None:
        self.technique = technique
        self.declaration = technique.declaration
        self.name = technique.declaration.subname(code)
        self.code = code
        self.codes = (code,)
        self.uniqueness = technique.uniqueness

    def find(self, grid: Grid) -> Iterator[Step]:
        return (step for step in self.technique.find(grid) if step.code == self.code)

    def __repr__(self) -> str:
        return f"<SubType {self.code} of {self.technique!r}>"


def code_list(text: str | None) -> tuple[str, ...]:
    """The technique codes of a comma-separated list, blanks left out.

    >>> code_list(" n2, h2,,")
    ('n2', 'h2')
    """
    return tuple(code.strip() for code in (text or "").split(",") if code.strip())


class UnknownTechnique(KeyError):
    """A technique code or name that no technique has."""

    def __str__(self) -> str:
        return str(self.args[0])


class Catalog:
    """Every technique there is, with lookups by step code, name and library code.

    The catalog has no solving order and no default set: a profile
    (``engine.profiles``) picks techniques from it by code, orders and rates them.
    """

    def __init__(self, techniques: Iterable[Technique]) -> None:
        self._techniques = tuple(techniques)
        self._by_code: dict[str, Technique] = {}
        self.library_codes: dict[str, str] = {}  # HoDoKu library code -> step code
        for technique in self._techniques:
            for code in technique.codes:
                if code in self._by_code:
                    raise ValueError(f"step code {code!r} declared twice ({self._by_code[code]!r}, {technique!r})")
                self._by_code[code] = technique
            self.library_codes.update(technique.declaration.library_codes)
        self._by_name = {t.name.lower(): t for t in self._techniques}

    @property
    def techniques(self) -> tuple[Technique, ...]:
        """Every technique, in the catalog's order."""
        return self._techniques

    def __contains__(self, code: str) -> bool:
        return code in self._by_code

    def by_code(self, code: str) -> Technique:
        """The technique that reports steps with this code (sub-type codes included).

        Raises:
            UnknownTechnique: no technique has this code.
        """
        try:
            return self._by_code[code]
        except KeyError:
            raise _unknown_code(code) from None

    def by_name(self, name: str) -> Technique:
        """The technique with this name (any case).

        Raises:
            UnknownTechnique: no technique has this name.
        """
        try:
            return self._by_name[name.lower()]
        except KeyError:
            raise _unknown_name(name) from None

    def by_library_code(self, library_code: str) -> Technique | None:
        """The technique a HoDoKu library code (``0200``) stands for, if any."""
        code = self.library_codes.get(library_code)
        return self.by_code(code) if code is not None else None


def _unknown_code(code: str) -> UnknownTechnique:
    return UnknownTechnique(f"unknown technique code {code!r} (see 'stepdoku techniques')")


def _unknown_name(name: str) -> UnknownTechnique:
    return UnknownTechnique(f"unknown technique {name!r}")


class Listed(NamedTuple):
    """What a catalog knows of a technique before the module that holds it is imported:
    its name, its step codes (its own first), its HoDoKu library codes (library code,
    step code), as its declaration gives them, where it is (``source``: what the
    catalog's ``load`` reads to import it) and whether it needs a unique solution (the
    solver reads that of every technique it is given before asking any for a step)."""

    name: str
    codes: tuple[str, ...]
    library: tuple[tuple[str, str], ...]
    source: str
    uniqueness: bool = False


class DeferredTechnique:
    """A lazy catalog's technique, its module not imported until it is first used.

    Its name, codes and uniqueness come from the index (``Listed``): choosing techniques,
    ordering them in a profile and setting up a solve import nothing. Anything else (its
    ``find``, its declaration, the searches a profile's policy asks for) imports the
    module and is the technique's own: a solve that ends with singles imports the singles
    alone. The same stand-in serves every lookup of the catalog; it equals its technique
    and hashes as it does (which imports it: a set or a dict of techniques holds the
    techniques themselves). ``technique`` (or :func:`resolved`) is the technique itself.
    """

    def __init__(self, listed: Listed, load: Callable[[Listed], Technique]) -> None:
        self.name = listed.name
        self.code = listed.codes[0]
        self.codes = listed.codes
        self.uniqueness = listed.uniqueness
        self._listed = listed
        self._load = load
        self._technique: Technique | None = None

    @property
    def technique(self) -> Technique:
        """The technique itself (its module imported on the first call). Raises ValueError
        when it is not what the index says."""
        technique = self._technique
        if technique is None:
            technique = self._load(self._listed)
            listed = self._listed
            if (technique.name, technique.codes, technique.uniqueness) != (listed.name, listed.codes, listed.uniqueness):
                raise ValueError(f"{listed.source} is {technique!r}, listed as {listed.name!r} {listed.codes} (uniqueness {listed.uniqueness})")
            self._technique = technique
            vars(self)["find"] = technique.find  # from now on its own, not a call through this one
        return technique

    @property
    def declaration(self) -> Declaration:
        return self.technique.declaration

    def find(self, grid: Grid) -> Iterator[Step]:
        return self.technique.find(grid)

    def __getattr__(self, attribute: str) -> Any:
        """What else the technique offers (``hodoku_step``, ``pending``...): its own."""
        if attribute.startswith("__") or attribute in _DEFERRED_OWN:
            raise AttributeError(attribute)  # not yet set (copy, pickle): never the technique's
        return getattr(self.technique, attribute)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DeferredTechnique):  # the same index line, loaded alike: no import
            return other is self or (other._listed.source, other._load) == (self._listed.source, self._load)
        if isinstance(other, BaseTechnique):
            return self.technique is other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.technique)

    def __reduce__(self) -> tuple[Any, ...]:
        return (DeferredTechnique, (self._listed, self._load))

    def __repr__(self) -> str:
        return repr(self.technique)


_DEFERRED_OWN = frozenset({"_listed", "_load", "_technique"})


def resolved(technique: Technique) -> Technique:
    """The technique itself: a lazy catalog's stand-in's, else the one given (to look at
    its class, say)."""
    return technique.technique if isinstance(technique, DeferredTechnique) else technique


class LazyCatalog(Catalog):
    """A catalog that imports a technique only when it is used.

    It is built from an index of what each technique declares (``Listed``), in the
    catalog's order, and from ``load``, which imports one. Lookups by code, name and
    library code answer from the index with the technique's ``DeferredTechnique``, which
    imports it when it is first used (one stand-in per technique, the same for every
    lookup and in ``techniques``). The answers are those of ``Catalog`` built on the
    techniques themselves, as long as the index says what they declare (a test checks it).
    """

    def __init__(self, index: Iterable[Listed], load: Callable[[Listed], Technique]) -> None:
        listed_all = tuple(index)
        self._by_code_deferred: dict[str, DeferredTechnique] = {}
        self.library_codes = {}
        deferred = tuple(DeferredTechnique(listed, load) for listed in listed_all)
        for listed, technique in zip(listed_all, deferred):
            for code in listed.codes:
                if code in self._by_code_deferred:
                    raise ValueError(f"step code {code!r} declared twice ({self._by_code_deferred[code].name!r}, {listed.name!r})")
                self._by_code_deferred[code] = technique
            self.library_codes.update(listed.library)
        self._deferred = deferred
        self._by_name_deferred = {technique.name.lower(): technique for technique in deferred}

    @property
    def techniques(self) -> tuple[Technique, ...]:
        return self._deferred

    def __contains__(self, code: str) -> bool:
        return code in self._by_code_deferred

    def by_code(self, code: str) -> Technique:
        technique = self._by_code_deferred.get(code)
        if technique is None:
            raise _unknown_code(code)
        return technique

    def by_name(self, name: str) -> Technique:
        technique = self._by_name_deferred.get(name.lower())
        if technique is None:
            raise _unknown_name(name)
        return technique

"""The profile contract: a rating scale and the solving policy that goes with it.

A profile says which techniques run and in which order, which step to take when a
technique finds several, and what a path scores. It refers to techniques by step code and
takes the technique objects from the ``Catalog`` it is built with, so the engine never
imports ``techniques``: whoever builds a profile (the command line, a test, a script)
hands it the catalog. A profile may also bring techniques of its own (its entries need not
come from the catalog).

Techniques of the catalog that a profile does not place itself (a technique added after
the profile was written) are appended after its own, off by default: they can be asked
for by code at once, and the profile rates their steps as it rates unknown codes. A
technique declared as part of one profile's own policy (``Declaration.profile``) is left
out of the others.

A new profile is a subclass in its own module, registered with one line in
``engine/profiles/__init__.py``; see CONTRIBUTING.md.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, ClassVar, Iterable, Sequence

from engine.analysis import Analysis
from engine.grid import Grid
from engine.profiles.rating import Column, Fields, PathRater, Rating, replay
from engine.solver import SolveResult, StepChoice, first_step
from engine.solver import solve as solve_with
from engine.step import Step
from engine.technique import Catalog, SubType, Technique, UnknownTechnique, code_list


@dataclass(frozen=True)
class Entry:
    """One technique as a profile uses it.

    ``order`` is the profile's sort key, and what ``--max-difficulty`` compares with;
    ``enabled``: used by a plain solve (the others only when asked for by code);
    ``numbers``: the profile's own numbers for the technique listing, keyed like its
    ``technique_columns``.
    """

    technique: Technique
    order: int
    enabled: bool = True
    numbers: Fields = ()


class Profile(ABC):
    """A rating scale and its solving policy, bound to a catalog of techniques.

    Subclasses set the class attributes, build their entries and rate paths; everything
    else (selection by code, the solve itself) is shared.
    """

    name: ClassVar[str]  # "hodoku": what --profile takes
    title: ClassVar[str]  # one line for listings and --help
    technique_columns: ClassVar[tuple[Column, ...]] = ()  # its numbers per technique
    rating_columns: ClassVar[tuple[Column, ...]] = ()  # its rating fields, in order
    count_columns: ClassVar[tuple[Column, ...]] = ()  # its numbers per technique used in a path
    label_heading: ClassVar[str] = "level"  # what a rating's label is called
    #: A hint gives the step this profile's own solve takes next (a rating policy whose path
    #: is the point), not the step a person would most likely find.
    hints_follow_policy: ClassVar[bool] = False

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.placed = tuple(sorted(self.build_entries(catalog), key=lambda e: e.order))
        self.default = tuple(e.technique for e in self.placed if e.enabled)
        self._placed = {code: e for e in self.placed for code in e.technique.codes}

    # The catalog's techniques the profile does not place are all off by default: a solve
    # never needs them, so they are taken from the catalog (which may then import every
    # technique) only when something lists or looks them up.

    @cached_property
    def entries(self) -> tuple[Entry, ...]:
        """Every technique the profile knows, in its order: those it places, then the
        catalog's others (off by default)."""
        return (*self.placed, *_unplaced(self.catalog, self.placed, self.name))

    @cached_property
    def techniques(self) -> tuple[Technique, ...]:
        return tuple(e.technique for e in self.entries)

    @cached_property
    def _entries(self) -> dict[str, Entry]:
        return {code: e for e in self.entries for code in e.technique.codes}

    # --- what a subclass provides ------------------------------------------------------

    @abstractmethod
    def build_entries(self, catalog: Catalog) -> Iterable[Entry]:
        """The techniques this profile uses (from ``catalog`` by code, or its own)."""

    @abstractmethod
    def rater(self) -> PathRater:
        """A fresh rater for one path."""

    #: The step to take when a technique applies: ``choose(technique, grid)``. The default
    #: takes the first it finds; a profile may override it with a method.
    choose: StepChoice = staticmethod(first_step)

    def label_key(self, label: str) -> Any:
        """Sort key of a rating label among this profile's labels (None: not one of them)."""
        return None

    # --- lookups -----------------------------------------------------------------------

    def entry(self, code: str) -> Entry:
        """The entry of the technique reporting this step code.

        Raises:
            UnknownTechnique: the profile has no such technique.
        """
        placed = self._placed.get(code)  # a placed technique's codes are no other's
        if placed is not None:
            return placed
        try:
            return self._entries[code]
        except KeyError:
            if code not in self.catalog:
                self.catalog.by_code(code)  # raises UnknownTechnique, named as such
            raise UnknownTechnique(f"technique code {code!r} is not used by profile {self.name!r} (see 'stepdoku techniques --profile {self.name}')") from None

    def by_code(self, code: str) -> Technique:
        return self.entry(code).technique

    def select(self, codes: str) -> tuple[Technique, ...]:
        """Techniques from a comma-separated list of codes (``"n2,h2"``), in profile order.
        A sub-type's code (``aic``) selects that sub-type alone (a :class:`SubType`), unless
        its technique's own code is in the list too.

        Raises:
            UnknownTechnique: a code the profile has no technique for, or no code at all (``""``).
        """
        wanted = code_list(codes)
        if not wanted:
            raise UnknownTechnique(f"no technique code in {codes!r} (e.g. n2,h2; see 'stepdoku techniques')")
        whole = {self.by_code(code) for code in wanted if self.by_code(code).code == code}
        parts = {code: self.by_code(code) for code in wanted if self.by_code(code) not in whole}
        out: list[Technique] = []
        for technique in self.techniques:
            if technique in whole:
                out.append(technique)
            out += [SubType(technique, code) for code in technique.codes if parts.get(code) is technique]
        return tuple(out)

    def plan(self, codes: str | None = None, max_difficulty: int | None = None) -> tuple[Technique, ...]:
        """The techniques a solve uses: ``codes`` (else the default set), none ordered
        after ``max_difficulty``."""
        chosen = self.select(codes) if codes is not None else self.default
        if max_difficulty is None:
            return chosen
        return tuple(t for t in chosen if self.entry(t.code).order <= max_difficulty)

    # --- solving and rating ------------------------------------------------------------

    def solve(
        self,
        grid: Grid,
        techniques: Sequence[Technique] | None = None,
        *,
        allow_search: bool = True,
        analysis: Analysis | None = None,
        watch: Callable[[Grid, Step], None] | None = None,
    ) -> SolveResult:
        """Solve with this profile's policy (its default techniques unless given)."""
        chosen = self.default if techniques is None else techniques
        return solve_with(grid, chosen, choose=self.choose, allow_search=allow_search, analysis=analysis, watch=watch)

    def rate(self, steps: Sequence[Step], *, solved: bool = True, start: Grid | None = None) -> Rating:
        """Rate a finished path; ``start`` (the position it starts from) lets the scale look
        at the positions (SE rates singles by the easiest one available)."""
        rater = self.rater()
        replay(rater, tuple(steps), start)
        return rater.rating(solved)

    def blank_fields(self) -> Fields:
        """The rating fields of something not rated (all None)."""
        return tuple((column.key, None) for column in self.rating_columns)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {len(self.techniques)} techniques>"


def _unplaced(catalog: Catalog, placed: Sequence[Entry], profile: str) -> list[Entry]:
    """The catalog's techniques a profile did not place, after its last one, off by default
    (not those that are part of another profile's own policy)."""
    known = {e.technique for e in placed}
    last = max((e.order for e in placed), default=0)
    missing = [t for t in catalog.techniques if t not in known and t.declaration.profile in (None, profile)]
    return [Entry(t, last + n, enabled=False) for n, t in enumerate(missing, 1)]

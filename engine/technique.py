"""The contract techniques plug into, and the difficulty levels they are graded by.

A technique looks at a grid and yields every step it sees, in a fixed order, without
changing the grid. The solver takes the first step of the easiest technique that has one.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterator, Protocol, runtime_checkable

from engine.grid import Grid
from engine.step import Candidate, Highlights, NO_HIGHLIGHTS, Step


class Level(IntEnum):
    """HoDoKu's difficulty levels; ``max_score`` is the 2.2.0 default threshold."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    UNFAIR = 4
    EXTREME = 5

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def max_score(self) -> int | None:
        """A puzzle of this level whose score exceeds this moves up a level (None: no cap)."""
        return {1: 800, 2: 1000, 3: 1600, 4: 1800}.get(int(self))


@runtime_checkable
class Technique(Protocol):
    """What the solver needs from a technique."""

    @property
    def name(self) -> str: ...  # "Naked Pair": HoDoKu's spelling

    @property
    def code(self) -> str: ...  # "n2": HoDoKu's short code, used by the CLI and test data

    @property
    def difficulty(self) -> int: ...  # HoDoKu's search index: the sort key

    @property
    def score(self) -> int: ...  # HoDoKu's score per step, summed for grading

    @property
    def level(self) -> Level: ...

    @property
    def uniqueness(self) -> bool: ...  # True: sound only when the puzzle has one solution

    @property
    def enabled(self) -> bool: ...  # used by default solves (HoDoKu's default "enabled" flag)

    @property
    def codes(self) -> tuple[str, ...]: ...  # every step code it may report (sub-types)

    def find(self, grid: Grid) -> Iterator[Step]: ...


class BaseTechnique:
    """Convenience base: the metadata as plain attributes, and a step factory.

    Subclasses implement ``find``; the attributes satisfy the read-only protocol.
    """

    uniqueness = False
    enabled = True

    def __init__(
        self,
        name: str,
        code: str,
        difficulty: int,
        score: int,
        level: Level,
        subcodes: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.code = code
        self.difficulty = difficulty
        self.score = score
        self.level = level
        self.codes = (code, *subcodes)

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
    ) -> Step:
        """A step of this technique (``name``/``code`` override it for sub-types).

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
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code} {self.name!r}>"


class UnknownTechnique(KeyError):
    """A technique code or name that no technique has."""

    def __str__(self) -> str:
        return str(self.args[0])


class Catalog:
    """Every technique, in solving order, with lookups by code: what commands are handed.

    ``techniques`` holds all of them (any can be asked for by code); ``default`` the ones a
    plain solve uses (HoDoKu's enabled-by-default set). ``library_codes`` maps HoDoKu
    library codes (``0200``) to step codes (``n2``).
    """

    def __init__(self, techniques: tuple[Technique, ...], library_codes: dict[str, str]) -> None:
        self.techniques = techniques
        self.default = tuple(t for t in techniques if t.enabled)
        self.library_codes = library_codes
        self._by_code = {code: t for t in techniques for code in t.codes}

    def by_code(self, code: str) -> Technique:
        """The technique that reports steps with this code (sub-type codes included).

        Raises:
            KeyError: no technique has this code.
        """
        try:
            return self._by_code[code]
        except KeyError:
            raise UnknownTechnique(f"unknown technique code {code!r} (see 'stepdoku techniques')") from None

    def select(self, codes: str) -> tuple[Technique, ...]:
        """Techniques from a comma-separated list of codes (``"n2,h2"``), in registry order."""
        wanted = {self.by_code(code.strip()) for code in codes.split(",") if code.strip()}
        return tuple(t for t in self.techniques if t in wanted)

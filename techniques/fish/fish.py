"""Fish: basic, finned, sashimi, Franken and Mutant, and their Siamese forms.

For one digit, n base houses each need the digit once, in n different cells; when all
their candidates lie in n cover houses, which take the digit once each, those houses get
their digit from the base houses and lose it everywhere else. Basic fish use rows and
columns (X-Wing, Swordfish, Jellyfish, ...); Franken fish add boxes on one side; Mutant
fish mix anything. A finned fish has base candidates outside the cover (fins): either a
fin is true or the fish holds, so only cover cells that see every fin lose the digit. It
is sashimi when a base line keeps at most one candidate without its fins.

One search (``techniques.fish.search``) serves every technique here; a technique keeps the
fish of its own class, as HoDoKu's ``FishSolver`` does. Two fish of one class on the same
base houses with different eliminations are also reported together as a Siamese fish
(HoDoKu's option, on in its regression tests), after the single ones.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Iterator, NamedTuple

from engine.cells import CellSet
from engine.grid import Grid
from engine.step import Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates
from techniques.fish.search import Fish, FishSearchCut, Shape, find_fish, siamese_pairs
from techniques.fish.words import fish_detail, fish_explanation, siamese_explanation


class Variant(Enum):
    """Fins: none, some (finned), or so many that a base line is almost empty (sashimi)."""

    PLAIN = "plain"
    FINNED = "finned"
    SASHIMI = "sashimi"


_SIZE_NAMES: Final = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale", 7: "Leviathan"}


class _Family(NamedTuple):
    """How one fish type is named: the declaration of each size follows from it."""

    prefix: str  # of the name: "Finned " + "Swordfish"
    code: str  # of the step code: "fbf" + "3"
    library: int  # third digit of HoDoKu's library code: 03[1]1


_FAMILIES: Final[dict[tuple[Shape, Variant], _Family]] = {
    (Shape.BASIC, Variant.PLAIN): _Family("", "bf", 0),
    (Shape.BASIC, Variant.FINNED): _Family("Finned ", "fbf", 1),
    (Shape.BASIC, Variant.SASHIMI): _Family("Sashimi ", "sbf", 2),
    (Shape.FRANKEN, Variant.PLAIN): _Family("Franken ", "ff", 3),
    (Shape.FRANKEN, Variant.FINNED): _Family("Finned Franken ", "fff", 4),
    (Shape.MUTANT, Variant.PLAIN): _Family("Mutant ", "mf", 5),
    (Shape.MUTANT, Variant.FINNED): _Family("Finned Mutant ", "fmf", 6),
}


def fish_declaration(shape: Shape, variant: Variant, size: int) -> Declaration:
    """Name, code and library code of a fish (``0311`` for a Finned Swordfish); its Siamese
    form, reported under ``s`` + code, adds a ``1`` to the library code."""
    family = _FAMILIES[(shape, variant)]
    code = f"{family.code}{size}"
    library = f"03{family.library}{size - 2}"
    # Basic fish without fins have one cover per base, so they are never Siamese.
    siamese = {} if (shape, variant) == (Shape.BASIC, Variant.PLAIN) else {f"s{code}": library + "1"}
    name = family.prefix + _SIZE_NAMES[size]
    return Declaration(name, code, library=library, subcodes=siamese, subnames={sub: f"Siamese {name}" for sub in siamese})


class FishTechnique(BaseTechnique):
    """n base houses whose candidates for a digit lie in n cover houses (with fins: only
    cells seeing every fin lose the digit). Reports Siamese pairs under ``s`` + code."""

    def __init__(self, shape: Shape, variant: Variant, size: int) -> None:
        super().__init__(fish_declaration(shape, variant, size))
        self.shape = shape
        self.variant = variant
        self.size = size

    def owns(self, fish: Fish) -> bool:
        """Is this fish of this technique's class?"""
        if fish.shape is not self.shape or fish.finned != (self.variant is not Variant.PLAIN):
            return False
        return self.shape is not Shape.BASIC or fish.sashimi == (self.variant is Variant.SASHIMI)

    def find(self, grid: Grid) -> Iterator[Step]:
        try:
            fishes = find_fish(grid, self.shape, self.size, self.variant is not Variant.PLAIN)
        except FishSearchCut as cut:  # a listing's work bound: the fish found before it, then the cut
            yield from self._steps(grid, cut.found)  # (Siamese pairs come after every fish: none)
            raise cut
        yield from self._steps(grid, fishes)
        if self.codes[1:]:
            yield from self._siamese(grid, fishes)

    def _steps(self, grid: Grid, fishes: tuple[Fish, ...]) -> Iterator[Step]:
        seen: set[tuple[int, CellSet]] = set()
        for fish in fishes:
            if self.owns(fish) and (fish.digit, fish.eliminations) not in seen:
                seen.add((fish.digit, fish.eliminations))
                yield self._step(grid, fish)

    def _siamese(self, grid: Grid, fishes: tuple[Fish, ...]) -> Iterator[Step]:
        seen: set[tuple[int, CellSet]] = set()
        for one, two in siamese_pairs(fishes):
            effect = (one.digit, one.eliminations | two.eliminations)
            if self.owns(one) and effect not in seen:
                seen.add(effect)
                yield self._siamese_step(grid, one, two)

    def _step(self, grid: Grid, fish: Fish) -> Step:
        return self.step(
            fish_detail([fish]),
            eliminations=candidates(grid, fish.digit, fish.eliminations),
            explanation=fish_explanation(fish),
            highlights=_highlights(grid, [fish]),
            digits=(fish.digit,),
        )

    def _siamese_step(self, grid: Grid, one: Fish, two: Fish) -> Step:
        return self.step(
            fish_detail([one, two]),
            eliminations=candidates(grid, one.digit, one.eliminations | two.eliminations),
            explanation=siamese_explanation(self.name, one, two),
            highlights=_highlights(grid, [one, two]),
            digits=(one.digit,),
            name=f"Siamese {self.name}",
            code=self.codes[1],
        )


def _highlights(grid: Grid, fishes: list[Fish]) -> Highlights:
    digit = fishes[0].digit
    fins = cells = 0
    covers: list[int] = []
    for fish in fishes:
        fins |= fish.fins | fish.endo_fins
        cells |= fish.cells
        covers += [u for u in fish.cover if u not in covers]
    return Highlights(
        pattern=candidates(grid, digit, cells & ~fins),
        fins=candidates(grid, digit, fins),
        units=fishes[0].base,
        cover_units=tuple(covers),
    )


X_WING: Final = FishTechnique(Shape.BASIC, Variant.PLAIN, 2)
SWORDFISH: Final = FishTechnique(Shape.BASIC, Variant.PLAIN, 3)
JELLYFISH: Final = FishTechnique(Shape.BASIC, Variant.PLAIN, 4)
FINNED_X_WING: Final = FishTechnique(Shape.BASIC, Variant.FINNED, 2)
SASHIMI_X_WING: Final = FishTechnique(Shape.BASIC, Variant.SASHIMI, 2)
FINNED_SWORDFISH: Final = FishTechnique(Shape.BASIC, Variant.FINNED, 3)
SASHIMI_SWORDFISH: Final = FishTechnique(Shape.BASIC, Variant.SASHIMI, 3)
FINNED_JELLYFISH: Final = FishTechnique(Shape.BASIC, Variant.FINNED, 4)
SASHIMI_JELLYFISH: Final = FishTechnique(Shape.BASIC, Variant.SASHIMI, 4)
FRANKEN_X_WING: Final = FishTechnique(Shape.FRANKEN, Variant.PLAIN, 2)
FRANKEN_SWORDFISH: Final = FishTechnique(Shape.FRANKEN, Variant.PLAIN, 3)
FRANKEN_JELLYFISH: Final = FishTechnique(Shape.FRANKEN, Variant.PLAIN, 4)
FINNED_FRANKEN_X_WING: Final = FishTechnique(Shape.FRANKEN, Variant.FINNED, 2)
FINNED_FRANKEN_SWORDFISH: Final = FishTechnique(Shape.FRANKEN, Variant.FINNED, 3)
FINNED_FRANKEN_JELLYFISH: Final = FishTechnique(Shape.FRANKEN, Variant.FINNED, 4)
MUTANT_X_WING: Final = FishTechnique(Shape.MUTANT, Variant.PLAIN, 2)
MUTANT_SWORDFISH: Final = FishTechnique(Shape.MUTANT, Variant.PLAIN, 3)
MUTANT_JELLYFISH: Final = FishTechnique(Shape.MUTANT, Variant.PLAIN, 4)
FINNED_MUTANT_X_WING: Final = FishTechnique(Shape.MUTANT, Variant.FINNED, 2)
FINNED_MUTANT_SWORDFISH: Final = FishTechnique(Shape.MUTANT, Variant.FINNED, 3)
FINNED_MUTANT_JELLYFISH: Final = FishTechnique(Shape.MUTANT, Variant.FINNED, 4)
FINNED_MUTANT_SQUIRMBAG: Final = FishTechnique(Shape.MUTANT, Variant.FINNED, 5)
FINNED_MUTANT_WHALE: Final = FishTechnique(Shape.MUTANT, Variant.FINNED, 6)

#: Every fish technique, for the registry.
FISH_TECHNIQUES: Final[tuple[FishTechnique, ...]] = (
    X_WING, SWORDFISH, JELLYFISH,
    FINNED_X_WING, SASHIMI_X_WING, FINNED_SWORDFISH, SASHIMI_SWORDFISH, FINNED_JELLYFISH, SASHIMI_JELLYFISH,
    FRANKEN_X_WING, FRANKEN_SWORDFISH, FRANKEN_JELLYFISH,
    FINNED_FRANKEN_X_WING, FINNED_FRANKEN_SWORDFISH, FINNED_FRANKEN_JELLYFISH,
    MUTANT_X_WING, MUTANT_SWORDFISH, MUTANT_JELLYFISH,
    FINNED_MUTANT_X_WING, FINNED_MUTANT_SWORDFISH, FINNED_MUTANT_JELLYFISH,
    FINNED_MUTANT_SQUIRMBAG, FINNED_MUTANT_WHALE,
)  # fmt: skip

"""Words for fish steps: HoDoKu's notation and plain explanations.

Notation (HoDoKu's ``SolutionStep``): digit, base houses, cover houses, fins as ``f``+cell
and endo fins as ``ef``+cell, houses in HoDoKu's order (rows, columns, boxes):
``Finned Franken Jellyfish: 7 r169b3 c2679 fr6c8 efr1c9 => r5c9<>7``. A Siamese fish shows
both cover sets: ``5 r148 c189/c289 fr1c2 fr4c1``.
"""

from __future__ import annotations

from engine.cells import CELL_NAMES, UNITS, CellSet, cells_of
from engine.notation import unit_names, words_list
from techniques.shared import cell_names
from techniques.fish.search import Fish

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}

_PLAIN = (
    "In {bases}, {digit} can only go in {covers}. The {n} {base_noun} need {n} {digit}s in different cells and "
    "the {n} {cover_noun} can take only one {digit} each, so those {digit}s fill the {cover_noun}: {digit} cannot "
    "go anywhere else in them.{cannibal} Remove it from {targets}."
)
_CANNIBAL = (
    " {cells} {lies} in two cover houses at once: a {digit} there would fill both, leaving the other base houses "
    "one short."
)
_FINNED = (
    "In {bases}, {digit} can only go in {covers}, apart from {fins}. If no fin is {digit}, the {n} {base_noun} "
    "put their {digit}s in {covers}, one in each, and no other cell of those {cover_word} can be {digit}; if a fin "
    "is {digit}, no cell that sees it can be.{where}{cannibal}"
)
_WHERE_ONE = " {cell} is in {house} and sees {every}, so it cannot be {digit} either way."
_WHERE_MANY = " {cells} are in the {cover_noun} and see {every}, so they cannot be {digit} either way."
_CANNIBAL_FINNED = (
    " {cells} {sees} {every} and {lies} in two cover houses at once, where a {digit} would fill both and leave "
    "the other base houses one short, so {it} cannot be {digit} either way."
)
_SIAMESE = (
    "Two {name} patterns share the base houses {bases}: one covered by {covers1}{fins1}, the other by "
    "{covers2}{fins2}. Each works on its own (either a fin is {digit} or the {digit}s of the base houses fill "
    "its cover houses), so together they remove {digit} from {targets}."
)


def fish_detail(fishes: list[Fish]) -> str:
    """The pattern part of the step line; two fish make a Siamese one."""
    first = fishes[0]
    covers = "/".join(unit_names(fish.cover) for fish in fishes)
    return f"{first.digit} {unit_names(first.base)} {covers}{_fin_notation(fishes)}"


def _fin_notation(fishes: list[Fish]) -> str:
    """`` fr2c7 efr1c9``: fins, then endo fins, each once."""
    marks: list[str] = []
    for prefix, attribute in (("f", "fins"), ("ef", "endo_fins")):
        for fish in fishes:
            for cell in cells_of(getattr(fish, attribute)):
                if prefix + CELL_NAMES[cell] not in marks:
                    marks.append(prefix + CELL_NAMES[cell])
    return "".join(" " + mark for mark in marks)


def fish_explanation(fish: Fish) -> str:
    words = _words(fish)
    cannibals = fish.cannibals
    one = cannibals.bit_count() == 1
    if not fish.finned:
        cannibal = _CANNIBAL.format(cells=cell_names(cannibals), lies="lies" if one else "each lie", digit=fish.digit)
        return _PLAIN.format(targets=cell_names(fish.eliminations), cannibal=cannibal if cannibals else "", **words)
    every = "every fin" if (fish.fins | fish.endo_fins).bit_count() > 1 else "the fin"
    plain = fish.eliminations & ~cannibals
    if plain.bit_count() == 1:
        house = next(u for u in fish.cover if UNITS[u].mask & plain)
        where = _WHERE_ONE.format(cell=cell_names(plain), house=UNITS[house].long_name, every=every, digit=fish.digit)
    else:
        where = _WHERE_MANY.format(cells=cell_names(plain), every=every, **words) if plain else ""
    cannibal = _CANNIBAL_FINNED.format(
        cells=cell_names(cannibals),
        sees="sees" if one else "each see",
        every=every,
        lies="lies" if one else "lie",
        it="it" if one else "they",
        digit=fish.digit,
    )
    return _FINNED.format(fins=_fin_words(fish), where=where, cannibal=cannibal if cannibals else "", **words)


def siamese_explanation(name: str, one: Fish, two: Fish) -> str:
    return _SIAMESE.format(
        name=name,
        bases=house_words(one.base),
        covers1=house_words(one.cover),
        covers2=house_words(two.cover),
        fins1=_fins_clause(one),
        fins2=_fins_clause(two),
        digit=one.digit,
        targets=cell_names(one.eliminations | two.eliminations),
    )


def house_words(units: tuple[int, ...]) -> str:
    """``rows 1, 6 and 9 plus box 3``."""
    groups = []
    for kind, single, plural in (("r", "row", "rows"), ("c", "column", "columns"), ("b", "box", "boxes")):
        numbers = [str(UNITS[u].index + 1) for u in units if UNITS[u].kind.value == kind]
        if numbers:
            groups.append(f"{single if len(numbers) == 1 else plural} {words_list(numbers)}")
    return " plus ".join(groups)


def _noun(units: tuple[int, ...], side: str) -> str:
    """``rows`` or ``columns`` for lines of one kind, else ``base houses``/``cover houses``."""
    kinds = {UNITS[u].kind.value for u in units}
    if len(kinds) == 1 and kinds != {"b"}:
        return "rows" if kinds == {"r"} else "columns"
    return f"{side} houses"


def _words(fish: Fish) -> dict[str, object]:
    cover_noun = _noun(fish.cover, "cover")
    return {
        "bases": house_words(fish.base),
        "covers": house_words(fish.cover),
        "digit": fish.digit,
        "n": _NUMBER_WORDS[len(fish.base)],
        "base_noun": _noun(fish.base, "base"),
        "cover_noun": cover_noun,
        "cover_word": cover_noun.split()[-1],
    }


def _fin_words(fish: Fish) -> str:
    """``the fin r2c7``; ``the fins r6c8 and r1c9 (r1c9 is in two base houses, so it counts as a fin)``."""
    fins: CellSet = fish.fins | fish.endo_fins
    text = f"the fin{'s' if fins.bit_count() > 1 else ''} {cell_names(fins)}"
    if fish.endo_fins:
        one = fish.endo_fins.bit_count() == 1
        why = "is in two base houses, so it counts as a fin" if one else "are in two base houses, so they count as fins"
        text += f" ({cell_names(fish.endo_fins)} {why})"
    return text


def _fins_clause(fish: Fish) -> str:
    return f" with {_fin_words(fish)}" if fish.finned else ""

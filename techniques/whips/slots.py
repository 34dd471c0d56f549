"""Every whip variable at once: the candidates laid out per variable, as one bit set.

Variable ``v`` (a cell, or a digit in a house: see :mod:`techniques.whips.search`) owns the
11-bit *slot* at bit ``SLOT_BITS * v``; its candidates fill the slot's low 9 bits (a cell's
by digit, a house's digit by the place of its cell in the house), the tenth *marks* a
variable that holds a fact of the chain (so it never looks empty or single), and the
eleventh stays clear, so a carry or borrow out of one slot never reaches the next. A
candidate is in four variables, hence four slots: a candidate set *spread* over the slots
is four times as wide. Then a few whole-int operations tell which variables have at most
one candidate left, all at once, as the packed-field ("SWAR") tricks do with machine words;
Python's ints are the word here.
"""

from __future__ import annotations

from typing import Final

from engine.cells import N_CELLS, UNITS, bit_indices

SLOT_BITS: Final = 11
#: A slot's 9 candidate bits and its mark.
FIELD: Final = 0x3FF
MARK: Final = 0x200
CANDIDATE_BITS: Final = 0x1FF
N_SLOTS: Final = N_CELLS + 9 * len(UNITS)

#: The lowest bit of every slot; every slot's candidate and mark bits; every slot's
#: eleventh bit.
ONES: Final = sum(1 << (SLOT_BITS * v) for v in range(N_SLOTS))
FIELDS: Final = ONES * FIELD
GUARDS: Final = ONES << 10


def _candidates_of_slots() -> tuple[tuple[int, ...], ...]:
    """Variable -> its 9 candidates (729-bit indices), by bit of its slot."""
    out = [tuple(cell * 9 + d for d in range(9)) for cell in range(N_CELLS)]
    for unit in UNITS:
        for d in range(9):
            out.append(tuple(cell * 9 + d for cell in unit.cells))
    return tuple(out)


#: CANDIDATE_AT[v][bit]: the candidate bit ``bit`` of variable ``v``'s slot stands for.
CANDIDATE_AT: Final = _candidates_of_slots()


def _spreads() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Candidate -> its four slot bits; candidate -> the marks of its four slots."""
    spread = [0] * (9 * N_CELLS)
    marks = [0] * (9 * N_CELLS)
    for v, candidates in enumerate(CANDIDATE_AT):
        for bit, k in enumerate(candidates):
            spread[k] |= 1 << (SLOT_BITS * v + bit)
            marks[k] |= MARK << (SLOT_BITS * v)
    return tuple(spread), tuple(marks)


#: SPREAD[k]: candidate ``k`` in each of its four variables' slots.
#: MARKS[k]: the marks of those four slots (``k`` true: its variables hold a fact).
SPREAD, MARKS = _spreads()


def _places() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Candidate -> its four variables (ascending), each with the bit of its slot it takes."""
    places: list[list[tuple[int, int]]] = [[] for _ in range(9 * N_CELLS)]
    for v, candidates in enumerate(CANDIDATE_AT):
        for bit, k in enumerate(candidates):
            places[k].append((v, bit))
    return tuple(tuple(found) for found in places)


#: PLACES[k]: candidate ``k``'s four variables, each with the bit of its slot ``k`` takes.
PLACES: Final = _places()


def spread(candidates: int) -> int:
    """A 729-bit candidate set laid out over the slots."""
    out = 0
    for k in bit_indices(candidates):
        out |= SPREAD[k]
    return out


def crowded(slots: int) -> int:
    """The lowest bit of every slot of ``slots`` (eleventh bits clear) with two or more
    bits set (two candidates, or a candidate and the mark), and stray bits between (mask
    them with slot lows): clear each slot's lowest set bit, then see what is left."""
    return ((slots & ((slots | GUARDS) - ONES)) + FIELDS) >> 10


def nonzero(slots: int) -> int:
    """The lowest bit of every slot of ``slots`` (eleventh bits clear) with a bit set."""
    return ((slots + FIELDS) >> 10) & ONES


def slot_variables(lows: int) -> list[int]:
    """The variables whose slots' lowest bits ``lows`` holds, in order."""
    out = []
    while lows:
        low = lows & -lows
        out.append(low.bit_length() // SLOT_BITS)
        lows ^= low
    return out

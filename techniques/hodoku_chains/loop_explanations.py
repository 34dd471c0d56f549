"""Explanations of nice loops and AICs: the chain walked in words, then the conclusion."""

from __future__ import annotations

from engine.cells import CELL_NAMES
from engine.step import Candidate
from techniques.shared import removal_words
from techniques.hodoku_chains.notation import Chain, literal_words, walk_words, which_see
from techniques.hodoku_chains.loop_conclusions import Kind


def explain(kind: Kind, chain: Chain, effect: tuple[Candidate, ...]) -> str:
    """1-3 sentences a person with a pencil can follow."""
    first, first_true = chain[0]
    last, last_true = chain[-1]
    suppose = f"Suppose {literal_words(first, first_true)}: then {walk_words(chain)}."
    if kind is Kind.AIC:
        return _aic(chain, effect)
    if kind is Kind.CONTINUOUS:
        return (
            f"{suppose} The chain has come back to where it started, so it is a closed loop and "
            f"holds whichever way round it is read: in every link one end is true. That removes "
            f"{removal_words(effect)}."
        )
    s, a, b = CELL_NAMES[first.cell], first.digit, last.digit
    if first_true and not last_true:
        end = f"That contradicts the assumption, so {s} is not {a}."
    elif first_true:
        end = f"A cell holds one digit, so {s} cannot be {a}."
    elif last_true:
        others = ", ".join(str(d) for d, _ in effect[:-1]) + f" and {effect[-1].digit}" if len(effect) > 1 else str(effect[0].digit)
        end = f"So {s} is {a} either way, and its other candidates ({others}) go."
    else:
        end = f"So if {s} were {b} it would have to be {a} as well, which is impossible: {s} is not {b}."
    return f"{suppose} {end}"


def _aic(chain: Chain, effect: tuple[Candidate, ...]) -> str:
    first, last = chain[0][0], chain[-1][0]
    s, e = CELL_NAMES[first.cell], CELL_NAMES[last.cell]
    a, b = first.digit, last.digit
    walk = f"If {s} is not {a}, then {walk_words(chain)}. So {s} is {a} or {e} is {b}"
    if a == b:
        cells = sum(1 << c for _, c in effect)
        return f"{walk}, and {which_see(cells)} both ends, cannot be {a}."
    return f"{walk}; the two cells see each other, so {s} cannot be {b} and {e} cannot be {a}."

"""The step of a forcing chain or net: its name, HoDoKu-style detail, effect, words and
highlights, from a conclusion and its proofs."""

from __future__ import annotations

from collections import Counter

from engine.cells import CELL_NAMES, UNITS, Cell
from engine.notation import words_list
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique
from techniques.forcing.conclusions import Conclusion
from techniques.forcing.propagation import Conflict, Proof, Rule
from techniques.forcing.words import Describe, Narrator, fact_words, links
from techniques.shared import N_CANDIDATES, candidate_at, is_true, node_of


def make_step(
    technique: BaseTechnique, kind: str, c: Conclusion, proofs: list[Proof], words: Narrator, where: str | None = None
) -> Step:
    """The step of one conclusion: name, HoDoKu-style detail, effect, words, highlights.
    ``where`` replaces the place a contradiction is said to be "in" (HoDoKu's text)."""
    cell, digit = candidate_at(node_of(c.fact))
    fact = Candidate(digit, cell)
    name = f"Forcing {kind} {'Contradiction' if c.contradiction else 'Verity'}"
    code = technique.code + ("c" if c.contradiction else "v")
    if c.contradiction:
        conflict = c.ends[0]
        assert isinstance(conflict, Conflict)
        if where is None:
            where = UNITS[conflict.unit].name if conflict.unit >= 0 else CELL_NAMES[conflict.cell]
        detail = f"in {where}"
        walk = words.walk(proofs[0])
        text = f"Suppose {fact_words(c.premises[0])}. Then {walk}. That cannot be, so {fact_words(c.fact)}."
    else:
        detail = ""
        text = verity_words(c, proofs, words)
    return technique.step(
        detail,
        placements=(fact,) if is_true(c.fact) else (),
        eliminations=() if is_true(c.fact) else (fact,),
        explanation=text,
        highlights=_highlights(c, proofs, words.describe),
        digits=(digit,),
        name=name,
        code=code,
    )


def verity_words(c: Conclusion, proofs: list[Proof], words: Narrator) -> str:
    """Every case of the either-or, then the common fact (or the one case left)."""
    parts = [either_or_words(c)]
    for premise, proof in zip(c.premises, proofs):
        if premise == c.fact:
            continue  # the one case that does not break a rule: said at the end
        if isinstance(proof.end, Conflict):
            parts.append(f"If {fact_words(premise)}: {words.walk(proof)}, which cannot be.")
        else:
            parts.append(f"If {fact_words(premise)}: {words.walk(proof)}.")
    if c.fact in c.premises:
        parts.append(f"Only one case is left: {fact_words(c.fact)}.")
    else:
        dead = any(isinstance(e, Conflict) for e in c.ends)
        parts.append(f"{'In every possible case' if dead else 'Either way'}, {fact_words(c.fact)}.")
    return " ".join(parts)


def either_or_words(c: Conclusion) -> str:
    assert c.spread is not None
    if c.spread.kind == "pair":
        return f"Either {fact_words(c.premises[0])} or it is not."
    premises = [candidate_at(node_of(p)) for p in c.premises]
    digits = [str(digit) for _, digit in premises]
    cells = [CELL_NAMES[cell] for cell, _ in premises]
    if c.spread.kind == "cell":
        return f"{cells[0]} must be {words_list(digits, 'or')}."
    return f"{digits[0]} must go in {words_list(cells, 'or')} ({UNITS[c.spread.where].long_name})."


def _highlights(c: Conclusion, proofs: list[Proof], describe: Describe) -> Highlights:
    premises = [candidate_at(node_of(p)) for p in c.premises if node_of(p) < N_CANDIDATES]
    pattern = tuple(Candidate(digit, cell) for cell, digit in premises)
    placed: list[Candidate] = []
    all_links: list[Link] = []
    for proof in proofs:
        all_links += links(proof, describe)
        for event in proof.events[1:]:
            node = node_of(event.lit)
            if is_true(event.lit) and node < N_CANDIDATES and event.rule is not Rule.PREMISE:
                cell, digit = candidate_at(node)
                placed.append(Candidate(digit, cell))
    cells: tuple[Cell, ...] = ()
    units: tuple[int, ...] = ()
    if c.contradiction:
        conflict = c.ends[0]
        assert isinstance(conflict, Conflict)
        cells = (conflict.cell,) if conflict.cell >= 0 else ()
        units = (conflict.unit,) if conflict.unit >= 0 else ()
    elif c.spread is not None and c.spread.kind == "cell":
        cells = (c.spread.where,)
    elif c.spread is not None and c.spread.kind == "house":
        units = (c.spread.where,)
    colors, color_words = _branch_colors(c, proofs, describe)
    return Highlights(
        pattern=pattern,
        alt=tuple(dict.fromkeys(placed)),
        links=tuple(dict.fromkeys(all_links)),
        units=units,
        cells=cells,
        colors=colors,
        color_words=color_words,
    )


def _branch_colors(c: Conclusion, proofs: list[Proof], describe: Describe) -> tuple[tuple[tuple[Candidate, ...], ...], tuple[str, ...]]:
    """On/off colours, a pair per branch: the single candidates its assumption makes true
    and those it makes false, each named after the assumption (``if r1c2 is 4``)."""
    branches: list[tuple[list[Candidate], list[Candidate]]] = []
    for proof in proofs:
        on: list[Candidate] = []
        off: list[Candidate] = []
        for event in proof.events:
            digit, where = describe(node_of(event.lit))
            if not where & (where - 1):
                (on if is_true(event.lit) else off).append(Candidate(digit, where.bit_length() - 1))
        branches.append((on, off))
    # a candidate that several branches reach is no branch's own (the conclusion, mostly)
    reached = Counter(candidate for on, off in branches for candidate in {*on, *off})
    colors: list[tuple[Candidate, ...]] = []
    words: list[str] = []
    for premise, (on, off) in zip(c.premises, branches):
        colors += [tuple(dict.fromkeys(x for x in side if reached[x] == 1)) for side in (on, off)]
        assumption = fact_words(premise, describe)
        words += [f"true if {assumption}", f"false if {assumption}"]
    return tuple(colors), tuple(words)

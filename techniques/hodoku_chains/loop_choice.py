"""The nice loop or AIC the ``hodoku`` profile takes, tracing as few chains as it can.

A search finds many conclusions (a loop or an AIC to some end, with its effect and length);
HoDoKu keeps, per type and set of eliminations, the shortest chain it can show (a traced
chain may be dropped: a lasso, or a loop that does not leave its start cell at once), and
takes the step with the most eliminations, then the smallest weighted sum, then the one
kept first. Tracing a chain is most of the cost of a conclusion, so here every conclusion
is listed first (:class:`Entry`) and :func:`choose_entry` traces only those that decide
the step: the same choice as keeping every step and ranking them
(``engine.profiles.hodoku_choice.first_ranked`` of ``NiceLoop.pending``).
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from engine.profiles.hodoku_choice import rank_of
from engine.step import Candidate
from techniques.hodoku_chains.implications import Reach
from techniques.hodoku_chains.loop_conclusions import Kind
from techniques.hodoku_chains.notation import Chain

Key = tuple[str, tuple[Candidate, ...]]  # step code, eliminations (each once)


class Entry(NamedTuple):
    """One conclusion, in the order the search met it."""

    code: str
    kind: Kind
    effect: tuple[Candidate, ...]  # as found
    length: int
    reach: Reach  # the search it came from, to trace it
    end: int
    loop: bool
    chain: Chain | None = None  # already traced (continuous loops: their effect needs it)


def choose_entry(entries: list[Entry], trace: Callable[[Entry], Chain | None]) -> tuple[Entry, Chain, tuple[Candidate, ...]] | None:
    """The entry whose step the profile takes, its chain and its eliminations (None: no
    conclusion has a chain). ``trace`` gives an entry's chain, None if it is dropped."""
    by_key: dict[Key, list[int]] = {}
    for n, entry in enumerate(entries):
        by_key.setdefault((entry.code, tuple(dict.fromkeys(entry.effect))), []).append(n)
    by_rank: dict[tuple[int, int], list[int]] = {}
    for key, numbers in by_key.items():
        by_rank.setdefault(rank_of(key[1]), []).extend(numbers)
    traced: dict[int, Chain | None] = {}

    def chain_of(n: int) -> Chain | None:
        if n not in traced:
            traced[n] = trace(entries[n])
        return traced[n]

    for rank in sorted(by_rank):
        # The key kept first among this rank's: the one whose first traceable entry came first.
        first = next((n for n in sorted(by_rank[rank]) if chain_of(n) is not None), None)
        if first is not None:
            entry = entries[first]
            key = (entry.code, tuple(dict.fromkeys(entry.effect)))
            return _kept(entries, by_key[key], key[1], chain_of)
    return None


def _kept(
    entries: list[Entry], numbers: list[int], eliminations: tuple[Candidate, ...], chain_of: Callable[[int], Chain | None]
) -> tuple[Entry, Chain, tuple[Candidate, ...]]:
    """The chain kept for one key, as a search that traces each conclusion when it meets
    it keeps it: the first traceable entry, replaced by a later one only when that is
    shorter and traceable (an entry is not even traced when one as short is kept, and is
    only recognised as the same when its effect lists each elimination once)."""
    best: int | None = None
    for n in numbers:
        entry = entries[n]
        if best is not None and entry.effect == eliminations and entries[best].length <= entry.length:
            continue
        if chain_of(n) is not None:
            best = n
    assert best is not None  # the caller found a traceable entry among these
    chain = chain_of(best)
    assert chain is not None
    return entries[best], chain, eliminations

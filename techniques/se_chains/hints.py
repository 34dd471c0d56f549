"""What SE's chaining producers find, before it becomes a step: rated, sorted, explained.

SE rates a chain by its kind plus a bonus for its complexity (the number of distinct
candidate states the conclusion rests on, inner chains included), sorts a producer's
hints by (difficulty, complexity, kind), keeping the order found among equals, and takes
the first.
"""

from __future__ import annotations

from typing import Callable, Protocol, Sequence

from engine.cells import CELL_NAMES, MASK_DIGITS
from engine.step import Candidate, Highlights, Link, Step
from techniques.se_chains.nodes import Node, cell_of, digit_of, is_on, node_name


def length_bonus_count(complexity: int) -> int:
    """How many tenths SE adds for a chain of this complexity.

    n = complexity - 2; a tenth each time n passes 4, 6, 8, 12, 16, 24, 32, ... (times 3/2,
    then 4/3, alternately).

    >>> [length_bonus_count(c) for c in (6, 7, 8, 10, 11, 14, 15, 19)]
    [0, 1, 1, 2, 3, 3, 4, 5]
    """
    length = complexity - 2
    ceiling, odd, count = 4, False, 0
    while length > ceiling:
        count += 1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return count


def plus_tenths(base: float, count: int) -> float:
    """``base`` plus 0.1 added ``count`` times, in floating point as SE adds it (SE compares
    these sums, so a 6.7 X-chain, 6.6 + 0.1, sorts before a 6.7 Y-cycle, 6.5 + 0.2).

    >>> plus_tenths(6.6, 1) < plus_tenths(6.5, 2)
    True
    """
    added = 0.0
    for _ in range(count):
        added += 0.1
    return base + added


def chain_difficulty(base: float, complexity: int) -> float:
    """SE's difficulty of a chain: its kind's base plus 0.1 per length step (as doubles)."""
    return plus_tenths(base, length_bonus_count(complexity))


class ChainBasis(Protocol):
    """What a chain rests on, for when SE uses it inside another chain."""

    def ons(self) -> list[tuple[Node, int]]:
        """The on nodes of its chains with the rule each holds by (-1: an assumption), in
        SE's order (branch by branch, breadth first from each conclusion)."""
        ...

    def identity(self) -> object:
        """Equal for two hints SE counts as one chain (its FullChain)."""
        ...


#: What a hint says, made only when it becomes a step: for each branch, the nodes from the
#: assumption to the branch's conclusion (along first causes), and the explanation.
Words = Callable[[], tuple[tuple[tuple[Node, ...], ...], str]]


class ChainHint:
    """A chaining conclusion: what SE sorts by, what it changes, and the chains behind it.

    The chains and the words are made only for the hint that becomes a step (``words``):
    a producer finds many hints and SE takes one.
    """

    __slots__ = ("name", "code", "difficulty", "complexity", "sort_key", "placement", "removals", "words", "basis", "source")

    def __init__(
        self, name: str, code: str, difficulty: float, complexity: int, sort_key: int, placement: Candidate | None,
        removals: tuple[Candidate, ...], words: Words, basis: ChainBasis | None = None, source: str = "",
    ) -> None:
        self.name = name
        self.code = code
        self.difficulty = difficulty
        self.complexity = complexity
        self.sort_key = sort_key
        self.placement = placement
        self.removals = removals
        self.words = words
        self.basis = basis
        #: What the branches start from, when it is not the first chain's first node (the
        #: candidates of a cell, the places of a digit in a house).
        self.source = source

    @property
    def key(self) -> tuple[float, int, int]:
        return (self.difficulty, self.complexity, self.sort_key)

    @property
    def effect(self) -> tuple[object, ...]:
        """What two hints must share to be the same for SE: their removals."""
        return (self.placement, self.removals)

    def to_step(self) -> Step:
        chains, text = self.words()
        links = []
        for chain in chains:
            for a, b in zip(chain, chain[1:]):
                links.append(Link(_cand(a), _cand(b), strong=not is_on(a)))
        pattern = tuple(dict.fromkeys(_cand(n) for chain in chains for n in chain))
        return Step(
            technique=self.name,
            code=self.code,
            detail=self._detail(chains),
            placements=(self.placement,) if self.placement else (),
            eliminations=tuple(sorted(self.removals)),
            explanation=text,
            highlights=Highlights(pattern=pattern, links=tuple(links)),
            digits=tuple(sorted({c.digit for c in pattern})),
            rating=self.difficulty,
        )

    def _detail(self, chains: tuple[tuple[Node, ...], ...]) -> str:
        if not chains:
            return ""
        start = self.source or node_name(chains[0][0])
        return f"{start} ({self.complexity} nodes)"


def _cand(n: Node) -> Candidate:
    return Candidate(digit_of(n), cell_of(n))


def chain_words(chain: Sequence[Node]) -> str:
    """``r1c2=5 -> r1c7<>5 -> r3c8=5``."""
    return " -> ".join(node_name(n) for n in chain)


def removal_of(n: Node, cands: list[int]) -> tuple[Candidate | None, tuple[Candidate, ...]]:
    """What concluding node ``n`` changes: an on node places its digit (the cell's other
    candidates go), an off node removes its candidate."""
    cell, digit = cell_of(n), digit_of(n)
    if is_on(n):
        others = tuple(Candidate(d, cell) for d in MASK_DIGITS[cands[cell]] if d != digit)
        return Candidate(digit, cell), others
    return None, (Candidate(digit, cell),)


def conclusion_words(placement: Candidate | None, removals: tuple[Candidate, ...]) -> str:
    if placement is not None:
        return f"{CELL_NAMES[placement.cell]} is {placement.digit}"
    return ", ".join(f"{CELL_NAMES[c.cell]} is not {c.digit}" for c in removals)

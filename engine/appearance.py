"""The order in which the singles of a freshly built grid appeared.

The grid keeps its Naked and Hidden Singles in the order they appeared, and solvers take
the oldest first (HoDoKu's singles queues work this way). A grid built from values alone
is taken to have been filled the way HoDoKu loads a puzzle: the filled cells placed one
by one in reading order (r1c1 to r9c9) on an empty grid. Placing a digit reveals singles
in this order: first its peers, in cell order, each losing the digit (a Naked Single,
then Hidden Singles in the peer's row, column and box); then the cell's own other
candidates, in digit order (Hidden Singles in the cell's row, column and box).

Rather than replaying the placements, this computes for each single present at the end
the moment it appeared: a Naked Single when its cell lost its last-but-one candidate, a
Hidden Single when the last-but-one other place of its digit in the house was lost.
"""

from __future__ import annotations

from typing import Final, Sequence

from engine.cells import HOUSES_OF, N_CELLS, PEER_MASK, UNITS, Cell, Digit, MASK_DIGITS

#: A moment of the build: (rank of the placement, phase, cell or digit, house position).
Moment = tuple[int, int, int, int]
_NEVER: Final = N_CELLS


class _Build:
    """When each candidate of the build was lost."""

    def __init__(self, values: Sequence[Digit]) -> None:
        filled = [c for c in range(N_CELLS) if values[c]]
        self.rank = {c: r for r, c in enumerate(filled)}
        self.holders: list[list[tuple[int, Cell]]] = [[] for _ in range(10)]
        for rank, c in enumerate(filled):
            self.holders[values[c]].append((rank, c))

    def first_peer(self, cell: Cell, digit: Digit) -> int:
        """The rank of the first placement of ``digit`` that sees ``cell``."""
        peers = PEER_MASK[cell]
        for rank, c in self.holders[digit]:
            if peers >> c & 1:
                return rank
        return _NEVER

    def lost(self, cell: Cell, digit: Digit, house: int) -> Moment:
        """When ``cell`` stopped being a place for ``digit``, as booked in ``house``."""
        position = HOUSES_OF[cell].index(house)
        by_peer = self.first_peer(cell, digit)
        own = self.rank.get(cell, _NEVER)
        if own < by_peer:
            return (own, 1, digit, position)  # the cell itself was filled with another digit
        return (by_peer, 0, cell, position)


def order_of_appearance(
    values: Sequence[Digit], naked: dict[Cell, None], hidden: dict[int, None], cands: Sequence[int]
) -> tuple[dict[Cell, None], dict[int, None]]:
    """The Naked Single cells and Hidden Single keys (house * 9 + digit - 1) of a grid built
    from ``values``, reordered oldest first."""
    if len(naked) < 2 and len(hidden) < 2:
        return naked, hidden  # nothing to order
    build = _Build(values)

    def naked_moment(cell: Cell) -> Moment:
        lost = [d for d in range(1, 10) if d not in MASK_DIGITS[cands[cell]]]
        return (max(build.first_peer(cell, d) for d in lost), 0, cell, -1)

    def hidden_moment(key: int) -> Moment:
        house, digit = divmod(key, 9)
        digit += 1
        others = [c for c in UNITS[house].cells if not cands[c] >> (digit - 1) & 1]
        return max(build.lost(c, digit, house) for c in others)

    return (
        dict.fromkeys(sorted(naked, key=naked_moment)),
        dict.fromkeys(sorted(hidden, key=hidden_moment)),
    )

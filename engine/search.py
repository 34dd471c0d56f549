"""Depth-first search on candidate bitmasks: the validity check and the last resort.

This is Norvig's search with bitmasks in place of strings. A state is a list of 81 ints:
an unsolved cell holds its candidates in bits 0-8; a solved cell holds its digit's bit
shifted up into bits 9-17, so that per-house bit sums over a state see only the digits that
are still open (and a digit solved twice in a house shows up in the high bits).

Each node propagates to a fixed point:

* naked singles: a cell down to one candidate is solved and clears that digit from peers;
* hidden singles in boxes: a digit with one place left in a box goes there;
* locked candidates: a digit confined to one box-line segment within a box (or within a
  line) is cleared from the rest of that line (or box). This prunes the tree by about a
  third on hard puzzles for little cost per node.

Then it branches on the unsolved cell with the fewest candidates, trying its digits on
copies of the state, lowest digit first.
"""

from __future__ import annotations

from enum import IntEnum
from operator import itemgetter
from typing import Any, Callable, Final, Iterator, Sequence

from engine.cells import ALL_DIGITS, BOXES, MASK_DIGITS, N_CELLS, PEERS, UNITS, Mask
from engine.digit_templates import TooManyTemplates, template_solutions

_LOW: Final = ALL_DIGITS
# Hidden singles are looked for in boxes only. Rows and columns are left to naked singles,
# locked candidates and branching: checking all 27 houses prunes more nodes but costs more
# than it saves (measured on top1465: about 25% slower overall). Soundness does not depend
# on it: a complete assignment without two equal peers is a solution.
_Getters = tuple[tuple[Callable[[list[int]], Any], tuple[int, ...]], ...]
_UNIT_GETTERS: Final[_Getters] = tuple((itemgetter(*unit.cells), unit.cells) for unit in BOXES)
# Every house: for basic_reach, where a hidden single in a line must count.
_ALL_UNIT_GETTERS: Final[_Getters] = tuple((itemgetter(*unit.cells), unit.cells) for unit in UNITS)
# Candidate count of an open cell's mask (bits 0-8); a solved entry (bits 9-17) is read
# through ``& _LOW`` as 0. (A table over every entry, 2**18 of them, cost more to build at
# start-up, about 5 ms of memory first touched, than the masking ever costs.)
_OPEN_COUNT: Final[tuple[int, ...]] = tuple(m.bit_count() for m in range(_LOW + 1))


_Segment = tuple[tuple[int, ...], tuple[int, int], tuple[int, int]]


def _segments() -> tuple[_Segment, ...]:
    """The 54 box-line segments (three cells shared by a box and a line), each with the
    indices of the two other segments of its line and of its box.

    Indices 0-26 are row segments (row r, box column k -> r*3+k); 27-53 column segments
    (column c, box row k -> 27+c*3+k).
    """
    out: list[_Segment] = []
    for vertical in (False, True):
        for line in range(9):
            for part in range(3):
                if vertical:
                    cells = tuple((part * 3 + i) * 9 + line for i in range(3))
                else:
                    cells = tuple(line * 9 + part * 3 + i for i in range(3))
                base = 27 if vertical else 0
                same_line = (base + line * 3 + (part + 1) % 3, base + line * 3 + (part + 2) % 3)
                band = line - line % 3
                same_box = tuple(base + other * 3 + part for other in range(band, band + 3) if other != line)
                out.append((cells, same_line, (same_box[0], same_box[1])))
    return tuple(out)


_SEGMENTS: Final = _segments()
_SEGMENT_CELLS: Final = tuple(s[0] for s in _SEGMENTS)
_SEGMENT_NEIGHBOURS: Final = tuple((i, *line, *box) for i, (_, line, box) in enumerate(_SEGMENTS))


def _propagate_naked(g: list[int], todo: list[int]) -> bool:
    """Solve every single-candidate cell in ``todo`` and clear its digit from its peers,
    following the chain of new singles. False on a contradiction."""
    pop = todo.pop
    push = todo.append
    while todo:
        c = pop()
        b = g[c]
        if b > _LOW:
            continue  # already solved through another path
        g[c] = b << 9
        for p in PEERS[c]:
            m = g[p]
            if m & b:
                m ^= b
                if not m:
                    return False
                g[p] = m
                if not m & (m - 1):
                    push(p)
    return True


def _hidden_singles(g: list[int], todo: list[int], houses: _Getters = _UNIT_GETTERS) -> bool:
    """Queue every hidden single of the houses (default: the boxes); False when a house
    has no place left for a digit, or two digits each have only the same cell.

    A solved digit cannot appear twice in a house: a digit is only ever set in a cell where
    it is still a candidate, and solving it clears it from the peers at once.
    """
    for get, cells in houses:
        # once / twice: the digits seen at least once / at least twice in the house,
        # unrolled over the nine cells (this sweep is the search's hottest loop).
        a, b, c, d, e, f, h, i, j = get(g)
        o1 = a | b | c
        o2 = d | e | f
        o3 = h | i | j
        once = o1 | o2 | o3
        twice = (a & b) | (c & (a | b)) | (d & e) | (f & (d | e)) | (h & i) | (j & (h | i))
        twice |= (o1 & o2) | (o3 & (o1 | o2))
        if (once | once >> 9) & _LOW != _LOW:
            return False  # a digit with no place left in this house
        only = once & ~twice & _LOW
        if only:
            for cell in cells:
                m = g[cell] & only
                if m:
                    if m & (m - 1):
                        return False
                    g[cell] = m
                    todo.append(cell)
    return True


def _locked_candidates(g: list[int], todo: list[int]) -> bool | None:
    """One pass of pointing and claiming; None on a contradiction, else whether it changed g."""
    seg = [(g[a] | g[b] | g[c]) & _LOW for a, b, c in _SEGMENT_CELLS]
    changed = False
    for i, l1, l2, b1, b2 in _SEGMENT_NEIGHBOURS:
        s = seg[i]
        if not s:
            continue
        # claiming: only here within the line -> not elsewhere in the box; pointing: the reverse
        claim = s & ~(seg[l1] | seg[l2])
        point = s & ~(seg[b1] | seg[b2])
        if not claim | point:
            continue
        for mask, t in ((claim, b1), (claim, b2), (point, l1), (point, l2)):
            if mask and seg[t] & mask:
                for c in _SEGMENT_CELLS[t]:
                    m = g[c]
                    if m & mask:
                        m &= ~mask
                        if not m:
                            return None
                        g[c] = m
                        if not m & (m - 1):
                            todo.append(c)
                seg[t] &= ~mask
                changed = True
    return changed


def _singles(g: list[int], todo: list[int], houses: _Getters = _UNIT_GETTERS) -> bool:
    """Naked singles and the houses' hidden singles to a fixed point. False on a contradiction."""
    while True:
        if todo and not _propagate_naked(g, todo):
            return False
        if not _hidden_singles(g, todo, houses):
            return False
        if not todo:
            return True


def _propagate(g: list[int], todo: list[int]) -> bool:
    """Singles, one pass of locked candidates, singles again. False on a contradiction.

    Repeating locked candidates to a fixed point finds a little more but costs more than
    it saves in nodes (measured on top1465).
    """
    if not _singles(g, todo):
        return False
    changed = _locked_candidates(g, todo)
    if changed is None:
        return False
    return not changed or _singles(g, todo)


# Weight of a peer when scoring a branch cell: a two-candidate peer that shares a digit
# with the branch cell turns into a single on one of the branches, so it counts more. Only
# open peers are weighed (a solved one shares no candidate bit), so masks 0-511 suffice.
_PEER_WEIGHT: Final[tuple[int, ...]] = tuple(4 if n == 2 else 1 for n in _OPEN_COUNT)


def _branch_cell(g: list[int]) -> int:
    """The cell to branch on, or -1 when every cell is solved.

    Fewest candidates first. Among two-candidate cells, the one whose digits reach the most
    peers, two-candidate peers counting four times: either branch then removes many
    candidates and often forces singles. On top1465 this needs about half the nodes of
    taking the first two-candidate cell.
    """
    best = -1
    best_n = 10
    best_score = -1
    count = _OPEN_COUNT
    weight = _PEER_WEIGHT
    for c in range(N_CELLS):
        m = g[c]
        n = count[m & _LOW]
        if n == 2:
            score = 0
            for p in PEERS[c]:
                q = g[p]
                if q & m:
                    score += weight[q]
            if score > best_score:
                best, best_n, best_score = c, 2, score
        elif n and n < best_n:
            best, best_n = c, n
    return best


class _OutOfBudget(Exception):
    """Cell search used up its node budget (see iter_solutions)."""


def _search(g: list[int], budget: int | None = None) -> Iterator[list[int]]:
    """Yield every solution reachable from an already propagated state, depth first.

    The stack holds (parent state, cell, digit, last) choices still to try; a child is
    propagated only when popped, so a search that stops at the first solutions does no
    work on siblings it never visits. The last sibling to be tried takes over its parent's
    list instead of copying it: nothing else needs the parent by then.

    Raises:
        _OutOfBudget: more than ``budget`` nodes were needed (raised while iterating).
    """
    stack: list[tuple[list[int], int, int, bool]] = [(g, -1, 0, True)]
    nodes = 0
    while stack:
        state, c, d, last = stack.pop()
        if c >= 0:
            nodes += 1
            if budget is not None and nodes > budget:
                raise _OutOfBudget
            child = state if last else state[:]
            child[c] = 1 << (d - 1)
            if not _propagate(child, [c]):
                continue
            state = child
        c = _branch_cell(state)
        if c < 0:
            yield state
            continue
        # Highest digit pushed first, so the lowest is tried first (a fixed, documented order).
        digits = MASK_DIGITS[state[c]]
        stack.append((state, c, digits[-1], True))
        for d in digits[-2::-1]:
            stack.append((state, c, d, False))


def _initial_state(values: Sequence[int], candidates: Sequence[Mask] | None) -> list[int] | None:
    g = [1 << (v - 1) if v else ALL_DIGITS for v in values]
    if candidates is not None:
        g = [g[c] if values[c] else g[c] & candidates[c] for c in range(N_CELLS)]
        if not all(g):
            return None
    todo = [c for c in range(N_CELLS) if not g[c] & (g[c] - 1)]
    if not _propagate(g, todo):
        return None
    return g


# Nodes of cell search before trying the template search. The hardest proper puzzles we
# know need about 1,100 (forum_hardest); 2,000 is about a tenth of a second.
CELL_NODE_BUDGET = 2_000
# Nodes of template search before giving up on it and finishing with plain cell search.
TEMPLATE_NODE_BUDGET: Final = 3_000


def iter_solutions(values: Sequence[int], candidates: Sequence[Mask] | None = None) -> Iterator[list[int]]:
    """Yield the solutions of 81 values (0 = empty) as lists of 81 digits.

    Cell search runs first. If it needs more than CELL_NODE_BUDGET nodes (in practice: a
    puzzle with no solution whose contradiction is hidden deep), template search takes
    over; if that is too big as well, cell search finishes without a budget. Every path is
    exhaustive, so the answer never depends on the budgets, only the time does. Solutions
    come in a fixed order for a given input.

    Args:
        values: the filled cells.
        candidates: optional pencil marks; an empty cell may then only take those digits.
    """
    if len(values) != N_CELLS:
        raise ValueError(f"need {N_CELLS} values, got {len(values)}")
    g = _initial_state(values, candidates)
    if g is None:
        return
    seen: list[list[int]] = []
    try:
        for state in _search(g[:], CELL_NODE_BUDGET):
            seen.append(_digits(state))
            yield seen[-1]
        return
    except _OutOfBudget:
        pass
    try:
        by_templates = template_solutions(_allowed_cells(g), TEMPLATE_NODE_BUDGET)
        if by_templates is not None:
            for solution in by_templates:
                if solution not in seen:
                    seen.append(solution)
                    yield solution
            return
    except TooManyTemplates:
        pass
    for state in _search(g):
        solution = _digits(state)
        if solution not in seen:
            yield solution


def _digits(state: list[int]) -> list[int]:
    return [MASK_DIGITS[m >> 9][0] for m in state]


def _allowed_cells(g: list[int]) -> dict[int, int]:
    """For each digit, the cells where a propagated state still allows it."""
    allowed = {d: 0 for d in range(1, 10)}
    for c, m in enumerate(g):
        for d in MASK_DIGITS[(m | m >> 9) & _LOW]:
            allowed[d] |= 1 << c
    return allowed


def find_solutions(values: Sequence[int], limit: int = 2, candidates: Sequence[Mask] | None = None) -> list[list[int]]:
    """Up to ``limit`` solutions."""
    found: list[list[int]] = []
    if limit <= 0:
        return found
    for solution in iter_solutions(values, candidates):
        found.append(solution)
        if len(found) >= limit:
            break
    return found


def solvable_within(values: Sequence[int], nodes: int, candidates: Sequence[Mask] | None = None) -> bool | None:
    """Whether the values (and pencil marks) have a solution, when a cell search of at
    most ``nodes`` nodes settles it; None when it does not. A work bound, so the answer is
    the same on every machine."""
    return _solvable(_initial_state(values, candidates), nodes)


def solvable_from_marks(values: Sequence[int], marks: Sequence[Mask], nodes: int) -> bool | None:
    """``solvable_within`` for a caller that keeps the pencil marks of the empty cells
    with every filled cell's digit already cleared from its peers (the generator, which
    changes one clue at a time): the clearing is skipped."""
    g = [(1 << (v - 1)) << 9 if v else marks[c] for c, v in enumerate(values)]
    todo = [c for c in range(N_CELLS) if not values[c] and not g[c] & (g[c] - 1)]
    if any(not g[c] for c in todo) or not _propagate(g, todo):
        return False
    return _solvable(g, nodes)


def _solvable(g: list[int] | None, nodes: int) -> bool | None:
    if g is None:
        return False
    try:
        return next(_search(g, nodes), None) is not None
    except _OutOfBudget:
        return None


def solution_within(values: Sequence[int], nodes: int, candidates: Sequence[Mask] | None = None) -> list[int] | None:
    """The first solution a cell search of at most ``nodes`` nodes finds, else None (no
    solution, or none found within the bound)."""
    g = _initial_state(values, candidates)
    if g is None:
        return None
    try:
        state = next(_search(g, nodes), None)
    except _OutOfBudget:
        return None
    return _digits(state) if state is not None else None


def count_solutions(values: Sequence[int], limit: int = 2, candidates: Sequence[Mask] | None = None) -> int:
    """The number of solutions, counting no further than ``limit``."""
    return len(find_solutions(values, limit, candidates))


def solve(values: Sequence[int], candidates: Sequence[Mask] | None = None) -> list[int] | None:
    """The first solution found, or None when there is none."""
    found = find_solutions(values, 1, candidates)
    return found[0] if found else None


class BasicReach(IntEnum):
    """How far the basic rules get on a puzzle (see ``basic_reach``)."""

    SINGLES = 1  # naked and hidden singles solve it
    LOCKED_CANDIDATES = 2  # singles and locked candidates (pointing, claiming) solve it
    BEYOND = 3  # they do not (or the clues contradict each other)


def basic_reach(values: Sequence[int]) -> BasicReach:
    """Whether singles (naked, and hidden in every house), or singles and locked
    candidates, solve a puzzle, applied to a fixed point.

    These rules only ever remove candidates and stay true as others are removed, so the
    answer does not depend on the order they are applied in: a solver that tries them
    before anything else never needs another technique when they suffice.
    """
    g = [1 << (v - 1) if v else ALL_DIGITS for v in values]
    todo = [c for c in range(N_CELLS) if values[c]]
    if not _singles(g, todo, _ALL_UNIT_GETTERS):
        return BasicReach.BEYOND
    if min(g) > _LOW:
        return BasicReach.SINGLES
    while True:
        changed = _locked_candidates(g, todo)
        if changed is None or not _singles(g, todo, _ALL_UNIT_GETTERS):
            return BasicReach.BEYOND
        if min(g) > _LOW:
            return BasicReach.LOCKED_CANDIDATES
        if not changed:
            return BasicReach.BEYOND

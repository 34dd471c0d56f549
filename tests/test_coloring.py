"""Colouring: Simple Colors (Trap, Wrap) and Multi Colors (1, 2) on real positions."""

from __future__ import annotations

from engine.cells import CELL_NAMES, parse_cell_name
from engine.grid import Grid
from engine.step import Candidate
from techniques.coloring import coloring
from techniques.coloring.coloring import MULTI_COLORS, SIMPLE_COLORS, clusters, conjugate_links
from tests.conftest import HODOKU, PUZZLES, grid_from
from tests.test_contract import Position, load

POSITIONS = load(PUZZLES / "techniques" / "coloring.txt")


def position(code: str, index: int = 0) -> tuple[Grid, str]:
    found: list[Position] = [p for p in POSITIONS if p.code == code and p.expected != "-"]
    chosen = found[index]
    return grid_from(chosen.values, chosen.removed), chosen.expected


def test_trap_text_and_explanation() -> None:
    grid, _ = position("sc1", 1)
    steps = [s for s in SIMPLE_COLORS.find(grid) if s.code == "sc1"]
    assert str(steps[0]) == "Simple Colors Trap: 5 (r1c1,r2c9) / (r1c8,r9c9) => r9c1<>5"
    text = steps[0].explanation
    assert "r1c1 and r2c9" in text and "r1c8 and r9c9" in text
    assert "r9c1 sees a cell of both groups, so it cannot be 5" in text
    assert steps[0].highlights.pattern == (Candidate(5, parse_cell_name("r1c1")), Candidate(5, parse_cell_name("r2c9")))


def test_wrap_removes_the_whole_colour() -> None:
    grid, expected = position("sc2")
    step = next(s for s in SIMPLE_COLORS.find(grid) if str(s) == expected)
    assert step.code == "sc2" and step.technique == "Simple Colors Wrap"
    assert "share a house, so they cannot both be" in step.explanation
    removed = {c for _, c in step.eliminations}
    assert removed in ({c.cell for c in step.highlights.pattern}, {c.cell for c in step.highlights.alt})


def test_multi_colors_both_types() -> None:
    grid, expected = position("mc2")
    step = next(s for s in MULTI_COLORS.find(grid) if str(s) == expected)
    assert step.technique == "Multi Colors 2"
    assert "so that group cannot hold" in step.explanation
    grid, expected = position("mc1")
    step = next(s for s in MULTI_COLORS.find(grid) if str(s) == expected)
    assert step.technique == "Multi Colors 1"
    assert all(CELL_NAMES[c] in step.explanation for _, c in step.eliminations)


def test_clusters_are_two_coloured_from_their_lowest_cell() -> None:
    grid, _ = position("sc1", 1)
    found = clusters(conjugate_links(grid)[5])
    first = found[0]
    assert first.on & first.off == 0
    assert first.on & -first.on < first.off & -first.off


def test_nothing_without_conjugate_chains() -> None:
    empty = Grid.empty()
    assert list(SIMPLE_COLORS.find(empty)) == []
    assert list(MULTI_COLORS.find(empty)) == []
    for p in POSITIONS:
        if p.expected == "-":
            technique = SIMPLE_COLORS if p.code.startswith("sc") else MULTI_COLORS
            assert not [s for s in technique.find(grid_from(p.values, p.removed)) if s.code == p.code]


# --- 3D Medusa ---------------------------------------------------------------------------

from engine.cells import CELL_NAMES, MASK_DIGITS, PEER_MASK  # noqa: E402
from techniques.coloring import medusa  # noqa: E402
from techniques.coloring.medusa import MEDUSA  # noqa: E402
from tests.conftest import PUZZLES, puzzle_lines, solve_positions  # noqa: E402
from tests.positions import load  # noqa: E402

_MEDUSA = [p for p in load(PUZZLES / "techniques" / "coloring.txt") if p.code == "3dm" and p.expected != "-"]


def _medusa_step(expected_start: str) -> str:
    position = next(p for p in _MEDUSA if p.expected.startswith(expected_start))
    grid = grid_from(position.values, position.removed)
    return next(s for s in MEDUSA.find(grid) if str(s) == position.expected).explanation


def test_medusa_colour_false_by_a_digit_twice_in_a_house() -> None:
    text = _medusa_step("3D Medusa: 17 candidates")
    assert "If group B were true, 5 would be twice in row 9: so group B is false." in text


def test_medusa_colour_false_by_two_digits_in_a_cell() -> None:
    text = _medusa_step("3D Medusa: 25 candidates")
    assert "If group B were true, r9c3 would hold two of its digits at once: so group B is false." in text


def test_medusa_uncoloured_candidates() -> None:
    text = _medusa_step("3D Medusa: 7 candidates of 1,4,5")
    assert "(A), and 1 in r7c7, 4 in r7c9 and r8c5, 5 in r7c5 (B)" in text
    assert "Each of 4 in r2c5, r3c5 and r4c5 is ruled out by a true candidate whichever group is true" in text


def _listings(forget: bool) -> list[list[tuple[str, str]]]:
    """Simple and Multi Colors' steps at each position of a top1465 puzzle's hodoku solve (#1),
    the memo emptied before each search or carried along from the positions before."""
    puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    steps = HODOKU.solve(Grid.from_string(puzzle)).steps
    grid = Grid.from_string(puzzle)
    coloring._DIGIT_STEPS.results.clear()
    out = []
    for step in steps:
        for technique in (SIMPLE_COLORS, MULTI_COLORS):
            if forget:
                coloring._DIGIT_STEPS.results.clear()
            out.append([(str(s), s.explanation) for s in technique.find(grid)])
        grid.apply(step)
    return out


def test_steps_remembered_per_digit_equal_a_fresh_search_along_a_solve() -> None:
    remembered = _listings(forget=False)
    assert remembered == _listings(forget=True)
    assert sum(map(len, remembered)) > 5


def _emptied_by_definition(grid: Grid, side: dict[int, int], other: dict[int, int]) -> int | None:
    """Rule 6 as stated: the first cell outside the cluster all of whose candidates see
    their digit in ``side``."""
    coloured = 0
    for cells in list(side.values()) + list(other.values()):
        coloured |= cells
    for cell in range(81):
        mask = grid.cands[cell]
        if mask and not coloured >> cell & 1:
            if all(side.get(d, 0) & PEER_MASK[cell] for d in MASK_DIGITS[mask]):
                return cell
    return None


def test_medusa_colour_false_by_a_cell_it_would_empty_as_the_rule_says() -> None:
    """Rule 6 (found on whole cell sets) against the rule read cell by cell, on every
    cluster of the default solves of two top1465 puzzles."""
    found = 0
    for grid in solve_positions(puzzle_lines("top1465.txt")[::700]):
        for a, b in medusa.clusters(grid):
            for side, other in ((a, b), (b, a)):
                why = medusa.false_colour(grid, side, other, medusa.seen_by_digit(side))
                if why is not None and "twice" not in why and "two of its digits" not in why:
                    cell = _emptied_by_definition(grid, side, other)
                    assert cell is not None and why == f"{CELL_NAMES[cell]} would have no candidate left"
                    found += 1
                elif why is None:
                    assert _emptied_by_definition(grid, side, other) is None
    assert found > 10

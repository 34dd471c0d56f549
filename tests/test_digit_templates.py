"""Template search, the fallback of engine.search for puzzles cell search finds hard."""

from __future__ import annotations

import time

import pytest

import engine.search as search
from engine.cells import BOX_OF, COL_OF, ROW_OF, cells_of
from engine.digit_templates import ALL_TEMPLATES, TooManyTemplates, _template_cells, allowed_cells, digit_templates
from engine.grid import Grid
from tests.conftest import HODOKU, puzzle_lines, values_of

# From Norvig's essay: 17 clues, no clash, no solution; plain cell search needs about
# 1.7 million nodes to prove it.
IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def test_templates_place_a_digit_once_per_house() -> None:
    grid = Grid.from_string(puzzle_lines("top95.txt", 1)[0])
    allowed = grid.cells_with[5]
    for c in range(81):
        if grid.values[c] == 5:
            allowed |= 1 << c
    templates = digit_templates(allowed)
    assert templates
    for template in templates:
        cells = list(cells_of(template))
        assert len(cells) == 9
        for house in (ROW_OF, COL_OF, BOX_OF):
            assert len({house[c] for c in cells}) == 9
        assert template & ~allowed == 0


def test_too_many_templates_is_refused() -> None:
    with pytest.raises(TooManyTemplates):
        digit_templates((1 << 81) - 1)  # 46,656 templates on an empty grid


def test_impossible_puzzle_is_refuted() -> None:
    start = time.perf_counter()
    assert search.count_solutions(values_of(IMPOSSIBLE), 2) == 0
    assert time.perf_counter() - start < 10  # about 0.2 s; 30 s without the fallback


@pytest.mark.parametrize("name", ["top95.txt", "multisolution200.txt", "forum_hardest300.txt"])
def test_fallback_gives_the_same_answers(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = puzzle_lines(name)[::20]
    expected = [sorted(map(tuple, search.find_solutions(values_of(line), 2))) for line in lines]
    monkeypatch.setattr(search, "CELL_NODE_BUDGET", 0)  # always switch to template search
    got = [sorted(map(tuple, search.find_solutions(values_of(line), 2))) for line in lines]
    assert len(got) == len(expected)
    for line, want, have in zip(lines, expected, got):
        assert len(have) == len(want), line
        if len(want) == 1:
            assert have == want, line


def test_template_cells_are_the_union_of_the_templates() -> None:
    """The memoised search for the cells some template uses (kept as halves) gives the
    union of the listed templates, on every digit of real positions along a solve."""
    puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"  # top1465 #1
    grid = Grid.from_string(puzzle)
    checked = 0
    for step in HODOKU.solve(Grid.from_string(puzzle)).steps[:40]:
        for digit in range(1, 10):
            allowed = allowed_cells(grid, digit)
            union = 0
            for template in digit_templates(allowed, ALL_TEMPLATES):
                union |= template
            assert _template_cells(allowed) == union
            checked += union != 0
        grid.apply(step)
    assert checked > 100

"""Patterns of the hardest puzzles (techniques/patterns/): what the contract test does not
check (wording, the rules' edges on hand-made grids)."""

from __future__ import annotations

from engine.cells import CELL_NAMES, cell_at
from techniques.patterns.tridagon import TRIDAGON
from tests.conftest import grid_from

EMPTY = "." * 81


def _only(cells: dict[str, str]) -> str:
    """Removed pencil marks leaving each named cell with just the given digits."""
    return " ".join(f"{name}<>{''.join(d for d in '123456789' if d not in keep)}" for name, keep in cells.items())


def _diagonal(box: int, columns: tuple[int, int, int]) -> list[str]:
    row0, col0 = 3 * (box // 3), 3 * (box % 3)
    return [CELL_NAMES[cell_at(row0 + i, col0 + columns[i])] for i in range(3)]


def _tridagon_grid(rising_in_box5: bool, guardian: str = "4") -> str:
    """Boxes 1, 2, 4, 5 with main diagonals holding only 1, 2 and 3, box 5's the other way
    when ``rising_in_box5``; r1c1 also holds ``guardian``."""
    cells = _diagonal(0, (0, 1, 2)) + _diagonal(1, (0, 1, 2)) + _diagonal(3, (0, 1, 2))
    cells += _diagonal(4, (2, 1, 0) if rising_in_box5 else (0, 1, 2))
    return _only({name: "123" + (guardian if name == "r1c1" else "") for name in cells})


def test_tridagon_one_guardian_is_placed() -> None:
    grid = grid_from(EMPTY, _tridagon_grid(rising_in_box5=True))
    steps = list(TRIDAGON.find(grid))
    assert [str(s) for s in steps] == ["Tridagon: 1/2/3 in r1c14,r25c25,r3c36,r4c16,r6c34 => r1c1=4"]
    text = steps[0].explanation
    assert "In box 5 the cells rise (up to the right), in the other three they fall: an odd number" in text
    assert text.endswith("So one of the other candidates in these cells is true: 4 in r1c1. It is the only one, so r1c1 is 4.")
    assert steps[0].highlights.fins == ((4, 0),) and steps[0].highlights.units == (0, 1, 3, 4)


def test_tridagon_needs_an_odd_number_of_rising_boxes() -> None:
    # All four diagonals fall: 1, 2 and 3 fit (r1c1=1, r2c2=2, ... shifted box by box).
    grid = grid_from(EMPTY, _tridagon_grid(rising_in_box5=False))
    assert list(TRIDAGON.find(grid)) == []


def test_tridagon_guardians_in_two_cells_remove_what_sees_both() -> None:
    # Guardians 4 in r1c1 and 4 in r5c5: r1c5 and r5c1 see both.
    removed = _tridagon_grid(rising_in_box5=True).replace("r5c5<>456789", "r5c5<>56789")
    grid = grid_from(EMPTY, removed)
    steps = [str(s) for s in TRIDAGON.find(grid)]
    assert steps == ["Tridagon: 1/2/3 in r1c14,r25c25,r3c36,r4c16,r6c34 => r1c5,r5c1<>4"]

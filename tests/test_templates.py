"""Template Set and Template Delete (disabled by default, as in HoDoKu)."""

from __future__ import annotations

from engine.grid import Grid
from techniques import REGISTRY
from techniques.templates.templates import TEMPLATE_DELETE, TEMPLATE_SET, templates
from tests.conftest import DEFAULT, grid_from

# From puzzles/techniques/templates.txt.
POSITION = (
    ".623148.7.3....2...7.2..4.3...9...3.6.1....42.......8.2..6..1.4....5.6.8.167.83..",
    "r2c8<>59 r2c9<>16 r3c8<>59 r4c9<>5 r6c4<>5 r6c5<>3 r6c6<>3 r6c9<>59 r7c2<>9 r7c3<>39 r7c8<>9 r8c6<>39 r9c5<>9",
)
DEADLY = "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293"


def test_an_empty_grid_has_every_template() -> None:
    found = templates(Grid.empty())
    assert all(len(ts) == 46656 for ts in found.values())


def test_template_delete_in_words() -> None:
    steps = [str(s) for s in TEMPLATE_DELETE.find(grid_from(*POSITION))]
    assert "Template Delete => r6c13<>4" in steps
    step = next(s for s in TEMPLATE_DELETE.find(grid_from(*POSITION)) if str(s) == "Template Delete => r6c13<>4")
    assert step.explanation == (
        "No way to place all nine 4s that fits the candidates (one per row, column and box, a template) "
        "puts a 4 in r6c1 or r6c3, so 4 can be removed there."
    )


def test_template_set_places_every_cell_of_a_digit() -> None:
    grid = grid_from(
        ".623148.7.3....2...7.2..4.3...9...3.6.1....42.......8.2..6..174....5.6.8.167.83..",
        "r2c8<>59 r2c9<>16 r3c8<>59 r4c9<>5 r6c1<>4 r6c3<>4 r6c4<>5 r6c5<>3 r6c6<>3 r6c9<>59 r7c2<>9 "
        "r7c3<>39 r8c1<>49 r8c3<>49 r8c6<>39 r9c1<>5 r9c5<>9",
    )
    step = next(TEMPLATE_SET.find(grid))
    assert str(step) == "Template Set: r4c9=1, r6c4=1, r8c6=1"
    assert step.digits == (1,)
    assert "so those cells are 1" in step.explanation


def test_nothing_in_a_deadly_rectangle() -> None:
    grid = Grid.from_string(DEADLY)
    assert list(TEMPLATE_SET.find(grid)) == [] and list(TEMPLATE_DELETE.find(grid)) == []


def test_templates_are_off_by_default_but_registered() -> None:
    assert TEMPLATE_SET in REGISTRY and TEMPLATE_DELETE in REGISTRY
    assert TEMPLATE_SET not in DEFAULT and TEMPLATE_DELETE not in DEFAULT

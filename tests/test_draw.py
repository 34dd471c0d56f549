"""Drawn pictures (engine/app/draw): what each technique family's picture shows, read back
from the SVG as a person would see it (struck candidates, arrows, frames, colours)."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from engine.grid import Grid
from engine.step import Candidate, Step
from engine.app.draw import Picture, draw_svg
from engine.app.draw.page import Panel, Section, walkthrough_page
from techniques import CATALOG
from tests.conftest import PUZZLES, grid_from
from tests.htmlcheck import problems
from tests.positions import load

NS = "{http://www.w3.org/2000/svg}"


def position_step(file: str, code: str, technique: str) -> tuple[Grid, Step]:
    """The step of ``technique`` the first position of ``code`` in a positions file expects
    (among those the technique finds there)."""
    position = next(p for p in load(PUZZLES / "techniques" / f"{file}.txt") if p.code == code)
    grid = grid_from(position.values, position.removed)
    step = next((s for s in CATALOG.by_code(technique).find(grid) if s.text == position.expected), None)
    assert step is not None, position.expected
    return grid, step


def drawn(grid: Grid, step: Step, level: int = 3) -> ElementTree.Element:
    return ElementTree.fromstring(draw_svg(grid, Picture.of_step(step, level), str(step)))


def of_class(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    """The grid's elements of a class (the legend's samples left out)."""
    legend = {id(e) for group in root.iter(f"{NS}g") if group.get("class") == "legend" for e in group.iter()}
    return [e for e in root.iter() if name in (e.get("class") or "").split() and id(e) not in legend]


def struck(root: ElementTree.Element) -> set[str]:
    """The candidates drawn as eliminated (``r6c1d4``), each with its strike line."""
    assert len(of_class(root, "strike")) == len(of_class(root, "elimination"))
    return {e.get("data-cand") or "" for e in of_class(root, "elimination")}


def names(step: Step) -> set[str]:
    return {f"r{c.cell // 9 + 1}c{c.cell % 9 + 1}d{c.digit}" for c in step.eliminations}


def test_a_finned_fish_strikes_its_eliminations_hatches_cover_houses_and_marks_fins() -> None:
    grid, step = position_step("fish", "fbf2", "fbf2")
    root = drawn(grid, step)
    assert struck(root) == names(step) == {"r6c1d4"}
    assert {e.get("data-cand") for e in of_class(root, "fin")} == {"r4c2d4", "r4c3d4"}
    assert len(of_class(root, "pattern")) == 4 and len(of_class(root, "house")) == 2  # base rows 4 and 9
    assert len(of_class(root, "cover")) == 18  # columns 1 and 5, one hatched square per cell
    legend = "".join(root.itertext())
    assert "fin (diamond)" in legend and "cover houses (hatched)" in legend and "removed by the step (struck out)" in legend


def test_a_chain_is_drawn_as_arrows_strong_solid_and_weak_dashed() -> None:
    grid, step = position_step("nice_loops", "aic", "nl")
    root = drawn(grid, step)
    links = of_class(root, "link")
    assert len(links) == len(step.highlights.links) == len(of_class(root, "head"))
    strong = [e for e in links if "strong" in (e.get("class") or "")]
    assert len(strong) == sum(link.strong for link in step.highlights.links) > 0
    assert all(e.get("stroke-dasharray") is None for e in strong)
    assert all(e.get("stroke-dasharray") for e in links if e not in strong)
    assert all(re.fullmatch(r"M[\d.]+ [\d.]+Q[\d. ]+", e.get("d") or "") for e in links)  # curved
    assert struck(root) == names(step)


def test_grouped_nodes_and_almost_locked_sets_are_framed() -> None:
    grid, step = position_step("nice_loops", "gdnl", "gnl")
    assert [g.kind for g in step.highlights.groups] == ["group"]
    assert len(of_class(drawn(grid, step), "group-node")) == 1
    grid, step = position_step("als", "axz", "axz")
    cells = [len({c.cell for c in g.candidates}) for g in step.highlights.groups]
    assert [g.kind for g in step.highlights.groups] == ["als", "als"] and cells == [2, 3]
    root = drawn(grid, step)
    assert len(of_class(root, "als")) == 5 and len(of_class(root, "als-cell")) == 5
    dashes = {e.get("stroke-dasharray") for e in of_class(root, "als")}
    assert len(dashes) == 2  # each set its own dash (and colour)


def test_multi_colours_are_two_pairs_of_classes_with_their_own_shapes() -> None:
    grid, step = position_step("coloring", "mc1", "mc")
    assert len(step.highlights.colors) == 4
    root = drawn(grid, step)
    for k, members in enumerate(step.highlights.colors):
        assert {e.get("data-cand") for e in of_class(root, f"color{k}")} == {f"r{c.cell // 9 + 1}c{c.cell % 9 + 1}d{c.digit}" for c in members}
    words = "".join(root.itertext())
    assert "colour A (disc)" in words and "colour D: opposite of C (ring)" in words


def test_a_remote_pair_colours_alternate_cells() -> None:
    grid, step = position_step("remote_pair", "rp", "rp")
    on, off = step.highlights.colors
    assert len(on) == len(off) == len(step.highlights.cells) and not set(on) & set(off)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_hint_picture_reveals_no_more_than_its_level(level: int) -> None:
    grid, step = position_step("uniqueness", "u2", "u2")
    root = ElementTree.fromstring(draw_svg(grid, Picture.for_hint(step, level)))
    assert len(of_class(root, "house")) >= 1
    assert bool(of_class(root, "cell")) == (level >= 2)  # the rectangle's corners
    assert bool(of_class(root, "pattern")) == (level >= 2)
    assert bool(of_class(root, "elimination")) == (level == 3)


def test_user_text_is_escaped_and_pages_are_valid() -> None:
    grid, step = position_step("fish", "fbf2", "fbf2")
    evil = "</title><script>alert(1)</script> & 'quotes' \""
    picture = draw_svg(grid, Picture.of_step(step), evil, standalone=False)
    assert "<script>" not in picture and ElementTree.fromstring(picture).find(f"{NS}title").text == evil  # type: ignore[union-attr]
    panel = Panel("p1-s1", "Step 1", evil, picture, line=evil, explanation=evil)
    page = walkthrough_page(evil, [Section(evil, (panel,), notes=(evil,), summary=((evil, "x", "1", "2"),), summary_head=("a", "b", "c", "d"))])
    assert problems(page) == [] and page.count("<script>") == 1


def test_the_checker_finds_what_is_wrong() -> None:
    page = walkthrough_page("t", [Section("s", (Panel("a", "A", "A", "<svg><rect></svg>"), Panel("a", "B", "B", "")))])
    found = problems(page.replace("</main>", "</div></main>", 1))
    assert any("used twice" in f for f in found) and any("well-formed" in f for f in found) and any("does not close" in f for f in found)


def test_forcing_chains_and_nets_colour_each_branch_on_and_off_named_after_its_assumption() -> None:
    position = next(p for p in load(PUZZLES / "techniques" / "forcing.txt") if p.code == "fcv")
    grid = grid_from(position.values, position.removed)
    step = next(s for s in CATALOG.by_code("fn").find(grid) if s.text == "Forcing Net Verity => r8c6=5")
    colors, words = step.highlights.colors, step.highlights.color_words
    assert len(colors) == len(words) >= 4 and len(colors) % 2 == 0
    for on, off, said in zip(colors[::2], colors[1::2], words[::2]):
        assert not set(on) & set(off)
        assert all(grid.cands[c.cell] >> (c.digit - 1) & 1 for c in (*on, *off))  # open candidates of the grid
        match = re.fullmatch(r"true if r(\d)c(\d) is (\d)", said)
        assert match is not None
        row, col, digit = map(int, match.groups())
        assert Candidate(digit, (row - 1) * 9 + col - 1) in on  # the assumption itself
    assert words[1] == "false" + words[0][4:]
    root = drawn(grid, step)
    legend = "".join(root.itertext())
    assert f"{words[0]} (disc)" in legend and f"{words[2]} (diamond)" in legend
    for k, members in enumerate(colors[:4]):
        assert {e.get("data-cand") for e in of_class(root, f"color{k}")} <= {f"r{c.cell // 9 + 1}c{c.cell % 9 + 1}d{c.digit}" for c in members}
    assert of_class(root, "color0") and of_class(root, "color2")

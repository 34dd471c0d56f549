"""The walkthrough page in a real browser (headless Chromium driven by Playwright): what a
person sees when pressing the keys, on a desk and on a phone, and when printing.

Needs the ``browser`` extra (``pip install -e '.[browser]'``) and Debian's ``chromium``
(``.ci/run`` installs both); without them these tests skip, saying which is missing. One
browser serves the whole module, and one page is built once: a few seconds in all.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.chromium import browser  # noqa: F401  (the module's fixture)
from tests.test_cli_hint import library_state
from tests.test_cli_solve import run

pytestmark = pytest.mark.browser
# Steps 1-21 singles and easy steps, 22 a Hidden Rectangle, 23-25 Discontinuous Nice Loops
# (HoDoKu's order: 25 is the short one, r8c6<>7), 26 an AIC, then singles.
CHAIN = ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........"
LAST = 30



@pytest.fixture(scope="module")
def walk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("page") / "walk.html"
    result = run("explain", CHAIN, "--until-step", str(LAST), "--html", str(page))
    assert result.returncode == 0, result.stderr
    return page


@pytest.fixture
def page(browser: Any, walk: Path) -> Iterator[Any]:
    tab = browser.new_page()
    tab.set_viewport_size({"width": 1280, "height": 800})
    tab.goto(walk.as_uri())
    yield tab
    tab.close()


def counter(tab: Any) -> str:
    return str(tab.inner_text("#counter"))


def current(tab: Any) -> str:
    ids = tab.eval_on_selector_all("section.panel", "ps => ps.filter(p => p.offsetParent !== null).map(p => p.id)")
    assert len(ids) == 1, ids  # one panel on screen at a time
    return str(ids[0])


def test_the_keys_move_through_the_steps(page: Any) -> None:
    first = counter(page)
    assert re.fullmatch(r"Start \(1 of \d+\)", first)
    page.keyboard.press("ArrowRight")
    assert counter(page) != first and current(page) != "p1-start"
    page.keyboard.press("ArrowLeft")
    assert counter(page) == first and current(page) == "p1-start"
    page.keyboard.press("End")
    assert counter(page).startswith("Summary") and current(page) == "p1-summary"
    page.keyboard.press("ArrowLeft")
    assert counter(page).startswith(f"After step {LAST}") and current(page) == "p1-end"
    page.keyboard.press("Home")
    assert counter(page) == first


def test_a_chain_step_shows_its_arrows_and_struck_eliminations(page: Any) -> None:
    page.click('nav.steps button[data-target="p1-s25"]')
    assert current(page) == "p1-s25" and counter(page).startswith("Step 25 ")
    panel = page.locator("#p1-s25")
    assert "Discontinuous Nice Loop" in panel.inner_text()
    struck = panel.locator(":scope > figure .elimination[data-cand]")  # not the legend's sample
    assert struck.count() == 1 and struck.get_attribute("data-cand") == "r8c6d7" and struck.is_visible()
    assert panel.locator(":scope > figure > svg > line.strike").is_visible()
    arrows = panel.locator(":scope > figure > svg > path.link")  # the legend's samples left out
    assert arrows.count() == 6 and panel.locator(":scope > figure > svg > path.link.weak").count() == 3
    page.keyboard.press("ArrowRight")
    assert current(page) == "p1-s26"


def test_singles_collapse_and_expand(page: Any) -> None:
    collapsed = int(counter(page).split(" of ")[1].rstrip(")"))
    page.click("#singles")
    expanded = int(counter(page).split(" of ")[1].rstrip(")"))
    assert expanded > collapsed
    page.keyboard.press("ArrowRight")
    assert page.locator("section.panel.current").get_attribute("data-kind") in ("single", "step")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_nothing_overflows(page: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    for _ in range(26):  # the start, the singles, the uniqueness step and both chains
        if current(page).endswith("summary"):
            break
        box = page.locator("section.panel.current > figure svg").bounding_box()
        wide = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide[0] <= wide[1], (current(page), wide)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (current(page), box)
        page.keyboard.press("ArrowRight")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_printing_gives_one_step_per_page(page: Any, paper: str) -> None:
    page.emulate_media(media="print")
    shown = page.eval_on_selector_all("section.panel", "ps => ps.filter(p => p.offsetParent !== null).length")
    assert shown == int(counter(page).split(" of ")[1].rstrip(")"))  # every panel of the view, one after another
    assert page.locator("nav.steps").is_hidden() and page.locator(".controls").is_hidden()
    breaks = page.eval_on_selector_all("section.panel", "ps => ps.filter(p => p.offsetParent !== null).map(p => getComputedStyle(p).breakAfter)")
    assert set(breaks[:-1]) == {"page"}  # the last one ends the document
    pdf = page.pdf(format=paper, print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages == shown  # a panel never spills onto a second page


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_hint_page_shows_the_mistake_and_the_hint_and_fits(browser: Any, tmp_path: Path, width: int, height: int) -> None:
    state = library_state(r1c1=1, r1c3=9)  # r1c3 is wrong (the solution has 7 there)
    file = tmp_path / "hint.html"
    assert run("hint", state, "--level", "2", "--ignore-mistakes", "--html", str(file)).returncode == 0
    tab = browser.new_page()
    try:
        tab.set_viewport_size({"width": width, "height": height})
        tab.goto(file.as_uri())
        seen = tab.inner_text("body")
        assert "r1c3 holds 9, which is not the solution there." in seen and "Hint (level 2 of 3)" in seen
        assert "solution has 7" not in seen  # not revealed without --reveal
        wide = tab.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide[0] <= wide[1]
        check = tab.locator("svg .check").first
        assert check.is_visible()
        box = check.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= width
        assert tab.locator("svg").count() == 2  # the grid with the cells to check, then the hint's picture
        assert tab.locator("svg .placement").count() == 0  # level 2 shows no placement yet
    finally:
        tab.close()

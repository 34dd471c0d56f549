"""The page of ``stepdoku serve`` in a real browser (headless Chromium driven by Playwright),
against a real server process started here: what a player does with the mouse, with the
keyboard alone, and on a phone.

Needs the ``browser`` and ``web`` extras and Debian's ``chromium`` (``.ci/run`` installs
them); without them these tests skip, saying which is missing.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.test_cli_hint import PUZZLE, SOLUTION

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-sync"]

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: pip install -e '.[browser]'")
pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)", allow_module_level=True)
expect = sync_api.expect


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A real ``stepdoku serve`` on a free port; its address."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), "serve", "--port", "0", "--workers", "1", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"serving on (http://\S+/)", first)
    assert found, (first, process.stderr.read() if process.stderr else "")
    yield found.group(1)
    process.terminate()
    assert process.wait(timeout=60) == 0


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS, headless=True)
        yield context
        context.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    tab = browser.new_page()
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.goto(server)
    tab.evaluate("localStorage.clear()")
    tab.goto(server)
    expect(tab.locator("#status")).not_to_be_empty()
    yield tab
    tab.close()


def load(tab: Any, text: str) -> None:
    tab.fill("#paste", text)
    tab.click("#load")
    expect(tab.locator("#status")).to_contain_text("Loaded")


def grid(tab: Any) -> list[str]:
    """What a screen reader hears of each cell: its name, value and pencil marks."""
    labels: list[str] = tab.eval_on_selector_all("#grid .cell", "cs => cs.map(c => c.getAttribute('aria-label'))")
    return labels


def fits(tab: Any) -> bool:
    wide = tab.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    return bool(wide[0] <= wide[1])


def test_type_a_puzzle_on_the_grid(page: Any) -> None:
    page.click("#blank")
    expect(page.locator("#done")).to_be_visible()
    page.click("#cell-r1c1")
    for ch in PUZZLE:
        page.keyboard.press(ch if ch != "0" else "0")
    page.click("#done")
    expect(page.locator("#status")).to_contain_text("one solution")
    labels = grid(page)
    assert labels[1] == "r1c2, given 3" and labels[0] == "r1c1, empty"
    assert sum("given" in label for label in labels) == sum(ch != "0" for ch in PUZZLE)


def test_a_broken_puzzle_is_named_as_the_cli_names_it(page: Any) -> None:
    page.fill("#paste", "11" + "." * 79)
    page.click("#load")
    expect(page.locator("#status")).to_contain_text("no solution: r1c1 and r1c2 both hold 1 (row 1)")
    page.fill("#paste", "." * 80)
    page.click("#load")
    expect(page.locator("#status")).to_contain_text("80 cells, need 81")


def test_a_wrong_digit_is_named_without_the_solution_then_levels_1_to_3_and_apply(page: Any) -> None:
    load(page, PUZZLE)
    page.click("#cell-r1c1")
    page.keyboard.press("1")  # right (the solution has 1 there)
    page.click("#cell-r1c3")
    page.keyboard.press("9")  # wrong: the solution has 7
    page.click("#hint")
    out = page.locator("#hint-out")
    expect(out).to_contain_text("r1c3 holds 9, which is not the solution there.")
    assert "7" not in out.locator("ul.mistakes").inner_text()
    assert "bad" in (page.locator("#cell-r1c3").get_attribute("class") or "")
    assert out.locator("figure svg .check").count() == 1  # the drawn grid frames the cell to check
    page.click("#cell-r1c3")
    page.keyboard.press("Delete")
    for level in (1, 2, 3):
        page.click("#hint")
        expect(out).to_contain_text(f"Hint (level {level} of 3)")
        assert out.locator("figure svg").count() == 1
    assert out.locator("figure svg .cand.placement, figure svg .cand.elimination").count() >= 1  # level 3 draws the whole step
    filled = sum(", empty" not in label for label in grid(page))
    page.click("#apply")
    expect(page.locator("#status")).to_contain_text("Applied:")
    assert sum(", empty" not in label for label in grid(page)) == filled + 1  # the first step of this puzzle is a single


def test_walk_through_the_rest_with_the_arrows_and_the_rating(page: Any) -> None:
    load(page, PUZZLE)
    page.click("#walk")
    expect(page.locator("#counter")).to_contain_text("Start (1 of")
    total = int(re.search(r"of (\d+)", page.inner_text("#counter")).group(1))  # type: ignore[union-attr]
    page.keyboard.press("ArrowRight")
    expect(page.locator("#counter")).not_to_contain_text("Start")
    assert page.locator("#walk-panels section.panel.current figure svg").count() == 1
    page.keyboard.press("End")
    expect(page.locator("#counter")).to_contain_text(f"Summary ({total} of {total})")
    expect(page.locator("#walk-panels section.panel.current table.summary")).to_be_visible()
    expect(page.locator("#rating")).to_contain_text("HoDoKu: Easy")
    expect(page.locator("#rating")).to_contain_text("Sudoku Explainer: ER")  # graded by the other scale too


def test_reload_keeps_the_grid_and_a_shared_link_opens_it(page: Any, browser: Any, server: str) -> None:
    load(page, PUZZLE)
    page.click("#cell-r1c1")
    page.keyboard.press("1")
    page.click("#cell-r1c3")
    page.keyboard.press("Shift+Digit7")  # a pencil mark
    page.keyboard.press("Shift+Digit2")
    before = grid(page)
    assert before[2] == "r1c3, empty, pencil marks 2 7"
    page.reload()
    expect(page.locator("#status")).to_contain_text("as you left it")
    assert grid(page) == before
    page.click("#share")
    link = page.input_value("#link")
    assert link.startswith(server + "?p=")
    other = browser.new_page()
    try:
        other.goto(server)
        other.evaluate("localStorage.clear()")
        other.goto(link)
        expect(other.locator("#status")).to_contain_text("Opened the puzzle of the link")
        assert grid(other) == before
    finally:
        other.close()


def test_play_at_390_px_without_overflow(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, PUZZLE)
    assert fits(page)
    box = page.locator("#grid").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.click("#cell-r1c3")
    page.click('.pad [data-digit="9"]')
    page.click("#hint")
    expect(page.locator("#hint-out")).to_contain_text("Mistakes")
    assert fits(page)
    page.click("#cell-r1c3")
    page.click("#erase")
    page.click("#walk")
    expect(page.locator("#counter")).to_contain_text("Start (1 of")
    for _ in range(5):
        page.click("#next")
        assert fits(page)


def test_keyboard_only_play(page: Any, server: str) -> None:
    page.goto(f"{server}?p={PUZZLE}")
    expect(page.locator("#status")).to_contain_text("Opened the puzzle of the link")
    page.keyboard.press("Tab")  # the grid is the first stop
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowUp")  # already on the top row: stays
    for _ in range(8):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.id") == "cell-r1c1"
    page.keyboard.press("1")  # r1c1 = 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # r1c3
    page.keyboard.press("p")  # pencil mode
    page.keyboard.press("7")
    page.keyboard.press("4")
    assert grid(page)[2] == "r1c3, empty, pencil marks 4 7"
    page.keyboard.press("p")
    page.keyboard.press("7")  # the digit, which clears r1c3's marks in row 1 peers
    assert grid(page)[2] == "r1c3, 7"
    page.keyboard.press("Delete")
    assert grid(page)[2] == "r1c3, empty, pencil marks 4 7"
    page.keyboard.press("Control+z")
    assert grid(page)[2] == "r1c3, 7"
    page.keyboard.press("Control+y")
    page.keyboard.press("h")
    expect(page.locator("#hint-out")).to_contain_text("Hint (level 1 of 3)")
    assert grid(page)[0] == "r1c1, 1" and SOLUTION[0] == "1"
    focus = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert focus != "none"  # the focus is visible

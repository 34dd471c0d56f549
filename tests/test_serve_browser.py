"""The page of ``stepdoku serve`` in a real browser (headless Chromium driven by Playwright),
against a real server process started here: what a player does with the mouse, with the
keyboard alone, and on a phone.

Needs the ``browser`` and ``web`` extras and Debian's ``chromium`` (``.ci/run`` installs
them); without them these tests skip, saying which is missing.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.chromium import browser, expect  # noqa: F401  (browser: the module's fixture)
from tests.test_cli_hint import PUZZLE, SOLUTION

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")


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


def focused(tab: Any) -> str:
    return str(tab.evaluate("document.activeElement.id || document.activeElement.tagName"))


def test_typing_clues_reads_like_typing_text(page: Any) -> None:
    """A digit moves on, so Backspace takes back the one before; Enter starts the game: all
    from the keyboard, as a newspaper puzzle is copied in."""
    for _ in range(40):  # Tab to "Type one on the grid"
        page.keyboard.press("Tab")
        if focused(page) == "blank":
            break
    page.keyboard.press("Enter")
    assert focused(page) == "cell-r1c1"
    page.keyboard.press("0")
    page.keyboard.press("2")  # a slip: r1c2 is 3
    page.keyboard.press("Backspace")
    assert focused(page) == "cell-r1c2" and grid(page)[1] == "r1c2, empty"
    for ch in PUZZLE[1:]:
        page.keyboard.press(ch)
    assert focused(page) == "cell-r9c9"
    page.keyboard.press("Backspace")  # r9c9 is empty: takes back r9c8's 2
    assert focused(page) == "cell-r9c8" and grid(page)[79] == "r9c8, empty"
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_contain_text("one solution")
    assert [label.startswith(f"r{n // 9 + 1}c{n % 9 + 1}, given") for n, label in enumerate(grid(page))] == [ch != "0" for ch in PUZZLE]


def _contrast(first: str, second: str) -> float:
    def luminance(css: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"[\d.]+", css)[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_focus_ring_stands_out_on_every_control(page: Any) -> None:
    """WCAG's 3:1 for a focus indicator, against what it is drawn on: inside a cell (the cell's
    own colour, selected or not) and around a control (the panel or page behind it)."""
    load(page, PUZZLE)
    seen = set()
    for _ in range(30):
        page.keyboard.press("Tab")
        ring = page.evaluate(
            """() => { const e = document.activeElement, s = getComputedStyle(e);
            const behind = e.classList.contains('cell') ? s.backgroundColor : getComputedStyle(e.closest('.panel, section, footer, body')).backgroundColor;
            return [e.id || e.tagName, s.outlineStyle, s.outlineColor, behind]; }"""
        )
        if ring[0] == "BODY":
            continue
        seen.add(ring[0])
        assert ring[1] != "none", ring
        back = ring[3] if ring[3] != "rgba(0, 0, 0, 0)" else "rgb(244, 246, 248)"  # transparent: the page shows through
        assert _contrast(ring[2], back) >= 3, ring
    assert {"cell-r1c1", "hint", "walk", "paste", "generate"} <= seen


def test_loading_another_puzzle_can_be_undone(page: Any) -> None:
    load(page, PUZZLE)
    page.click("#cell-r1c1")
    page.keyboard.press("1")
    playing = grid(page)
    load(page, "800000000003600000070090200050007000000045700000100030001000068008500010090000400")  # another pasted over the game
    assert grid(page) != playing
    page.click("#undo")
    assert grid(page) == playing  # the game in progress is back
    page.click("#redo")
    assert grid(page)[0] == "r1c1, given 8"


def test_the_panel_never_speaks_of_an_older_grid_and_a_full_grid_is_checked_at_once(page: Any) -> None:
    load(page, PUZZLE)
    page.click("#cell-r1c3")
    page.keyboard.press("9")  # wrong: 7
    page.click("#check")
    expect(page.locator("#hint-out")).to_contain_text("r1c3 holds 9")
    page.click("#cell-r1c3")
    page.keyboard.press("7")
    expect(page.locator("#hint-out")).to_be_empty()  # the mistake it named is gone
    for n, ch in enumerate(PUZZLE):
        if ch == "0" and n != 2:
            page.click(f"#cell-r{n // 9 + 1}c{n % 9 + 1}")
            page.keyboard.press(SOLUTION[n])
    expect(page.locator("#hint-out")).to_contain_text("Solved: every cell is filled and agrees with the solution.")  # without pressing Check


def test_a_busy_server_is_asked_again_after_retry_after(page: Any) -> None:
    load(page, PUZZLE)
    answered = []

    def busy_once(route: Any) -> None:
        answered.append(route.request.url)
        if len(answered) == 1:
            body = '{"error": "the server is busy (quick lane full); try again in 1 s", "kind": "busy"}'
            route.fulfill(status=503, headers={"retry-after": "1", "content-type": "application/json"}, body=body)
        else:
            route.continue_()

    page.route("**/api/v1/hint", busy_once)
    page.click("#hint")
    expect(page.locator("#status")).to_contain_text("The server is busy: asking again in 1 s")
    expect(page.locator("#hint-out")).to_contain_text("Hint (level 1 of 3)")
    assert len(answered) == 2


def test_keyboard_focus_stays_in_play_after_apply(page: Any) -> None:
    load(page, PUZZLE)
    page.focus("#hint")
    page.keyboard.press("Enter")
    expect(page.locator("#hint-out")).to_contain_text("Hint (level 1 of 3)")
    page.keyboard.press("Tab")
    assert focused(page) == "apply"
    empty = sum(", empty" in label for label in grid(page))
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_contain_text("Applied:")
    assert focused(page) == "hint"  # not the page's start: Enter asks for the next hint
    assert sum(", empty" in label for label in grid(page)) == empty - 1


def test_the_api_docs_fit_a_phone(browser: Any, server: str) -> None:
    tab = browser.new_page()
    missing: list[str] = []
    tab.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    try:
        tab.set_viewport_size({"width": 390, "height": 844})
        tab.goto(server + "docs")
        expect(tab.locator("h1")).to_contain_text("stepdoku API")
        assert fits(tab) and not missing
    finally:
        tab.close()

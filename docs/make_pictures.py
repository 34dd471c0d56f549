"""Draw the pictures the README shows (run from the repository root):

    .venv/bin/python docs/make_pictures.py            # the drawn steps, as SVG
    .venv/bin/python docs/make_pictures.py --page     # also a screenshot of the page (needs
                                                      # the browser extra and /usr/bin/chromium)

Each picture is the first step of a technique in one of our own positions
(``puzzles/techniques/``), drawn by ``engine.app.draw`` exactly as ``explain --svg DIR`` does.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.app.draw import Picture, draw_svg  # noqa: E402
from techniques import CATALOG  # noqa: E402
from tests.conftest import grid_from  # noqa: E402
from tests.test_positions import load  # noqa: E402

#: (file name, positions file, position code, technique code)
PICTURES = (
    ("drawn-fish.svg", "fish", "fbf2", "fbf2"),
    ("drawn-chain.svg", "nice_loops", "aic", "nl"),
    ("drawn-coloring.svg", "coloring", "mc1", "mc"),
    ("drawn-uniqueness.svg", "uniqueness", "u2", "u2"),
    ("drawn-als.svg", "als", "axz", "axz"),
)
PAGE_PUZZLE = ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........"


def draw_steps() -> None:
    for name, file, code, technique in PICTURES:
        position = next(p for p in load(ROOT / "puzzles" / "techniques" / f"{file}.txt") if p.code == code)
        grid = grid_from(position.values, position.removed)
        step = next(CATALOG.by_code(technique).find(grid))
        (ROOT / "docs" / name).write_text(draw_svg(grid, Picture.of_step(step), str(step)))
        print(f"docs/{name}: {step}")


def screenshot_page() -> None:
    from playwright.sync_api import sync_playwright

    from tests.test_browser import ARGS, CHROMIUM

    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "walk.html"
        subprocess.run([sys.executable, str(ROOT / "cli.py"), "explain", PAGE_PUZZLE, "--until-step", "30", "--html", str(page_file)], check=True)
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(str(Path(folder) / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True)
            tab = context.new_page()
            tab.set_viewport_size({"width": 1280, "height": 800})
            tab.goto(page_file.as_uri() + "#p1-s23")
            tab.screenshot(path=str(ROOT / "docs" / "walkthrough-page.png"))
            context.close()
    print("docs/walkthrough-page.png")


if __name__ == "__main__":
    draw_steps()
    if "--page" in sys.argv:
        screenshot_page()

"""``stepdoku explain`` end to end: the walkthrough, --text, --json, --html, --svg, ranges."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path

from tests.conftest import ROOT, puzzle_lines
from tests.htmlcheck import problems
from tests.test_cli_solve import INKALA, run

EASY = puzzle_lines("easy50.txt", 1)[0]
# Step 12 is a Hidden Pair: everything before it is singles and Locked Candidates.
ROYLE = ".....14..5.4......2........3..26.....1....7.....5...........32..8..4...........65"


def _grids(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith("   ┏"))


def test_default_is_a_walkthrough_of_the_default_puzzle() -> None:
    result = run("explain")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[:2] == ["Puzzle 1 (line 1)", INKALA.replace("0", ".")]
    assert lines[2].startswith("Solved in ")
    promised = re.search(r"It takes (\d+) steps", (ROOT / "README.md").read_text())
    assert promised is not None and lines[2] == f"Solved in {promised.group(1)} steps.", "the README's quick start gives the count"
    assert any(line.startswith("Key: [8] given") for line in lines)
    assert "Summary" in lines and any(line.startswith("Rating: ") for line in lines)
    assert "r1 ┃  [8]  │" in result.stdout  # the candidate grid, givens in brackets


def test_singles_collapsed_by_default_and_full_on_request() -> None:
    collapsed = run("explain", EASY).stdout
    full = run("explain", EASY, "--singles", "full").stdout
    steps = len(run("explain", EASY, "--text").stdout.splitlines())
    assert _grids(collapsed) == 2  # the start, and the solved grid after the one run of singles
    assert _grids(full) == steps + 1  # a grid per step, and the solved grid
    assert f"Steps 1-{steps}: {steps} singles" in collapsed


def test_text_is_the_plain_step_lines() -> None:
    result = run("explain", EASY, "--text")
    lines = result.stdout.splitlines()
    assert all(line.split(". ", 1)[0].isdigit() for line in lines)
    assert lines[0].startswith("1. ")


def test_json_keeps_its_shape_and_adds_the_rating() -> None:
    data = json.loads(run("explain", EASY, "--json").stdout)
    assert set(data) == {"puzzle", "status", "error", "solution", "brute_force", "steps", "source", "rating"}
    rating = data["rating"]
    assert rating["level"] == "Easy" and rating["steps"] == len(data["steps"]) and rating["brute_force"] == 0
    assert rating["score"] == sum(t["score"] for t in rating["techniques"])
    assert isinstance(rating["se"], float) and rating["hardest"] in {"Full House", "Naked Single", "Hidden Single"}


def test_step_range() -> None:
    out = run("explain", ROYLE, "--from-step", "12", "--until-step", "12").stdout
    assert "12. Hidden Pair: 2,6 in r5c39 =>" in out
    assert "11. " not in out and "13. " not in out
    assert _grids(out) == 1
    assert "Summary of the whole solution" in out
    text = run("explain", ROYLE, "--text", "--from-step", "11", "--until-step", "12").stdout.splitlines()
    assert [line.split(".")[0] for line in text] == ["11", "12"]


def test_bad_ranges_are_usage_errors() -> None:
    result = run("explain", EASY, "--from-step", "9", "--until-step", "3")
    assert result.returncode == 2 and result.stderr == "stepdoku: --until-step must not be before --from-step\n"
    result = run("explain", EASY, "--from-step", "999")
    assert result.returncode == 2 and "The solution has only" in result.stdout
    result = run("explain", EASY, "--from-step", "999", "--text")  # not a blank line and exit 0
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "stepdoku: line 1: the solution has only 49 steps; nothing from step 999\n"
    result = run("explain", EASY, "--from-step", "0")
    assert result.returncode == 2 and "must be 1 or more" in result.stderr
    result = run("explain", EASY, "--max-difficulty", "-5")  # was solved by 64 Brute Force steps, "Extreme"
    assert (result.returncode, result.stdout) == (2, "") and "--max-difficulty: must be 0 or more: '-5'" in result.stderr
    result = run("explain", EASY, "--max-difficulty", "5")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "stepdoku: --max-difficulty 5 leaves no technique to use: the first technique in profile 'hodoku', Full House, "
        "is ordered 100 (see 'stepdoku techniques --profile hodoku')\n"
    )


def test_invalid_and_unreadable_puzzles() -> None:
    result = run("explain", "11" + "." * 79)
    assert result.returncode == 1 and "cannot be explained: no solution: r1c1 and r1c2 both hold 1" in result.stdout
    result = run("explain", "12345")
    assert result.returncode == 2 and "Traceback" not in result.stderr


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_and_svg_are_self_contained_and_escape_user_text(tmp_path: Path) -> None:
    puzzles = tmp_path / "<b>odd & name.txt"  # where the puzzle came from is shown
    puzzles.write_text(ROYLE + "\n")
    page, picture = tmp_path / "walk.html", tmp_path / "walk.svg"
    result = run("explain", str(puzzles), "--from-step", "12", "--until-step", "12", "--html", str(page), "--svg", str(picture))
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr == f"stepdoku: wrote {page}\nstepdoku: wrote {picture}\n"
    html = page.read_text()
    assert problems(html) == []
    parser = _Collect()
    parser.feed(html)
    assert parser.tags.count("html") == 1 and "b" not in parser.tags and parser.tags.count("script") == 1  # ours only
    text = "".join(parser.text)
    assert "<b>odd & name.txt" in text  # shown as text, not markup
    assert "12. Hidden Pair" in text and parser.tags.count("svg") == 3  # before step 12, the step, after it
    svg = picture.read_text()  # --svg FILE: the terminal output as a picture, as before
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    words = "".join(root.itertext()).replace("\xa0", " ")
    assert "&lt;b&gt;odd" in svg and "12. Hidden Pair" in words and "r5 ┃" in words
    for document in (html, svg):
        assert "https://" not in document.replace("https://www.textualize.io", "") and "@font-face" not in document


def test_unwritable_export_is_an_output_failure(tmp_path: Path) -> None:
    result = run("explain", EASY, "--html", str(tmp_path / "missing" / "walk.html"))
    assert result.returncode == 4 and result.stderr.startswith("stepdoku: cannot write")


def test_a_script_comment_in_a_puzzle_file_stays_text(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(ROYLE + "  # <script>alert('x')</script>\n")
    page, picture = tmp_path / "walk.html", tmp_path / "walk.svg"
    result = run("explain", str(puzzles), "--until-step", "1", "--html", str(page), "--svg", str(picture))
    assert result.returncode == 0
    parser = _Collect()
    parser.feed(page.read_text())
    assert parser.tags.count("script") == 1 and problems(page.read_text()) == []  # our own script only
    assert "<script>alert('x')</script>" in "".join(parser.text)  # shown in the heading, as text
    svg = picture.read_text()
    assert "<script" not in svg and "&lt;script&gt;" in svg
    ElementTree.fromstring(svg)  # still well-formed


def test_svg_into_a_folder_draws_each_step_and_an_index(tmp_path: Path) -> None:
    folder = tmp_path / "pictures"
    result = run("explain", ROYLE, "--until-step", "12", "--svg", f"{folder}/")
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr == f"stepdoku: wrote 14 pictures and index.html in {folder}/\n"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["end.svg", "index.html", "start.svg", *(f"step-{n:03d}.svg" for n in range(1, 13))]
    step = ElementTree.fromstring((folder / "step-012.svg").read_text())  # the Hidden Pair
    struck = {e.get("data-cand") for e in step.iter() if "elimination" in (e.get("class") or "") and e.get("data-cand")}
    assert struck == {"r5c9d3", "r5c3d5", "r5c3d8", "r5c9d8", "r5c3d9", "r5c9d9"}
    index = (folder / "index.html").read_text()
    assert problems(index) == [] and index.count("<img ") == 14 and 'src="step-012.svg"' in index
    again = run("explain", ROYLE, "--until-step", "2", "--svg", str(folder))  # an existing folder: no slash needed
    assert again.returncode == 0 and "4 pictures" in again.stderr  # start, steps 1 and 2, end
    assert sorted(p.name for p in folder.iterdir()) == ["end.svg", "index.html", "start.svg", "step-001.svg", "step-002.svg"]


def test_svg_into_a_folder_removes_only_its_own_stale_pictures(tmp_path: Path) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    mine = ["notes.txt", "step-1.svg", "step-001.png", "photo.svg", "step-0001.svg", "step-1000.svg", "step-000.svg", "puzzle-0002-end.svg"]  # not names stepdoku writes
    for name in [*mine, "step-040.svg", "puzzle-002-step-003.svg"]:
        (folder / name).write_text("x")
    assert run("explain", ROYLE, "--until-step", "1", "--svg", str(folder)).returncode == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted([*mine, "end.svg", "index.html", "start.svg", "step-001.svg"])


def test_svg_into_a_missing_folder_or_a_file_is_an_output_failure(tmp_path: Path) -> None:
    result = run("explain", ROYLE, "--svg", f"{tmp_path}/missing/deeper/")
    assert result.returncode == 4 and result.stderr.startswith("stepdoku: cannot write into")


def test_the_page_opens_with_singles_expanded_when_asked(tmp_path: Path) -> None:
    page = tmp_path / "walk.html"
    assert run("explain", EASY, "--html", str(page), "--singles", "full").returncode == 0
    html = page.read_text()
    assert problems(html) == [] and '<body class="expanded">' in html and 'aria-pressed="true"' in html

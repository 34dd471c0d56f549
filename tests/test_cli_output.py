"""When the output cannot be written: a full disk, a closed pipe, a terminal that cannot show
a character. One line (or silence for a closed pipe) and a documented exit code, never an
internal error; for the encoding, a stand-in character so that the output still appears."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def command(*args: str) -> list[str]:
    return [sys.executable, str(ROOT / "cli.py"), *args]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["solve"], ["explain", "--text"], ["grade", INKALA, "--format", "jsonl", "-q"]])
def test_a_full_disk_is_one_line_and_exit_4(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(command(*args), stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 4
    assert done.stderr == "stepdoku: cannot write the output: No space left on device\n"


EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
FULL = "stepdoku: cannot write '/dev/full': No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["grade", INKALA, "-o", "/dev/full", "--format", "jsonl"],
        ["grade", INKALA, "-o", "/dev/full", "--format", "csv"],
        ["grade", INKALA, "-o", "/dev/full"],
        ["grade", INKALA, EASY, INKALA, "-j", "2", "-o", "/dev/full", "--format", "jsonl"],
        ["generate", "--seed", "1", "-q", "-o", "/dev/full"],
        ["explain", EASY, "--html", "/dev/full"],
        ["explain", EASY, "--svg", "/dev/full"],
        ["steps", EASY, "-t", "n1", "--html", "/dev/full"],
        ["hint", EASY, "--html", "/dev/full"],
        ["techniques", "--svg", "/dev/full"],
    ],
    ids=lambda args: " ".join(a for a in args if a not in (INKALA, EASY)),
)
def test_a_full_disk_behind_a_file_option_is_exit_4_naming_it(args: list[str]) -> None:
    done = subprocess.run(command(*args), capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert (done.returncode, done.stderr.splitlines()[-1] + "\n") == (4, FULL)


@pytest.mark.parametrize(
    "args, named",
    [
        (["grade", INKALA, "-o", "{tmp}/nodir/x.jsonl", "--format", "jsonl"], "'{tmp}/nodir/x.jsonl': No such file or directory"),
        (["generate", "--seed", "1", "-q", "-o", "{tmp}/nodir/x.txt"], "'{tmp}/nodir/x.txt': No such file or directory"),
        (["explain", EASY, "--html", "/proc/nope.html"], "'/proc/nope.html': No such file or directory"),
        (["explain", EASY, "--svg", "/proc/x/"], "'/proc/x/': No such file or directory"),
        (["explain", EASY, "--html", "{tmp}/nodir/walk.html"], "'{tmp}/nodir/walk.html': no such folder '{tmp}/nodir'"),
        (["steps", EASY, "--svg", "{tmp}/nodir/deeper/"], "into '{tmp}/nodir/deeper/': no such folder '{tmp}/nodir'"),
    ],
)
def test_an_output_that_cannot_be_made_is_exit_4_naming_it(args: list[str], named: str, tmp_path: Path) -> None:
    if "/proc/" in " ".join(args) and not os.path.isdir("/proc"):
        pytest.skip("needs /proc")
    done = subprocess.run(command(*(a.format(tmp=tmp_path) for a in args)), capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 4
    assert done.stderr.splitlines() == [f"stepdoku: cannot write {named.format(tmp=tmp_path)}"]


@pytest.mark.parametrize("args", [["solve"], ["explain"], ["steps"], ["grade", "--format", "jsonl", "-q"]])
def test_a_closed_pipe_stops_quietly(args: list[str], tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text((INKALA + "\n") * 400)
    process = subprocess.Popen(command(args[0], str(path), *args[1:]), stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=300) == 141
    assert stderr == ""


def test_a_terminal_that_cannot_show_a_character_gets_a_stand_in(tmp_path: Path) -> None:
    path = tmp_path / "accents.txt"
    path.write_text(INKALA + " # café, Inkala’s\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(command("explain", str(path), "--until-step", "1"), capture_output=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    out = done.stdout.decode("ascii")
    assert "cafe, Inkala's" in " ".join(out.split())
    assert "+=======+" in out and "Forcing Net" in out

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

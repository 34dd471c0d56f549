"""Batches that stop and go on: ``grade --output FILE --resume`` after SIGKILL, SIGTERM and
torn lines; a worker process killed mid-run; no worker left behind when the parent is
killed. Each run is a real ``stepdoku grade`` process, killed with real signals."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import main
from tests.conftest import ROOT, puzzle_lines

posix = pytest.mark.skipif(os.name != "posix", reason="signals and process groups are POSIX")
linux = pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds worker processes through /proc")


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 17-clue puzzles, with a puzzle that comes twice and two unreadable lines."""
    lines = [line.split()[0] for line in puzzle_lines("royle17_sample1000.tsv", 300)]
    lines[40:40] = ["not a puzzle at all"]
    lines[200:200] = [lines[10], "12345"]
    path = tmp_path_factory.mktemp("resume") / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def reference(batch: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, object]]]:
    """The records of an uninterrupted run, in each resumable format, without timings."""
    folder = tmp_path_factory.mktemp("reference")
    done = {}
    for form in ("jsonl", "csv"):
        target = folder / f"whole.{form}"
        assert main(["grade", str(batch), "--format", form, "-o", str(target), "-q"]) == 2  # two unreadable lines
        done[form] = untimed(target, form)
    return done


def untimed(path: Path, form: str) -> list[dict[str, object]]:
    """The records of a file, without the timing field (the only one that may differ)."""
    text = path.read_text()
    assert text.endswith("\n")
    if form == "jsonl":
        records = [json.loads(line) for line in text.splitlines()]
    else:
        rows = [line.split(",") for line in text.splitlines()]
        records = [dict(zip(rows[0], row)) for row in rows[1:]]
    for record in records:
        record.pop("seconds")
    return records


def grade_process(batch: Path, target: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), "grade", str(batch), "-o", str(target), "--resume", "-q", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,  # its own process group: the whole run can be killed at once
    )


def lines_in(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def wait_for_lines(process: subprocess.Popen[str], path: Path, count: int) -> None:
    """Wait until the run has written ``count`` lines (or ended)."""
    deadline = time.monotonic() + 120
    while lines_in(path) < count and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)


def children(pid: int) -> list[int]:
    """The process ids whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and b"resource_tracker" not in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@posix
@pytest.mark.parametrize("form", ["jsonl", "csv"])
def test_killed_five_times_and_resumed_equals_an_uninterrupted_run(
    form: str, batch: Path, reference: dict[str, list[dict[str, object]]], tmp_path: Path
) -> None:
    target = tmp_path / f"resumed.{form}"
    rng = random.Random(18)
    total = len(reference[form]) + (form == "csv")
    kills = 0
    for point in sorted(rng.sample(range(5, total - 5), 5)):
        process = grade_process(batch, target, "--format", form, "-j", "2")
        wait_for_lines(process, target, point)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            kills += 1
        process.communicate(timeout=60)
        if kills == 2:  # as if the kill had come in the middle of a write
            with target.open("a") as handle:
                handle.write('{"puzzle": "..3.5' if form == "jsonl" else "..3.5..4...8.1.5,o")
    assert kills >= 3, "the runs ended before they could be killed: the batch is too small for this machine"
    process = grade_process(batch, target, "--format", form, "-j", "2")
    _, err = process.communicate(timeout=300)
    assert process.returncode == 2, err  # as the uninterrupted run: two unreadable lines
    assert "graded before, kept (--resume)" not in err  # -q: no summary
    assert untimed(target, form) == reference[form]


def test_resuming_a_finished_file_grades_nothing_and_keeps_it(batch: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "done.jsonl"
    assert main(["grade", str(batch), "--format", "jsonl", "-o", str(target), "-q"]) == 2
    before = target.read_bytes()
    assert main(["grade", str(batch), "--format", "jsonl", "-o", str(target), "--resume"]) == 2  # the whole run's exit code
    assert target.read_bytes() == before
    assert "0 puzzles in" in capsys.readouterr().err


def test_resume_refuses_another_input(batch: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "part.jsonl"
    lines = batch.read_text().splitlines()
    target.write_text("".join(line + "\n" for line in _records(lines[:5])))
    swapped = tmp_path / "swapped.txt"
    swapped.write_text("\n".join([lines[1], lines[0], *lines[2:]]) + "\n")
    before = target.read_bytes()
    assert main(["grade", str(swapped), "--format", "jsonl", "-o", str(target), "--resume", "-q"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"record 1 is for \S+, which is not puzzle 1 of the input", err), err
    assert target.read_bytes() == before
    short = tmp_path / "short.txt"
    short.write_text("\n".join(lines[:3]) + "\n")
    assert main(["grade", str(short), "--format", "jsonl", "-o", str(target), "--resume", "-q"]) == 2
    assert "holds 4 records or more, but the input has only 3 puzzles" in capsys.readouterr().err


def _records(lines: list[str]) -> list[str]:
    """The JSON lines of grading these input lines."""
    out = []
    for line in lines:
        from io import StringIO

        buffer = StringIO()
        main(["grade", line, "--format", "jsonl", "-q"], out=buffer, err=StringIO())
        out.append(buffer.getvalue().strip())
    return out


def test_resume_refuses_another_format_or_profile_and_a_table(batch: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "part.jsonl"
    target.write_text(_records([batch.read_text().splitlines()[0]])[0] + "\n")
    assert main(["grade", str(batch), "--profile", "se", "--format", "jsonl", "-o", str(target), "--resume", "-q"]) == 2
    assert "not a record of this batch (another --format or --profile?)" in capsys.readouterr().err
    assert main(["grade", str(batch), "--format", "table", "-o", str(target), "--resume"]) == 2
    assert "--resume needs --format jsonl or csv" in capsys.readouterr().err
    assert main(["grade", str(batch), "--resume"]) == 2
    assert "--resume needs --output FILE" in capsys.readouterr().err


def test_resume_names_a_format_mismatch(batch: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 26: a JSON line read as a CSV row said "record 1 is for {...", not what was wrong.
    first = batch.read_text().splitlines()[0]
    target = tmp_path / "part.jsonl"
    kept = _records([first])[0] + "\n"
    target.write_text(kept)
    assert main(["grade", str(batch), "--format", "csv", "-o", str(target), "--resume", "-q"]) == 2
    assert capsys.readouterr().err == (
        f"stepdoku: {target}:1: the file holds JSON lines (--format jsonl), not CSV rows (--format csv): "
        "resume with --format jsonl, or start again without --resume\n"
    )
    table = tmp_path / "part.csv"
    assert main(["grade", first, "--format", "csv", "-o", str(table), "-q"]) == 0
    assert main(["grade", str(batch), "--format", "jsonl", "-o", str(table), "--resume", "-q"]) == 2
    assert "the file holds CSV rows (--format csv), not JSON lines (--format jsonl): resume with --format csv" in capsys.readouterr().err
    assert target.read_text() == kept  # left as it was


@posix
def test_sigterm_stops_like_ctrl_c(batch: Path, tmp_path: Path) -> None:
    target = tmp_path / "stopped.jsonl"
    process = grade_process(batch, target, "--format", "jsonl", "-j", "2")
    wait_for_lines(process, target, 20)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    match = re.search(r"interrupted \(SIGTERM\) after (\d+) puzzles", err)
    assert match, err
    assert "Traceback" not in err
    text = target.read_text()
    assert text.endswith("\n") and int(match.group(1)) == text.count("\n")


@posix
@linux
def test_a_killed_worker_is_replaced_and_nothing_is_lost(batch: Path, reference: dict[str, list[dict[str, object]]], tmp_path: Path) -> None:
    target = tmp_path / "lost.jsonl"
    process = grade_process(batch, target, "--format", "jsonl", "-j", "2")
    wait_for_lines(process, target, 10)
    workers = children(process.pid)
    assert len(workers) >= 2, "no worker processes found"
    os.kill(workers[0], signal.SIGKILL)
    _, err = process.communicate(timeout=300)
    assert process.returncode == 2, err
    assert "internal error" not in err
    assert untimed(target, "jsonl") == reference["jsonl"]


@posix
@linux
def test_no_worker_outlives_a_killed_parent(batch: Path, tmp_path: Path) -> None:
    target = tmp_path / "orphans.jsonl"
    process = grade_process(batch, target, "--format", "jsonl", "-j", "2")
    wait_for_lines(process, target, 5)
    workers = children(process.pid)
    assert len(workers) >= 2, "no worker processes found"
    process.kill()  # the parent alone: its workers are not signalled
    process.communicate(timeout=60)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers left behind: {left}"


@posix
@pytest.mark.parametrize("form", ["jsonl", "csv"])
def test_generate_killed_and_resumed_makes_the_same_bytes(form: str, tmp_path: Path) -> None:
    args = ["generate", "-n", "30", "--seed", "18", "--level", "easy", "--format", form, "-q"]
    whole = tmp_path / f"whole.{form}"
    assert main([*args, "-o", str(whole)]) == 0
    target = tmp_path / f"resumed.{form}"
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *args, "-j", "2", "-o", str(target), "--resume"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    wait_for_lines(process, target, 8)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)
    with target.open("a") as handle:
        handle.write(".9..")  # a torn last line
    assert main([*args, "-o", str(target), "--resume"]) == 0
    assert target.read_bytes() == whole.read_bytes()
    assert main([*args, "--seed", "19", "-o", str(target), "--resume"]) == 2  # another run's file


def test_generate_resume_needs_the_seed_and_a_line_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = str(tmp_path / "out.txt")
    assert main(["generate", "-n", "2", "--level", "easy", "-o", target, "--resume"]) == 2
    assert "--resume needs --seed S" in capsys.readouterr().err
    assert main(["generate", "-n", "2", "--seed", "1", "-o", target, "--resume"]) == 2
    assert "--resume needs --format jsonl or csv" in capsys.readouterr().err

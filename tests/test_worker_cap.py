"""``-j N`` is capped (issue 26): never more worker processes than there are puzzles, nor
than the machine can use, with a one-line note. The pool is watched, not started for
real, when a run asks for too many: a test of the cap must not fork thousands."""

from __future__ import annotations

import io
import json

import pytest

import cli
from engine import workers
from engine.workers import Workers, cap_workers, count_ahead, machine_workers
from tests.conftest import puzzle_lines as _lines


def puzzle_lines(name: str, limit: int) -> list[str]:
    """The puzzles as grade writes them back (dots for empty cells)."""
    return [line.replace("0", ".") for line in _lines(name, limit)]

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
MACHINE = machine_workers()  # two per CPU, as memory allows


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every worker pool started; a pool larger than the machine's cap is
    refused (an error, as a real fork of that many would have been)."""
    sizes: list[int] = []
    real = Workers._start

    def watched(self: Workers) -> object:
        sizes.append(self.jobs)
        if self.jobs > MACHINE:
            raise AssertionError(f"{self.jobs} worker processes started")
        return real(self)

    monkeypatch.setattr(Workers, "_start", watched)
    return sizes


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_cap_is_the_machine_and_the_items() -> None:
    assert cap_workers(100_000) == MACHINE
    assert cap_workers(1000, items=1) == 1 and cap_workers(8, items=3) == min(3, MACHINE)
    assert cap_workers(2, items=50) == min(2, MACHINE) and cap_workers(1) == 1
    note = io.StringIO()
    cap_workers(100_000, flag="--workers", note=note)
    assert note.getvalue().startswith("stepdoku: note: --workers 100000 is more than this machine can use (")
    assert note.getvalue().count("\n") == 1


def test_count_ahead_hands_every_item_back_in_order() -> None:
    items, known = count_ahead(iter(range(5)), 10)
    assert known == 5 and list(items) == [0, 1, 2, 3, 4]
    items, known = count_ahead(iter(range(50)), 10)
    assert known is None and list(items) == list(range(50))


def test_grade_one_puzzle_with_a_huge_j_uses_no_workers(started: list[int]) -> None:
    code, out, err = _run("grade", INKALA, "-j", "100000", "--format", "jsonl")
    assert code == 0 and json.loads(out)["status"] == "ok"
    assert started == []  # one puzzle: graded in this process
    assert err.splitlines()[0] == "stepdoku: note: -j 100000 is more than there are puzzles (1): using 1 process"


def test_grade_never_starts_more_workers_than_puzzles_or_the_machine(started: list[int]) -> None:
    puzzles = puzzle_lines("easy50.txt", 40)
    code, out, err = _run("grade", *puzzles[:3], "-j", "1000", "--format", "jsonl", "-q")
    assert code == 0 and len(out.splitlines()) == 3
    assert started == [min(3, MACHINE)]
    code, out, err = _run("grade", *puzzles, "-j", "1000", "--format", "jsonl", "-q")
    assert code == 0 and [json.loads(line)["puzzle"] for line in out.splitlines()] == puzzles
    assert started[-1] == MACHINE and "is more than this machine can use" in err


def test_a_short_batch_is_shared_out_over_every_worker(started: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    tasks: list[int] = []
    real = Workers.submit

    def counted(self: Workers, fn: object, *args: object) -> object:
        tasks.append(len(args[0]))  # type: ignore[arg-type]
        return real(self, fn, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Workers, "submit", counted)
    puzzles = puzzle_lines("easy50.txt", 4)
    code, out, err = _run("grade", *puzzles, "-j", "2", "--format", "jsonl", "-q")
    assert code == 0 and [json.loads(line)["puzzle"] for line in out.splitlines()] == puzzles
    assert err == "" and started == [min(2, MACHINE)]
    assert tasks == [2, 2]  # two tasks of two puzzles, not one task of four for one worker


def test_generate_caps_j_at_the_machine(started: list[int]) -> None:
    code, out, err = _run("generate", "--seed", "1", "-j", "100000", "-q")
    assert code == 0 and len(out.split()) == 1
    assert started == [MACHINE]
    [line] = err.splitlines()
    assert line.startswith("stepdoku: note: -j 100000 is more than this machine can use (") and line.endswith(f"): using {MACHINE} worker processes")


def test_the_library_pool_is_capped_too(started: list[int]) -> None:
    with workers.process_pool(100_000, lambda: None, ()) as pool:
        assert pool is not None and pool.jobs == MACHINE

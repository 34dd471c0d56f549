"""The user's stop switch (engine.stop): cooperative, scoped, never a signal."""

from __future__ import annotations

import signal
import time

import pytest

from engine.formats import parse_line
from engine.grading import Grader
from engine.stop import Stopped, checkpoint, stop_after
from tests.conftest import HODOKU, puzzle_lines


def test_checkpoint_raises_only_inside_an_expired_block() -> None:
    checkpoint()  # no deadline set: nothing happens
    with stop_after(0.01):
        checkpoint()  # not yet
        time.sleep(0.02)
        with pytest.raises(Stopped):
            checkpoint()
    checkpoint()  # the block is over: its deadline is gone with it


def test_an_inner_block_cannot_extend_an_outer_deadline() -> None:
    with stop_after(0.01):
        with stop_after(None):
            time.sleep(0.02)
            with pytest.raises(Stopped):
                checkpoint()
        with stop_after(float("inf")):
            with pytest.raises(Stopped):
                checkpoint()


def test_stopped_is_not_an_exception_a_technique_could_swallow() -> None:
    assert not issubclass(Stopped, Exception)


def test_grading_with_a_budget_installs_no_signal_handler() -> None:
    before = signal.getsignal(signal.SIGALRM)
    record = Grader(HODOKU, max_seconds=30).grade(parse_line(puzzle_lines("easy50.txt", 1)[0]))
    assert record.status == "ok"
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)

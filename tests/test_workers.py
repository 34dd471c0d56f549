"""The worker pool batches share: results in task order, a worker that dies replaced and
its task run again, a task that always kills its worker given up on."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from engine.workers import MAX_TRIES, WorkerLost, Workers, ordered, process_pool

posix = pytest.mark.skipif(os.name != "posix", reason="kills a process with SIGKILL")


def _nothing() -> None:
    return None


def _square_or_die(n: int, marker: str) -> int:
    """n squared; but the first worker to see n == 5 kills itself (SIGKILL, as the OOM
    killer would), once per marker file."""
    if n == 5 and not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return n * n


def _always_die(n: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return n


@posix
def test_a_killed_worker_is_replaced_and_its_task_run_again(tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    with process_pool(2, _nothing, ()) as pool:
        assert isinstance(pool, Workers)
        results = list(ordered(pool, _square_or_die, ((n, marker) for n in range(40)), window=8))
        assert pool.renewals == 1
    assert results == [n * n for n in range(40)]
    assert os.path.exists(marker)


@posix
def test_a_task_that_always_kills_its_worker_is_given_up_on() -> None:
    with process_pool(2, _nothing, ()) as pool:
        assert pool is not None
        with pytest.raises(WorkerLost, match=f"died {MAX_TRIES} times"):
            list(ordered(pool, _always_die, ((n,) for n in range(3)), window=4))
        assert pool.renewals == MAX_TRIES


def test_one_job_means_no_processes() -> None:
    with process_pool(1, _nothing, ()) as pool:
        assert pool is None

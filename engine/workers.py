"""Worker processes for batches (``grade``, ``generate``): started up front, Ctrl-C left
to the parent."""

from __future__ import annotations

import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Callable, Iterator


def ignore_interrupts() -> None:
    """For a worker's initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _noop() -> None:
    return None


@contextmanager
def process_pool(jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> Iterator[ProcessPoolExecutor | None]:
    """``jobs`` worker processes (None for ``jobs`` <= 1), all started on entry, each
    set up by ``initializer(*initargs)``.

    Starting them before the caller starts any thread (a progress bar) matters: with the
    fork start method, a child forked while another thread holds a lock inherits it held.
    """
    if jobs <= 1:
        yield None
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=initializer, initargs=initargs)
    finished = False
    try:
        executor.submit(_noop).result()  # the first task launches every worker
        yield executor
        finished = True
    finally:
        executor.shutdown(wait=finished, cancel_futures=True)

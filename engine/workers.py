"""Worker processes for batches (``grade``, ``generate``): started up front, Ctrl-C and
SIGTERM left to the parent, a lost worker replaced, none left behind when the parent dies.

* :class:`Workers` is a process pool that can be renewed: when a worker process dies (the
  OOM killer, a stray ``kill -9``), the standard pool is broken for good
  (``BrokenProcessPool``); :func:`ordered` then starts fresh workers and hands them again
  every task that had not come back, so a lost worker costs the work it had, not the run.
* Every worker watches its parent: on Linux the kernel kills it when the parent dies
  (``PR_SET_PDEATHSIG``), and everywhere a small thread checks the parent's process id
  once a second and ends the worker when it changes (the parent is gone).
* :func:`cap_workers` is how many workers a request for N gets: never more than there are
  items to work on, nor more than the machine can hold (``WORKERS_PER_CPU`` per CPU this
  process may use, and what its memory holds at ``WORKER_MEMORY`` each), with a one-line
  note when that is fewer than asked. Every command
  that starts workers (``grade -j``, ``generate -j``, ``serve --workers``) asks it first.

The process machinery (``multiprocessing``, ``concurrent.futures``, ``ctypes``) is imported
when workers start, not with this module: a run in one process (``grade -j 1``, a short
batch) asks the cap and reads ahead, and starts none (issue 24: those imports took 27 ms
here, `python -X importtime`, of a run that grades 1,000 easy puzzles in 2.7 s).
"""

from __future__ import annotations

import itertools
import os
import signal
import sys
import threading
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

#: Times one task may lose its worker before the run gives up on it.
MAX_TRIES = 3
#: Seconds between a worker's checks that its parent is still there.
_WATCH_EVERY = 1.0
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
#: The most worker processes per usable CPU. The work is CPU-bound, so more than one per
#: CPU only shares the same cores out (two leave room for a core a worker waits on); the
#: cap is what keeps ``-j 100000`` from forking until the machine runs out of memory.
WORKERS_PER_CPU = 2
#: Memory one worker process may come to need (its copy of the tables, a hard puzzle's
#: searches): what the worker cap allows per process.
WORKER_MEMORY = 512 * 2**20


def usable_cpus() -> int:
    """The CPUs this process may run on: its affinity mask where the system has one (a
    container or ``taskset`` may allow fewer than the machine has), else every CPU."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def machine_workers() -> int:
    """The most worker processes this machine can hold: ``WORKERS_PER_CPU`` per usable
    CPU, and no more than its available memory allows (``WORKER_MEMORY`` each); at least 1."""
    memory = _available_memory()
    by_memory = memory // WORKER_MEMORY if memory is not None else None
    return max(1, min(WORKERS_PER_CPU * usable_cpus(), by_memory if by_memory is not None else 1 << 30))


def cap_workers(requested: int, items: int | None = None, *, flag: str = "-j", noun: str = "item", note: IO[str] | None = None) -> int:
    """How many worker processes to start when ``requested`` are asked for: at most
    ``items`` (the work to share out, when it is known; at least 1) and at most
    :func:`machine_workers`. When that is fewer than asked, one line on ``note`` says so,
    naming the option (``flag``) and what the items are (``noun``).

    >>> cap_workers(1)
    1
    >>> cap_workers(8, items=3) == min(3, machine_workers())
    True
    """
    machine = machine_workers()
    workers = max(1, min(requested, machine, requested if items is None else items))
    if workers < requested and note is not None:
        if items is not None and workers == max(items, 1) and workers < machine:
            why = f"there are {noun}s ({items})"
        else:
            cpus = usable_cpus()
            why = f"this machine can use ({cpus} CPU{'' if cpus == 1 else 's'}, {WORKERS_PER_CPU} worker processes each at most"
            if machine < WORKERS_PER_CPU * cpus:
                why += f"; memory for {machine} at {WORKER_MEMORY >> 20} MB each"
            why += ")"
        using = f"{workers} worker processes" if workers > 1 else "1 process"
        note.write(f"stepdoku: note: {flag} {requested} is more than {why}: using {using}\n")
        note.flush()
    return workers


def count_ahead(items: Iterator[T], limit: int) -> tuple[Iterator[T], int | None]:
    """``items`` unchanged, and how many there are when that is at most ``limit`` (None:
    more): the first ``limit + 1`` are read ahead and handed back in order."""
    head = list(itertools.islice(items, limit + 1))
    return itertools.chain(head, items), (len(head) if len(head) <= limit else None)




def _available_memory() -> int | None:
    """Bytes of memory available (Linux's MemAvailable), or None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


class WorkerLost(Exception):
    """A task's worker process died ``MAX_TRIES`` times: the task itself kills it."""


def ignore_interrupts() -> None:
    """For a worker: Ctrl-C and SIGTERM are the parent's to handle (it stops the batch,
    writes its last whole record and ends the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _die_with_parent(parent: int) -> None:
    """End this process when ``parent`` goes away (even by SIGKILL)."""
    if sys.platform.startswith("linux"):
        import ctypes.util

        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watching thread below still does the job
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="stepdoku-parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    pause = threading.Event()  # never set: a pause that does not read the clock here
    while os.getppid() == parent:
        pause.wait(_WATCH_EVERY)
    os._exit(1)


def _start_worker(parent: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
    ignore_interrupts()
    _die_with_parent(parent)
    initializer(*initargs)


def _noop() -> None:
    return None


class Workers:
    """``jobs`` worker processes, each set up by ``initializer(*initargs)``, all started on
    creation; :meth:`renew` replaces a broken pool with a fresh one."""

    def __init__(self, jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
        self.jobs = jobs
        self.renewals = 0
        self._setup = (os.getpid(), initializer, initargs)
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # fork: workers share the parent's loaded tables at no cost. Starting them before
        # the caller starts any thread (a progress bar) matters: a child forked while
        # another thread holds a lock inherits it held.
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        executor = ProcessPoolExecutor(self.jobs, mp_context=context, initializer=_start_worker, initargs=self._setup)
        executor.submit(_noop).result()  # the first task launches every worker
        return executor

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        return self._executor.submit(fn, *args)

    def renew(self) -> None:
        """Replace the (broken) pool: the old workers are ended, fresh ones started.

        The old workers are killed and the old pool shut down before the new workers are
        forked. The pool's own end for a broken pool is SIGTERM, which our workers ignore
        (Ctrl-C and SIGTERM are the parent's); and a worker forked while the old pool's
        pipes are still open holds their write ends, so a surviving old worker never reads
        the end of its queue: it would wait for ever, and the old pool's thread with it,
        which the interpreter joins on exit (a batch that never ends).
        """
        _end(self._executor)
        self._executor = self._start()
        self.renewals += 1

    def close(self, wait: bool) -> None:
        """End the workers: when ``wait``, after the tasks handed out; otherwise (Ctrl-C,
        an error) at once, their tasks dropped. Shutting the pool down without waiting
        still left the interpreter to wait for the running tasks on exit (it joins the
        pool's thread): Ctrl-C on ``grade -j 2`` took 5-20 s to stop on hard puzzles."""
        if wait:
            self._executor.shutdown(wait=True, cancel_futures=True)
        else:
            _end(self._executor)


def _end(executor: ProcessPoolExecutor) -> None:
    """Kill the pool's worker processes, then shut it down (it sees them gone)."""
    if sys.version_info < (3, 12):
        _quiet_cancelled(executor)
    survivors = list((getattr(executor, "_processes", None) or {}).values())
    for process in survivors:
        process.kill()
    for process in survivors:
        process.join()
    executor.shutdown(wait=True, cancel_futures=True)


def _quiet_cancelled(executor: ProcessPoolExecutor) -> None:
    """Python 3.11's pool, finding its workers gone, sets the error on every task it still
    holds, cancelled ones too, which raises in its thread (a traceback on stderr after a
    clean Ctrl-C); 3.12 skips them. The cancelled tasks' futures here take no error."""
    items = getattr(executor, "_pending_work_items", None) or {}
    for item in list(items.values()):
        if item.future.cancelled():
            item.future.set_exception = _ignore_error


def _ignore_error(error: BaseException | None) -> None:
    return None


@contextmanager
def process_pool(jobs: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> Iterator[Workers | None]:
    """``jobs`` worker processes (None for ``jobs`` <= 1), all started on entry, each
    set up by ``initializer(*initargs)``; ended on exit. ``jobs`` is capped at what the
    machine can use (``cap_workers``; the commands say so before they get here)."""
    jobs = cap_workers(jobs)
    if jobs <= 1:
        yield None
        return
    workers = Workers(jobs, initializer, initargs)
    finished = False
    try:
        yield workers
        finished = True
    finally:
        workers.close(wait=finished)


@dataclass
class _Task(Generic[T]):
    args: tuple[Any, ...]
    future: Future[T]
    tries: int = 1


def ordered(workers: Workers, fn: Callable[..., T], tasks: Iterable[tuple[Any, ...]], window: int) -> Iterator[T]:
    """``fn(*args)`` for each task, computed in the workers with up to ``window`` tasks in
    flight, the results in task order. A task whose worker died is run again in fresh
    workers (up to ``MAX_TRIES`` times; then :class:`WorkerLost`)."""
    pending: deque[_Task[T]] = deque()
    try:
        for args in tasks:
            pending.append(_Task(args, _submitted(workers, fn, args)))
            while len(pending) >= window:
                yield _first(workers, fn, pending)
        while pending:
            yield _first(workers, fn, pending)
    finally:
        for task in pending:
            task.future.cancel()


def _first(workers: Workers, fn: Callable[..., T], pending: deque[_Task[T]]) -> T:
    """The result of the first pending task (taken off the queue)."""
    from concurrent.futures.process import BrokenProcessPool

    while True:
        try:
            result = pending[0].future.result()
        except BrokenProcessPool:
            _resubmit(workers, fn, pending)
            continue
        pending.popleft()
        return result


def _resubmit(workers: Workers, fn: Callable[..., T], pending: deque[_Task[T]]) -> None:
    """Fresh workers, and every pending task that had not come back handed to them."""
    workers.renew()
    for task in pending:
        future = task.future
        if future.done() and not future.cancelled() and future.exception() is None:
            continue
        if task.tries >= MAX_TRIES:
            raise WorkerLost(f"a worker process died {task.tries} times on the same task; giving up")
        task.tries += 1
        task.future = _submitted(workers, fn, task.args)


def _submitted(workers: Workers, fn: Callable[..., T], args: tuple[Any, ...]) -> Future[T]:
    """The task handed to the workers; when they broke since the last look (a worker
    died, maybe killed by a task just resubmitted), a future holding that error, which
    ``_first`` meets in its turn and answers with fresh workers, counting the tries."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    try:
        return workers.submit(fn, *args)
    except BrokenProcessPool as broken:
        failed: Future[T] = Future()
        failed.set_exception(broken)
        return failed

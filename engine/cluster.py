"""Grading on a Dask cluster (``grade --cluster dask``), and ``grade_many`` for notebooks.

Dask distributed is an optional extra (``pip install -e '.[cluster]'``): a well-kept
cluster engine (scheduling over many machines, a lost worker's tasks re-run, a dashboard)
rather than one of our own. This module imports it only when a cluster is asked for.

How a batch runs on it: the input is cut into chunks of ``CLUSTER_CHUNK`` puzzles as it
streams (a huge file never sits in memory), each chunk is one Dask task carrying the
pickled grader, at most ``window`` chunks are out at a time, and the records come back in
input order as the chunks complete (a chunk that finishes early waits, in memory, for
those before it). A worker lost mid-chunk is Dask's to handle: the scheduler gives its
tasks to another worker (up to ``distributed.scheduler.allowed-failures`` times), and a
task that raised is retried ``RETRIES`` times.
"""

from __future__ import annotations

import os
import pickle
import uuid
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Generator, Iterable, Iterator, cast

from engine.formats import Puzzle
from engine.records import GradeRecordJSON
from engine.grading import Grader, GradeRecord, GradeStatus, Item, chunks, grade_stream
from engine.profiles import Profile
from engine.puzzle import PuzzleFormatError
from engine.reader import parse_puzzle

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

#: Puzzles per Dask task: a task costs the scheduler about a millisecond, so a chunk is
#: worth a second or so of grading (17-clue puzzles: 2-10 ms each).
CLUSTER_CHUNK = 256
#: Chunks out at a time per worker thread.
CLUSTER_WINDOW = 4
#: Retries of a task that raised (a lost worker is counted apart by the scheduler).
RETRIES = 3
INSTALL = "--cluster dask needs Dask distributed: pip install 'stepdoku[cluster]' (in a checkout: pip install -e '.[cluster]')"


class ClusterUnavailable(Exception):
    """Dask is not installed, or the cluster cannot be reached."""


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable(INSTALL) from None
    return distributed


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A Dask client: of the cluster at ``scheduler`` (``tcp://HOST:PORT``), or of a
    ``LocalCluster`` of ``workers`` single-threaded processes on this machine (default:
    one per core), closed on exit."""
    distributed = _dask()
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as error:
            raise ClusterUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        with client:
            yield client
        return
    count = workers or os.cpu_count() or 1
    with distributed.LocalCluster(
        n_workers=count, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
    ) as cluster, distributed.Client(cluster) as client:
        yield client


_graders: dict[bytes, Grader] = {}


def _grade_chunk(blob: bytes, chunk: list[Item]) -> list[GradeRecord]:
    """A Dask task: grade a chunk with the pickled grader (unpickled once per worker)."""
    grader = _graders.get(blob)
    if grader is None:
        grader = _graders[blob] = pickle.loads(blob)
    return [grader.grade(item) for item in chunk]


def grade_on_cluster(
    items: Iterable[Item], grader: Grader, client: Client, chunk: int = CLUSTER_CHUNK, window: int | None = None
) -> Iterator[GradeRecord]:
    """One record per item, in order, graded on the cluster behind ``client``."""
    distributed = _dask()
    blob = pickle.dumps(grader)
    if window is None:
        window = CLUSTER_WINDOW * max(1, sum(cast(Any, client).nthreads().values()))
    run = uuid.uuid4().hex
    done = distributed.as_completed()
    inflight: dict[str, tuple[int, Any]] = {}  # task key -> (chunk number, future)
    ready: dict[int, list[GradeRecord]] = {}
    sent = first = 0
    try:
        for part in chunks(items, chunk):
            future = client.submit(_grade_chunk, blob, part, key=f"stepdoku-grade-{run}-{sent}", retries=RETRIES, pure=False)
            inflight[str(future.key)] = (sent, future)
            done.add(future)
            sent += 1
            while sent - first >= window:
                first = yield from _next_ready(done, inflight, ready, first)
        while first < sent:
            first = yield from _next_ready(done, inflight, ready, first)
    finally:
        done.clear()
        if inflight:
            cast(Any, client).cancel([future for _, future in inflight.values()])


def _next_ready(
    done: Any, inflight: dict[str, tuple[int, Any]], ready: dict[int, list[GradeRecord]], first: int
) -> Generator[GradeRecord, None, int]:
    """Wait for one more chunk; yield every record now in order; return the number of
    the first chunk not yet yielded."""
    future = next(done)
    number, _ = inflight.pop(str(future.key))
    ready[number] = future.result()
    future.release()
    while first in ready:
        yield from ready.pop(first)
        first += 1
    return first


def grade_many(
    puzzles: Iterable[str | Puzzle],
    profile: Profile,
    *,
    jobs: int = 1,
    cluster: str | Client | None = None,
    max_seconds: float | None = None,
) -> Iterator[GradeRecord]:
    """Grade puzzles (81-character lines or any layout ``parse_puzzle`` reads, or
    ``Puzzle`` values), one record each, in order: in this process (``jobs`` 1), in
    ``jobs`` worker processes, or on Dask (``cluster``: ``"dask"`` for a LocalCluster of
    ``jobs`` workers, a scheduler address ``tcp://HOST:PORT``, or a ``distributed.Client``).
    An unreadable puzzle gives an ``error`` record, not an exception."""
    grader = Grader(profile, max_seconds)
    items = (_item(puzzle, n) for n, puzzle in enumerate(puzzles, start=1))
    if cluster is None:
        yield from grade_stream(items, grader, jobs)
    elif isinstance(cluster, str):
        with dask_client(None if cluster == "dask" else cluster, jobs if jobs > 1 else None) as client:
            yield from grade_on_cluster(items, grader, client)
    else:
        yield from grade_on_cluster(items, grader, cluster)


def grade_bag(bag: Any, profile: Profile, max_seconds: float | None = None) -> Any:
    """A Dask bag of puzzles (strings or ``Puzzle`` values) -> a bag of their records'
    JSON (``grade --format jsonl``'s dicts), partition by partition, in the bag's order:
    ``grade_bag(db.read_text("big-*.txt").map(str.strip), hodoku).to_textfiles(...)``."""
    return bag.map_partitions(_grade_partition, pickle.dumps(Grader(profile, max_seconds)))


def _grade_partition(puzzles: Iterable[str | Puzzle], blob: bytes) -> list[GradeRecordJSON]:
    items = [_item(puzzle, n) for n, puzzle in enumerate(puzzles, start=1)]
    return [record.to_json() for record in _grade_chunk(blob, items)]


def _item(puzzle: str | Puzzle, number: int) -> Item:
    if isinstance(puzzle, Puzzle):
        return puzzle
    try:
        return parse_puzzle(puzzle)
    except PuzzleFormatError as error:
        return GradeRecord(None, GradeStatus.ERROR, error=f"puzzle {number}: {error}")

"""``stepdoku grade INPUT...``: each puzzle's rating on a profile's scale (default
``hodoku``: level and score, hardest technique and an SE-style number), for one puzzle or
millions.

Records come out in input order, one per puzzle (an unreadable line is an ``error``
record, a puzzle without exactly one solution ``invalid``, one over ``--max-seconds``
``timeout``), followed by a summary (to stderr for csv/jsonl, so stdout stays data).
JSON lines and CSV rows have exactly the columns of ``engine.grading.record_columns``;
with the ``hodoku`` profile::

    {"puzzle", "status", "level", "score", "se", "hardest", "steps", "brute_force", "seconds", "error"}

(the ``se`` profile has ``er``, ``ep``, ``ed`` in place of ``level``, ``score``, ``se``).
With ``--se exact`` the ``se`` field is serate's own ER (the ``se`` profile is run too) and
a ``se_exact`` column (true) says so.

``--output FILE`` writes the records to FILE instead (the summary then goes to stderr);
``--resume`` continues the batch a stopped run left in FILE (see ``resume.py``).

Exit codes: 0 all graded (timeouts included), 1 some puzzle invalid, 2 some input
unreadable (or FILE is not this batch's to resume); a resumed run counts the records it
kept, so it ends with the code the whole run would have.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
import time
from collections import Counter
from dataclasses import dataclass, replace
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator

from engine.app.commands.inputs import Record, iter_records
from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, Outcome, batch, held_signals, record_file
from engine.app.commands.resume import Kept, ResumeError, kept_records, open_output, skip_kept
from engine.formats import Puzzle, format_line
from engine.lines import Line, read_lines
from engine.reader import read_puzzles
from engine.grading import CHUNK, Grader, GradeRecord, GradeStatus, Item, grade_stream, record_columns, worker_pool
from engine.profiles import Column, Profile, load_profile
from engine.workers import cap_workers, count_ahead, machine_workers, usable_cpus

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.progress import Progress

#: The column that says the se field is serate's own ER (grade --se exact).
EXACT_COLUMN = Column("se_exact", "exact", 5, align="<")
_SAMPLE_LINES = 1000
_HARDEST_WIDTH = 36


#: With no ``-j``, an input of more than this many puzzles is graded in one worker process
#: per core (on this 2-core machine -j 2 grades 1.9x faster than -j 1 for 3-5% more CPU,
#: benchmarks/README.md); a shorter one in this process, where starting workers would
#: cost more than they save. Records and their order are the same either way.
AUTO_PARALLEL = 32


@dataclass(frozen=True)
class GradeOptions:
    inputs: tuple[str, ...]
    jobs: int | None = 1  # None: one worker per core for more than AUTO_PARALLEL puzzles
    format: str = "table"
    max_seconds: float | None = None
    quiet: bool = False
    progress: bool | None = None  # None: when stderr is a terminal
    se: str = "style"  # "exact": the se field is the se profile's ER
    output: str | None = None  # write the records to this file, not stdout
    resume: bool = False  # continue the batch a stopped run left in ``output``
    cluster: str | None = None  # "dask": grade on a Dask cluster
    scheduler: str | None = None  # the Dask scheduler's address (None: a LocalCluster)


def run(options: GradeOptions, profile: Profile, out: IO[str], err: IO[str], stdin: IO[str] | None = None) -> int:
    if options.cluster is None:
        return _run_to(options, profile, out, err, stdin)
    from engine.cluster import ClusterUnavailable  # Dask's side: imported only to use it

    try:
        return _run_to(options, profile, out, err, stdin)
    except ClusterUnavailable as unavailable:
        err.write(f"stepdoku: {unavailable}\n")
        return EXIT_BAD_INPUT


def _run_to(options: GradeOptions, profile: Profile, out: IO[str], err: IO[str], stdin: IO[str] | None) -> int:
    """``run``, to stdout or to ``--output FILE``."""
    names = record_columns(profile, tuple(c.key for c in _extra_columns(options, profile)))
    kept = Kept()
    if options.output is None:
        return _run(options, profile, out, err, _items(options.inputs, stdin), kept)
    try:
        handle, kept = open_output(options.output, options.format, names, options.resume)
    except ResumeError as refused:
        err.write(f"stepdoku: {refused}\n")
        return EXIT_BAD_INPUT
    items = skip_kept(_items(options.inputs, stdin), kept_records(options.output, options.format, names, kept), _same_item, options.output)
    try:
        with record_file(handle, options.output) as records:
            return _run(options, profile, records, err, items, kept)
    except ResumeError as refused:
        err.write(f"stepdoku: {refused}\n")
        return EXIT_BAD_INPUT


def _extra_columns(options: GradeOptions, profile: Profile) -> tuple[Column, ...]:
    """``se_exact`` when ``--se exact`` makes the profile's se field serate's own ER."""
    return (EXACT_COLUMN,) if exact_se(options.se, profile) else ()


def exact_se(se: str, profile: Profile) -> bool:
    """Whether ``--se exact`` makes the profile's se field serate's own ER."""
    return se == "exact" and any(c.key == "se" for c in profile.rating_columns)


def grader_for(profile: Profile, se: str = "style", max_seconds: float | None = None) -> Grader:
    """The grader of ``grade --profile ... --se ...``."""
    return Grader(profile, max_seconds, exact_se=load_profile("se", profile.catalog) if exact_se(se, profile) else None)


def _run(options: GradeOptions, profile: Profile, out: IO[str], err: IO[str], items: Iterator[Item], kept: Kept) -> int:
    auto = options.jobs is None and options.cluster is None  # no note when -j was not given
    if auto:
        jobs, items = auto_jobs(items)
        options = replace(options, jobs=jobs)
    extra = _extra_columns(options, profile)
    grader = grader_for(profile, options.se, options.max_seconds)
    writer = _Writer(options.format, out, profile, kept, extra)
    summary = Summary(profile, kept.records)
    show_progress = options.progress if options.progress is not None else (err.isatty() and not options.quiet)
    total = _count(options.inputs) if show_progress else None
    items, share = _share_out(options, items, None if auto else err)
    with batch() as outcome, _grading(options, grader, share) as grade:  # workers before the bar's thread
        for status, count in kept.statuses.items():
            known = status in {s.value for s in GradeStatus}
            outcome.add(_exit_code(GradeStatus(status)) if known else EXIT_OK, times=count)
        records = grade(items)
        progress = _progress_bar(err) if show_progress else None
        _drain(records, writer, summary, outcome, progress, total, out.isatty())
    if not options.quiet:
        _console(out if options.format == "table" and options.output is None else err).print(summary.view())
    return outcome.exit_code


# The terminal's side (rich) is imported when a bar or the summary is shown, not by a
# quiet run (``-q``), whose records need none of it (issue 24: 70 ms of imports here, of a
# run that grades 1,000 easy puzzles in 2.7 s).


def _console(stream: IO[str]) -> Console:
    from engine.app.commands.richout import terminal_console

    return terminal_console(stream)


def _progress_bar(err: IO[str]) -> Progress:
    from engine.app.render.progress import batch_progress

    return batch_progress(_console(err))


def auto_jobs(items: Iterator[Item]) -> tuple[int, Iterator[Item]]:
    """How many worker processes grade ``items`` when ``-j`` is not given: one per core
    when there are more than AUTO_PARALLEL of them, else none (1: this process). Reads
    that many items ahead; returns the items whole."""
    items, known = count_ahead(items, AUTO_PARALLEL)
    return (usable_cpus() if known is None else 1), items


@dataclass(frozen=True)
class _Share:
    """How the work is shared out: worker processes (1: none) and puzzles per task."""

    jobs: int
    chunk: int = CHUNK


def _share_out(options: GradeOptions, items: Iterator[Item], err: IO[str] | None) -> tuple[Iterator[Item], _Share]:
    """``-j N`` capped (see ``engine.workers.cap_workers``): never more workers than this
    machine can use, nor than there are puzzles; a short batch is cut into as many tasks
    as there are workers, so each gets some. The puzzles the cap needs to know about are
    read ahead (no more than the workers would have taken in at once)."""
    requested = options.jobs or 1
    if requested <= 1 or options.scheduler is not None:
        return items, _Share(requested)
    ahead = min(requested, machine_workers()) * CHUNK
    items, known = count_ahead(items, ahead)
    jobs = cap_workers(requested, known, noun="puzzle", note=err)
    chunk = CHUNK if known is None else max(1, min(CHUNK, -(-known // jobs)))
    return items, _Share(jobs, chunk)


@contextmanager
def _grading(options: GradeOptions, grader: Grader, share: _Share) -> Iterator[Callable[[Iterator[Item]], Iterator[GradeRecord]]]:
    """How the records are made: in this process, in ``-j`` worker processes, or on Dask."""
    if options.cluster is None:
        with worker_pool(grader, share.jobs) as pool:
            yield lambda items: grade_stream(items, grader, share.jobs, share.chunk, pool=pool)
        return
    from engine.cluster import dask_client, grade_on_cluster

    with dask_client(options.scheduler, share.jobs if share.jobs > 1 else None) as client:
        yield lambda items: grade_on_cluster(items, grader, client)


def _same_item(item: Item, record: dict[str, Any]) -> bool:
    """Whether a record kept in a resumed file answers this input item."""
    if isinstance(item, GradeRecord):
        return record.get("status") == GradeStatus.ERROR.value
    return bool(record.get("puzzle") == format_line(item.values))


def _drain(
    records: Iterator[GradeRecord],
    writer: _Writer,
    summary: Summary,
    outcome: Outcome,
    progress: Progress | None,
    total: int | None,
    rows_on_terminal: bool,
) -> None:
    """Write every record as it comes, keeping the counts and the progress bar."""
    if progress is None:
        for record in records:
            summary.add(record)
            with held_signals():  # counted and written as one step: see output.py
                outcome.add(_exit_code(record.status), record.puzzle)
                writer.write(record, None)
        return
    with progress:
        task = progress.add_task("grading", total=total, completed=summary.kept)
        for record in records:
            summary.add(record)
            with held_signals():
                outcome.add(_exit_code(record.status), record.puzzle)
                writer.write(record, progress if rows_on_terminal else None)
            progress.advance(task)
        progress.update(task, total=summary.kept + summary.count)  # the total was an estimate


def _items(inputs: tuple[str, ...], stdin: IO[str] | None) -> Iterator[Item]:
    return map(grade_item, iter_records(inputs, stdin))


def grade_item(record: Record) -> Item:
    """What the grader is given for an input record: its puzzle, or the error record of
    one that could not be read (graded as itself, so the output keeps its place)."""
    return record.item if isinstance(record.item, Puzzle) else GradeRecord(None, GradeStatus.ERROR, error=record.problem)


def _count(inputs: tuple[str, ...]) -> int | None:
    """About how many puzzles the inputs hold, when they are all files (for the ETA).

    Reading every record first would cost seconds per million lines, so the content
    lines are counted as bytes and divided by the lines per puzzle of the file's start
    (1 for one-line puzzles, about 9 for grids)."""
    if not inputs or not all(os.path.isfile(arg) for arg in inputs):
        return None
    total = 0.0
    for path in inputs:
        with open(path, "rb") as handle:  # read_lines: bounded memory, even on one huge line
            lines = sum(1 for line in read_lines(handle) if _content(line))
        with open(path, "rb") as handle:
            head = list(itertools.islice(read_lines(handle), _SAMPLE_LINES))
        records = sum(1 for _ in read_puzzles(head))
        content = sum(1 for line in head if _content(line))
        total += lines * records / content if content and records else lines
    return round(total)


def _content(line: Line) -> bool:
    return not isinstance(line, str) or bool(line.strip() and not line.lstrip().startswith("#"))


def _exit_code(status: GradeStatus) -> int:
    return {GradeStatus.ERROR: EXIT_BAD_INPUT, GradeStatus.INVALID: EXIT_INVALID}.get(status, EXIT_OK)


class _Writer:
    """Streams records as table rows, CSV rows or JSON lines."""

    def __init__(self, form: str, out: IO[str], profile: Profile, kept: Kept, extra: tuple[Column, ...] = ()) -> None:
        self.form = form
        self.out = out
        self.count = kept.records  # rows already in a resumed file
        self.header = kept.header or kept.records > 0
        self.csv = csv.writer(out, lineterminator="\n") if form == "csv" else None
        self.columns = profile.rating_columns + extra
        self.names = record_columns(profile, tuple(c.key for c in extra))

    def write(self, record: GradeRecord, progress: Progress | None) -> None:
        self.count += 1
        if self.form == "jsonl":
            line = json.dumps(record.to_json())
        elif self.csv is not None:
            if not self.header:
                self.csv.writerow(self.names)
                self.header = True
            self.csv.writerow(self._csv_row(record))
            self.out.flush()
            return
        else:
            line = (table_header(self.columns) + "\n" if self.count == 1 else "") + table_row(self.count, record, self.columns)
        if progress is not None:
            from rich.text import Text  # imported with the bar

            progress.console.print(Text(line), soft_wrap=True)  # keeps the live bar intact
        else:
            self.out.write(line + "\n")
            self.out.flush()


    def _csv_row(self, record: GradeRecord) -> list[str]:
        by_key = {column.key: column for column in self.columns}
        values: dict[str, Any] = dict(record.to_json())
        return [by_key[name].text(values[name]) if name in by_key else _csv_value(values[name]) for name in self.names]


def _csv_value(value: object) -> str:
    return "" if value is None else str(value)


def table_header(columns: tuple[Column, ...]) -> str:
    rating = " ".join(f"{column.heading:{column.align}{column.width}}" for column in columns)
    return f"{'#':>6}  {rating}  {'hardest':<{_HARDEST_WIDTH}} {'steps':>5} {'bf':>3} {'seconds':>8}  puzzle"


def table_row(number: int, record: GradeRecord, columns: tuple[Column, ...]) -> str:
    """One aligned row; puzzles that were not graded show their status (in the first
    rating column) and why."""
    if record.status is not GradeStatus.OK:
        reason = record.error or ""
        tail = f"{record.puzzle}  ({reason})" if record.puzzle else reason
        seconds = f"{record.seconds:8.3f}" if record.puzzle else " " * 8
        blanks = " ".join([f"{record.status.value:<{columns[0].width}}", *(column.cell(None) for column in columns[1:])])
        return f"{number:>6}  {blanks}  {'':<{_HARDEST_WIDTH}} {'':>5} {'':>3} {seconds}  {tail}"
    hardest = record.hardest or ""
    if len(hardest) > _HARDEST_WIDTH:
        hardest = hardest[: _HARDEST_WIDTH - 1] + "~"
    rating = " ".join(column.cell(record.field(column.key)) for column in columns)
    return (
        f"{number:>6}  {rating}  {hardest:<{_HARDEST_WIDTH}} "
        f"{record.steps:>5} {record.brute_force:>3} {record.seconds:8.3f}  {record.puzzle}"
    )


class Summary:
    """Counts per rating label (HoDoKu: per level) and per hardest technique, and the
    throughput, of a batch."""

    def __init__(self, profile: Profile, kept: int = 0) -> None:
        self.profile = profile
        self.start = time.perf_counter()
        self.kept = kept  # records a resumed file already held (not counted below)
        self.count = 0
        self.levels: Counter[str] = Counter()
        self.hardest: Counter[str] = Counter()

    def add(self, record: GradeRecord) -> None:
        self.count += 1
        ok = record.status is GradeStatus.OK
        self.levels[record.label if ok and record.label else record.status.value] += 1
        if ok and record.hardest:
            self.hardest[record.hardest] += 1

    def _order(self, label: str) -> tuple[int, Any]:
        """The profile's labels first, in its order; then the statuses of ungraded puzzles."""
        key = self.profile.label_key(label)
        if key is not None:
            return (0, key)
        statuses = [status.value for status in GradeStatus if status is not GradeStatus.OK]
        return (1, statuses.index(label) if label in statuses else len(statuses))

    def view(self) -> RenderableType:
        from rich.console import Group
        from rich.text import Text

        from engine.app.render.tables import CountTable

        wall = time.perf_counter() - self.start
        levels = sorted(self.levels.items(), key=lambda kv: self._order(kv[0]))
        rate = self.count / wall if wall > 0 else 0.0
        heading = self.profile.label_heading
        parts: list[RenderableType] = [Text(), CountTable(f"Puzzles by {heading}", heading[0].upper() + heading[1:], levels)]
        if self.hardest:
            parts += [Text(), CountTable("Puzzles by hardest technique", "Hardest technique", self.hardest.most_common())]
        word = "puzzle" if self.count == 1 else "puzzles"
        before = f"; {self.kept:,} graded before, kept (--resume)" if self.kept else ""
        parts += [Text(), Text(f"{self.count} {word} in {wall:.2f} s ({rate:,.1f} puzzles/s){before}")]
        return Group(*parts)

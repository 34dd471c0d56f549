"""``stepdoku generate``: new proper puzzles to order, one per line, as they are found.

Records are written whole (``RecordStream``), in candidate order, so Ctrl-C keeps every
line written before it. ``--format jsonl`` and ``csv`` carry each puzzle's rating with the
field names of ``grade --format jsonl`` (no ``seconds``, so that a seed always gives the
same bytes), the techniques used (as in ``explain --json``'s rating), the clue count and
the candidate number. The report goes to stderr: puzzles found, candidates tried, why the
others were rejected, and the seed to repeat the run with.

Exit codes: 0 every puzzle asked for was made; 2 the request is malformed or cannot be met
(refused before any work); 5 fewer puzzles than asked: ``--max-tries`` candidates in a row
were rejected (the report says why); 130 interrupted.
"""

from __future__ import annotations

import csv
import json
import secrets
import time
from contextlib import nullcontext
from dataclasses import dataclass
from typing import IO, Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_OK, Interrupted, batch, held_signals, record_file
from engine.app.commands.resume import Kept, ResumeError, open_output
from engine.app.commands.richout import terminal_console
from engine.app.render.progress import RateColumn
from engine.generate import DEFAULT_MAX_TRIES, Generated, Generator, Request, RequestError, Stats
from engine.technique import Catalog
from engine.workers import cap_workers

#: Candidates without a puzzle after which the run says the request is rare.
RARE_AFTER = 1000
#: Fewer puzzles than asked: --max-tries candidates in a row were rejected.
EXIT_GAVE_UP = 5
_SEED_RANGE = 10**9


@dataclass(frozen=True)
class GenerateOptions:
    request: Request
    count: int = 1
    seed: int | None = None  # None: a random seed, reported
    jobs: int = 1
    format: str = "lines"
    max_tries: int = DEFAULT_MAX_TRIES
    quiet: bool = False
    progress: bool | None = None  # None: when stderr is a terminal
    output: str | None = None  # write the puzzles to this file, not stdout
    resume: bool = False  # continue the run a stopped one left in ``output`` (needs ``seed``)


def run(options: GenerateOptions, catalog: Catalog, out: IO[str], err: IO[str]) -> int:
    seed = options.seed if options.seed is not None else secrets.randbelow(_SEED_RANGE)
    try:
        generator = Generator(catalog, options.request, seed=seed)
    except RequestError as refused:
        err.write(f"stepdoku: cannot generate {options.request.describe()}: {refused}\n")
        return EXIT_BAD_INPUT
    for note in generator.notes:
        err.write(f"stepdoku: note: {note}\n")
    if options.output is None:
        return _run(options, generator, out, err, Kept())
    if options.resume and options.seed is None:
        err.write("stepdoku: generate: --resume needs --seed S, the seed of the run to continue (a run with --output names it when it starts)\n")
        return EXIT_BAD_INPUT
    try:
        handle, kept = open_output(options.output, options.format, generator.record_keys(), options.resume)
        _check_kept(generator, kept, options.output)
    except ResumeError as refused:
        err.write(f"stepdoku: {refused}\n")
        return EXIT_BAD_INPUT
    if options.seed is None and not options.quiet:
        err.write(f"stepdoku: seed {seed} (to continue this run if it stops: the same options with --seed {seed} --resume)\n")
    with record_file(handle, options.output) as records:
        return _run(options, generator, records, err, kept)


def _check_kept(generator: Generator, kept: Kept, path: str) -> None:
    """The last record kept must be this run's: its candidate, made again, gives its puzzle."""
    if kept.last is None:
        return
    try:
        index = int(kept.last["candidate"])
    except (KeyError, TypeError, ValueError):
        raise ResumeError(f"{path}: the last record has no candidate number") from None
    made = generator.worker.outcome(index).generated
    if made is None or made.puzzle != kept.last.get("puzzle"):
        raise ResumeError(f"{path}: its puzzles are not this run's (another --seed, or another request?); start again without --resume")


def _run(options: GenerateOptions, generator: Generator, out: IO[str], err: IO[str], kept: Kept) -> int:
    """Generate to ``out``; a resumed run makes only the puzzles the file still lacks."""
    show_progress = options.progress if options.progress is not None else (err.isatty() and not options.quiet)
    writer = _Writer(options.format, out, generator.record_keys(), kept)
    first = int(kept.last["candidate"]) + 1 if kept.last is not None else 0
    count = options.count - kept.records
    start = time.perf_counter()
    jobs = cap_workers(options.jobs, note=err)  # candidates are endless: only the machine caps -j
    try:
        with batch() as outcome, generator.workers(jobs) as pool:  # pool before the bar's thread
            progress = _progress(err) if show_progress else None
            task = progress.add_task("generating", total=options.count, tried=0) if progress is not None else None

            def show(stats: Stats) -> None:
                if progress is not None and task is not None:
                    progress.update(task, completed=kept.records + stats.found, tried=stats.tried)
                if stats.tried == RARE_AFTER and stats.found == 0 and not options.quiet:
                    _note(err, progress, _rare(stats, options.max_tries))

            puzzles = generator.puzzles(count, jobs=jobs, pool=pool, start=first, max_tries=options.max_tries, progress=show)
            with progress if progress is not None else nullcontext():
                for generated in puzzles:
                    with held_signals():  # counted and written as one step: see output.py
                        outcome.add(EXIT_OK, f"candidate {generated.index}")
                        writer.write(generated, progress if out.isatty() else None)
    except Interrupted:
        if not options.quiet:
            err.write(_report(generator, options, time.perf_counter() - start, kept.records) + "\n")
        raise
    if not options.quiet:
        err.write(_report(generator, options, time.perf_counter() - start, kept.records) + "\n")
    if generator.stats.gave_up:
        err.write("stepdoku: " + gave_up(generator, options.max_tries, options.count, kept.records) + "\n")
        return EXIT_GAVE_UP
    return EXIT_OK


def _rare(stats: Stats, max_tries: int) -> str:
    common = stats.rejected.most_common(1)
    why = f" (most often: {common[0][0]})" if common else ""
    return (
        f"stepdoku: note: no puzzle in the first {stats.tried:,} candidates{why}: this request is rare; "
        f"the run gives up after {max_tries:,} in a row (--max-tries)"
    )


def _note(err: IO[str], progress: Progress | None, text: str) -> None:
    if progress is not None:
        progress.console.print(Text(text), soft_wrap=True)
    else:
        err.write(text + "\n")
        err.flush()


def _progress(err: IO[str]) -> Progress:
    """found / asked, candidates tried, puzzles per second, time so far."""
    return Progress(
        TextColumn("[progress.description]generating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("found, {task.fields[tried]:,} tried"),
        RateColumn(),
        TimeElapsedColumn(),
        console=terminal_console(err),
        transient=False,
    )


class _Writer:
    """Streams puzzles as lines, JSON lines or CSV rows."""

    def __init__(self, form: str, out: IO[str], keys: tuple[str, ...], kept: Kept) -> None:
        self.form = form
        self.out = out
        self.keys = keys
        self.csv = csv.writer(out, lineterminator="\n") if form == "csv" else None
        self.count = kept.records
        self.header = kept.header or kept.records > 0

    def write(self, generated: Generated, progress: Progress | None) -> None:
        self.count += 1
        if self.csv is not None:
            if not self.header:
                self.csv.writerow(self.keys)
                self.header = True
            record = generated.to_json()
            self.csv.writerow([_csv_value(key, record.get(key)) for key in self.keys])
            self.out.flush()
            return
        line = json.dumps(generated.to_json()) if self.form == "jsonl" else generated.puzzle
        if progress is not None:
            progress.console.print(Text(line), soft_wrap=True)  # keeps the live bar intact
        else:
            self.out.write(line + "\n")
            self.out.flush()


def _csv_value(key: str, value: Any) -> str:
    """A CSV cell: the techniques as ``code:count`` words (``fh:20 n1:21 lc1:3``)."""
    if key == "techniques":
        return " ".join(f"{t['code']}:{t['count']}" for t in value)
    return "" if value is None else str(value)


def _report(generator: Generator, options: GenerateOptions, seconds: float, kept: int = 0) -> str:
    stats = generator.stats
    words = "puzzle" if stats.found == 1 else "puzzles"
    rate = stats.found / seconds if seconds > 0 else 0.0
    lines = [
        f"{stats.found} {words} ({generator.request.describe()}) from {stats.tried:,} candidates in {seconds:.2f} s "
        f"({rate:,.2f} puzzles/s); seed {generator.seed} (the next candidate is number {stats.next_index})"
        + (f"; {kept:,} made before, kept (--resume)" if kept else "")
    ]
    if stats.rejected:
        lines.append("rejected: " + "; ".join(f"{reason} {count:,}" for reason, count in stats.rejected.most_common()))
    return "\n".join(lines)


def gave_up(generator: Generator, max_tries: int, count: int, kept: int = 0) -> str:
    """Why a run made fewer puzzles than asked."""
    stats = generator.stats
    common = stats.rejected.most_common(1)
    why = f"; most often rejected: {common[0][0]}" if common else ""
    return (
        f"gave up after {max_tries:,} candidates in a row without a puzzle (--max-tries {max_tries}){why}. "
        f"{kept + stats.found} of {count} made: this request is very rare or cannot be met; loosen it, or raise --max-tries."
    )

"""The ``stepdoku`` command line: argument parsing and wiring, no Sudoku logic.

Every option is declared once (the ``Option`` constants below) and each command lists the
options it takes; a command may word an option's help for itself, never redefine it.

Exit codes: 0 ok, 1 invalid puzzle (no solution or several), 2 bad input or usage,
3 internal error, 4 output could not be written, 130 interrupted, 141 output pipe closed.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import sys
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Callable, NoReturn, Sequence, cast

from engine import __version__
from engine.app.commands.output import (
    EXIT_BAD_INPUT,
    EXIT_OUTPUT_FAILED,
    EXIT_PIPE_CLOSED,
    Interrupted,
    OutputClosed,
    OutputFailed,
    RecordStream,
    tolerant_output,
)
from engine.formats import Layout
from engine.generate import DEFAULT_MAX_TRIES, SE_PROFILE
from engine.generate.symmetry import Symmetry
from engine.profiles import DEFAULT_PROFILE, PROFILES, load_profile
from engine.technique import Catalog, UnknownTechnique, code_list
from techniques.options import OPTIONS, with_options

if TYPE_CHECKING:
    from engine.profiles import Profile

EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 3

Handler = Callable[[argparse.Namespace, IO[str], IO[str], IO[str]], int]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit code 2, and reads an
    81-character puzzle that starts with ``-`` (a seed-style line, ``-`` for an empty cell)
    as a puzzle, not as an option."""

    def error(self, message: str) -> None:  # type: ignore[override]
        if "unrecognized arguments: -" in message or "expected one argument" in message:
            message += " (a puzzle that starts with '-'? put -- before it: stepdoku solve -- -5-3...)"
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see '{self.prog} --help')\n")

    def _parse_optional(self, arg_string: str) -> Any:
        if _dash_puzzle(arg_string):
            return None  # a positional argument: the puzzle
        return super()._parse_optional(arg_string)


def _dash_puzzle(text: str) -> bool:
    """An argument that starts with ``-`` but is a puzzle: a line of exactly 81 characters
    (any non-digit there is an empty cell), no option being that long."""
    word = text.split()[0] if text.split() else ""
    return text.startswith("-") and len(word) == 81 and "=" not in word


# --- value types ------------------------------------------------------------------------


def _layout(text: str) -> Layout:
    try:
        return Layout(text)
    except ValueError:
        names = ", ".join(layout.value for layout in Layout)
        raise argparse.ArgumentTypeError(f"unknown format {text!r} (choose from {names})") from None


def _at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``minimum``."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more: {text!r}")
        return value

    return convert


_positive = _at_least(1)
_seed = _at_least(0)


def _codes(text: str) -> str:
    """A comma-separated list of technique codes; an empty one is a mistake, not the default set."""
    if not code_list(text):
        raise argparse.ArgumentTypeError(f"no technique code in {text!r} (e.g. n2,h2; see 'stepdoku techniques')")
    return text


def _seconds(text: str) -> float | None:
    """A time budget: any positive number of seconds; ``inf`` means no limit (None)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if math.isnan(value):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds: {text!r}")
    return None if math.isinf(value) else value


def _parsed(parser: str) -> Callable[[str], Any]:
    """An argparse type from a parser of ``engine.generate.request`` (named: that module is
    imported when ``generate`` reads its options, not at start-up) that raises RequestError."""

    def convert(text: str) -> Any:
        from engine.generate import request

        try:
            return getattr(request, parser)(text)
        except request.RequestError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


def _symmetry(text: str) -> Symmetry:
    try:
        return Symmetry(text.lower())
    except ValueError:
        raise argparse.ArgumentTypeError(f"unknown symmetry {text!r} (choose from {', '.join(s.value for s in Symmetry)})") from None


# --- every option, once ----------------------------------------------------------------


class Option:
    """One command-line option: its flags and settings, declared once for every command
    that takes it."""

    def __init__(self, *flags: str, **settings: Any) -> None:
        self.flags = flags
        self.settings = settings

    def add_to(self, parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, help: str | None = None) -> None:
        settings = dict(self.settings, help=help) if help is not None else self.settings
        parser.add_argument(*self.flags, **settings)


INPUTS = Option(
    "inputs",
    nargs="*",
    metavar="INPUT",
    help="a puzzle (81 characters, or a grid or LeetCode board in quotes), a file of puzzles, or - for stdin; "
    "default: Arto Inkala's 2012 'world's hardest' puzzle",
)
GRADE_INPUTS = Option("inputs", nargs="+", metavar="INPUT", help="puzzles, files of puzzles (any size), or - for stdin")
STATE = Option(
    "state",
    metavar="STATE",
    help="your grid: 81 characters, nine rows, a LeetCode board, a pencil-mark grid, a HoDoKu library line (+d = entered), a file, or - for stdin",
)
PROFILE = Option(
    "--profile",
    choices=tuple(PROFILES),
    default=DEFAULT_PROFILE,
    help=f"the rating scale and solving policy: {', '.join(PROFILES)} (default {DEFAULT_PROFILE}; see 'stepdoku techniques --profile NAME')",
)
ONLY = Option("--only", type=_codes, metavar="CODES", help="use only these techniques, e.g. n2,h2 (see 'stepdoku techniques')")
TECHNIQUE = Option("--technique", "-t", type=_codes, metavar="CODES", help="technique codes, e.g. n2,h2 (default: a library line's own technique, else the profile's default set)")
MAX_DIFFICULTY = Option(
    "--max-difficulty",
    type=_at_least(0),
    metavar="N",
    help="leave out techniques ordered after N in the profile (its order numbers: see 'stepdoku techniques'); "
    "a value that leaves no technique is refused",
)
NO_SEARCH = Option("--no-search", action="store_true", help="stop when stuck instead of placing a Brute Force digit")
JSON = Option("--json", action="store_true", help="one JSON object per puzzle (JSON Lines)")
TEXT = Option("--text", action="store_true", help="the HoDoKu-style step lines only")
RICH = Option("--rich", action="store_true", help="a rich view on the terminal")
HTML = Option("--html", metavar="FILE", help="write the output as a self-contained HTML page instead")
SVG = Option("--svg", metavar="FILE", help="write the output as an SVG picture instead")
LAYOUT = Option("--format", type=_layout, metavar="LAYOUT", help="output layout: " + ", ".join(x.value for x in Layout) + " (default: as the input)")
COUNT = Option("--count", action="store_true", help="count the solutions instead (up to --limit)")
LIMIT = Option(
    "--limit",
    type=_positive,
    default=1000,
    metavar="N",
    help="with --count, stop counting at N solutions (default 1000; then 'at least N'); the exit code still says whether the puzzle has one solution",
)
SINGLES = Option("--singles", choices=("collapsed", "full"), default="collapsed", help="runs of singles as lines under one grid (default) or each in full")
FROM_STEP = Option("--from-step", type=_positive, default=1, metavar="N", help="start the walkthrough at step N")
UNTIL_STEP = Option("--until-step", type=_positive, metavar="N", help="end the walkthrough at step N")
BRIEF = Option("--brief", action="store_true", help="step lines only, no explanations")
PUZZLE = Option(
    "--puzzle",
    metavar="GIVENS",
    help="the original puzzle, to tell your entries from its givens: each wrong entry is then named "
    "(without it every digit of STATE counts as a given)",
)
LEVEL = Option("--level", type=int, choices=(1, 2, 3), default=1, help="1: technique and where to look (default); 2: also digits and cells; 3: the whole step")
APPLY = Option("--apply", action="store_true", help="also print the state after the step, in the same layout")
IGNORE_MISTAKES = Option(
    "--ignore-mistakes",
    action="store_true",
    help="give a hint even when the grid has mistakes: the mistakes are still listed, and the step is found "
    "in the grid as it is (wrong digits and removed pencil marks included), so it may lead away from the "
    "solution; a grid where a cell or house has no place left gets no step",
)
JOBS = Option("-j", "--jobs", type=_positive, default=1, metavar="N", help="work in N worker processes (default 1)")
#: The 32 is engine.app.commands.grade.AUTO_PARALLEL (written out: that module is imported
#: only when a command needs it; tests/test_cli_grade.py holds the two together).
GRADE_JOBS = Option(
    "-j",
    "--jobs",
    type=_positive,
    default=None,
    metavar="N",
    help="grade in N worker processes (default: one per core for more than 32 puzzles, "
    "else none; the records and their order are the same with any N; never more than there "
    "are puzzles, nor than two per CPU: a note says so)",
)
GRADE_FORMAT = Option("--format", choices=("table", "csv", "jsonl"), default="table", help="table (default), csv or jsonl")
SE_FIELD = Option(
    "--se",
    choices=("style", "exact"),
    default="style",
    help="the se field of the hodoku profile: style, an estimate of Sudoku Explainer's rating on HoDoKu's path "
    "(default), or exact, serate's own ER from the se profile (slower; records then say se_exact: true)",
)
MAX_SECONDS = Option(
    "--max-seconds",
    type=_seconds,
    metavar="S",
    help="stop grading a puzzle after S seconds and record it as 'timeout' (any number > 0; inf: no limit, the default)",
)
OUTPUT = Option(
    "--output",
    "-o",
    metavar="FILE",
    help="write the records to FILE (replacing it) instead of stdout; the summary goes to stderr",
)
RESUME = Option(
    "--resume",
    action="store_true",
    help="with --output FILE (jsonl or csv): continue the batch a stopped run left in FILE (its whole records are kept, "
    "a torn last line dropped, the input checked against them) instead of starting afresh",
)
CLUSTER = Option(
    "--cluster",
    choices=("dask",),
    help="grade on a Dask cluster: a LocalCluster on this machine (-j N workers, default one per core), "
    "or the cluster of --scheduler (needs the cluster extra: pip install 'stepdoku[cluster]')",
)
SCHEDULER = Option("--scheduler", metavar="ADDRESS", help="with --cluster dask: the scheduler of an existing cluster, e.g. tcp://10.0.0.5:8786")
QUIET = Option("--quiet", "-q", action="store_true", help="no progress bar and no summary")
REVEAL = Option("--reveal", action="store_true", help="let mistake messages name the solution digit (by default they only say which entry is wrong)")
HINT_HTML = (
    "write a self-contained page instead: the mistakes and the hint drawn on your grid, no more than --level reveals "
    "(1: the houses to look in, 2: also the cells and digits, 3: the whole step)"
)
DRAWN_HTML = "write a self-contained page instead: the step list beside each step's drawn grid (arrow keys, Home/End and clicks move; prints as a booklet)"
DRAWN_SVG = Option(
    "--svg",
    metavar="PATH",
    help="a folder (existing, or a path ending in /): one drawn SVG per step and an index.html; a file: the terminal output as one SVG picture",
)

NUMBER = Option("-n", dest="number", type=_positive, default=1, metavar="N", help="how many puzzles (default 1)")
SEED = Option("--seed", type=_seed, metavar="S", help="the same seed gives the same puzzles in the same order, with any -j (default: a random seed, reported on stderr)")
GEN_LEVEL = Option(
    "--level",
    dest="levels",
    type=_parsed("parse_levels"),
    metavar="LEVEL",
    help="HoDoKu level: easy, medium, hard, unfair or extreme, or a range like medium-hard",
)
SCORE = Option("--score", type=_parsed("parse_int_range"), metavar="MIN-MAX", help="HoDoKu score range, e.g. 1000-1600")
SE = Option(
    "--se",
    type=_parsed("parse_float_range"),
    metavar="MIN-MAX",
    help=f"SE rating (ER) range, e.g. 7.0-8.0: serate's own ER, from the {SE_PROFILE!r} profile (see 'stepdoku techniques --profile {SE_PROFILE}')",
)
REQUIRES = Option("--requires", type=_codes, metavar="CODES", help="techniques the logical solution uses at least once each, e.g. sk or xy,w (see 'stepdoku techniques')")
REQUIRES_HARDEST = Option("--requires-hardest", metavar="CODE", help="the technique of the hardest step (grade's 'hardest')")
TEACH = Option(
    "--teach",
    metavar="CODE",
    help="puzzles to practise a technique: it is the hardest step (everything else is easier) and its first step comes "
    "while at least half of the empty cells are still empty",
)
SYMMETRY = Option(
    "--symmetry",
    type=_symmetry,
    default=Symmetry.NONE,
    metavar="KIND",
    help="clue pattern symmetry: " + ", ".join(s.value for s in Symmetry) + " (default none)",
)
CLUES = Option("--clues", type=_parsed("parse_int_range"), metavar="MIN-MAX", help="number of clues, e.g. 22-26")
MINIMAL = Option(
    "--minimal",
    action=argparse.BooleanOptionalAction,
    default=True,
    help="minimal puzzles: removing any clue (with --symmetry: any symmetric group of clues) gives a second solution "
    "(default); --no-minimal stops removing clues at a count drawn from --clues (default 28-34)",
)
GEN_FORMAT = Option(
    "--format",
    choices=("lines", "jsonl", "csv"),
    default="lines",
    help="lines (default: one puzzle per line), jsonl or csv (with the rating, in grade's field names, and the techniques used)",
)
MAX_TRIES = Option(
    "--max-tries",
    type=_positive,
    default=DEFAULT_MAX_TRIES,
    metavar="N",
    help=f"give up (exit code 5) after N candidates in a row without a puzzle (default {DEFAULT_MAX_TRIES:,})",
)
HOST = Option("--host", default="127.0.0.1", metavar="ADDRESS", help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for every interface)")
PORT = Option("--port", type=_at_least(0), default=8000, metavar="N", help="the port (default 8000; 0: any free port, printed)")
WORKERS = Option(
    "--workers",
    type=_positive,
    metavar="N",
    help="worker processes per lane (a quick lane and a full lane; default one per core; at most two per core and what the memory holds, with a note)",
)
QUEUE = Option("--queue", type=_seed, default=32, metavar="N", help="requests that may wait per lane when its workers are busy (default 32); beyond that, 503 with Retry-After")
MAX_BODY = Option("--max-body", type=_positive, default=256 * 1024, metavar="BYTES", help="the largest request body (default 262144); larger ones get 413")
MAX_WORK = Option(
    "--max-work",
    type=_positive,
    default=200_000,
    metavar="UNITS",
    help="work units one request may spend (techniques tried and search units, the same on every machine; default 200000: "
    "a whole hodoku or full walkthrough of the forum's hardest puzzles takes 7,000 to 90,000, an se one more than 400,000 "
    "for half of them); past it the answer is a 422 saying so. The full lane tries a request with a tenth of it first",
)
#: The 1,000 is engine.listing.LISTING_WORK (written out: that module is imported only when
#: a command needs it; tests/test_listing.py holds the two together).
LISTING_MAX_WORK = Option(
    "--max-work",
    type=_positive,
    default=1_000,
    metavar="UNITS",
    help="work units each technique's listing may spend (default 1000, about a second: the same on every machine); "
    "a listing that spends them stops and says it was cut short. Raise it for every step of a slow technique",
)
QUICK_WORK = Option(
    "--quick-work",
    type=_positive,
    default=1_000,
    metavar="UNITS",
    help="work units a request may spend in the quick lane (default 1000); it is tried with a tenth of them first, and a free "
    "worker takes first tries before second ones. One that needs more is run again in the full lane, whose workers run at a "
    "lower priority, so a flood of hard requests never starves easy ones",
)
CORS = Option("--cors", action="append", metavar="ORIGIN", help="let pages from ORIGIN (e.g. https://example.org) call the API; repeat for several (default: none)")
OPEN = Option("--open", action="store_true", help="open the page in a web browser once the server is up")

#: HoDoKu's optional technique behaviours (techniques/options.py), one flag each.
TECHNIQUE_OPTIONS = tuple(
    Option(option.flag, dest="technique_options", action="append_const", const=option.name, help=option.help) for option in OPTIONS
)

Takes = Option | tuple[Option, ...]  # a tuple: options that exclude each other


@dataclass(frozen=True)
class Command:
    """A subcommand: what it does, the options it takes (with its own wording of their
    help, where the shared one is too general), and its handler."""

    name: str
    help: str
    handler: Handler
    options: tuple[Takes, ...]
    wording: dict[str, str] = field(default_factory=dict)  # option flag -> help

    def add_to(self, commands: argparse._SubParsersAction[_Parser], with_options: bool = True) -> None:
        """Add this command to ``commands`` (its name and help only, without its options,
        when ``with_options`` is false: a parser for another command's arguments)."""
        parser = commands.add_parser(self.name, help=self.help)
        parser.set_defaults(handler=self.handler)
        if not with_options:
            return
        for taken in self.options:
            if isinstance(taken, Option):
                taken.add_to(parser, self.wording.get(taken.flags[0]))
                continue
            group = parser.add_mutually_exclusive_group()
            for option in taken:
                option.add_to(group, self.wording.get(option.flags[0]))


def _catalog() -> Catalog:
    """Every technique (imported here, not at start-up: ``solve`` and ``--version`` need none)."""
    from techniques import CATALOG

    return CATALOG


def _profile(args: argparse.Namespace) -> Profile:
    """The chosen profile over the techniques, with the options the command line switched on."""
    return load_profile(args.profile, with_options(_catalog(), getattr(args, "technique_options", None) or ()))


# --- handlers: arguments -> command options ---------------------------------------------
# Each handler imports its command's module: the command line starts without importing
# every command (rich, the techniques, the generator), so that a quick command is quick.


def _solve(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import solve as solve_command

    options = solve_command.SolveOptions(
        inputs=tuple(args.inputs),
        layout=args.format,
        count=args.count,
        limit=args.limit,
        json=args.json,
    )
    return solve_command.run(options, out, err, stdin)


def _explain(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import explain as explain_command

    options = explain_command.ExplainOptions(
        inputs=tuple(args.inputs),
        codes=args.only,
        max_difficulty=args.max_difficulty,
        allow_search=not args.no_search,
        json=args.json,
        text=args.text,
        full_singles=args.singles == "full",
        html=args.html,
        svg=args.svg,
        from_step=args.from_step,
        until_step=args.until_step,
    )
    return explain_command.run(options, _profile(args), out, err, stdin)


def _steps(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import steps as steps_command

    options = steps_command.StepsOptions(
        inputs=tuple(args.inputs),
        codes=args.technique,
        json=args.json,
        explain=not args.brief,
        rich=args.rich,
        html=args.html,
        svg=args.svg,
        max_work=args.max_work,
    )
    return steps_command.run(options, _profile(args), out, err, stdin)


def _hint(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.advice import HintOptions
    from engine.app.commands import hint as hint_command

    options = HintOptions(
        state=args.state,
        puzzle=args.puzzle,
        level=args.level,
        json=args.json,
        apply=args.apply,
        ignore_mistakes=args.ignore_mistakes,
        reveal=args.reveal,
    )
    return hint_command.run(options, _profile(args), out, err, stdin, html=args.html)


def _resume_without_output(args: argparse.Namespace, command: str, err: IO[str]) -> bool:
    """``--resume`` without ``--output FILE``: says so."""
    if args.resume and args.output is None:
        err.write(f"stepdoku: {command}: --resume needs --output FILE (the file to continue)\n")
        return True
    return False


def _grade(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import grade as grade_command

    options = grade_command.GradeOptions(
        inputs=tuple(args.inputs),
        jobs=args.jobs,
        format=args.format,
        max_seconds=args.max_seconds,
        quiet=args.quiet,
        se=args.se,
        output=args.output,
        resume=args.resume,
        cluster=args.cluster,
        scheduler=args.scheduler,
    )
    if _resume_without_output(args, "grade", err):
        return EXIT_BAD_INPUT
    if args.scheduler and not args.cluster:
        err.write("stepdoku: grade: --scheduler needs --cluster dask\n")
        return EXIT_BAD_INPUT
    return grade_command.run(options, _profile(args), out, err, stdin)


def _generate(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import generate as generate_command
    from engine.generate.request import Request

    request = Request(
        level=args.levels,
        score=args.score,
        se=args.se,
        requires=code_list(args.requires),
        requires_hardest=args.requires_hardest,
        teach=args.teach,
        profile=args.profile,
        symmetry=args.symmetry,
        clues=args.clues,
        minimal=args.minimal,
    )
    options = generate_command.GenerateOptions(
        request=request,
        count=args.number,
        seed=args.seed,
        jobs=args.jobs,
        format=args.format,
        max_tries=args.max_tries,
        quiet=args.quiet,
        output=args.output,
        resume=args.resume,
    )
    if _resume_without_output(args, "generate", err):
        return EXIT_BAD_INPUT
    return generate_command.run(options, _catalog(), out, err)


def _serve(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import serve as serve_command  # the web extra is optional: loaded only here

    options = serve_command.ServeOptions(
        host=args.host,
        port=args.port,
        workers=args.workers,
        queue=args.queue,
        max_body=args.max_body,
        max_work=args.max_work,
        quick_work=args.quick_work,
        cors=tuple(args.cors or ()),
        open=args.open,
        access_log=not args.quiet,
    )
    return serve_command.run(options, out, err)


def _techniques(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    from engine.app.commands import listing as listing_command
    from engine.app.commands.richout import RichTarget

    return listing_command.run(_profile(args), args.json, out, rich=args.rich, target=RichTarget(args.html, args.svg), err=err)


COMMANDS = (
    Command(
        "solve",
        "solve puzzles by search and check they have exactly one solution",
        _solve,
        (INPUTS, LAYOUT, COUNT, LIMIT, JSON),
    ),
    Command(
        "explain",
        "a walkthrough of the whole solution: each step, why it holds, and the grid",
        _explain,
        (INPUTS, PROFILE, ONLY, MAX_DIFFICULTY, NO_SEARCH, (JSON, TEXT), SINGLES, HTML, DRAWN_SVG, FROM_STEP, UNTIL_STEP, *TECHNIQUE_OPTIONS),
        {
            "--json": "one JSON object per puzzle (JSON Lines), with the rating",
            "--singles": "runs of singles as lines under one grid (default) or each in full (--html: the page opens with singles expanded)",
            "--html": DRAWN_HTML,
        },
    ),
    Command(
        "hint",
        "for a grid you are stuck on: your mistakes, then the next step, revealed by level",
        _hint,
        (STATE, PROFILE, PUZZLE, LEVEL, JSON, APPLY, IGNORE_MISTAKES, REVEAL, HTML, *TECHNIQUE_OPTIONS),
        {"--json": "one JSON object per state, for apps", "--html": HINT_HTML},
    ),
    Command(
        "grade",
        "rate puzzles on a profile's scale (default: HoDoKu level and score, hardest technique, SE-style number)",
        _grade,
        (GRADE_INPUTS, PROFILE, GRADE_JOBS, GRADE_FORMAT, MAX_SECONDS, OUTPUT, RESUME, CLUSTER, SCHEDULER, QUIET, SE_FIELD, *TECHNIQUE_OPTIONS),
    ),
    Command(
        "generate",
        "new proper puzzles to order: by level, score, SE rating, required technique, symmetry, clues",
        _generate,
        (NUMBER, SEED, JOBS, GEN_LEVEL, SCORE, SE, REQUIRES, REQUIRES_HARDEST, TEACH, PROFILE, SYMMETRY, CLUES, MINIMAL, GEN_FORMAT, MAX_TRIES, OUTPUT, RESUME, QUIET),
        {
            "-j": "generate in N worker processes (default 1; at most two per CPU: a note says so); the puzzles do not depend on N",
            "--profile": f"the profile whose solution path --requires, --requires-hardest and --teach refer to, and whose rating the records carry: {', '.join(PROFILES)} (default {DEFAULT_PROFILE})",
            "--quiet": "no progress bar and no report",
            "--output": "write the puzzles to FILE (replacing it) instead of stdout",
            "--resume": "with --output FILE (jsonl or csv) and the run's --seed: continue the run a stopped one left in FILE "
            "(its whole records kept, a torn last line dropped) until it holds -n puzzles; the puzzles are those the whole run would have made",
        },
    ),
    Command(
        "steps",
        "every step some techniques find in a position (each technique's listing bounded by work; one cut short says so)",
        _steps,
        (INPUTS, PROFILE, TECHNIQUE, JSON, BRIEF, RICH, HTML, DRAWN_SVG, LISTING_MAX_WORK, *TECHNIQUE_OPTIONS),
        {
            "--json": "one JSON line per position",
            "--rich": "each step with its explanation on the candidate grid",
            "--html": DRAWN_HTML,
        },
    ),
    Command(
        "serve",
        "the interactive page and the JSON API on a local web server (needs the web extra)",
        _serve,
        (HOST, PORT, WORKERS, QUEUE, MAX_BODY, MAX_WORK, QUICK_WORK, CORS, OPEN, QUIET),
        {"--quiet": "no access log (one line per request on stderr, by default)"},
    ),
    Command(
        "techniques",
        "a profile's techniques in solving order, with codes and its numbers",
        _techniques,
        (PROFILE, JSON, RICH, HTML, SVG),
        {"--json": "a JSON list", "--rich": "a table (with the hodoku profile, each technique's SE-style value too)"},
    ),
)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the arguments it will parse (``argv``), only the
    command they name gets its options: argparse makes a help formatter (and asks the
    terminal's size) for each option it adds, half of the parser's cost for options no
    single command takes (8 ms -> 4 ms here, warm; issue 24: a quick command's start-up).
    Every command is still listed, so ``--help`` and a misspelt command read the same."""
    parser = _Parser(prog="stepdoku", description="Solve Sudoku the way a strong human does, and say why.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help="print the version and exit")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)
    named = _command_named(argv)
    for command in COMMANDS:
        command.add_to(commands, with_options=named is None or command.name == named)
    return parser


def _command_named(argv: Sequence[str] | None) -> str | None:
    """The command ``argv`` runs (None: not known before parsing, e.g. ``--help``). The
    top-level parser takes options only (``--version``, ``--help``), so a first argument
    that is not an option is the command."""
    first = argv[0] if argv else None
    return first if first in {command.name for command in COMMANDS} else None


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    tolerant_output(out)
    tolerant_output(err)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(err)
        return EXIT_BAD_INPUT
    return _run(handler, args, out, err)


#: How many new objects CPython's cycle collector lets pile up before it looks (its default
#: is 700). The chain and net searches make many short-lived lists and tuples, and at the
#: default the collector took 5-9% of a hard puzzle's grade, most of it walking every
#: object the program holds (issue 24). Garbage cycles are still collected, less often.
#: What a solve keeps alive (its caches and tables) stays under this: at 100,000 a pass
#: still came every few puzzles and walked them (2% of top1465's grade, one pass of 60 ms
#: in the README's ``explain``); at 300,000 neither has one, for 2 MB more at the peak.
GC_THRESHOLD = 300_000


def collect_less_often() -> None:
    """Raise the cycle collector's first threshold to :data:`GC_THRESHOLD` (worker
    processes forked later inherit it)."""
    first, second, third = gc.get_threshold()
    gc.set_threshold(max(first, GC_THRESHOLD), second, third)


def _run(handler: Handler, args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Run a command; every way it can end becomes one line on stderr and an exit code."""
    collect_less_often()
    # Records reach stdout whole or not at all (see RecordStream): Ctrl-C or an error in the
    # middle of one leaves everything written before it intact.
    stream = RecordStream(out)
    try:
        code = handler(args, cast(IO[str], stream), err, sys.stdin)
        stream.flush()
        return code
    except UnknownTechnique as unknown:
        stream.discard()
        err.write(f"stepdoku: {unknown}\n")
        return EXIT_BAD_INPUT
    except Interrupted as stop:
        stream.discard()
        err.write(f"stepdoku: {stop.report()}\n")
        return stop.exit_code
    except KeyboardInterrupt:
        stream.discard()
        err.write("stepdoku: interrupted\n")
        return EXIT_INTERRUPTED
    except (OutputClosed, BrokenPipeError):
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _drop_stdout()
        return EXIT_PIPE_CLOSED
    except OutputFailed as failed:
        if failed.path is None:
            _drop_stdout()
        else:
            stream.discard()
        err.write(f"stepdoku: {failed.describe()}\n")
        return EXIT_OUTPUT_FAILED
    except Exception as error:  # never a traceback for users; STEPDOKU_DEBUG=1 shows it
        stream.discard()
        if _worker_lost(error):
            err.write(f"stepdoku: {error} (killed by the system each time: out of memory?); rerun with --resume to continue\n")
            return EXIT_INTERNAL
        if os.environ.get("STEPDOKU_DEBUG"):
            raise
        err.write(f"stepdoku: internal error: {type(error).__name__}: {error} (please report it; STEPDOKU_DEBUG=1 shows details)\n")
        return EXIT_INTERNAL


def _worker_lost(error: Exception) -> bool:
    """Whether ``error`` is the worker pool's ``WorkerLost``. Only a command that started
    worker processes can raise it, so the pool (multiprocessing, ctypes) is not imported
    at start-up to tell."""
    workers = sys.modules.get("engine.workers")
    return workers is not None and isinstance(error, workers.WorkerLost)


def _drop_stdout() -> None:
    """Point the process's standard output at the null device, so that the interpreter's
    last flush of text held for a closed pipe or a full disk does not fail once more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def entry() -> NoReturn:
    """The ``stepdoku`` command (the console script reaches it through
    ``engine.app.launch``, which answers a bare ``--version`` itself): :func:`main`, then
    exit with its code. Before leaving, the objects still alive (the modules, their
    tables, the caches) are frozen out of the cycle collector, whose last pass at exit
    would otherwise walk them all: a tenth of a short ``grade`` run (measured on 300
    puzzles: 0.90 s wall instead of 1.0). Nothing is lost: the standard streams are
    flushed and the exit handlers run as before, and what the commands write to files is
    closed when written."""
    code = main()
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    entry()

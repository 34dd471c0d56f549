"""The ``stepdoku`` command line: argument parsing and wiring, no Sudoku logic.

Exit codes: 0 ok, 1 invalid puzzle (no solution or several), 2 bad input or usage,
3 internal error, 4 output could not be written, 130 interrupted, 141 output pipe closed.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from importlib import metadata
from typing import IO, Callable, Sequence, cast

from engine.advice import HintOptions
from engine.app.commands import explain as explain_command
from engine.app.commands import grade as grade_command
from engine.app.commands import hint as hint_command
from engine.app.commands import listing as listing_command
from engine.app.commands import solve as solve_command
from engine.app.commands import steps as steps_command
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
from engine.app.commands.richout import RichTarget
from engine.formats import Layout
from engine.technique import Catalog, UnknownTechnique
from techniques import CATALOG
from techniques.options import OPTIONS, with_options

EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 3

Handler = Callable[[argparse.Namespace, IO[str], IO[str], IO[str]], int]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _layout(text: str) -> Layout:
    try:
        return Layout(text)
    except ValueError:
        names = ", ".join(layout.value for layout in Layout)
        raise argparse.ArgumentTypeError(f"unknown format {text!r} (choose from {names})") from None


def _inputs_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help="a puzzle (81 characters, or a grid or LeetCode board in quotes), a file of puzzles, or - for stdin; "
        "default: Arto Inkala's 2012 'world's hardest' puzzle",
    )


def _add_solve(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("solve", help="solve puzzles by search and check they have exactly one solution")
    _inputs_argument(parser)
    parser.add_argument("--format", type=_layout, metavar="LAYOUT", help="output layout: " + ", ".join(x.value for x in Layout) + " (default: as the input)")
    parser.add_argument("--count", action="store_true", help="count the solutions instead (up to --limit)")
    parser.add_argument(
        "--limit",
        type=_positive,
        default=1000,
        metavar="N",
        help="with --count, stop counting at N solutions (default 1000; then 'at least N'); the exit code still says whether the puzzle has one solution",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per puzzle (JSON Lines)")
    parser.set_defaults(handler=_solve)


def _solve(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    options = solve_command.SolveOptions(
        inputs=tuple(args.inputs),
        layout=args.format,
        count=args.count,
        limit=args.limit,
        json=args.json,
    )
    return solve_command.run(options, out, err, stdin)


def _codes(text: str) -> str:
    """A comma-separated list of technique codes; an empty one is a mistake, not the default set."""
    if not any(code.strip() for code in text.split(",")):
        raise argparse.ArgumentTypeError(f"no technique code in {text!r} (e.g. n2,h2; see 'stepdoku techniques')")
    return text


def _technique_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", type=_codes, metavar="CODES", help="use only these techniques, e.g. n2,h2 (see 'stepdoku techniques')")
    parser.add_argument("--max-difficulty", type=int, metavar="N", help="leave out techniques ordered after N")
    parser.add_argument("--no-search", action="store_true", help="stop when stuck instead of placing a Brute Force digit")


def _option_flags(parser: argparse.ArgumentParser) -> None:
    """HoDoKu's optional technique behaviours, one flag each (declared in techniques/options.py)."""
    group = parser.add_argument_group("technique options (HoDoKu's optional behaviours, off by default)")
    for option in OPTIONS:
        group.add_argument(option.flag, dest="technique_options", action="append_const", const=option.name, help=option.help)


def _catalog(args: argparse.Namespace) -> Catalog:
    """The techniques, with the options the command line switched on."""
    return with_options(CATALOG, getattr(args, "technique_options", None) or ())


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return value


def _rich_outputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--html", metavar="FILE", help="write the output as a self-contained HTML page instead")
    parser.add_argument("--svg", metavar="FILE", help="write the output as an SVG picture instead")


def _add_explain(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("explain", help="a walkthrough of the whole solution: each step, why it holds, and the grid")
    _inputs_argument(parser)
    _technique_options(parser)
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="one JSON object per puzzle (JSON Lines), with the rating")
    shape.add_argument("--text", action="store_true", help="the HoDoKu-style step lines only")
    parser.add_argument("--singles", choices=("collapsed", "full"), default="collapsed", help="runs of singles as lines under one grid (default) or each in full")
    _rich_outputs(parser)
    parser.add_argument("--from-step", type=_positive, default=1, metavar="N", help="start the walkthrough at step N")
    parser.add_argument("--until-step", type=_positive, metavar="N", help="end the walkthrough at step N")
    _option_flags(parser)
    parser.set_defaults(handler=_explain)


def _explain(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
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
    return explain_command.run(options, _catalog(args), out, err, stdin)


def _add_steps(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("steps", help="every step some techniques find in a position")
    _inputs_argument(parser)
    parser.add_argument("--technique", "-t", type=_codes, metavar="CODES", help="technique codes, e.g. n2,h2 (default: a library line's own technique, else all)")
    parser.add_argument("--json", action="store_true", help="one JSON line per position")
    parser.add_argument("--brief", action="store_true", help="step lines only, no explanations")
    parser.add_argument("--rich", action="store_true", help="each step with its explanation on the candidate grid")
    _rich_outputs(parser)
    _option_flags(parser)
    parser.set_defaults(handler=_steps)


def _steps(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    options = steps_command.StepsOptions(
        inputs=tuple(args.inputs),
        codes=args.technique,
        json=args.json,
        explain=not args.brief,
        rich=args.rich,
        html=args.html,
        svg=args.svg,
    )
    return steps_command.run(options, _catalog(args), out, err, stdin)


def _add_hint(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("hint", help="for a grid you are stuck on: your mistakes, then the next step, revealed by level")
    parser.add_argument("state", metavar="STATE", help="your grid: 81 characters, nine rows, a LeetCode board, a pencil-mark grid, a HoDoKu library line (+d = entered), a file, or - for stdin")
    parser.add_argument(
        "--puzzle",
        metavar="GIVENS",
        help="the original puzzle, to tell your entries from its givens: each wrong entry is then named "
        "(without it every digit of STATE counts as a given)",
    )
    parser.add_argument("--level", type=int, choices=(1, 2, 3), default=1, help="1: technique and where to look (default); 2: also digits and cells; 3: the whole step")
    parser.add_argument("--json", action="store_true", help="one JSON object per state, for apps")
    parser.add_argument("--apply", action="store_true", help="also print the state after the step, in the same layout")
    parser.add_argument(
        "--ignore-mistakes",
        action="store_true",
        help="give a hint even when the grid has mistakes: the mistakes are still listed, and the step is found "
        "in the grid as it is (wrong digits and removed pencil marks included), so it may lead away from the "
        "solution; a grid where a cell or house has no place left gets no step",
    )
    _option_flags(parser)
    parser.set_defaults(handler=_hint)


def _hint(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    options = HintOptions(
        state=args.state,
        puzzle=args.puzzle,
        level=args.level,
        json=args.json,
        apply=args.apply,
        ignore_mistakes=args.ignore_mistakes,
    )
    return hint_command.run(options, _catalog(args), out, err, stdin)


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


def _add_grade(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("grade", help="rate puzzles: HoDoKu level and score, hardest technique, SE-style number")
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="puzzles, files of puzzles (any size), or - for stdin")
    parser.add_argument("-j", "--jobs", type=_positive, default=1, metavar="N", help="grade in N worker processes (default 1)")
    parser.add_argument("--format", choices=grade_command.FORMATS, default="table", help="table (default), csv or jsonl")
    parser.add_argument("--max-seconds", type=_seconds, metavar="S", help="stop grading a puzzle after S seconds and record it as 'timeout' (any number > 0; inf: no limit, the default)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no summary")
    _option_flags(parser)
    parser.set_defaults(handler=_grade)


def _grade(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    options = grade_command.GradeOptions(
        inputs=tuple(args.inputs),
        jobs=args.jobs,
        format=args.format,
        max_seconds=args.max_seconds,
        quiet=args.quiet,
    )
    return grade_command.run(options, _catalog(args), out, err, stdin)


def _add_techniques(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("techniques", help="the techniques in solving order, with codes and scores")
    parser.add_argument("--json", action="store_true", help="a JSON list")
    parser.add_argument("--rich", action="store_true", help="a table, with each technique's SE-style value")
    _rich_outputs(parser)
    parser.set_defaults(handler=_techniques)


def _techniques(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    return listing_command.run(CATALOG, args.json, out, rich=args.rich, target=RichTarget(args.html, args.svg), err=err)


def _version() -> str:
    """The installed package's version (pyproject.toml), or a note when run from a bare checkout."""
    try:
        return metadata.version("stepdoku")
    except metadata.PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stepdoku", description="Solve Sudoku the way a strong human does, and say why.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}", help="print the version and exit")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)
    _add_solve(commands)
    _add_explain(commands)
    _add_hint(commands)
    _add_grade(commands)
    _add_steps(commands)
    _add_techniques(commands)
    return parser


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    tolerant_output(out)
    tolerant_output(err)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(err)
        return EXIT_BAD_INPUT
    return _run(handler, args, out, err)


def _run(handler: Handler, args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Run a command; every way it can end becomes one line on stderr and an exit code."""
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
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        stream.discard()
        err.write("stepdoku: interrupted\n")
        return EXIT_INTERRUPTED
    except (OutputClosed, BrokenPipeError):
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _drop_stdout()
        return EXIT_PIPE_CLOSED
    except OutputFailed as failed:
        _drop_stdout()
        err.write(f"stepdoku: cannot write the output: {failed}\n")
        return EXIT_OUTPUT_FAILED
    except Exception as error:  # never a traceback for users; STEPDOKU_DEBUG=1 shows it
        stream.discard()
        if os.environ.get("STEPDOKU_DEBUG"):
            raise
        err.write(f"stepdoku: internal error: {type(error).__name__}: {error} (please report it; STEPDOKU_DEBUG=1 shows details)\n")
        return EXIT_INTERNAL


def _drop_stdout() -> None:
    """Point the process's standard output at the null device, so that the interpreter's
    last flush of text held for a closed pipe or a full disk does not fail once more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())

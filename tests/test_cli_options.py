"""HoDoKu's optional behaviours from the command line (techniques/options.py): each is a
flag of steps, explain, hint and grade, named in their --help, and changes what is found."""

from __future__ import annotations

import argparse
import io

import pytest

import cli
from engine.formats import format_library
from techniques.options import OPTIONS, option
from tests.conftest import grid_from
from tests.test_nice_loops import ALS_POSITION
from tests.test_single_digit import TWO_PLACES
from tests.test_uniqueness import HR_MISSING

# An ALS-XY-Wing whose sets A and B share r4c7 (from a solve of a top95 puzzle).
OVERLAP = (
    ":0000:x:.6.5.1.9.1+2..9..539....7....4.8...7.......5.8.817.5.3.....5.2.+7....+7.....76..8...:"
    "415 423 427 627 434 634 435 635 646 947 949 654 255 656:::"
)

#: (option, technique code, position, a step found only with the option on; or, for an
#: option that restricts, only with it off)
CASES = [
    ("er-two-candidates", "er", format_library(TWO_PLACES), "Empty Rectangle: 5 in b3 (r19c5) => r9c7<>5", True),
    (
        "als-overlap",
        "axy",
        OVERLAP,
        "Almost Locked Set XY-Wing: A=r4c79 {126}, B=r1234c7 {14678}, C=r1c9 {24}, X,Y=2,4, Z=6 => r6c7<>6",
        True,
    ),
    (
        "chain-als",
        "gnl",
        format_library(grid_from(*ALS_POSITION)),
        "Grouped AIC: 7 7- r2c4 =7= r2c123 -7- ALS:r1379c2 -6- r7c789 =6= r8c7 -6- ALS:r1c79,r23c7 =7= r1c8 -7 => r1c46<>7",
        True,
    ),
    ("ur-no-missing", "hr", format_library(grid_from(*HR_MISSING)), "Hidden Rectangle: 7/8 in r4c68,r6c68 => r6c6<>8", False),
]


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


def test_every_case_names_a_declared_option() -> None:
    assert sorted(name for name, *_ in CASES) == sorted(o.name for o in OPTIONS)


@pytest.mark.parametrize(("name", "code", "position", "text", "adds"), CASES, ids=[c[0] for c in CASES])
def test_the_flag_changes_what_steps_finds(name: str, code: str, position: str, text: str, adds: bool) -> None:
    flag = option(name).flag
    status, without, _ = _run("steps", "--brief", "-t", code, position)
    assert status == 0
    status, with_flag, _ = _run("steps", "--brief", "-t", code, flag, position)
    assert status == 0
    assert (text in with_flag.splitlines()) is adds
    assert (text in without.splitlines()) is not adds


@pytest.mark.parametrize("command", ["steps", "explain", "hint", "grade"])
def test_every_option_is_named_in_help_and_reaches_the_techniques(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for o in OPTIONS:
        assert o.flag in shown and " ".join(o.help.split())[:40] in shown
        args = cli.build_parser().parse_args([command, "x", o.flag])
        profile = cli._profile(args)
        assert all(profile.by_code(t.code) is t for t in o.techniques)


def test_explain_takes_the_option_into_the_walkthrough() -> None:
    name, code, position, text, _ = CASES[0]
    _, with_flag, _ = _run("explain", "--text", "--only", code, option(name).flag, position)
    _, without, _ = _run("explain", "--text", "--only", code, position)
    assert f"1. {text}" in with_flag.splitlines()
    assert f"1. {text}" not in without.splitlines()


EASY_LINE = ".3..5..4...8.1.5..46.....12.7.5.2.8....6.3....4.1.9.3.25.....98..1.2.6...8..6..2."
ARGUMENTS = {
    "solve": ["solve", EASY_LINE, "--count", "--limit", "5", "--format", "boxed"],
    "explain": ["explain", EASY_LINE, "--profile", "se", "--singles", "full", "--from-step", "2", "--als-overlap"],
    "hint": ["hint", EASY_LINE, "--level", "2", "--apply"],
    "grade": ["grade", "puzzles.txt", "-j", "2", "--format", "csv", "-q"],
    "steps": ["steps", EASY_LINE, "-t", "n2,h2", "--json"],
    "generate": ["generate", "-n", "3", "--seed", "7", "--symmetry", "none"],
    "techniques": ["techniques", "--profile", "se", "--json"],
}


@pytest.mark.parametrize("argv", ARGUMENTS.values(), ids=list(ARGUMENTS))
def test_a_parser_for_one_commands_arguments_reads_them_as_the_whole_parser_does(argv: list[str]) -> None:
    assert vars(cli.build_parser(argv).parse_args(argv)) == vars(cli.build_parser().parse_args(argv))


def test_only_the_command_named_gets_its_options() -> None:
    def options(parser: argparse.ArgumentParser, name: str) -> int:
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return len(commands.choices[name]._actions)

    hint_only = cli.build_parser(["hint", EASY_LINE])
    every = cli.build_parser()
    assert options(hint_only, "hint") == options(every, "hint") > 5
    assert options(hint_only, "grade") == 1 < options(every, "grade")  # --help alone
    assert every.format_help() == cli.build_parser(["--help"]).format_help() == hint_only.format_help()

"""What the command line writes out instead of importing at start-up is what the modules
it stands for say."""

from __future__ import annotations

import argparse

import pytest

import cli
import engine.generate
from engine.generate import generator, judge, request


def test_the_generator_constants_are_the_generators() -> None:
    assert (cli.SE_PROFILE, cli.DEFAULT_MAX_TRIES) == (judge.SE_PROFILE, generator.DEFAULT_MAX_TRIES) == (engine.generate.SE_PROFILE, engine.generate.DEFAULT_MAX_TRIES)
    assert cli.MAX_TRIES.settings["default"] == generator.DEFAULT_MAX_TRIES


def test_a_range_option_reads_with_the_generators_parser() -> None:
    assert cli.SCORE.settings["type"]("1000-1600") == request.parse_int_range("1000-1600")
    assert cli.SE.settings["type"]("7.0-8.0") == request.parse_float_range("7.0-8.0")
    assert cli.GEN_LEVEL.settings["type"]("medium-hard") == request.parse_levels("medium-hard")
    with pytest.raises(argparse.ArgumentTypeError) as error:
        cli.SCORE.settings["type"]("lots")
    with pytest.raises(request.RequestError) as same:
        request.parse_int_range("lots")
    assert str(error.value) == str(same.value)

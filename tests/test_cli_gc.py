"""The command line collects garbage cycles less often than CPython's default (issue 24)."""

from __future__ import annotations

import gc
import io

import cli


def test_a_command_raises_the_collectors_first_threshold() -> None:
    saved = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        out, err = io.StringIO(), io.StringIO()
        assert cli.main(["solve", "530070000600195000098000060800060003400803001700020006060000280000419005000080079"], out, err) == 0
        assert gc.get_threshold() == (cli.GC_THRESHOLD, 10, 10)
        assert "534678912" in out.getvalue()
    finally:
        gc.set_threshold(*saved)

"""The command line collects garbage cycles less often than CPython's default, and not at
all on its way out (issue 24)."""

from __future__ import annotations

import gc
import io

import pytest

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


def test_the_command_exits_with_mains_code_and_no_last_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    frozen: list[bool] = []
    monkeypatch.setattr(cli, "main", lambda: 3)
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    with pytest.raises(SystemExit) as exit_:
        cli.entry()
    assert exit_.value.code == 3 and frozen == [True]

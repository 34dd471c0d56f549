"""``grade --cluster dask`` and ``grade_many`` on a real two-worker LocalCluster: the same
records as a local run, in input order, resumable, and nothing lost or duplicated when a
Dask worker is killed mid-run. Without Dask the option says how to install it."""

from __future__ import annotations

import json
import os
import signal
import sys
from io import StringIO
from pathlib import Path
from typing import Any, Iterator

import pytest

from cli import main
from engine.cluster import INSTALL, grade_bag, grade_many, grade_on_cluster
from engine.grading import Grader
from engine.profiles import load_profile
from engine.reader import parse_puzzle
from techniques import CATALOG
from tests.conftest import puzzle_lines

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def distributed() -> Any:
    return pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def lines() -> list[str]:
    """120 17-clue puzzles, one of them twice, and an unreadable line."""
    found = [line.split()[0] for line in puzzle_lines("royle17_sample1000.tsv", 120)]
    return found[:60] + ["not a puzzle"] + found[60:] + [found[3]]


@pytest.fixture(scope="module")
def expected(lines: list[str]) -> list[dict[str, Any]]:
    return untimed(record.to_json() for record in grade_many(lines, load_profile("hodoku", CATALOG)))


@pytest.fixture(scope="module")
def client(distributed: Any) -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40) as cluster:
        with distributed.Client(cluster) as client:
            yield client


def untimed(records: Any) -> list[dict[str, Any]]:
    out = []
    for record in records:
        record = dict(record)
        record.pop("seconds")
        if record["status"] == "error":
            record["error"] = None  # names the source: a file path or "puzzle N"
        out.append(record)
    return out


def test_grade_many_on_a_cluster_keeps_order_and_records(client: Any, lines: list[str], expected: list[dict[str, Any]]) -> None:
    records = untimed(record.to_json() for record in grade_many(lines, load_profile("hodoku", CATALOG), cluster=client))
    assert records == expected
    assert [r["status"] for r in records].count("error") == 1
    assert records[3] == records[-1]


def test_a_dask_bag_is_graded_partition_by_partition_in_order(client: Any, lines: list[str], expected: list[dict[str, Any]]) -> None:
    bag = pytest.importorskip("dask.bag").from_sequence(lines, npartitions=4)
    records = grade_bag(bag, load_profile("hodoku", CATALOG)).compute()
    assert untimed(records) == expected


def test_a_killed_dask_worker_loses_and_duplicates_nothing(client: Any, lines: list[str], expected: list[dict[str, Any]]) -> None:
    items = [parse_puzzle(line) if line != "not a puzzle" else line for line in lines]
    puzzles = [item for item in items if not isinstance(item, str)]
    grader = Grader(load_profile("hodoku", CATALOG))
    stream = grade_on_cluster(puzzles, grader, client, chunk=4, window=8)
    got = [next(stream).to_json() for _ in range(6)]
    pids = [pid for pid in client.run(os.getpid).values()]
    os.kill(pids[0], signal.SIGKILL)
    got += [record.to_json() for record in stream]
    assert untimed(got) == [record for record in expected if record["status"] != "error"]


def test_cli_cluster_run_and_resume(distributed: Any, lines: list[str], expected: list[dict[str, Any]], tmp_path: Path) -> None:
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    target = tmp_path / "out.jsonl"
    args = ["grade", str(batch), "--cluster", "dask", "-j", "2", "--format", "jsonl", "-o", str(target), "-q"]
    assert main(args) == 2  # one unreadable line
    whole = target.read_text()
    assert untimed(json.loads(line) for line in whole.splitlines()) == expected
    target.write_text(whole[: len(whole) // 2])  # a run stopped halfway, in the middle of a line
    assert main([*args, "--resume"]) == 2
    assert untimed(json.loads(line) for line in target.read_text().splitlines()) == expected


def test_without_dask_the_option_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    err = StringIO()
    assert main(["grade", puzzle_lines("royle17_sample1000.tsv", 1)[0].split()[0], "--cluster", "dask"], out=StringIO(), err=err) == 2
    assert err.getvalue() == f"stepdoku: {INSTALL}\n"
    err = StringIO()
    assert main(["grade", "x", "--scheduler", "tcp://127.0.0.1:1"], out=StringIO(), err=err) == 2
    assert "--scheduler needs --cluster dask" in err.getvalue()

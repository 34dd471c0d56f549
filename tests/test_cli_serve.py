"""``stepdoku serve`` as a process (start-up line, SIGTERM with a request in flight), the
install hint without the web extra, and puzzle arguments that start with ``-``."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import cli
from tests.test_cli_solve import ROOT, run

MEDIUM = ".....14..5.4......2........3..26.....1....7.....5...........32..8..4...........65"
DASHED = MEDIUM.replace(".", "-")  # seed-style: '-' for an empty cell, and the first character is one


@pytest.mark.parametrize(
    "args",
    [("solve",), ("solve", "--json"), ("explain", "--text"), ("grade", "-q"), ("steps", "-t", "h1"), ("hint",)],
)
def test_a_puzzle_that_starts_with_a_dash_is_a_puzzle(args: tuple[str, ...]) -> None:
    result = run(args[0], DASHED, *args[1:])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_an_unknown_dash_argument_says_to_put_two_dashes_first() -> None:
    result = run("solve", "-5-3")
    assert result.returncode == 2
    assert "unrecognized arguments: -5-3" in result.stderr and "put -- before it" in result.stderr


def test_without_the_web_extra_serve_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a))
    err = io.StringIO()
    assert cli.main(["serve"], out=io.StringIO(), err=err) == 2
    assert err.getvalue() == "stepdoku: serve needs the web extra: pip install 'stepdoku[web]' (in a checkout: pip install -e '.[web]')\n"


def _post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=300) as answer:
        return int(answer.status), json.loads(answer.read())


@pytest.mark.web
def test_sigterm_finishes_the_request_in_flight_and_exits_0() -> None:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), "serve", "--port", "0", "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    url = re.search(r"(http://\S+/)", process.stdout.readline()).group(1)  # type: ignore[union-attr]
    answers: list[tuple[int, dict[str, Any]]] = []
    slow = threading.Thread(target=lambda: answers.append(_post(url + "api/v1/explain", {"puzzle": MEDIUM, "profile": "se"})))
    slow.start()
    threading.Event().wait(0.5)  # the request reaches the server (its solve takes longer than this)
    process.send_signal(signal.SIGTERM)
    slow.join(300)
    assert process.wait(timeout=120) == 0
    log = process.stderr.read()
    assert answers and answers[0][0] == 200 and answers[0][1]["status"] == "solved"
    assert '"POST /api/v1/explain HTTP/1.1" 200' in log and "stopped (SIGTERM)" in log


def test_accepted_connections_send_at_once() -> None:
    """TCP_NODELAY on every connection: asyncio sets it only on sockets whose protocol is
    IPPROTO_TCP, and a socket made with protocol 0 made each answer on a kept-alive
    connection wait for the client's delayed ACK (40 ms a request, 48 ms for /health)."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install -e '.[web]'")
    import asyncio
    import socket

    from engine.app.web.server import _bind

    listening = _bind("127.0.0.1", 0)
    seen: list[int] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen.append(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        writer.close()

    async def connect_once() -> None:
        server = await asyncio.start_server(handle, sock=listening)
        async with server:
            reader, writer = await asyncio.open_connection(*listening.getsockname()[:2])
            await reader.read()  # closed by the handler
            writer.close()

    asyncio.run(connect_once())
    assert seen == [1]


def _sockets(pid: int) -> set[str]:
    out = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:"):
            out.add(target)
    return out


def _listening_sockets() -> set[str]:
    """The TCP sockets of this machine in the LISTEN state (0A), as /proc/<pid>/fd names them."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            if fields[3] == "0A":
                out.add(f"socket:[{fields[9]}]")
    return out


def _children(pid: int) -> list[int]:
    """The process's children, from each of its threads (a thread may end while read)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:
            continue
    return found


@pytest.mark.web
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the processes' sockets from /proc (Linux)")
def test_only_the_server_holds_its_listening_socket() -> None:
    """The workers are forked after the socket is bound: holding it too, they kept the port
    taking connections (that nobody answered) while a stopping server finished its last
    requests, so a proxy waited on them instead of turning to another instance."""
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), "serve", "--port", "0", "--workers", "1", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        assert "serving on" in process.stdout.readline()
        children = _children(process.pid)
        assert len(children) == 2  # a worker in each lane
        listening = _sockets(process.pid) & _listening_sockets()
        assert len(listening) == 1 and all(not (_sockets(child) & listening) for child in children)
    finally:
        process.terminate()
        assert process.wait(timeout=120) == 0

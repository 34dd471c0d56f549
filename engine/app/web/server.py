"""Starting the server: the worker cap, the socket, uvicorn, the first line, the stop.

SIGTERM and Ctrl-C stop it the same way: no new connections, the requests in flight
answered, the workers ended, exit code 0.
"""

from __future__ import annotations

import logging
import signal
import socket
import sys
import threading
import webbrowser
from types import FrameType
from typing import IO

import uvicorn

from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_OK
from engine.app.commands.serve import ServeOptions
from engine.app.web.app import create_app
from engine.workers import cap_workers, usable_cpus

#: Seconds uvicorn waits for requests in flight when stopping (each is bounded by work).
GRACEFUL_SECONDS = 120


def serve(options: ServeOptions, out: IO[str], err: IO[str]) -> int:
    asked = options.workers if options.workers is not None else usable_cpus()
    workers = cap_workers(asked, flag="--workers", note=err)  # per lane
    try:
        sock = _bind(options.host, options.port)
    except OSError as error:
        err.write(f"stepdoku: serve: cannot listen on {options.host}:{options.port}: {error.strerror or error}\n")
        return EXIT_BAD_INPUT
    _logging(err, options.access_log)
    host, port = sock.getsockname()[:2]
    url = f"http://{_url_host(host)}:{port}/"
    app = create_app(options, workers, listening=(sock.fileno(),))
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=GRACEFUL_SECONDS, server_header=False, proxy_headers=False
    )
    server = uvicorn.Server(config)
    stopped = _stop_on_sigterm()
    threading.Thread(target=_announce, args=(server, url, workers, options, out), daemon=True).start()
    server.run(sockets=[sock])
    err.write(f"stepdoku: serve: stopped{' (SIGTERM)' if stopped.is_set() else ''}\n")
    return EXIT_OK


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    return sock


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _logging(err: IO[str], access: bool) -> None:
    handler = logging.StreamHandler(err)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log = logging.getLogger("stepdoku.access")
    log.handlers[:] = [handler]
    log.setLevel(logging.INFO if access else logging.WARNING)
    log.propagate = False


def _stop_on_sigterm() -> threading.Event:
    """SIGTERM is a stop like Ctrl-C: uvicorn handles it while serving, then raises it
    again once it has stopped; this handler takes that last one, so the exit code is 0."""
    stopped = threading.Event()

    def note(sig: int, frame: FrameType | None) -> None:
        stopped.set()

    signal.signal(signal.SIGTERM, note)
    return stopped


def _announce(server: uvicorn.Server, url: str, workers: int, options: ServeOptions, out: IO[str]) -> None:
    """Say where the page is once the server is up (and open it with --open)."""
    pause = threading.Event()
    while not server.started and not server.should_exit:
        pause.wait(0.05)
    if not server.started:
        return
    out.write(f"stepdoku: serving on {url} ({workers} worker{'s' if workers != 1 else ''} per lane; API at {url}api/v1/, docs at {url}docs; Ctrl-C or SIGTERM stops)\n")
    out.flush()
    if options.open:
        webbrowser.open(url)

"""``stepdoku serve``: the interactive page and the JSON API, on a local web server.

The web service lives in :mod:`engine.app.web` and needs the optional ``web`` extra
(FastAPI and uvicorn); without it this command says how to install it and exits 2. It is
imported only here, when the command runs, so no other command pays for it.

Exit codes: 0 stopped by Ctrl-C or SIGTERM after finishing the requests in flight, 2 the
extra is missing or the address cannot be used.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from typing import IO

from engine.app.commands.output import EXIT_BAD_INPUT

INSTALL_HINT = "stepdoku: serve needs the web extra: pip install 'stepdoku[web]' (in a checkout: pip install -e '.[web]')"

#: Defaults of the flags (``--help`` and the README say what each bounds).
DEFAULT_PORT = 8000
DEFAULT_QUEUE = 32
DEFAULT_MAX_BODY = 256 * 1024
DEFAULT_MAX_WORK = 200_000
DEFAULT_QUICK_WORK = 1_000


@dataclass(frozen=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    workers: int | None = None  # per lane; None: one per core (capped)
    queue: int = DEFAULT_QUEUE  # requests waiting per lane before 503
    max_body: int = DEFAULT_MAX_BODY  # bytes; larger bodies get 413
    max_work: int = DEFAULT_MAX_WORK  # work units per request
    quick_work: int = DEFAULT_QUICK_WORK  # work units a request may spend in the quick lane
    cors: tuple[str, ...] = ()  # origins allowed to call the API from a browser
    open: bool = False  # open the page in a browser once serving
    access_log: bool = True


def web_extra_missing() -> str | None:
    """The install hint when the web extra is not installed, else None."""
    if all(importlib.util.find_spec(name) is not None for name in ("fastapi", "uvicorn")):
        return None
    return INSTALL_HINT


def run(options: ServeOptions, out: IO[str], err: IO[str]) -> int:
    missing = web_extra_missing()
    if missing:
        err.write(missing + "\n")
        return EXIT_BAD_INPUT
    from engine.app.web.server import serve

    return serve(options, out, err)

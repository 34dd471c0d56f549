"""ASGI middleware of the service: one access-log line per request, and the body limit.

Both are plain ASGI (no framework), outermost first: the log sees every answer, a 413
from the limit or a 503 included.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Awaitable, Callable, MutableMapping

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ACCESS = logging.getLogger("stepdoku.access")


class AccessLog:
    """One line per request: client, request line, status, bytes sent, milliseconds, and
    the lane that answered (``-`` when none did)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        seen: dict[str, Any] = {"status": 0, "bytes": 0, "lane": "-"}

        async def logged_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
                for name, value in message.get("headers", ()):
                    if name == b"x-stepdoku-lane":
                        seen["lane"] = value.decode("latin-1")
            elif message["type"] == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, logged_send)
        finally:
            client = scope.get("client") or ("-", 0)
            line = f'{scope["method"]} {scope["path"]} HTTP/{scope.get("http_version", "1.1")}'
            ms = (time.perf_counter() - start) * 1000
            ACCESS.info('%s:%s "%s" %s %s %.1fms %s', client[0], client[1], line, seen["status"] or 500, seen["bytes"], ms, seen["lane"])


class BodyLimit:
    """Request bodies over ``limit`` bytes get 413 (by their Content-Length, or as they
    stream in); a body within it is read whole, then handed on."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", ())).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._too_large(send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._too_large(send)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(bytes(body), receive), send)

    async def _too_large(self, send: Send) -> None:
        await send_error(send, 413, "too_large", f"the request body is larger than {self.limit:,} bytes (the server's --max-body)")


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the body read already, then whatever comes after."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def send_error(send: Send, status: int, kind: str, message: str, headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    """An error answer (the API's error record), sent directly."""
    body = json.dumps({"error": message, "kind": kind}).encode()
    start = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close"), *headers]
    await send({"type": "http.response.start", "status": status, "headers": start})
    await send({"type": "http.response.body", "body": body})

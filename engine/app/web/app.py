"""The ASGI application: the page at ``/``, the JSON API under ``/api/v1/``, its OpenAPI
description at ``/openapi.json`` and a readable one at ``/docs``.

Each route is thin: the request body is validated into its model, its fields go to the
worker lanes (:mod:`engine.app.web.lanes`), and the record that comes back is the
answer. Response models are the records of :mod:`engine.records` (the ``--json`` output
of the commands), so the OpenAPI description is generated from the same declarations the
CLI's records are held to. Nothing is kept between requests: any instance can answer any
request.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, AsyncIterator

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from engine import __version__
from engine.app.commands.serve import ServeOptions
from engine.app.web.docs import docs_page
from engine.app.web.jobs import GZIP_LEVEL, GZIP_MINIMUM, Outcome, technique_rows
from engine.app.web.lanes import Busy, Lanes, LaneSettings
from engine.app.web.middleware import AccessLog, BodyLimit
from engine.app.web.models import ExplainRequest, GenerateRequest, GradeRequest, HintRequest, ProfileName, ReadRequest, SolveRequest
from engine.app.web.records import ErrorRecord, ExplainResponse, HealthRecord, HintResponse, ReadRecord
from engine.records import CountRecord, GeneratedRecord, GradeRecordJSON, SolveRecord, TechniqueRecord

API = "/api/v1"
DESCRIPTION = (
    "stepdoku solves Sudoku the way a strong human does and says why, step by step. Every answer is the record the "
    "command line prints with --json (hint, explain, grade, solve, generate, techniques), so a script and an app read "
    "the same fields. Send each body as JSON with the header content-type: application/json. Errors are "
    "{error, kind} with one line saying what is wrong: 400 malformed JSON, 413 a body over the limit, 415 a body not "
    "sent as JSON, 422 a request or puzzle that cannot be used (the reader's own message) or one that needs more work "
    "than the server allows, 503 busy (Retry-After says when to try again)."
)
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorRecord, "description": "malformed JSON"},
    413: {"model": ErrorRecord, "description": "the body is over the server's limit"},
    415: {"model": ErrorRecord, "description": "the body is not sent as JSON (content-type: application/json)"},
    422: {"model": ErrorRecord, "description": "a bad request or unreadable puzzle, or over the work limit"},
    503: {"model": ErrorRecord, "description": "every worker busy and the queue full: try again after Retry-After seconds"},
}
#: The errors of a GET with query parameters (FastAPI would declare its own 422 shape, which we never send).
QUERY_ERRORS: dict[int | str, dict[str, Any]] = {422: {"model": ErrorRecord, "description": "a query parameter that cannot be used"}}
SECURITY = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}



def create_app(options: ServeOptions, workers: int, listening: tuple[int, ...] = ()) -> Any:
    """The application, wrapped in its middleware (an ASGI callable); ``listening``: the
    file descriptors of the sockets it is served on (its worker processes close them)."""
    settings = LaneSettings(workers=workers, queue=options.queue, quick_work=options.quick_work, max_work=options.max_work, listening=listening)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.lanes = Lanes(settings)  # the workers start here, before any request
        try:
            yield
        finally:
            await asyncio.to_thread(app.state.lanes.close)

    app = FastAPI(
        title="stepdoku", version=__version__, description=DESCRIPTION, lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/openapi.json"
    )
    _routes(app)
    _errors(app)
    _markdown_descriptions(app)
    _page(app)
    if options.cors:
        app.add_middleware(CORSMiddleware, allow_origins=list(options.cors), allow_methods=["GET", "POST"], allow_headers=["Content-Type"], expose_headers=["Retry-After", "X-Stepdoku-Seed"])
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)  # the page, the docs; the API's answers come compressed
    wrapped = BodyLimit(app, options.max_body)
    return AccessLog(wrapped) if options.access_log else wrapped


async def _answer(request: Request, kind: str, fields: dict[str, Any]) -> Response:
    """The record a worker lane gives for the request (or 503 when the lanes are full)."""
    lanes: Lanes = request.app.state.lanes
    compress = "gzip" in request.headers.get("accept-encoding", "")
    try:
        outcome, lane = await lanes.run(kind, fields, compress)
    except Busy as busy:
        body: ErrorRecord = {"error": str(busy), "kind": "busy"}
        return JSONResponse(body, status_code=503, headers={"retry-after": str(busy.retry_after)})
    return _response(outcome, lane)


def _response(outcome: Outcome, lane: str) -> Response:
    """The worker's answer as it is: encoded (and compressed) there, off the event loop."""
    headers = {"x-stepdoku-lane": lane, "x-stepdoku-work": str(outcome.work), "vary": "accept-encoding", **dict(outcome.headers)}
    if outcome.encoding is not None:
        headers["content-encoding"] = outcome.encoding
    return Response(outcome.content, status_code=outcome.status, headers=headers, media_type="application/json")


def _routes(app: FastAPI) -> None:
    @app.post(f"{API}/hint", response_model=HintResponse, responses=ERRORS, tags=["api"], summary="hint: mistakes first, then the next step")
    async def hint(body: HintRequest, request: Request) -> Response:
        """The record of ``stepdoku hint STATE --json``: the mistakes in the player's grid (never naming a solution
        digit unless reveal), then the hint at the level asked for; with draw, the grid drawn as hint --html draws it."""
        return await _answer(request, "hint", body.model_dump())

    @app.post(f"{API}/explain", response_model=ExplainResponse, responses=ERRORS, tags=["api"], summary="explain: the whole logical solution")
    async def explain(body: ExplainRequest, request: Request) -> Response:
        """The record of ``stepdoku explain PUZZLE --json``: every step with its explanation, and the rating; with
        draw, the step list and drawn panels of explain --html."""
        return await _answer(request, "explain", body.model_dump())

    @app.post(f"{API}/grade", response_model=list[GradeRecordJSON], responses=ERRORS, tags=["api"], summary="grade: one puzzle or a list")
    async def grade(body: GradeRequest, request: Request) -> Response:
        """The records of ``stepdoku grade --format jsonl``, one per puzzle in order (an unreadable one as an error
        record); seconds is the time it took."""
        return await _answer(request, "grade", body.model_dump())

    @app.post(f"{API}/solve", response_model=SolveRecord | CountRecord, responses=ERRORS, tags=["api"], summary="solve: by search, and whether the solution is unique")
    async def solve(body: SolveRequest, request: Request) -> Response:
        """The record of ``stepdoku solve --json`` (with count: of ``solve --count --json``)."""
        return await _answer(request, "solve", body.model_dump())

    @app.post(f"{API}/generate", response_model=list[GeneratedRecord], responses=ERRORS, tags=["api"], summary="generate: new proper puzzles")
    async def generate(body: GenerateRequest, request: Request) -> Response:
        """The records of ``stepdoku generate --format jsonl``; the seed used is in the x-stepdoku-seed header."""
        return await _answer(request, "generate", body.model_dump())

    @app.post(f"{API}/read", response_model=ReadRecord, responses=ERRORS, tags=["api"], summary="read: a puzzle text in any layout")
    async def read(body: ReadRequest, request: Request) -> Response:
        """The puzzle a text holds, as every command reads it: values, givens, entries, pencil marks, and whether
        its givens have one solution (the page uses it to load pasted puzzles and links)."""
        return await _answer(request, "read", body.model_dump())

    @app.get(f"{API}/techniques", response_model=list[TechniqueRecord], responses=QUERY_ERRORS, tags=["api"], summary="techniques: a profile's techniques in solving order")
    async def techniques(profile: ProfileName = Query("hodoku", description="the profile")) -> Response:
        """The list of ``stepdoku techniques --json``."""
        return JSONResponse(list(technique_rows(profile)))

    @app.get(f"{API}/health", response_model=HealthRecord, tags=["api"], summary="health: the server is up, and how busy")
    async def health(request: Request) -> Response:
        """Whether the server answers, and how many requests each lane holds now."""
        lanes: Lanes = request.app.state.lanes
        body: HealthRecord = {
            "status": "ok",
            "version": __version__,
            "workers": lanes.settings.workers,
            "busy": {"quick": lanes.quick.busy, "full": lanes.full.busy},
            "capacity": {"quick": lanes.quick.capacity, "full": lanes.full.capacity},
        }
        return JSONResponse(body)


def _errors(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        problems = error.errors()
        bad_json = [p for p in problems if p.get("type") == "json_invalid"]
        if bad_json:
            reason = (bad_json[0].get("ctx") or {}).get("error", "not JSON")
            return _error(400, "malformed_json", f"malformed JSON: {reason}")
        sent_as = _not_json(request)
        if sent_as is not None:
            return _error(415, "not_json", f"the request body must be JSON, sent with the header content-type: application/json (not {sent_as})")
        return _error(422, "invalid_request", _one_line(problems[0]))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        if error.status_code == 400:  # FastAPI could not parse a JSON body at all
            return _error(400, "malformed_json", f"malformed JSON: {_unparsable(error.__cause__)}")
        kind = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "invalid_request")
        words = f"{request.method} {request.url.path}: {str(error.detail).lower()}" if error.status_code in (404, 405) else str(error.detail)
        return _error(error.status_code, kind, words)

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> Response:
        return _error(500, "internal", f"internal error: {type(error).__name__}: {error} (please report it)")


def _not_json(request: Request) -> str | None:
    """The content type a body was sent with, when it is one FastAPI does not read as JSON."""
    sent = request.headers.get("content-type")
    if sent is None:
        return None  # read as JSON (what curl --json and most clients send anyway)
    kind = sent.split(";", 1)[0].strip().lower()
    return None if kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json")) else kind


def _unparsable(cause: BaseException | None) -> str:
    """Why a body that the JSON decoder could not even start on is unreadable."""
    if isinstance(cause, UnicodeDecodeError):
        return "the body is not UTF-8 text"
    if isinstance(cause, RecursionError):
        return "nested too deeply"
    return "the body cannot be read as JSON"


def _one_line(problem: Any) -> str:
    """A validation problem as ``field: what is wrong``."""
    where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body")
    message = str(problem.get("msg", "invalid"))
    if not where:
        return "the request body must be a JSON object with the fields in /docs" if problem.get("type") in ("missing", "model_attributes_type", "dict_type") else message
    if problem.get("type") == "extra_forbidden":
        return f"{where}: no such field (see /docs)"
    return f"{where}: {message[0].lower() + message[1:]}"


def _error(status: int, kind: str, message: str) -> Response:
    return JSONResponse({"error": message, "kind": kind}, status_code=status)


def _markdown_descriptions(app: FastAPI) -> None:
    """The description's texts in Markdown, as OpenAPI wants them: the docstrings they come
    from (routes, request models, the records of :mod:`engine.records`) write code as
    reStructuredText's double backquotes, which Markdown would show as they are."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _markdown(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _markdown(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: v.replace("``", "`") if k == "description" and isinstance(v, str) else _markdown(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_markdown(v) for v in node]
    return node


def _page(app: FastAPI) -> None:
    static = resources.files("engine.app.web") / "static"
    index = (static / "index.html").read_text(encoding="utf-8")

    @app.get("/", include_in_schema=False)
    async def page() -> Response:
        return HTMLResponse(index, headers=SECURITY)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return HTMLResponse(docs_page(app.openapi()), headers=SECURITY)

    app.mount("/static", StaticFiles(directory=str(static)), name="static")

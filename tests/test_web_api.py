"""The JSON API of ``stepdoku serve``, in process (FastAPI's test client, with the real
worker lanes): every endpoint, every error status, and the records equal to the CLI's
``--json`` on real puzzles; the OpenAPI description checked against real answers.

Skips without the ``web`` extra.
"""

from __future__ import annotations

import asyncio
import copy
import gzip
import json
import re
import typing
from typing import Any, Iterator

import pytest

from tests.test_cli_hint import PUZZLE, library_state
from tests.test_cli_solve import run
from tests.test_readme_examples import Example, api_examples

fastapi = pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
jsonschema = pytest.importorskip("jsonschema", reason="jsonschema comes with the web extra's test needs: pip install -e '.[test,web]'")

from fastapi.testclient import TestClient  # noqa: E402

from engine.app.commands.serve import ServeOptions  # noqa: E402
from engine.app.web import models  # noqa: E402
from engine.app.web.app import create_app  # noqa: E402
from engine.app.web.jobs import run_job  # noqa: E402
from engine.app.web.lanes import Turns, _fingerprint  # noqa: E402
from engine.app.web.models import ExplainRequest  # noqa: E402
from engine.generate import Symmetry  # noqa: E402
from engine.profiles import PROFILES  # noqa: E402
from engine.records import RatingFields, TechniqueCountRecord  # noqa: E402
from techniques.options import OPTIONS  # noqa: E402

pytestmark = pytest.mark.web

MEDIUM = ".....14..5.4......2........3..26.....1....7.....5...........32..8..4...........65"
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"  # forum hardest: forcing nets


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(ServeOptions(max_body=16_384, max_work=5_000, quick_work=100, queue=2, access_log=True), 1)
    with TestClient(app) as test_client:
        yield test_client


def cli_json(*args: str) -> list[Any]:
    result = run(*args)
    assert result.returncode in (0, 1), result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def without_seconds(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


# --- the records are the CLI's ------------------------------------------------------------


@pytest.mark.parametrize("example", api_examples(), ids=lambda e: f"README.md:{e.line}")
def test_a_readme_api_example_is_the_real_answer(client: TestClient, example: Example) -> None:
    """The README's ``curl`` example, asked of the API: every part of the answer it shows
    (between its ``...``) is in the real answer as the server sends it (compact JSON)."""
    path = re.search(r"localhost:\d+(/api/v1/\w+)", example.command)
    body = re.search(r"-d '([^']*)'", example.command)
    assert path and body, example.command
    answer = client.post(path.group(1), content=body.group(1), headers={"content-type": "application/json"})
    sent = json.dumps(answer.json(), separators=(",", ":"), ensure_ascii=False)
    shown = "".join(line.strip() for line in example.expected)
    parts = [part.strip(",") for part in shown.split("...") if part.strip(",")]
    assert len(parts) >= 2 and sent.startswith(parts[0]), (parts[0], sent[:200])
    missing = [part for part in parts[1:] if part.rstrip("}") not in sent]
    assert not missing, (missing, sent)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_hint_is_the_cli_record(client: TestClient, level: int) -> None:
    state = library_state(r1c1=1, r1c3=9)
    answer = client.post("/api/v1/hint", json={"state": state, "level": level, "ignore_mistakes": True})
    assert answer.status_code == 200
    assert answer.json() == cli_json("hint", state, "--level", str(level), "--ignore-mistakes", "--json")[0]
    assert answer.json()["mistakes"][0]["solution"] is None  # not revealed


def test_hint_with_the_puzzle_reveal_apply_and_a_profile(client: TestClient) -> None:
    state = library_state(r1c1=1)
    body = {"state": state, "puzzle": PUZZLE, "level": 3, "apply": True, "reveal": True, "profile": "se"}
    answer = client.post("/api/v1/hint", json=body).json()
    assert answer == cli_json("hint", state, "--puzzle", PUZZLE, "--level", "3", "--apply", "--reveal", "--profile", "se", "--json")[0]
    assert answer["applied"] and answer["hint"]["step"]["placements"]


def test_hint_drawing_is_an_extra_field_only(client: TestClient) -> None:
    state = library_state(r1c3=9)
    plain = client.post("/api/v1/hint", json={"state": state}).json()
    drawn = client.post("/api/v1/hint", json={"state": state, "draw": True}).json()
    assert drawn.pop("drawing")["mistakes"].startswith("<svg") and drawn == plain


@pytest.mark.parametrize("profile", ["hodoku", "se", "full"])
def test_explain_is_the_cli_record(client: TestClient, profile: str) -> None:
    answer = client.post("/api/v1/explain", json={"puzzle": MEDIUM, "profile": profile})
    assert answer.status_code == 200
    assert answer.json() == cli_json("explain", MEDIUM, "--profile", profile, "--json")[0]


def test_explain_options_and_drawing(client: TestClient) -> None:
    answer = client.post("/api/v1/explain", json={"puzzle": MEDIUM, "only": "fh,n1,h1", "no_search": True, "draw": True}).json()
    assert answer["status"] == "stuck"
    drawing = answer.pop("drawing")
    assert answer == cli_json("explain", MEDIUM, "--only", "fh,n1,h1", "--no-search", "--json")[0]
    assert drawing["panels"].count('class="panel') >= 2 and "<svg" in drawing["panels"] and "data-target" in drawing["nav"]


def test_grade_one_and_a_list_are_the_cli_records(client: TestClient) -> None:
    puzzles = [PUZZLE, MEDIUM + "\n" + "11" + "." * 79, "nonsense here"]
    answer = client.post("/api/v1/grade", json={"puzzles": puzzles})
    assert answer.status_code == 200
    expected = cli_json("grade", PUZZLE, MEDIUM, "11" + "." * 79, "--format", "jsonl", "-q")
    got = without_seconds(answer.json())
    assert got[:3] == without_seconds(expected)
    assert got[3]["status"] == "error" and "neither" not in got[3]["error"]  # text is never taken for a file name
    exact = client.post("/api/v1/grade", json={"puzzles": [MEDIUM], "se": "exact"}).json()
    assert without_seconds(exact) == without_seconds(cli_json("grade", MEDIUM, "--se", "exact", "--format", "jsonl", "-q"))


def test_solve_and_count_are_the_cli_records(client: TestClient) -> None:
    for puzzle in (PUZZLE, "11" + "." * 79, "." * 81):
        assert client.post("/api/v1/solve", json={"puzzle": puzzle}).json() == cli_json("solve", puzzle, "--json")[0]
    counted = client.post("/api/v1/solve", json={"puzzle": "." * 81, "count": True, "limit": 5}).json()
    assert counted == cli_json("solve", "." * 81, "--count", "--limit", "5", "--json")[0]


def test_generate_is_the_cli_record(client: TestClient) -> None:
    answer = client.post("/api/v1/generate", json={"level": "easy", "seed": 7, "count": 2})
    assert answer.status_code == 200 and answer.headers["x-stepdoku-seed"] == "7"
    assert answer.json() == cli_json("generate", "--level", "easy", "--seed", "7", "-n", "2", "--format", "jsonl", "-q")


def test_answers_are_encoded_and_compressed_by_the_worker_not_the_event_loop(client: TestClient) -> None:
    """A walkthrough with its drawings is megabytes of JSON: encoding and compressing it
    on the event loop held every other request up (40 ms to encode the Inkala puzzle's)."""
    body = {"puzzle": PUZZLE, "draw": True}
    packed = client.post("/api/v1/explain", json=body, headers={"accept-encoding": "gzip"})
    plain = client.post("/api/v1/explain", json=body, headers={"accept-encoding": "identity"})
    assert packed.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert packed.json() == plain.json() and plain.headers["content-type"] == "application/json"
    outcome = run_job("explain", body, compress=True)  # what a worker hands back: bytes, ready to send
    assert outcome.encoding == "gzip" and json.loads(gzip.decompress(outcome.content)) == plain.json()


def test_techniques_is_the_cli_list(client: TestClient) -> None:
    for profile in PROFILES:
        answer = client.get("/api/v1/techniques", params={"profile": profile})
        assert answer.json() == cli_json("techniques", "--profile", profile, "--json")[0]


def test_read_and_health(client: TestClient) -> None:
    read = client.post("/api/v1/read", json={"text": library_state(r1c1=1)}).json()
    assert read["givens"] == PUZZLE.replace("0", ".") and read["entered"][0] == "1" and read["givens_known"] and read["status"] == "unique"
    broken = client.post("/api/v1/read", json={"text": "11" + "." * 79}).json()
    assert broken["status"] == "none" and broken["error"] == "no solution: r1c1 and r1c2 both hold 1 (row 1)"
    health = client.get("/api/v1/health").json()
    assert health["status"] == "ok" and health["workers"] == 1 and health["capacity"] == {"quick": 3, "full": 3}


# --- errors ----------------------------------------------------------------------------------


def test_malformed_json_is_400(client: TestClient) -> None:
    answer = client.post("/api/v1/hint", content=b'{"state": ', headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["kind"] == "malformed_json" and answer.json()["error"].startswith("malformed JSON: ")


@pytest.mark.parametrize(
    "path,body,message",
    [
        ("hint", {"state": "1" * 80}, "state: line 1: 80 cells, need 81"),
        ("hint", {"state": ""}, "state: no puzzle found in 'state' (it is empty)"),
        ("hint", {"state": PUZZLE, "puzzle": "123"}, "puzzle: 3 cells in this grid row, need 9"),
        ("hint", {"state": "2" + PUZZLE[1:], "puzzle": "1" + PUZZLE[1:]}, "line 1: the state does not match the puzzle: r1c1 is 1 in the puzzle but 2 in the state"),
        ("hint", {"state": PUZZLE, "level": 4}, "level: input should be 1, 2 or 3"),
        ("hint", {"state": PUZZLE, "path": "/etc/passwd"}, "path: no such field (see /docs)"),
        ("hint", {}, "state: field required"),
        ("explain", {"puzzle": PUZZLE, "only": "zz"}, "only: unknown technique code 'zz'"),
        ("explain", {"puzzle": PUZZLE + "\n" + MEDIUM}, "puzzle: one puzzle per request (this text holds more than one)"),
        ("solve", {"puzzle": "/etc/passwd"}, "puzzle: line 1: unexpected character '/'"),
        ("solve", {"puzzle": PUZZLE, "limit": 0}, "limit: input should be greater than or equal to 1"),
        ("generate", {"level": "impossible"}, "level: unknown level 'impossible'"),
        ("grade", {"puzzles": [PUZZLE] * 101}, "puzzles: more than 100 puzzles in one request; send them in several"),
    ],
)
def test_bad_requests_are_422_with_the_cli_message(client: TestClient, path: str, body: dict[str, Any], message: str) -> None:
    answer = client.post(f"/api/v1/{path}", json=body)
    assert answer.status_code == 422, answer.json()
    assert answer.json()["error"].startswith(message), answer.json()


def test_a_body_not_sent_as_json_is_415_saying_so(client: TestClient) -> None:
    body = json.dumps({"state": PUZZLE})
    for sent_as in ("application/x-www-form-urlencoded", "text/plain; charset=utf-8"):  # curl -d's default; a browser's form
        answer = client.post("/api/v1/hint", content=body, headers={"content-type": sent_as})
        assert answer.status_code == 415, answer.json()
        assert answer.json() == {
            "error": f"the request body must be JSON, sent with the header content-type: application/json (not {sent_as.split(';')[0]})",
            "kind": "not_json",
        }
    assert client.post("/api/v1/hint", content=body, headers={"content-type": "application/json; charset=utf-8"}).status_code == 200
    assert client.post("/api/v1/hint", content=body, headers={"content-type": "application/vnd.api+json"}).status_code == 200


@pytest.mark.parametrize(
    "body,reason",
    [(b"[" * 10_000, "nested too deeply"), (b'{"state": "\xff\xfe"}', "the body is not UTF-8 text")],
)
def test_a_body_json_cannot_read_is_400_malformed_json(client: TestClient, body: bytes, reason: str) -> None:
    answer = client.post("/api/v1/hint", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json() == {"error": f"malformed JSON: {reason}", "kind": "malformed_json"}


def test_a_body_over_the_limit_is_413(client: TestClient) -> None:
    answer = client.post("/api/v1/hint", content=json.dumps({"state": "." * 20_000}), headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["kind"] == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"state": "'
        yield b"." * 20_000
        yield b'"}'

    assert client.post("/api/v1/hint", content=chunks(), headers={"content-type": "application/json"}).status_code == 413


def test_over_the_work_limit_is_422_and_the_quick_lane_hands_over(client: TestClient) -> None:
    easy = client.post("/api/v1/explain", json={"puzzle": PUZZLE})
    assert easy.status_code == 200 and easy.headers["x-stepdoku-lane"] == "quick"
    medium = client.post("/api/v1/explain", json={"puzzle": MEDIUM})  # more than 100 units: run again in the full lane
    assert medium.status_code == 200 and medium.headers["x-stepdoku-lane"] == "full"
    hard = client.post("/api/v1/explain", json={"puzzle": HARD})
    assert hard.status_code == 422 and hard.json()["kind"] == "work_limit" and "more than 5000 work units" in hard.json()["error"]
    again = client.post("/api/v1/explain", json={"puzzle": HARD})
    assert again.json() == hard.json()  # bounded by work, not time: the same answer every time


def test_each_lane_tries_a_tenth_of_its_budget_first_and_remembers_what_answered(client: TestClient) -> None:
    """Budgets of this client: quick 10 then 100 units, full 500 then 5,000."""
    lanes = _lanes(client)
    assert (lanes.quick.budgets, lanes.full.budgets) == ((10, 100), (500, 5000))
    hint = client.post("/api/v1/hint", json={"state": PUZZLE})  # 2 units: the first budget
    assert hint.headers["x-stepdoku-lane"] == "quick" and int(hint.headers["x-stepdoku-work"]) <= 10
    body = {"puzzle": PUZZLE, "profile": "hodoku"}  # 85 units: the quick lane's second try
    answer = client.post("/api/v1/explain", json=body)
    assert answer.headers["x-stepdoku-lane"] == "quick" and 10 < int(answer.headers["x-stepdoku-work"]) <= 100
    assert lanes._heavy[_fingerprint("explain", {**ExplainRequest(**body).model_dump()})] == (0, 1)  # next time: straight to it
    assert client.post("/api/v1/explain", json=body).json() == answer.json()


def test_a_free_worker_goes_to_the_lowest_turn_then_the_earliest() -> None:
    """First tries (turn 0) before second tries (turn 1), each in the order they came; a
    request that gives up waiting is passed over, and every turn comes back."""

    async def scenario() -> tuple[list[str], int]:
        turns, order, release = Turns(1), [], asyncio.Event()

        async def holder() -> None:
            async with turns.turn(0):
                await release.wait()

        async def waiter(name: str, rank: int) -> None:
            async with turns.turn(rank):
                order.append(name)

        first = asyncio.create_task(holder())
        await asyncio.sleep(0)
        waiting = {name: asyncio.create_task(waiter(name, rank)) for name, rank in (("a1", 1), ("b0", 0), ("gone", 0), ("c1", 1), ("d0", 0))}
        await asyncio.sleep(0)
        waiting["gone"].cancel()
        release.set()
        await asyncio.gather(first, *waiting.values(), return_exceptions=True)
        return order, turns.free

    assert asyncio.run(scenario()) == (["b0", "d0", "a1", "c1"], 1)


def test_a_full_lane_is_503_with_retry_after(client: TestClient) -> None:
    lanes = _lanes(client)
    lanes.quick.busy = lanes.quick.capacity  # every worker busy and the queue full
    try:
        answer = client.post("/api/v1/solve", json={"puzzle": PUZZLE})
    finally:
        lanes.quick.busy = 0
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1" and answer.json()["kind"] == "busy"


def _lanes(client: TestClient) -> Any:
    app = client.app
    while not hasattr(app, "state"):
        app = app.app  # type: ignore[attr-defined]
    return app.state.lanes


def test_unknown_paths_and_methods(client: TestClient) -> None:
    assert client.get("/api/v1/nothing").json() == {"error": "GET /api/v1/nothing: not found", "kind": "not_found"}
    assert client.get("/api/v1/hint").status_code == 405


def test_cors_is_off_unless_asked() -> None:
    origin = {"origin": "https://example.org"}
    with TestClient(create_app(ServeOptions(), 1)) as plain:
        assert "access-control-allow-origin" not in plain.get("/api/v1/health", headers=origin).headers
    with TestClient(create_app(ServeOptions(cors=("https://example.org",)), 1)) as allowed:
        assert allowed.get("/api/v1/health", headers=origin).headers["access-control-allow-origin"] == "https://example.org"


def test_one_access_log_line_per_request(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("INFO", logger="stepdoku.access"):
        client.get("/api/v1/health")
        client.post("/api/v1/hint", content=b"x" * 20_000)
    lines = [r.getMessage() for r in caplog.records if r.name == "stepdoku.access"]
    assert len(lines) == 2 and '"GET /api/v1/health HTTP/1.1" 200' in lines[0] and '"POST /api/v1/hint HTTP/1.1" 413' in lines[1]


def test_the_page_and_the_docs(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'role="grid"' in page.text and "default-src 'self'" in page.headers["content-security-policy"]
    assert "http" not in page.text.replace("http-equiv", "")  # nothing fetched from elsewhere
    assert client.get("/static/app.js").status_code == 200
    docs = client.get("/docs").text
    assert "/api/v1/hint" in docs and "HintResponse" in docs and "StepRecord" in docs


# --- the OpenAPI description comes from the records, and real answers fit it ---------------


def _strict(schema: Any) -> Any:
    """The schema with no extra keys allowed in any object that lists its properties."""
    if isinstance(schema, dict):
        out = {k: _strict(v) for k, v in schema.items()}
        if "properties" in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [_strict(v) for v in schema]
    return schema


def test_real_answers_fit_the_openapi_description(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    components = _strict(copy.deepcopy(spec["components"]))
    calls = [
        ("/api/v1/hint", {"state": library_state(r1c1=1, r1c3=9), "level": 3, "ignore_mistakes": True, "draw": True}),
        ("/api/v1/hint", {"state": MEDIUM, "level": 2}),
        ("/api/v1/explain", {"puzzle": PUZZLE, "profile": "se"}),
        ("/api/v1/explain", {"puzzle": "11" + "." * 79}),
        ("/api/v1/grade", {"puzzles": [PUZZLE, "x"], "profile": "full"}),
        ("/api/v1/solve", {"puzzle": "." * 81}),
        ("/api/v1/solve", {"puzzle": PUZZLE, "count": True}),
        ("/api/v1/generate", {"level": "easy", "seed": 3, "se": "1.0-4.0"}),
        ("/api/v1/read", {"text": PUZZLE}),
        ("/api/v1/hint", {"state": "x"}),
    ]
    for path, body in calls:
        answer = client.post(path, json=body)
        responses = spec["paths"][path]["post"]["responses"]
        schema = responses[str(answer.status_code)]["content"]["application/json"]["schema"]
        jsonschema.validate(answer.json(), {**_strict(schema), "components": components})
    for path in ("/api/v1/techniques", "/api/v1/health", "/api/v1/techniques?profile=nope"):
        answer = client.get(path)
        schema = spec["paths"][path.split("?")[0]]["get"]["responses"][str(answer.status_code)]["content"]["application/json"]["schema"]
        jsonschema.validate(answer.json(), {**_strict(schema), "components": components})
    raw = [(b"{", "application/json"), (b"[" * 10_000, "application/json"), (b"{}", "text/plain"), (b"x" * 20_000, "application/json")]
    for content, sent_as in raw:  # 400, 400, 415, 413
        answer = client.post("/api/v1/solve", content=content, headers={"content-type": sent_as})
        schema = spec["paths"]["/api/v1/solve"]["post"]["responses"][str(answer.status_code)]["content"]["application/json"]["schema"]
        jsonschema.validate(answer.json(), {**_strict(schema), "components": components})


def test_the_description_declares_only_the_error_shape_the_server_sends(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in spec["components"]["schemas"]  # FastAPI's own 422 shape: never sent
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            for status, response in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorRecord"}, (method, path, status)


def test_the_description_is_markdown_and_the_docs_show_its_code(client: TestClient) -> None:
    text = client.get("/openapi.json").text
    assert "``" not in text  # reStructuredText's literals, from the docstrings, would show as they are
    hint = client.get("/openapi.json").json()["paths"]["/api/v1/hint"]["post"]["description"]
    assert hint.startswith("The record of `stepdoku hint STATE --json`")
    assert "<code>stepdoku hint STATE --json</code>" in client.get("/docs").text


def test_the_declared_names_match_the_engine() -> None:
    assert typing.get_args(models.ProfileName) == tuple(PROFILES)
    assert set(typing.get_args(models.TechniqueOptionName)) == {option.name for option in OPTIONS}
    assert typing.get_args(models.SymmetryName) == tuple(s.value for s in Symmetry)
    fields = set(RatingFields.__annotations__)
    numbers = set(TechniqueCountRecord.__annotations__)
    for kind in PROFILES.values():
        assert {c.key for c in kind.rating_columns} <= fields
        assert {c.key for c in kind.count_columns} <= numbers

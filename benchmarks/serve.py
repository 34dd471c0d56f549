"""``stepdoku serve`` under load: what issue 23's "Measured" asks, against a real server.

    .venv/bin/python benchmarks/serve.py load        # 1,000 hints, 50 clients, 5% hostile
    .venv/bin/python benchmarks/serve.py starvation  # easy hints while a flood of the hardest
    .venv/bin/python benchmarks/serve.py cold        # from a cold start to the first answer
    .venv/bin/python benchmarks/serve.py all

Each part starts its own server (``stepdoku serve --port 0``, default settings, on
127.0.0.1 only), drives it with httpx from this process, and stops it with SIGTERM (which
must end it with exit code 0). The positions: easy ones are Norvig's easy50 puzzles with
some digits entered; hard ones are positions of the forum's hardest list just before the
first step that needs a chain or a net (HoDoKu's path), where a hint is a real search.
Hostile requests: garbage bytes, bodies over the limit, whole walkthroughs of the hardest
puzzles. Figures go to benchmarks/README.md; the time is wall time of a shared machine, so
run it on an idle one (nice -n 5 keeps it from starving other work).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import parse_puzzle  # noqa: E402
from engine.formats import format_library  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from techniques import CATALOG  # noqa: E402

CHAINS = {"fc", "fcc", "fcv", "fn", "fnc", "fnv", "kf1", "kf2", "ach", "nl", "cnl", "dnl", "aic", "gnl", "gcnl", "gdnl", "gaic", "x", "xyc"}


def puzzles(name: str, count: int) -> list[str]:
    out = []
    for line in (ROOT / "puzzles" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split()[0][:81])
        if len(out) == count:
            break
    return out


def easy_positions(count: int) -> list[str]:
    """Easy puzzles with their first few steps entered (library lines with +d)."""
    hodoku = load_profile("hodoku", CATALOG)
    out = []
    for text in puzzles("easy50.txt", count):
        grid = parse_puzzle(text).to_grid()
        for step in hodoku.solve(grid).steps[:5]:
            grid.apply(step)
        out.append(format_library(grid))
    return out


def hard_positions(count: int) -> list[str]:
    """Hardest puzzles just before their first chain or net step."""
    hodoku = load_profile("hodoku", CATALOG)
    out = []
    for text in puzzles("forum_hardest300.txt", count):
        grid = parse_puzzle(text).to_grid()
        for step in hodoku.solve(grid).steps:
            if step.code in CHAINS:
                break
            grid.apply(step)
        out.append(format_library(grid))
    return out


# --- the server -------------------------------------------------------------------------


class Server:
    def __init__(self, *flags: str) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "cli.py"), "serve", "--port", "0", "--quiet", *flags],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )  # fmt: skip
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"(http://\S+/)", line)
        if not found:
            raise SystemExit(f"the server did not start: {line} {self.process.stderr.read() if self.process.stderr else ''}")
        self.url = found.group(1)

    def memory(self) -> int:
        """Resident memory of the server and its worker processes, bytes."""
        return sum(_rss(pid) for pid in [self.process.pid, *_children(self.process.pid)])

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=300)


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            out += [kid, *_children(kid)]
    return out


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summary(latencies: list[float]) -> str:
    return f"p50 {percentile(latencies, 0.5) * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, p99 {percentile(latencies, 0.99) * 1000:.0f} ms"


# --- 1,000 hints from 50 clients -----------------------------------------------------------


def requests_mix(total: int, easy: list[str], hard: list[str], hardest: list[str], rng: random.Random) -> list[tuple[str, str, Any]]:
    """(kind, path, body): 95% hints (two easy for one hard), 5% hostile."""
    out: list[tuple[str, str, Any]] = []
    for n in range(total):
        if n % 20 == 7:  # 5% hostile, in turn: garbage, too large, a whole walkthrough of the hardest
            what = (n // 20) % 3
            if what == 0:
                out.append(("garbage", "/api/v1/hint", bytes(rng.randrange(256) for _ in range(200))))
            elif what == 1:
                out.append(("oversized", "/api/v1/hint", b'{"state": "' + b"." * 400_000 + b'"}'))
            else:
                out.append(("hardest", "/api/v1/explain", {"puzzle": rng.choice(hardest), "profile": "se"}))
        elif n % 3 == 2:
            out.append(("hard", "/api/v1/hint", {"state": rng.choice(hard), "level": rng.choice((1, 2, 3))}))
        else:
            out.append(("easy", "/api/v1/hint", {"state": rng.choice(easy), "level": rng.choice((1, 2, 3))}))
    return out


EXPECTED = {"easy": {200}, "hard": {200}, "garbage": {400, 422}, "oversized": {413}, "hardest": {200, 422}}


async def _load(server: Server, work: list[tuple[str, str, Any]], clients: int) -> dict[str, Any]:
    queue: asyncio.Queue[tuple[str, str, Any]] = asyncio.Queue()
    for item in work:
        queue.put_nowait(item)
    results: list[tuple[str, int, float]] = []
    memory: list[int] = []

    async def client(http: httpx.AsyncClient) -> None:
        while not queue.empty():
            kind, path, body = queue.get_nowait()
            start = time.perf_counter()
            try:
                if isinstance(body, bytes):
                    answer = await http.post(path, content=body, headers={"content-type": "application/json"})
                else:
                    answer = await http.post(path, json=body)
                status = answer.status_code
            except httpx.HTTPError:
                status = -1  # the connection failed
            results.append((kind, status, time.perf_counter() - start))

    async def watch() -> None:
        while not queue.empty() or len(results) < len(work):
            memory.append(server.memory())
            await asyncio.sleep(0.5)

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=server.url, timeout=600, limits=limits) as http:
        start = time.perf_counter()
        watcher = asyncio.create_task(watch())
        await asyncio.gather(*(client(http) for _ in range(clients)))
        wall = time.perf_counter() - start
        await watcher
    return {"results": results, "wall": wall, "memory": memory}


def load(total: int, clients: int, seed: int) -> None:
    rng = random.Random(seed)
    print("positions: ", end="", flush=True)
    easy, hard, hardest = easy_positions(20), hard_positions(6), puzzles("forum_hardest300.txt", 20)[6:20]
    print(f"{len(easy)} easy, {len(hard)} hard, {len(hardest)} hardest")
    work = requests_mix(total, easy, hard, hardest, rng)
    server = Server()
    try:
        run = asyncio.run(_load(server, work, clients))
    finally:
        code = server.stop()
    results = run["results"]
    statuses: dict[str, dict[int, int]] = {}
    for kind, status, _ in results:
        statuses.setdefault(kind, {}).setdefault(status, 0)
        statuses[kind][status] += 1
    unexpected = [(k, s) for k, s, _ in results if s not in EXPECTED[k] and s != 503]
    five = sum(1 for _, s, _ in results if s >= 500 and s != 503)
    busy = sum(1 for _, s, _ in results if s == 503)
    latencies = [t for _, s, t in results]
    mem = run["memory"]
    print(f"{len(results)} requests from {clients} clients in {run['wall']:.1f} s: {len(results) / run['wall']:.1f} requests/s; {summary(latencies)}")
    for kind in ("easy", "hard"):
        print(f"  {kind} hints: {summary([t for k, s, t in results if k == kind and s == 200])}")
    print(f"  statuses by kind: {statuses}")
    print(f"  5xx other than 503: {five}; 503 (busy, Retry-After): {busy}; unexpected statuses: {len(unexpected)} {unexpected[:5]}")
    third = max(1, len(mem) // 3)
    print(f"  server memory (server + workers, RSS): start {mem[0] / 2**20:.0f} MB, max {max(mem) / 2**20:.0f} MB, "
          f"first third mean {statistics.mean(mem[:third]) / 2**20:.0f} MB, last third mean {statistics.mean(mem[-third:]) / 2**20:.0f} MB")
    print(f"  SIGTERM: exit code {code}")


# --- starvation ---------------------------------------------------------------------------


async def _starve(server: Server, flood: int, easy: list[str], hardest: list[str], hard: list[str], probes: int) -> dict[str, Any]:
    stop = asyncio.Event()
    flood_status: dict[int, int] = {}
    latencies: list[float] = []

    async def flooder(http: httpx.AsyncClient, n: int) -> None:
        k = n
        while not stop.is_set():
            k += flood
            body = {"puzzle": hardest[k % len(hardest)], "profile": "se"} if k % 2 else {"state": hard[k % len(hard)], "level": 3}
            path = "/api/v1/explain" if k % 2 else "/api/v1/hint"
            try:
                status = (await http.post(path, json=body)).status_code
            except httpx.HTTPError:
                status = -1
            flood_status[status] = flood_status.get(status, 0) + 1
            if status == 503:
                await asyncio.sleep(0.2)  # a client that ignores most of Retry-After

    async def prober(http: httpx.AsyncClient) -> None:
        await asyncio.sleep(3)  # the flood is on
        for n in range(probes):
            start = time.perf_counter()
            answer = await http.post("/api/v1/hint", json={"state": easy[n % len(easy)], "level": 2})
            latencies.append(time.perf_counter() - start)
            assert answer.status_code == 200, answer.text
            await asyncio.sleep(0.1)
        stop.set()

    async with httpx.AsyncClient(base_url=server.url, timeout=600, limits=httpx.Limits(max_connections=flood + 4)) as http:
        await asyncio.gather(prober(http), *(flooder(http, n) for n in range(flood)))
    return {"latencies": latencies, "flood": flood_status}


def starvation(flood: int, probes: int) -> None:
    easy, hard, hardest = easy_positions(20), hard_positions(6), puzzles("forum_hardest300.txt", 30)[6:30]
    server = Server()
    try:
        run = asyncio.run(_starve(server, flood, easy, hardest, hard, probes))
    finally:
        code = server.stop()
    print(f"starvation: {probes} easy hints while {flood} clients flood the hardest (se walkthroughs, hints at chain positions): "
          f"{summary(run['latencies'])}, max {max(run['latencies']) * 1000:.0f} ms; the flood's statuses {run['flood']}; SIGTERM exit {code}")


# --- cold start ---------------------------------------------------------------------------


def cold(times: int) -> None:
    state = easy_positions(1)[0]
    spans = []
    for _ in range(times):
        server = Server()
        answer = httpx.post(server.url + "api/v1/hint", json={"state": state}, timeout=120)
        assert answer.status_code == 200
        spans.append(time.perf_counter() - server.started)
        server.stop()
    print(f"cold start to the first answered hint: median {statistics.median(spans):.2f} s (of {times}: {', '.join(f'{s:.2f}' for s in spans)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("part", choices=("load", "starvation", "cold", "all"))
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--flood", type=int, default=20)
    parser.add_argument("--probes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; {sys.version.split()[0]}")
    if args.part in ("cold", "all"):
        cold(3)
    if args.part in ("load", "all"):
        load(args.requests, args.clients, args.seed)
    if args.part in ("starvation", "all"):
        starvation(args.flood, args.probes)


if __name__ == "__main__":
    main()

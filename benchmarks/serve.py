"""``stepdoku serve`` under load: what issue 23's "Measured" asks, against a real server.

    nice -n 5 .venv/bin/python benchmarks/serve.py cold        # cold start to the first answer, with and without bytecode
    nice -n 5 .venv/bin/python benchmarks/serve.py load        # 1,000 hints, 50 clients, 5% hostile
    nice -n 5 .venv/bin/python benchmarks/serve.py starvation  # easy hints while 20 clients flood the hardest
    nice -n 5 .venv/bin/python benchmarks/serve.py all

Each part starts its own server (``stepdoku serve --port 0``, default settings, on
127.0.0.1 only), drives it with httpx from this process, and stops it with SIGTERM (which
must end it with exit code 0). Every figure is printed with the load average of the
machine before and after its part: on a machine shared with other work, wall times grow
with the load, so a figure is only comparable beside its load.

The positions, each request a different one (the server remembers which requests needed
its full lane, so repeating a few would flatter it):

* easy: Norvig's easy50 puzzles with their first five steps entered (a hint is a single);
* hard: top1465 puzzles at the position where HoDoKu's techniques short of chains and nets
  are stuck (a hint there is a chain search);
* hardest: the forum's hardest list, at that position (a hint needs forcing nets) or as
  whole walkthroughs on the se profile;
* hostile (5% of the load run): garbage bytes, bodies over the limit, hints at the hardest
  positions.
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
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import parse_puzzle  # noqa: E402
from engine.formats import format_library  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from techniques import CATALOG  # noqa: E402

#: HoDoKu's chain and net techniques: a position stuck short of them needs one.
CHAINS = {"fc", "fcc", "fcv", "fn", "fnc", "fnv", "kf1", "kf2", "ach", "nl", "cnl", "dnl", "aic", "gnl", "gcnl", "gdnl", "gaic", "x", "xyc"}
HODOKU = load_profile("hodoku", CATALOG)


def puzzles(name: str, count: int, skip: int = 0) -> list[str]:
    out = []
    for line in (ROOT / "puzzles" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split()[0][:81])
    return out[skip : skip + count]


def easy_positions(count: int) -> list[str]:
    """Easy puzzles with their first five steps entered (library lines with +d)."""
    out = []
    for text in puzzles("easy50.txt", count):
        grid = parse_puzzle(text).to_grid()
        for step in HODOKU.solve(grid).steps[:5]:
            grid.apply(step)
        out.append(format_library(grid))
    return out


def stuck_positions(name: str, count: int, skip: int = 0) -> list[str]:
    """Puzzles of a list at the position where HoDoKu's techniques short of chains and nets
    are stuck (the puzzles those techniques solve are passed over)."""
    short = [t for t in HODOKU.default if t.code not in CHAINS]
    out = []
    for text in puzzles(name, 10 * count, skip):
        result = HODOKU.solve(parse_puzzle(text).to_grid(), short, allow_search=False)
        if result.grid.empty_count():
            out.append(format_library(result.grid))
        if len(out) == count:
            break
    return out


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} {five:.1f} {fifteen:.1f}"


# --- the server -------------------------------------------------------------------------


class Server:
    """``stepdoku serve`` in a process of its own; ``root`` the checkout it runs from."""

    def __init__(self, *flags: str, root: Path = ROOT, env: dict[str, str] | None = None) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, str(root / "cli.py"), "serve", "--port", "0", "--quiet", *flags],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root, env=env,
        )  # fmt: skip
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        self.listening = time.perf_counter()
        found = re.search(r"(http://\S+/)", line)
        if not found:
            raise SystemExit(f"the server did not start: {line} {self.process.stderr.read() if self.process.stderr else ''}")
        self.url = found.group(1)

    def cpu(self) -> float:
        """CPU seconds (user and system) the server and its workers have used so far."""
        return sum(_cpu(pid) for pid in [self.process.pid, *_children(self.process.pid)])

    def memory(self) -> dict[int, int]:
        """Resident memory of the server and of each worker process, bytes, by process id."""
        return {pid: _rss(pid) for pid in [self.process.pid, *_children(self.process.pid)]}

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=600)


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


def _cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


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


@dataclass
class Watch:
    """What is sampled while a part runs: memory every half second, and the event loop's
    delay (GET /api/v1/health is answered on the loop, with no worker)."""

    memory: list[dict[int, int]] = field(default_factory=list)
    health: list[float] = field(default_factory=list)

    async def run(self, server: Server, http: httpx.AsyncClient, done: asyncio.Event) -> None:
        while not done.is_set():
            self.memory.append(server.memory())
            start = time.perf_counter()
            await http.get("/api/v1/health")
            self.health.append(time.perf_counter() - start)
            await asyncio.sleep(0.5)

    def report(self, server_pid: int) -> list[str]:
        mb = 2**20
        first, last = self.memory[0], self.memory[-1]
        third = max(1, len(self.memory) // 3)

        def mean(samples: list[dict[int, int]]) -> float:
            return statistics.mean(sum(s.values()) for s in samples) / mb

        workers = [pid for pid in last if pid != server_pid]
        return [
            f"server memory (RSS, sampled every 0.5 s, {len(self.memory)} samples): server {first.get(server_pid, 0) / mb:.0f} -> "
            f"{last.get(server_pid, 0) / mb:.0f} MB; {len(workers)} workers {sum(first.get(p, 0) for p in workers) / mb:.0f} -> "
            f"{sum(last.get(p, 0) for p in workers) / mb:.0f} MB (each at the end: {', '.join(f'{last[p] / mb:.0f}' for p in workers)}); "
            f"all together: first third {mean(self.memory[:third]):.0f} MB, last third {mean(self.memory[-third:]):.0f} MB, "
            f"max {max(sum(s.values()) for s in self.memory) / mb:.0f} MB",
            f"event loop (GET /api/v1/health, no worker, {len(self.health)} probes): {summary(self.health)}, max {max(self.health) * 1000:.0f} ms",
        ]


# --- 1,000 hints from 50 clients -----------------------------------------------------------


def requests_mix(total: int, easy: list[str], hard: list[str], hardest: list[str], rng: random.Random) -> list[tuple[str, str, Any]]:
    """(kind, path, body): 95% hints (two easy for one hard), 5% hostile; the hard and
    hardest positions each used once."""
    out: list[tuple[str, str, Any]] = []
    hard_left, hardest_left = iter(hard), iter(hardest)
    for n in range(total):
        if n % 20 == 7:  # 5% hostile, in turn: garbage, too large, a hint at the hardest positions
            what = (n // 20) % 3
            if what == 0:
                out.append(("garbage", "/api/v1/hint", bytes(rng.randrange(256) for _ in range(200))))
            elif what == 1:
                out.append(("oversized", "/api/v1/hint", b'{"state": "' + b"." * 400_000 + b'"}'))
            else:
                out.append(("hardest", "/api/v1/hint", {"state": next(hardest_left), "level": 3}))
        elif n % 3 == 2:
            out.append(("hard", "/api/v1/hint", {"state": next(hard_left), "level": rng.choice((1, 2, 3))}))
        else:
            out.append(("easy", "/api/v1/hint", {"state": rng.choice(easy), "level": rng.choice((1, 2, 3))}))
    return out


EXPECTED = {"easy": {200}, "hard": {200}, "garbage": {400}, "oversized": {413}, "hardest": {200, 422}}


async def _load(server: Server, work: list[tuple[str, str, Any]], clients: int) -> dict[str, Any]:
    queue: asyncio.Queue[tuple[str, str, Any]] = asyncio.Queue()
    for item in work:
        queue.put_nowait(item)
    results: list[tuple[str, int, float]] = []
    busy: list[str] = []
    watch, done = Watch(), asyncio.Event()

    async def client(http: httpx.AsyncClient) -> None:
        while not queue.empty():
            kind, path, body = queue.get_nowait()
            start = time.perf_counter()
            for _ in range(BUSY_TRIES):  # as an app (and the page) does: a 503 is asked again after Retry-After
                status, wait = await _post(http, path, body)
                if status != 503:
                    break
                busy.append(kind)
                await asyncio.sleep(wait)
            results.append((kind, status, time.perf_counter() - start))

    limits = httpx.Limits(max_connections=clients + 1, max_keepalive_connections=clients + 1)
    async with httpx.AsyncClient(base_url=server.url, timeout=3600, limits=limits) as http:
        start, cpu = time.perf_counter(), server.cpu()
        watcher = asyncio.create_task(watch.run(server, http, done))
        await asyncio.gather(*(client(http) for _ in range(clients)))
        wall, cpu = time.perf_counter() - start, server.cpu() - cpu
        done.set()
        await watcher
    return {"results": results, "wall": wall, "cpu": cpu, "busy": busy, "watch": watch}


#: Times a client asks again after a 503 before it counts the request as refused.
BUSY_TRIES = 20


async def _post(http: httpx.AsyncClient, path: str, body: Any) -> tuple[int, float]:
    """The status of one request (-1: the connection failed), and its Retry-After."""
    try:
        if isinstance(body, bytes):
            answer = await http.post(path, content=body, headers={"content-type": "application/json"})
        else:
            answer = await http.post(path, json=body)
    except httpx.HTTPError:
        return -1, 1.0
    return answer.status_code, float(answer.headers.get("retry-after", "1"))


def load(total: int, clients: int, seed: int) -> None:
    rng = random.Random(seed)
    before = time.perf_counter()
    hostile = total // 60 + 1
    easy, hard, hardest = easy_positions(20), stuck_positions("top1465.txt", total // 3 + 1), stuck_positions("forum_hardest300.txt", hostile)
    print(f"positions: {len(easy)} easy, {len(hard)} hard, {len(hardest)} hardest, in {time.perf_counter() - before:.0f} s", flush=True)
    work = requests_mix(total, easy, hard, hardest, rng)
    loads = [load_average()]
    server = Server()
    try:
        run = asyncio.run(_load(server, work, clients))
    finally:
        code = server.stop()
    loads.append(load_average())
    results = run["results"]
    statuses: dict[str, dict[int, int]] = {}
    for kind, status, _ in results:
        statuses.setdefault(kind, {}).setdefault(status, 0)
        statuses[kind][status] += 1
    unexpected = [(k, s) for k, s, _ in results if s not in EXPECTED[k]]
    five = sum(1 for _, s, _ in results if s >= 500)
    print(f"load: {len(results)} hint requests from {clients} clients in {run['wall']:.1f} s: {len(results) / run['wall']:.1f} requests/s; "
          f"{summary([t for _, _, t in results])}; the server and its workers used {run['cpu']:.1f} s of CPU "
          f"({run['cpu'] / run['wall']:.2f} of the 2 cores on average) (load average before {loads[0]}, after {loads[1]})")
    for kind in ("easy", "hard", "hardest"):
        print(f"  {kind} hints answered: {summary([t for k, s, t in results if k == kind and s in (200, 422)])}")
    print(f"  final statuses by kind: {statuses}")
    refused = run["busy"]
    by_kind = ", ".join(f"{kind} {refused.count(kind)}" for kind in sorted(set(refused)))
    print(f"  503 answers asked again after Retry-After: {len(refused)} ({by_kind}); "
          f"5xx in the end: {five}; unexpected statuses: {len(unexpected)} {unexpected[:5]}")
    for line in run["watch"].report(server.process.pid):
        print(f"  {line}")
    print(f"  SIGTERM: exit code {code}")


# --- starvation ---------------------------------------------------------------------------


async def _starve(server: Server, flood: int, easy: list[str], hardest: list[str], hard: list[str], probes: int) -> dict[str, Any]:
    stop = asyncio.Event()
    flood_status: dict[int, int] = {}
    latencies: list[float] = []
    watch = Watch()
    sent = iter(range(10**9))

    async def flooder(http: httpx.AsyncClient) -> None:
        while not stop.is_set():
            k = next(sent)  # each request a different puzzle: none is known to need the full lane
            if k % 2:
                path, body = "/api/v1/explain", {"puzzle": hardest[k // 2 % len(hardest)], "profile": "se"}
            else:
                path, body = "/api/v1/hint", {"state": hard[k // 2 % len(hard)], "level": 3}
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

    async with httpx.AsyncClient(base_url=server.url, timeout=3600, limits=httpx.Limits(max_connections=flood + 4)) as http:
        await asyncio.gather(prober(http), watch.run(server, http, stop), *(flooder(http) for _ in range(flood)))
    return {"latencies": latencies, "flood": flood_status, "watch": watch}


def starvation(flood: int, probes: int) -> None:
    easy, hard, hardest = easy_positions(20), stuck_positions("top1465.txt", 150, skip=600), puzzles("forum_hardest300.txt", 150, skip=100)
    loads = [load_average()]
    server = Server()
    try:
        run = asyncio.run(_starve(server, flood, easy, hardest, hard, probes))
    finally:
        code = server.stop()
    loads.append(load_average())
    print(f"starvation: {probes} easy hints while {flood} clients flood the server with the hardest, each request a different puzzle "
          f"(se walkthroughs of forum_hardest300, hints at top1465's chain positions): {summary(run['latencies'])}, "
          f"max {max(run['latencies']) * 1000:.0f} ms (load average before {loads[0]}, after {loads[1]})")
    print(f"  the flood's statuses: {run['flood']}")
    for line in run["watch"].report(server.process.pid):
        print(f"  {line}")
    print(f"  SIGTERM: exit code {code}")


# --- cold start ---------------------------------------------------------------------------


def _cold_once(state: str, root: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """Seconds from starting the process to its listening line and to the first answer,
    and the CPU seconds the server and its workers used by then."""
    with httpx.Client(timeout=300) as http:  # made first: its own start is not the server's
        server = Server(root=root, env=env)
        try:
            answer = http.post(server.url + "api/v1/hint", json={"state": state})
            answered = time.perf_counter()
            cpu = server.cpu()
            assert answer.status_code == 200, answer.text
        finally:
            server.stop()
    return server.listening - server.started, answered - server.started, cpu


def _cold_runs(label: str, times: int, state: str, root: Path, env: dict[str, str]) -> None:
    before = load_average()
    spans = [_cold_once(state, root, env) for _ in range(times)]
    print(f"cold start, {label}: first answered hint {statistics.median(s[1] for s in spans):.2f} s median of {times} "
          f"({', '.join(f'{s[1]:.2f}' for s in spans)}; listening after {statistics.median(s[0] for s in spans):.2f} s; "
          f"CPU of the server and its workers by the answer {statistics.median(s[2] for s in spans):.2f} s) "
          f"(load average before {before}, after {load_average()})")


def cold(times: int) -> None:
    """Both ways a user's Python may start: with its modules' bytecode cached (the usual
    case: after one run, it is written beside them) and with none (PYTHONDONTWRITEBYTECODE
    set and a fresh checkout: every module of the project compiled on each start; the
    installed packages' bytecode, which pip writes, is read either way)."""
    state = easy_positions(1)[0]
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    _cold_once(state, ROOT, cached)  # the warm-up run writes the bytecode
    _cold_runs("bytecode cached (PYTHONDONTWRITEBYTECODE unset, after one warm-up run)", times, state, ROOT, cached)
    with tempfile.TemporaryDirectory() as fresh:
        _export(Path(fresh))
        _cold_runs("no bytecode (PYTHONDONTWRITEBYTECODE=1, a fresh checkout)", times, state, Path(fresh), {**cached, "PYTHONDONTWRITEBYTECODE": "1"})


def _export(folder: Path) -> None:
    """The committed tree, without any compiled bytecode (what a clone holds)."""
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("part", choices=("load", "starvation", "cold", "all"))
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--flood", type=int, default=20)
    parser.add_argument("--probes", type=int, default=100)
    parser.add_argument("--times", type=int, default=5, help="cold starts of each kind")
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args(None if argv is None else list(argv))
    print(f"machine: {os.cpu_count()} cores; Python {sys.version.split()[0]}; nice {os.nice(0)}; load average {load_average()}", flush=True)
    if args.part in ("cold", "all"):
        cold(args.times)
    if args.part in ("load", "all"):
        load(args.requests, args.clients, args.seed)
    if args.part in ("starvation", "all"):
        starvation(args.flood, args.probes)


if __name__ == "__main__":
    main()

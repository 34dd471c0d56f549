"""Helpers shared by the benchmarks: puzzle loading, timing, summary lines."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import time
from pathlib import Path
from typing import Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """``../shared`` of the checkout, looked for above it (a git worktree sits deeper);
    STEPDOKU_SHARED overrides."""
    if os.environ.get("STEPDOKU_SHARED"):
        return Path(os.environ["STEPDOKU_SHARED"])
    near = [parent / "shared" for parent in ROOT.parents]
    return next((p for p in near if (p / "reference").is_dir()), ROOT.parent / "shared")


PUZZLES = ROOT / "puzzles"


def load(name: str, limit: int | None = None) -> list[str]:
    """The 81-character puzzles of a file in puzzles/ (comments and extra columns dropped)."""
    out = []
    for line in (PUZZLES / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split()[0][:81])
    return out[:limit] if limit else out


def time_each(items: Sequence[str], job: Callable[[str], object]) -> list[float]:
    """Seconds per item, in input order."""
    times = []
    for item in items:
        start = time.perf_counter()
        job(item)
        times.append(time.perf_counter() - start)
    return times


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(name: str, times: Sequence[float]) -> str:
    total = sum(times)
    return (
        f"{name:<28} {len(times):>6} puzzles  {total:8.2f} s  {len(times) / total:9.1f}/s  "
        f"median {statistics.median(times) * 1e3:8.2f} ms  p95 {percentile(times, 0.95) * 1e3:8.2f} ms  "
        f"max {max(times) * 1e3:9.1f} ms"
    )


def machine() -> str:
    return f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {platform.system()}"


def commit() -> str:
    """The checked-out commit, so that figures can be traced to the code they measured."""
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT)
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"

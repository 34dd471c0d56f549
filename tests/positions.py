"""Our own positions for each technique (puzzles/techniques/<family>.txt), read for tests.

A line: ``code | 81-char givens | removed candidates (r1c2<>34 ...) or - | expected step line``
(the fields are separated by `` | ``, so an expected line may hold a bare ``|``, as serate's
notation ``8.2|Region Forcing Chains|r3c9<>6`` does).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Position:
    file: str
    number: int
    code: str
    values: str
    removed: str
    expected: str

    @property
    def id(self) -> str:
        return f"{self.file}:{self.number}-{self.code}"

    def library_line(self) -> str:
        """The position as a HoDoKu library line (what the command line reads)."""
        deleted = [f"{d}{cell[1]}{cell[3]}" for token in self.removed.split() for cell, ds in [token.split("<>")] for d in ds]
        return f":0000:x:{self.values}:{' '.join(deleted)}:::"


def load(path: Path) -> list[Position]:
    out = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("  #")[0].strip()
        if not line or line.startswith("#"):
            continue
        code, values, removed, expected = (part.strip() for part in line.split(" | "))
        out.append(Position(path.name, number, code, values, "" if removed == "-" else removed, expected))
    return out

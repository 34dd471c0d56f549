"""``stepdoku techniques``: the registry in solving order, with codes, levels and scores."""

from __future__ import annotations

import json
from typing import IO

from engine.technique import Catalog


def run(catalog: Catalog, as_json: bool, out: IO[str]) -> int:
    rows = [
        {
            "code": t.code,
            "name": t.name,
            "difficulty": t.difficulty,
            "level": t.level.label,
            "score": t.score,
            "uniqueness": t.uniqueness,
            "enabled": t.enabled,
            "codes": list(t.codes),
        }
        for t in catalog.techniques
    ]
    if as_json:
        out.write(json.dumps(rows) + "\n")
        return 0
    out.write(f"{'order':>5}  {'code':<6} {'technique':<40} {'level':<8} {'score':>5}\n")
    for row in rows:
        flag = "  (needs a unique solution)" if row["uniqueness"] else ""
        flag += "" if row["enabled"] else "  (off by default; ask for it by code)"
        out.write(f"{row['difficulty']:>5}  {row['code']:<6} {row['name']:<40} {row['level']:<8} {row['score']:>5}{flag}\n")
    return 0

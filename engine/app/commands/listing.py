"""``stepdoku techniques``: the registry in solving order, with codes, levels and scores,
and under each technique its sub-types (codes that ``--only`` and ``-t`` take to mean that
sub-type alone: ``aic`` of Nice Loop/AIC).

``--rich`` (or ``--html FILE``/``--svg FILE``) shows the same rows as a table, with each
technique's SE-style base value.
"""

from __future__ import annotations

import json
from typing import IO, Any

from engine.app.commands.output import EXIT_BAD_INPUT, EXIT_OK
from engine.app.commands.richout import RichTarget
from engine.app.render.tables import TechniqueTable
from engine.se_scale import se_label
from engine.technique import Catalog


def rows_of(catalog: Catalog) -> list[dict[str, Any]]:
    return [
        {
            "code": t.code,
            "name": t.name,
            "difficulty": t.difficulty,
            "level": t.level.label,
            "score": t.score,
            "uniqueness": t.uniqueness,
            "enabled": t.enabled,
            "codes": list(t.codes),
            "subtypes": [{"code": code, "name": name} for code, name in t.subtypes.items()],
        }
        for t in catalog.techniques
    ]


def run(catalog: Catalog, as_json: bool, out: IO[str], rich: bool = False, target: RichTarget | None = None, err: IO[str] | None = None) -> int:
    rows = rows_of(catalog)
    if as_json:
        out.write(json.dumps(rows) + "\n")
        return EXIT_OK
    target = target or RichTarget()
    if rich or target.exporting:
        return _rich(rows, out, target, err)
    out.write(f"{'order':>5}  {'code':<6} {'technique':<40} {'level':<8} {'score':>5}\n")
    for row in rows:
        flag = "  (needs a unique solution)" if row["uniqueness"] else ""
        flag += "" if row["enabled"] else "  (off by default; ask for it by code)"
        out.write(f"{row['difficulty']:>5}  {row['code']:<6} {row['name']:<40} {row['level']:<8} {row['score']:>5}{flag}\n")
        for sub in row["subtypes"]:
            out.write(f"{'':>5}  {sub['code']:<6}   {sub['name']} (sub-type of {row['code']})\n")
    out.write("A sub-type's code (e.g. aic) asks for that sub-type alone; its technique's code for all of them.\n")
    return EXIT_OK


def _rich(rows: list[dict[str, Any]], out: IO[str], target: RichTarget, err: IO[str] | None) -> int:
    problem = target.check()
    if problem:
        (err or out).write(f"stepdoku: {problem}\n")
        return EXIT_BAD_INPUT
    for row in rows:
        row["se"] = se_label(row["code"])
    console = target.console(out)
    console.print(TechniqueTable(rows))
    if target.exporting:
        failed = target.finish(console, "stepdoku techniques", err or out)
        if failed:
            (err or out).write(f"stepdoku: {failed}\n")
            return EXIT_BAD_INPUT
    return EXIT_OK

"""``stepdoku techniques``: a profile's techniques in solving order, with its numbers,
and under each technique its sub-types (codes that ``--only`` and ``-t`` take to mean that
sub-type alone: ``aic`` of Nice Loop/AIC).

Each row has the technique's code, name and order number in the profile, the profile's
own numbers for it (``hodoku``: level and score; ``se``: the SE-style value), and notes:
whether it needs a unique solution, whether a plain solve uses it. ``--rich`` (or
``--html FILE``/``--svg FILE``) shows the same rows as a table.
"""

from __future__ import annotations

import json
from typing import IO, TYPE_CHECKING, Any, cast

from engine.app.commands.output import EXIT_OK, EXIT_OUTPUT_FAILED
from engine.app.commands.richout import RichTarget
from engine.app.render.tables import TechniqueTable
from engine.profiles import Profile

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import TechniqueRecord


def rows_of(profile: Profile, rich: bool = False) -> list[TechniqueRecord]:
    """One row per technique; ``rich`` adds the numbers shown only in tables."""
    shown = [c.key for c in profile.technique_columns if rich or not c.rich_only]
    rows = []
    for entry in profile.entries:
        t = entry.technique
        numbers = dict(entry.numbers)
        row = {"code": t.code, "name": t.name, "difficulty": entry.order}
        row.update({key: numbers.get(key) for key in shown})
        row.update({"uniqueness": t.uniqueness, "enabled": entry.enabled, "codes": list(t.codes)})
        row["subtypes"] = [{"code": code, "name": t.declaration.subname(code)} for code in t.codes[1:]]
        rows.append(cast("TechniqueRecord", row))
    return rows


def run(profile: Profile, as_json: bool, out: IO[str], rich: bool = False, target: RichTarget | None = None, err: IO[str] | None = None) -> int:
    if as_json:
        out.write(json.dumps(rows_of(profile)) + "\n")
        return EXIT_OK
    target = target or RichTarget()
    if rich or target.exporting:
        return _rich(profile, out, target, err)
    columns = [c for c in profile.technique_columns if not c.rich_only]
    head = "".join(f" {c.heading.lower():{c.align}{c.width}}" for c in columns)
    out.write(f"{'order':>5}  {'code':<6} {'technique':<40}{head}\n")
    for row in rows_of(profile):
        flag = "  (needs a unique solution)" if row["uniqueness"] else ""
        flag += "" if row["enabled"] else "  (off by default; ask for it by code)"
        numbers = "".join(f" {c.cell(dict(row)[c.key])}" for c in columns)
        out.write(f"{row['difficulty']:>5}  {row['code']:<6} {row['name']:<40}{numbers}{flag}\n")
        for sub in row["subtypes"]:
            out.write(f"{'':>5}  {sub['code']:<6}   {sub['name']} (sub-type of {row['code']})\n")
    out.write("A sub-type's code (e.g. aic) asks for that sub-type alone; its technique's code for all of them.\n")
    return EXIT_OK


def _rich(profile: Profile, out: IO[str], target: RichTarget, err: IO[str] | None) -> int:
    problem = target.check()
    if problem:
        (err or out).write(f"stepdoku: {problem}\n")
        return EXIT_OUTPUT_FAILED
    console = target.console(out)
    console.print(TechniqueTable(rows_of(profile, rich=True), profile.technique_columns))
    if target.exporting:
        failed = target.finish(console, "stepdoku techniques", err or out)
        if failed:
            (err or out).write(f"stepdoku: {failed}\n")
            return EXIT_OUTPUT_FAILED
    return EXIT_OK

"""Every technique code is documented, and every documented code exists.

The README's technique table and ``stepdoku techniques`` must name every code that
``--only`` and ``-t`` accept (each technique's code and its sub-types'), and the README
must name no code the commands refuse (it once gave ``fbf`` and ``mf`` for ``fbf2`` and
``mf2``).
"""

from __future__ import annotations

import io
import json
import re

import cli
from techniques import CATALOG
from tests.conftest import ROOT

ACCEPTED = {code for t in CATALOG.techniques for code in t.codes}
_RANGE = re.compile(r"`([a-z0-9]+?)(\d+)`-`([a-z0-9]+?)(\d+)`")
_CODE = re.compile(r"`([a-z0-9]+)`")


def readme_table() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index("| family | techniques (codes) |")
    return text[start : text.index("\n\n", start)]


def codes_in(text: str) -> set[str]:
    """Backquoted codes, ``bf2``-``bf4`` ranges spelled out."""
    found = set(_CODE.findall(text))
    for prefix, low, other, high in _RANGE.findall(text):
        assert prefix == other, f"a range must keep its prefix: {prefix}{low}-{other}{high}"
        found |= {f"{prefix}{n}" for n in range(int(low), int(high) + 1)}
    return found


def test_range_notation() -> None:
    assert codes_in("Fish `fbf2`-`fbf4`, `u1`-`u3` and `sc`") == {"fbf2", "fbf3", "fbf4", "u1", "u2", "u3", "sc"}


def test_every_code_in_the_readme_exists() -> None:
    unknown = codes_in(readme_table()) - ACCEPTED
    assert not unknown, f"the README names codes no command accepts: {sorted(unknown)}"


def test_every_accepted_code_is_in_the_readme() -> None:
    missing = ACCEPTED - codes_in(readme_table())
    assert not missing, f"codes the commands accept but the README does not name: {sorted(missing)}"


def listed_by_techniques(*args: str) -> tuple[set[str], set[str]]:
    """The codes ``stepdoku techniques ARGS`` lists, as a table and as JSON."""
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["techniques", *args], out, err) == 0
    listed = {line.split()[1] if line[:5].strip() else line.split()[0] for line in out.getvalue().splitlines()[1:-1]}
    out = io.StringIO()
    assert cli.main(["techniques", "--json", *args], out, err) == 0
    rows = json.loads(out.getvalue())
    assert all(s["name"] for r in rows for s in r["subtypes"])
    return listed, {r["code"] for r in rows} | {s["code"] for r in rows for s in r["subtypes"]}


def test_every_accepted_code_is_listed_by_stepdoku_techniques() -> None:
    """Each code by its profile's listing: the default's, or the se profile's for SE's own."""
    own = {code for t in CATALOG.techniques if t.declaration.profile == "se" for code in t.codes}
    default, default_json = listed_by_techniques()
    se, se_json = listed_by_techniques("--profile", "se")
    assert default == default_json == ACCEPTED - own
    assert se == se_json == ACCEPTED

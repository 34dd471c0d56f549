"""The solving core and the application stay apart, and dependencies go one way.

Core modules (everything under ``engine/`` but ``engine/app/``, and ``techniques/``) never
import the application layer (``engine.app``), the renderer's library (``rich``) or the
command line (``cli``); the engine never imports ``techniques`` (techniques plug into the
engine, and a profile gets them from the catalog it is given). Read from the source, so an
import inside a function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

APPLICATION = ("engine.app", "rich", "cli", "fastapi", "starlette", "uvicorn", "pydantic")


def _modules(folder: str) -> list[Path]:
    return sorted(path for path in (ROOT / folder).rglob("*.py") if "app" not in path.relative_to(ROOT).parts)


ENGINE = _modules("engine")  # everything under engine/ but engine/app/
CORE = ENGINE + _modules("techniques")


def imported(path: Path) -> set[str]:
    """Every module a file imports (``from a.b import c`` gives ``a.b``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_modules_do_not_import_the_application(path: Path) -> None:
    assert not [name for name in imported(path) if _within(name, APPLICATION)]


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_does_not_import_techniques(path: Path) -> None:
    assert not [name for name in imported(path) if _within(name, ("techniques",))]


def test_the_check_sees_what_it_looks_for() -> None:
    # The application does import rich and the engine; the check must notice that.
    commands = imported(ROOT / "engine" / "app" / "commands" / "grade.py")
    assert _within("rich.console", APPLICATION) and any(_within(n, APPLICATION) for n in commands)
    assert len(CORE) > 60 and (ROOT / "engine" / "profiles" / "hodoku.py") in CORE

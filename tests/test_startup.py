"""The command line imports only what a command needs, so that a quick command starts at
once (issue 24: ``--version`` within 0.1 s, ``solve`` and ``hint`` on an easy puzzle within
0.25 s; the times are measured in benchmarks/startup.py, not here). What is checked here
is what each command imports, in a fresh interpreter, and that the packages whose names
are imported on first use (``engine.lazy``) export what they say.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cli
import engine
from tests.conftest import ROOT

EASY = ".3..5..4...8.1.5..46.....12.7.5.2.8....6.3....4.1.9.3.25.....98..1.2.6...8..6..2."

#: Modules no quick command needs: every technique family, the renderer, the graph library,
#: the generator's judge, the worker pool.
FAMILIES = ("techniques.singles", "techniques.fish", "techniques.hodoku_chains", "techniques.uniqueness", "techniques.se_chains")
HEAVY = ("rich", "networkx", "engine.generate.judge", "engine.workers", "multiprocessing")


def modules_after(*argv: str) -> set[str]:
    """The modules loaded once ``stepdoku ARGV`` has run, in a fresh interpreter."""
    script = (
        "import io, json, sys\n"
        "import cli\n"
        "try:\n"
        f"    cli.main({list(argv)!r}, out=io.StringIO(), err=io.StringIO())\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_version_imports_no_solver_technique_or_renderer() -> None:
    loaded = modules_after("--version")
    assert not loaded & {*FAMILIES, *HEAVY, "engine.solver", "engine.search", "engine.profiles.hodoku"}


def test_a_quiet_grade_in_one_process_imports_no_renderer_no_pool_and_no_other_profiles_techniques() -> None:
    loaded = modules_after("grade", "--profile", "se", "-q", "-j", "1", "--format", "jsonl", EASY)
    assert "techniques.singles.se_singles" in loaded  # it did grade, SE's way
    pool = {"multiprocessing", "concurrent.futures", "ctypes", "engine.cluster"}
    hodoku = {"techniques.forcing", "techniques.hodoku_chains", "techniques.whips", "techniques.singles.singles"}
    assert not loaded & {"rich", "networkx", *pool, *hodoku}


def launched(*argv: str) -> tuple[str, set[str]]:
    """What the console script's entry point (``engine.app.launch.entry``) prints for
    ``stepdoku ARGV``, and the modules loaded by then, in a fresh interpreter."""
    script = (
        "import io, json, sys\n"
        "from engine.app import launch\n"
        f"sys.argv = ['stepdoku', *{list(argv)!r}]\n"
        "sys.stdout = out = io.StringIO()\n"
        "try:\n"
        "    launch.entry()\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stdout = sys.__stdout__\n"
        "print(json.dumps([out.getvalue(), sorted(sys.modules)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    printed, loaded = json.loads(done.stdout.splitlines()[-1])
    return printed, set(loaded)


def test_the_console_script_is_the_launcher() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'stepdoku = "engine.app.launch:entry"' in pyproject


def test_the_launcher_answers_version_as_the_parser_does_without_the_command_line() -> None:
    printed, loaded = launched("--version")
    parser = io.StringIO()
    with pytest.raises(SystemExit) as done, contextlib.redirect_stdout(parser):
        cli.main(["--version"])
    assert done.value.code == 0
    assert printed == parser.getvalue() == f"stepdoku {engine.__version__}\n"
    assert not loaded & {"cli", "argparse", "engine.formats", "engine.technique", "engine.app.commands.output"}


def test_the_launcher_hands_every_other_command_to_the_command_line() -> None:
    printed, loaded = launched("solve", EASY)
    assert printed.splitlines()[0] == cli_solved(EASY)
    assert "cli" in loaded and "engine.search" in loaded
    printed, loaded = launched("--version", "solve")  # not the bare --version: the parser answers
    assert printed == f"stepdoku {engine.__version__}\n" and "cli" in loaded


def cli_solved(puzzle: str) -> str:
    out = io.StringIO()
    assert cli.main(["solve", puzzle], out=out, err=io.StringIO()) == 0
    return out.getvalue().splitlines()[0]


def test_solve_imports_no_technique_or_renderer() -> None:
    loaded = modules_after("solve", EASY)
    assert "engine.search" in loaded  # it did solve
    assert not loaded & {*FAMILIES, *HEAVY}


def test_hint_imports_the_techniques_but_not_the_graph_library_or_the_generator() -> None:
    loaded = modules_after("hint", EASY)
    assert "techniques.singles" in loaded and "rich" in loaded
    assert not loaded & {"networkx", "engine.generate.judge", "engine.workers", "engine.app.draw"}


@pytest.mark.parametrize("command", ["solve", "hint", "explain"])
def test_the_json_records_types_are_for_the_type_checker_and_the_web_service(command: str) -> None:
    """engine.records imports typing_extensions before Python 3.12; the commands build
    their records as plain dicts and import it only to type them."""
    loaded = modules_after(command, EASY)
    assert not loaded & {"engine.records", "typing_extensions"}


# --- lazy exports -------------------------------------------------------------------------

LAZY_PACKAGES = ("engine", "engine.generate", "engine.profiles")


def type_checking_imports(package: str) -> dict[str, str]:
    """The names a package imports under ``if TYPE_CHECKING:``, with their modules."""
    path = ROOT / Path(*package.split(".")) / "__init__.py"
    names: dict[str, str] = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    names.update((alias.name, statement.module) for alias in statement.names)
    return names


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_lazy_exports_are_what_the_type_checker_sees(package: str) -> None:
    module = importlib.import_module(package)
    seen = type_checking_imports(package)
    exports = module._EXPORTS
    assert {name: seen[name] for name in exports} == exports  # each lazy name, where mypy reads it
    for name in module.__all__:
        value = getattr(module, name)
        if name in exports:
            assert value is getattr(importlib.import_module(exports[name]), name)
    assert set(exports) <= set(module.__all__) and set(exports) <= set(dir(module))


def test_an_unknown_name_is_an_attribute_error() -> None:
    import engine

    with pytest.raises(AttributeError, match="no attribute 'Gird'"):
        engine.Gird  # noqa: B018


def test_every_profile_is_listed_under_its_own_name() -> None:
    from engine.profiles import PROFILES

    assert list(PROFILES) == ["hodoku", "se", "full"]
    assert all(PROFILES[name].name == name for name in PROFILES)


def test_the_technique_registry_is_every_family_in_order() -> None:
    import techniques

    families = [family.__name__.rsplit(".", 1)[1] for family in techniques.FAMILIES]
    assert families == list(techniques.FAMILY_NAMES)
    assert techniques.REGISTRY == tuple(t for family in techniques.FAMILIES for t in family.TECHNIQUES)
    assert techniques.CATALOG.by_code("n2").name == "Naked Pair"

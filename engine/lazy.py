"""Lazy exports for a package's ``__init__``: a name is imported from its module when
first used, so that ``import engine.cells`` (or the command line's start) does not pay for
every module the package's curated API names.

>>> getattr_, dir_ = lazy_exports("engine", {"cell_name": "engine.cells"}, {})
>>> getattr_("cell_name")(10)
'r2c2'
>>> "cell_name" in dir_()
True
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, MutableMapping


def lazy_exports(
    package: str,
    exports: Mapping[str, str],
    namespace: MutableMapping[str, Any],
    made: Mapping[str, Callable[[], Any]] | None = None,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` for ``package``: ``exports`` maps each
    public name to the module that defines it, and ``made`` each name the package itself
    assembles to the function that makes it; a name once looked up is kept in
    ``namespace`` (the package's ``globals()``), so later lookups cost nothing."""
    made = made or {}

    def getattr_(name: str) -> Any:
        if name in made:
            value = made[name]()
        elif name in exports:
            value = getattr(importlib.import_module(exports[name]), name)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(exports) | set(made))

    return getattr_, dir_

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
    package: str, exports: Mapping[str, str], namespace: MutableMapping[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` for ``package``: ``exports`` maps each
    public name to the module that defines it; a name once looked up is kept in
    ``namespace`` (the package's ``globals()``), so later lookups cost nothing."""

    def getattr_(name: str) -> Any:
        try:
            module = exports[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(exports))

    return getattr_, dir_

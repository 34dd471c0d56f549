"""Profiles: a rating scale and the solving policy that goes with it, one module each.

``PROFILES`` names every profile; ``load_profile(name, catalog)`` builds one on a catalog
of techniques (``techniques.CATALOG``). Adding a profile is one module plus one line here.

A profile's module is imported when the profile is first looked up (``PROFILES[name]``),
and the other names below when first used: the command line lists the profiles' names
without importing the solver behind them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Iterator, Mapping

from engine.lazy import lazy_exports

if TYPE_CHECKING:
    from engine.profiles.base import Entry, Profile
    from engine.profiles.rating import Column, PathRater, Rating, TechniqueCount
    from engine.technique import Catalog

#: Every profile: its name (the class's ``name``) and the class that defines it.
_CLASSES = {
    "hodoku": "engine.profiles.hodoku:HodokuProfile",
    "se": "engine.profiles.se:SeProfile",
    "full": "engine.profiles.full:FullProfile",
}
DEFAULT_PROFILE = "hodoku"


class _Profiles(Mapping[str, "type[Profile]"]):
    """The profile classes by name, each imported on first lookup."""

    def __init__(self, paths: Mapping[str, str]) -> None:
        self._paths = dict(paths)

    def __getitem__(self, name: str) -> type[Profile]:
        module, _, attribute = self._paths[name].partition(":")
        kind: type[Profile] = getattr(importlib.import_module(module), attribute)
        assert kind.name == name, f"{module}.{attribute} is named {kind.name!r}, listed as {name!r}"
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


PROFILES: Mapping[str, type[Profile]] = _Profiles(_CLASSES)


class UnknownProfile(KeyError):
    """A profile name that no profile has."""

    def __str__(self) -> str:
        return str(self.args[0])


def load_profile(name: str, catalog: Catalog) -> Profile:
    """The profile called ``name``, built on ``catalog``.

    Raises:
        UnknownProfile: no profile has this name.
    """
    if name not in PROFILES:
        raise UnknownProfile(f"unknown profile {name!r} (choose from {', '.join(PROFILES)})")
    return PROFILES[name](catalog)


_EXPORTS = {
    "Column": "engine.profiles.rating",
    "Entry": "engine.profiles.base",
    "PathRater": "engine.profiles.rating",
    "Profile": "engine.profiles.base",
    "Rating": "engine.profiles.rating",
    "TechniqueCount": "engine.profiles.rating",
}

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

__all__ = ["Column", "DEFAULT_PROFILE", "Entry", "PROFILES", "PathRater", "Profile", "Rating", "TechniqueCount", "UnknownProfile", "load_profile"]

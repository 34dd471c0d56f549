"""Profiles: a rating scale and the solving policy that goes with it, one module each.

``PROFILES`` names every profile; ``load_profile(name, catalog)`` builds one on a catalog
of techniques (``techniques.CATALOG``). Adding a profile is one module plus one line here.
"""

from __future__ import annotations

from engine.profiles.base import Entry, Profile
from engine.profiles.hodoku import HodokuProfile
from engine.profiles.rating import Column, PathRater, Rating, TechniqueCount
from engine.profiles.se import SeProfile
from engine.technique import Catalog

PROFILES: dict[str, type[Profile]] = {
    HodokuProfile.name: HodokuProfile,
    SeProfile.name: SeProfile,
}
DEFAULT_PROFILE = HodokuProfile.name


class UnknownProfile(KeyError):
    """A profile name that no profile has."""

    def __str__(self) -> str:
        return str(self.args[0])


def load_profile(name: str, catalog: Catalog) -> Profile:
    """The profile called ``name``, built on ``catalog``.

    Raises:
        UnknownProfile: no profile has this name.
    """
    try:
        kind = PROFILES[name]
    except KeyError:
        raise UnknownProfile(f"unknown profile {name!r} (choose from {', '.join(PROFILES)})") from None
    return kind(catalog)


__all__ = ["Column", "DEFAULT_PROFILE", "Entry", "PROFILES", "PathRater", "Profile", "Rating", "TechniqueCount", "UnknownProfile", "load_profile"]

"""Forcing Chain and Forcing Net.

``propagation`` follows one assumption, ``link_tables`` the direct links of a chain,
``conclusions`` combines the branches, ``words`` explains them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.forcing.chains_and_nets import FORCING_CHAIN, FORCING_NET

    TECHNIQUES = (FORCING_CHAIN, FORCING_NET,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)

"""Krakens: one of a few candidates is true (a cell, a house, a tridagon's guardians), and
a short chain from each reaches the same conclusion: Kraken Cell, Kraken House, Kraken
Tridagon, then Exocet Kraken and Tridagon Link Kraken (a Kraken Cell or House whose chains
may cross links an Exocet or a tridagon proves: ``pattern_links``). (Kraken Fish, whose truth set is a fish and its fins, is with the fish.)

``truths`` finds the truth sets, ``branches`` the chains from their members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.krakens.linked_kraken import EXOCET_KRAKEN, TRIDAGON_LINK_KRAKEN
    from techniques.krakens.kraken import KRAKEN_CELL, KRAKEN_HOUSE, KRAKEN_TRIDAGON

    TECHNIQUES = (KRAKEN_CELL, KRAKEN_HOUSE, KRAKEN_TRIDAGON, EXOCET_KRAKEN, TRIDAGON_LINK_KRAKEN)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)

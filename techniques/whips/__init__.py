"""Whips: a chain of forced cells that remembers what it has already shown (Denis
Berthier's whips), and grouped whips (g-whips), whose chain may pass through a digit's
places in one box-line segment. Off the HoDoKu and Sudoku Explainer paths; in ``full``
after the krakens, before the forcing chains and nets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.whips.grouped_whip import GROUPED_WHIP
    from techniques.whips.kraken_whip import GROUPED_KRAKEN_WHIP, KRAKEN_WHIP
    from techniques.whips.whip import WHIP

    TECHNIQUES = (WHIP, GROUPED_WHIP, KRAKEN_WHIP, GROUPED_KRAKEN_WHIP)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)

"""Fish: basic, finned, sashimi, Franken and Mutant, with their Siamese forms.

``search`` is the one fish search they share; ``words`` their notation and explanations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.fish.fish import FISH_TECHNIQUES
    from techniques.fish.kraken import KRAKEN_FISH
    from techniques.fish.se_fish import SE_JELLYFISH, SE_SWORDFISH, SE_X_WING

    TECHNIQUES = (*FISH_TECHNIQUES, SE_X_WING, SE_SWORDFISH, SE_JELLYFISH, KRAKEN_FISH)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)

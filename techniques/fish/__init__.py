"""Fish: basic, finned, sashimi, Franken and Mutant, with their Siamese forms.

``search`` is the one fish search they share; ``words`` their notation and explanations.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.fish.fish import FISH_TECHNIQUES
from techniques.fish.kraken import KRAKEN_FISH
from techniques.fish.se_fish import SE_JELLYFISH, SE_SWORDFISH, SE_X_WING

TECHNIQUES: tuple[Technique, ...] = (*FISH_TECHNIQUES, SE_X_WING, SE_SWORDFISH, SE_JELLYFISH, KRAKEN_FISH)

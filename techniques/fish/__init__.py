"""Fish: basic, finned, sashimi, Franken and Mutant, with their Siamese forms.

``search`` is the one fish search they share; ``words`` their notation and explanations.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())

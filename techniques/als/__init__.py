"""Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom.

``sets`` collects the sets and their restricted commons; ``steps`` builds their steps.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())

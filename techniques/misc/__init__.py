"""Other patterns: Sue de Coq.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.misc.sue_de_coq import SUE_DE_COQ

TECHNIQUES: tuple[Technique, ...] = (SUE_DE_COQ,)

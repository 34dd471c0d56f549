"""New proper puzzles to order: by level, score, SE rating, required technique, symmetry.

>>> from techniques import CATALOG
>>> from engine.generate import Request, generate
>>> from engine.generate.request import parse_levels
>>> [p.puzzle for p in generate(CATALOG, Request(level=parse_levels("easy")), count=2, seed=7)] == \\
...     [p.puzzle for p in generate(CATALOG, Request(level=parse_levels("easy")), count=2, seed=7)]
True

Each candidate is a random solution grid with clues removed while the solution stays
unique (``dig``), then judged against the request (``judge``): cheap tests first, then the
solution paths of the profiles the request refers to, each stopped as soon as the
candidate is out (``paths``). Candidate ``i`` of seed ``s`` depends on ``(s, i)`` only
(``run``), so a run is reproducible with any number of worker processes, and resumable at
any candidate number.

The names below are imported from their modules when first used, so that the command
line can read a request (``engine.generate.request``) without building a generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.lazy import lazy_exports

#: The profile ``--se`` rates on: Sudoku Explainer's own, so the range is serate's ER.
#: (Here, not in ``request``: the command line reads it at start-up.)
SE_PROFILE = "se"
#: Candidates tried for one puzzle before a run gives up (``--max-tries``).
DEFAULT_MAX_TRIES = 5_000

if TYPE_CHECKING:
    from engine.generate.generator import Generator, generate
    from engine.generate.request import Range, Request, RequestError
    from engine.generate.run import Generated, Stats
    from engine.generate.symmetry import Symmetry

_EXPORTS = {
    "Generated": "engine.generate.run",
    "Generator": "engine.generate.generator",
    "Range": "engine.generate.request",
    "Request": "engine.generate.request",
    "RequestError": "engine.generate.request",
    "Stats": "engine.generate.run",
    "Symmetry": "engine.generate.symmetry",
    "generate": "engine.generate.generator",
}

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

__all__ = ["DEFAULT_MAX_TRIES", "Generated", "Generator", "Range", "Request", "RequestError", "SE_PROFILE", "Stats", "Symmetry", "generate"]

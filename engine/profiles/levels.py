"""HoDoKu's difficulty levels, apart from the profile that rates them, so that reading a
request (``generate --level hard``) needs no solver."""

from __future__ import annotations

from enum import IntEnum


class Level(IntEnum):
    """HoDoKu's difficulty levels; ``max_score`` is the 2.2.0 default threshold."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    UNFAIR = 4
    EXTREME = 5

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def max_score(self) -> int | None:
        """A puzzle of this level whose score exceeds this moves up a level (None: no cap)."""
        return {1: 800, 2: 1000, 3: 1600, 4: 1800}.get(int(self))

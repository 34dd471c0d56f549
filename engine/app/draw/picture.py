"""Picture: what a drawn grid shows besides values and candidates, by role.

It is built from a step (``Picture.of_step``), revealed up to a hint level: level 1 shows
only the houses the step is about, level 2 also its cells, pattern candidates, colours and
groups, level 3 (the default) the whole step with its links, placements and eliminations.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable

from engine.cells import Cell
from engine.hints import where_units
from engine.step import Candidate, Group, Link, Step
from engine.app.draw.theme import COLOR_MARKS, Role

FULL = 3


@dataclass(frozen=True)
class Picture:
    """Roles of candidates, colour classes, houses, cells, links and groups to draw.

    ``new``: cells placed since the previous picture of a walkthrough; ``check``: cells to
    check (a hint's mistakes), drawn with a warning outline.
    """

    roles: dict[Candidate, Role] = field(default_factory=dict)
    colors: tuple[tuple[Candidate, ...], ...] = ()
    color_words: tuple[str, ...] = ()
    houses: tuple[int, ...] = ()
    covers: tuple[int, ...] = ()
    cells: frozenset[Cell] = frozenset()
    links: tuple[Link, ...] = ()
    groups: tuple[Group, ...] = ()
    new: frozenset[Cell] = frozenset()
    check: frozenset[Cell] = frozenset()

    @classmethod
    def of_step(cls, step: Step, level: int = FULL, new: Iterable[Cell] = ()) -> Picture:
        """The picture of a step, revealed up to ``level`` (1-3)."""
        h = step.highlights
        if level <= 1:
            return cls(houses=where_units(step), new=frozenset(new))
        roles = _roles(step, with_effect=level >= FULL)
        return cls(
            roles=roles,
            colors=h.colors if len(h.colors) <= 2 * len(COLOR_MARKS) else (),  # more would repeat a colour
            color_words=h.color_words,
            houses=tuple(h.units),
            covers=tuple(u for u in h.cover_units if u not in h.units),
            cells=frozenset(h.cells) - {c.cell for g in h.groups if g.kind in ("als", "ahs") for c in g.candidates},  # shaded as sets
            links=h.links if level >= FULL else (),
            groups=h.groups,
            new=frozenset(new),
        )

    @classmethod
    def for_hint(cls, step: Step, level: int) -> Picture:
        """A hint's picture: the houses of level 1 stay shown at every level."""
        picture = cls.of_step(step, level)
        houses = tuple(dict.fromkeys((*picture.houses, *where_units(step))))
        return replace(picture, houses=houses, covers=tuple(u for u in picture.covers if u not in houses))

    def color_of(self) -> dict[Candidate, int]:
        """Each coloured candidate's class (the first class that holds it)."""
        out: dict[Candidate, int] = {}
        for index, members in enumerate(self.colors):
            for candidate in members:
                out.setdefault(candidate, index)
        return out


def _roles(step: Step, with_effect: bool) -> dict[Candidate, Role]:
    h = step.highlights
    linked = [c for link in h.links for c in (link.start, link.end)] if with_effect else []
    layers: list[tuple[Role, Iterable[Candidate]]] = [
        (Role.PATTERN, (*h.pattern, *linked)),
        (Role.ALT, h.alt),
        (Role.FIN, h.fins),
    ]
    if with_effect:
        layers += [(Role.ELIM, step.eliminations), (Role.PLACE, step.placements)]
    roles: dict[Candidate, Role] = {}
    for role, candidates in layers:  # later layers are more important and win
        for candidate in candidates:
            roles[candidate] = role
    return roles

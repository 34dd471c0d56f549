"""``hint --html FILE``: the diagnosis and the hint drawn on the player's grid.

The picture shows no more than the level asked for: level 1 only the houses to look in,
level 2 also the cells and digits of the pattern, level 3 the whole step. Mistakes never
name a solution digit unless ``--reveal`` was given.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from engine.advice import Advice, HintStatus, Snapshot
from engine.app.draw import draw_svg
from engine.app.draw.page import figure, items, paragraph, picture_page
from engine.app.draw.picture import Picture
from engine.app.draw.theme import Role
from engine.app.render.hint import MORE, all_clear_text, mistake_marks, solved_text


def hint_parts(advice: Advice, level: int) -> list[str]:
    """The page parts of one state, in the order the terminal prints them."""
    parts = [f"<section class=\"panel\"><div class=\"words\"><h2>{escape(f'Your grid ({advice.source})')}</h2>"]
    if advice.status is HintStatus.INVALID:
        return [*parts, paragraph(f"This cannot be played: {advice.error}."), "</div></section>"]
    parts += _diagnosis(advice)
    parts += [paragraph(note, "note") for note in advice.notes]
    if advice.stopped:
        parts.append(paragraph("Fix these first, or ask again with --ignore-mistakes for a hint from the grid as it is.", "note"))
    if advice.status is HintStatus.SOLVED:
        parts.append(paragraph(solved_text(advice)))
    elif advice.hint is not None and advice.grid is not None:
        parts += _hint(advice, level)
    return [*parts, "</div></section>"]


def hint_page(title: str, states: Sequence[list[str]]) -> str:
    return picture_page(title, [part for state in states for part in state])


def _diagnosis(advice: Advice) -> list[str]:
    assert advice.diagnosis is not None
    mistakes = advice.diagnosis.mistakes
    if not mistakes:
        return [paragraph(all_clear_text(advice))]
    return [
        "<h3>Mistakes</h3>",
        items([m.message(advice.reveal) for m in mistakes], "mistakes"),
        figure(mistakes_svg(advice)),
    ]


def mistakes_svg(advice: Advice) -> str:
    """The player's grid with the cells to check framed (and, revealed, the lost pencil
    marks to put back)."""
    cells, lost = mistake_marks(advice)
    picture = Picture(roles={c: Role.PATTERN for c in lost}, check=cells)
    return draw_svg(Snapshot.of(advice.state), picture, "Your grid, the cells to check framed", standalone=False)


def hint_svg(advice: Advice) -> str:
    """The hint drawn on the player's grid, no more than its level reveals."""
    hint = advice.hint
    assert hint is not None and advice.grid is not None
    title = f"Hint, level {hint.level}: {hint.text}"
    return draw_svg(advice.grid, Picture.for_hint(hint.step, hint.level), title, standalone=False)


def _hint(advice: Advice, level: int) -> list[str]:
    hint = advice.hint
    assert hint is not None and advice.grid is not None
    step = hint.step
    parts = [f"<h3>Hint (level {hint.level} of 3)</h3>", paragraph(hint.text)]
    if hint.level >= 3 and step.explanation:
        parts.append(paragraph(step.explanation, "why"))
    parts.append(figure(hint_svg(advice)))
    if hint.level < 3:
        parts.append(paragraph(MORE[hint.level], "note"))
    return parts

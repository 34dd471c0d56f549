"""What no puzzle's rating can be: the lowest HoDoKu score a level allows, the ends of
the SE scale, the level a singles-only path reaches. ``Judge`` refuses a request outside
these before any work (``RequestError``, saying how it is known), instead of searching
until ``--max-tries`` runs out.

The facts used:

* every empty cell is filled by a step that places one digit (no default HoDoKu
  technique places two; checked over the golden sample's 2,200 paths), and the cheapest
  steps (Full House, Naked Single) score 4, so a puzzle with E empty cells scores at
  least 4E;
* a puzzle's HoDoKu level is at least L only if its path uses a technique of level L or
  above (scoring at least that technique's score, besides 4 for each other empty cell,
  since that step may place one digit) or its score passes the maximum of the level
  below (HoDoKu raises the level while the score exceeds the level's maximum);
* the cheapest SE step is the last empty cell of a house, 1.0, and a path's ER is its
  hardest step: every puzzle rates 1.0 or more;
* no puzzle is known to rate above 11.9 on SE's scale: the hardest ones collected on the
  players' forum (``eleven``'s 26,370, in ``../shared/reference/datasets``) rate
  10.6-11.9; 20.0, serate's mark for a puzzle its techniques cannot solve, is never
  made (such a puzzle needs a Brute Force step).
"""

from __future__ import annotations

from engine.generate.request import MIN_CLUES, NON_MINIMAL_CLUES, Range, Request, RequestError
from engine.profiles import Profile
from engine.profiles.hodoku import UNKNOWN_STEP, HodokuProfile, final_level
from engine.profiles.levels import Level
from engine.profiles.se import ORDER as SE_ORDER
from engine.technique import SINGLE_CODES

#: The cheapest step of all in HoDoKu's scores (Full House, Naked Single).
SINGLE_SCORE = 4
#: The most clues a minimal puzzle is known to have (none with 41 is known).
MAX_MINIMAL_CLUES = 40
#: The lowest SE value of any step (the last empty cell of a house), so of any puzzle.
MIN_SE = min(order for _, order, _ in SE_ORDER) / 10
#: The highest SE rating (ER) any known puzzle has.
MAX_KNOWN_SE = 11.9


def empty_cells(request: Request) -> Range[int]:
    """How many cells the puzzles asked for leave empty, at least and at most."""
    clues = request.clues
    if clues is None:
        clues = Range(MIN_CLUES, MAX_MINIMAL_CLUES) if request.minimal else Range(*NON_MINIMAL_CLUES)
    high = min(clues.high, MAX_MINIMAL_CLUES) if request.minimal else clues.high
    return Range(81 - high, 81 - max(clues.low, MIN_CLUES))


def check_score_floor(profile: HodokuProfile, request: Request) -> None:
    """Refuse a ``--score`` range below the lowest score the asked levels allow."""
    scores = request.score
    if scores is None:
        return
    empty = empty_cells(request).low
    lowest = Level(request.level.low) if request.level is not None else Level.EASY
    floor = SINGLE_SCORE * empty
    why = f"every empty cell is filled by a step that scores at least {SINGLE_SCORE} (Full House, Naked Single), and {_empty_words(request, empty)}"
    if lowest > Level.EASY:
        cheapest = _cheapest_at(profile, lowest)
        below = Level(lowest - 1).max_score
        assert below is not None
        floor = min(cheapest[1] + SINGLE_SCORE * (empty - 1), below + 1)
        why = (
            f"{article(lowest.label)} puzzle either uses a technique of that level or harder (the cheapest, {cheapest[0]}, scores "
            f"{cheapest[1]}) besides a step of {SINGLE_SCORE} or more for each other empty cell ({_empty_words(request, empty)}), "
            f"or scores over {below}"
        )
    if scores.high < floor:
        raise RequestError(f"{why}: the HoDoKu score is at least {floor}, so --score {scores} cannot be met")


def check_se_range(request: Request) -> None:
    """Refuse an SE range no puzzle rates in: below the cheapest step, above every known puzzle."""
    se = request.se
    if se is None:
        return
    if se.high < MIN_SE:
        raise RequestError(f"every puzzle rates at least {MIN_SE:.1f} on the SE scale (its easiest step, the last empty cell of a house), so --se {se} cannot be met")
    if se.low > MAX_KNOWN_SE:
        raise RequestError(
            f"no puzzle is known to rate above {MAX_KNOWN_SE} on the SE scale (the hardest collected on the players' forum rate 10.6-11.9; "
            f"20.0 means SE's techniques cannot solve it, and such puzzles are never made), so --se {se} cannot be met"
        )


def check_hardest_level(profile: Profile, request: Request, hardest: str | None) -> None:
    """Refuse a ``--level`` above what a path whose hardest step is ``hardest`` can reach,
    when every step that easy is a single (each places a digit and removes nothing, so
    the path has one step per empty cell and its score is bounded)."""
    if hardest is None or request.level is None or not isinstance(profile, HodokuProfile):
        return
    configs = profile.configs()
    top = configs[hardest]
    easier = [e.technique for e in profile.entries if e.enabled and (configs[e.technique.code].level, configs[e.technique.code].index) <= (top.level, top.index)]
    if not easier or any(code not in SINGLE_CODES for t in easier for code in t.codes):
        return
    empty = empty_cells(request).high
    best = max(configs[t.code].score for t in easier)
    reach = final_level(top.level, best * empty)
    if reach < request.level.low:
        names = ", ".join(t.name for t in easier)
        raise RequestError(
            f"a path whose hardest step is {hardest} uses singles only ({names}): at most {empty} steps of at most {best} points, "
            f"{best * empty} in all, which makes {article(reach.label)} puzzle at most, so --level {Level(request.level.low).label.lower()} cannot be met"
        )


def _cheapest_at(profile: HodokuProfile, level: Level) -> tuple[str, int]:
    """The name and score of the cheapest technique a plain solve uses at ``level`` or above."""
    configs = profile.configs()
    found = [
        (configs[e.technique.code].score, e.technique.name)
        for e in profile.entries
        if e.enabled and configs[e.technique.code] is not UNKNOWN_STEP and configs[e.technique.code].level >= level
    ]
    score, name = min(found)
    return name, score


def _empty_words(request: Request, empty: int) -> str:
    if request.clues is not None:
        return f"--clues {request.clues} leaves at least {empty} empty cells"
    if request.minimal:
        return f"a minimal puzzle has at most {MAX_MINIMAL_CLUES} clues, so at least {empty} empty cells"
    return f"--no-minimal stops at {NON_MINIMAL_CLUES[1]} clues at most, so at least {empty} empty cells"


def article(word: str) -> str:
    """``an Extreme``, ``a Hard``."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word

"""Whether a candidate puzzle is what was asked for, and its ratings.

A ``Judge`` is built once per run from a ``Request``: it refuses up front a request no
puzzle can meet (``RequestError``, saying how that is known), then looks at candidates
cheapest test first:

1. the clue count;
2. how far singles, then singles and locked candidates, get (``basic_reach``: a fraction
   of a millisecond). Every profile tries singles and locked candidates before anything
   else, and these rules never stop applying once they apply, so a puzzle they solve never
   needs a later technique: it cannot teach a Skyscraper, be Hard, or rate above 2.3 on
   the SE scale (singles alone); a puzzle they do not solve cannot be Easy;
3. the solution paths of the profiles the request refers to (``paths.PathRules``): HoDoKu's
   for ``level`` and ``score``, the ``--profile``'s for the required techniques, the SE
   scale's for ``se``, each walked once (one walk when they are the same profile), each
   stopped as soon as it breaks a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from engine.analysis import Analysis, Status
from engine.cells import Digit
from engine.generate.floors import MAX_MINIMAL_CLUES, article, check_hardest_level, check_score_floor, check_se_range
from engine.generate.paths import PathRules, Rejected, Want, Walk
from engine.generate import SE_PROFILE
from engine.generate.request import MIN_CLUES, Request, RequestError
from engine.grid import Grid
from engine.profiles import Profile, Rating, load_profile
from engine.profiles.hodoku import HodokuProfile, HodokuRater, final_level
from engine.profiles.levels import Level
from engine.profiles.se import SeRater
from engine.search import BasicReach, basic_reach
from engine.step import Step
from engine.technique import SINGLE_CODES, Catalog

#: Singles only ever score 4 (full house, naked single) or 14 (hidden single) each in
#: HoDoKu, and a proper puzzle has at most 64 empty cells.
SINGLES_MAX_SCORE = 14 * 64
#: A puzzle singles solve is at most 2.3 on the SE scale: SE takes singles (1.0-2.3) and
#: its "direct" techniques (1.7-2.0) before anything else, in Sudoku Explainer itself too.
SINGLES_MAX_SE = 2.3
#: Rules ``basic_reach`` applies, by how far it got.
_BASIC_CODES = {BasicReach.SINGLES: ("fh", "n1", "h1"), BasicReach.LOCKED_CANDIDATES: ("fh", "n1", "h1", "lc1", "lc2")}


@dataclass(frozen=True)
class Verdict:
    """What became of a candidate: ``reason`` (None: accepted) and its ratings, by
    profile name (accepted candidates only), the request's ``--profile`` first."""

    reason: str | None
    ratings: tuple[tuple[str, Rating], ...] = ()

    @property
    def accepted(self) -> bool:
        return self.reason is None


class Judge:
    """Decides, for one request, whether candidates are what was asked for."""

    def __init__(self, request: Request, catalog: Catalog) -> None:
        self.request = request
        self.profile = load_profile(request.profile, catalog)
        self.notes: list[str] = []  # about a request that is possible but rare
        self._profiles = {self.profile.name: self.profile}
        self._wants = tuple(_want(self.profile, code) for code in request.wanted_codes())
        _check_clues(request, self.notes)
        self._clues = request.clues if request.clues is not None or request.minimal else request.dig_range()
        self.rules: dict[str, PathRules] = {}
        if request.level is not None or request.score is not None:
            self._hodoku_rules(request, catalog)
        self._main_rules(request)
        if request.se is not None:
            self._se_rules(request.se.low, request.se.high, catalog)
        self.min_reach, self.max_reach = self._reach_bounds()

    def rated_profiles(self) -> list[Profile]:
        """The profiles an accepted puzzle is rated on, the request's first."""
        return sorted((rules.profile for rules in self.rules.values()), key=lambda p: p is not self.profile)

    # --- judging ---------------------------------------------------------------------

    def judge(self, values: Sequence[Digit], solution: Sequence[Digit]) -> Verdict:
        """The verdict on a proper puzzle (``solution`` is its only solution)."""
        clues = sum(1 for v in values if v)
        if self._clues is not None and clues not in self._clues:
            return Verdict(f"clue count outside {self._clues}")
        reach = basic_reach(values)
        if reach < self.min_reach:
            return Verdict("solved by singles alone" if reach is BasicReach.SINGLES else "solved by singles and locked candidates")
        if reach > self.max_reach:
            return Verdict("needs more than singles")
        grid = Grid.from_values(values)
        analysis = Analysis(Status.UNIQUE, (tuple(solution),))
        ratings: list[tuple[str, Rating]] = []
        try:
            for name, rules in self.rules.items():
                ratings.append((name, rules.walk(grid, analysis)))
        except Rejected as rejected:
            return Verdict(rejected.reason)
        ratings.sort(key=lambda pair: pair[0] != self.profile.name)
        return Verdict(None, tuple(ratings))

    def _reach_bounds(self) -> tuple[BasicReach, BasicReach]:
        """The range of ``basic_reach`` an accepted candidate can have."""
        request = self.request
        low = BasicReach.SINGLES
        beyond_singles = (
            (request.level is not None and request.level.low >= Level.HARD)
            or (request.score is not None and request.score.low > SINGLES_MAX_SCORE)
            or (request.se is not None and request.se.low > SINGLES_MAX_SE)
        )
        if beyond_singles:
            low = BasicReach.LOCKED_CANDIDATES
        for want in self._wants:
            for reach in (BasicReach.LOCKED_CANDIDATES, BasicReach.SINGLES):
                if _never_after(self.profile, _BASIC_CODES[reach], want):
                    low = max(low, BasicReach(reach + 1))
                    break
        high = BasicReach.SINGLES if request.level is not None and request.level.high == Level.EASY else BasicReach.BEYOND
        return low, high

    # --- building the rules ------------------------------------------------------------

    def _rules_for(self, profile: Profile) -> PathRules:
        return self.rules.setdefault(profile.name, PathRules(profile))

    def _load(self, name: str, catalog: Catalog) -> Profile:
        if name not in self._profiles:
            self._profiles[name] = load_profile(name, catalog)
        return self._profiles[name]

    def _hodoku_rules(self, request: Request, catalog: Catalog) -> None:
        profile = self._load(HodokuProfile.name, catalog)
        assert isinstance(profile, HodokuProfile)
        rules = self._rules_for(profile)
        levels = request.level
        scores = request.score
        _check_levels(profile, request)
        check_score_floor(profile, request)
        if scores is not None and self.profile is profile:
            configs = profile.configs()
            need = sum(min(configs[code].score for code in want.matches) for want in self._wants)
            if need > scores.high:
                raise RequestError(f"the required techniques add at least {need} points to the HoDoKu score, so --score {scores} cannot be met")
        if levels is not None and levels.high < Level.EXTREME:
            top = Level(levels.high)
            last = max(e.order for e in profile.entries if e.enabled and _level(profile, e.technique.code) <= top)
            rules.lower_cap(last, f"level above {top.label}")
        top_level = Level(levels.high) if levels is not None else Level.EXTREME
        top_score = scores.high if scores is not None else None

        def bounds(walk: Walk, step: Step) -> str | None:
            rater = walk.rater
            assert isinstance(rater, HodokuRater)
            if top_score is not None and rater.score > top_score:
                return f"score above {top_score}"
            if final_level(rater.highest, rater.score) > top_level:
                return f"level above {top_level.label}"
            return None

        def final(walk: Walk, rating: Rating) -> str | None:
            level = Level[str(rating["level"]).upper()]
            if levels is not None and level < levels.low:
                return f"level below {Level(levels.low).label}"
            if scores is not None and rating["score"] < scores.low:
                return f"score below {scores.low}"
            return None

        rules.checks.append(bounds)
        rules.finals.append(final)

    def _se_rules(self, low: float, high: float, catalog: Catalog) -> None:
        check_se_range(self.request)
        if self.request.level is not None and self.request.level.high == Level.EASY and low > SINGLES_MAX_SE:
            raise RequestError(f"an Easy puzzle rates at most {SINGLES_MAX_SE} on the SE scale (singles only), so --se {low:g} and above cannot be met")
        rules = self._rules_for(self._load(SE_PROFILE, catalog))

        def bounds(walk: Walk, step: Step) -> str | None:
            rater = walk.rater
            assert isinstance(rater, SeRater)
            return f"SE above {high:g}" if rater.so_far() > high + 1e-9 else None

        def final(walk: Walk, rating: Rating) -> str | None:
            return f"SE below {low:g}" if rating["er"] < low - 1e-9 else None

        rules.checks.append(bounds)
        rules.finals.append(final)

    def _main_rules(self, request: Request) -> None:
        """The rules on the ``--profile``'s path: the wanted techniques, the hardest, the
        taught one. Always present: every accepted puzzle is rated on it."""
        profile = self.profile
        rules = self._rules_for(profile)
        rules.wants.extend(self._wants)
        for want in self._wants:
            if not any(profile.entry(code).enabled for code in want.matches):
                raise RequestError(f"{want.code} is off by default in profile {profile.name!r}: a plain solve never uses it")
        hardest = [code for code in (request.requires_hardest, request.teach) if code]
        if len(set(hardest)) > 1:
            raise RequestError(f"--requires-hardest {hardest[0]} and --teach {hardest[1]} ask for two different hardest steps")
        if hardest:
            self._hardest_rules(rules, _want(profile, hardest[0]))
            check_hardest_level(profile, request, hardest[0])
        if request.teach:
            rules.checks.append(_teach_check(_want(profile, request.teach)))
        if request.level is not None and isinstance(profile, HodokuProfile):
            for want in self._wants:
                level = max(_level(profile, code) for code in want.matches)
                if level > request.level.high:
                    raise RequestError(
                        f"{profile.entry(want.code).technique.name} ({want.code}) is {article(level.label)} technique, and a puzzle's "
                        f"HoDoKu level is at least that of every technique its solution uses: --level {Level(request.level.high).label.lower()} cannot be met"
                    )

        def uses_all(walk: Walk, rating: Rating) -> str | None:
            missing = [want.code for want in rules.wants if not walk.uses(want)]
            return f"does not use {','.join(missing)}" if missing else None

        rules.finals.append(uses_all)

    def _hardest_rules(self, rules: PathRules, want: Want) -> None:
        profile = rules.profile
        top = _hardness(profile, want.code)
        harder = [w.code for w in self._wants if _hardness(profile, w.code) > top]
        if harder and isinstance(profile, HodokuProfile):
            raise RequestError(f"{','.join(harder)} is harder than {want.code} on the {profile.name} scale, so {want.code} cannot be the hardest step")
        last = max(e.order for e in profile.entries if e.enabled and _hardness(profile, e.technique.code) <= top)
        rules.lower_cap(last, f"needs a technique harder than {want.code}")

        def no_harder(walk: Walk, step: Step) -> str | None:
            return f"needs a technique harder than {want.code}" if _hardness(profile, step.code) > top else None

        def is_hardest(walk: Walk, rating: Rating) -> str | None:
            index = rating.hardest_step
            if index is None or walk.steps[index - 1].code not in want.matches:
                return f"hardest step is not {want.code}"
            return None

        rules.checks.append(no_harder)
        rules.finals.append(is_hardest)


# --- helpers ---------------------------------------------------------------------------


def _want(profile: Profile, code: str) -> Want:
    """A wanted code: a technique's own code counts its sub-types, a sub-type only itself.

    Raises:
        UnknownTechnique: the profile has no such technique.
    """
    entry = profile.entry(code)
    matches = frozenset(entry.technique.codes) if code == entry.technique.code else frozenset({code})
    return Want(code, matches, entry.order)


def _never_after(profile: Profile, codes: Sequence[str], want: Want) -> bool:
    """Whether every technique of ``codes`` runs by default and comes before ``want``: then
    a puzzle those techniques solve never reaches it."""
    entries = [profile.entry(code) for code in codes if code in profile.catalog]
    return len(entries) == len(codes) and all(e.enabled and e.order < want.order for e in entries) and not want.matches & SINGLE_CODES


def _level(profile: HodokuProfile, code: str) -> Level:
    return profile.configs()[code].level


def _hardness(profile: Profile, code: str) -> tuple[int, int]:
    """How hard a step code is on the profile's scale, as ``grade``'s "hardest" compares:
    HoDoKu's (level, search index); on other scales the order (exact up to SE's chain
    length bonus, which the order leaves out)."""
    if isinstance(profile, HodokuProfile):
        config = profile.configs()[code]
        return (int(config.level), config.index)
    return (0, profile.entry(code).order)


def _teach_check(want: Want) -> Any:
    def early(walk: Walk, step: Step) -> str | None:
        first = walk.first_use(want)
        if first is None and (walk.empty - walk.placed) * 2 < walk.empty:
            return f"{want.code} comes late (after half the cells are filled)"
        if first is not None and (walk.empty - first) * 2 < walk.empty:
            return f"{want.code} comes late (after half the cells are filled)"
        return None

    return early


def _check_clues(request: Request, notes: list[str]) -> None:
    clues = request.clues
    if clues is None:
        return
    if clues.low < MIN_CLUES:
        clues = type(clues)(MIN_CLUES, clues.high) if clues.high >= MIN_CLUES else None
        if clues is None:
            raise RequestError(
                f"no proper puzzle has fewer than {MIN_CLUES} clues (McGuire, Tugemann and Civario, 2012: an exhaustive search found no 16-clue puzzle)"
            )
    if clues.high > 81:
        raise RequestError("a puzzle has at most 81 clues")
    counts = [n for n in request.symmetry.clue_counts() if n in clues]
    if not counts:
        raise RequestError(f"with {request.symmetry.value} symmetry the number of clues cannot be {clues}: the clues come in groups of {_group_sizes(request)}")
    if request.minimal and clues.low > MAX_MINIMAL_CLUES:
        raise RequestError(f"no minimal puzzle with more than {MAX_MINIMAL_CLUES} clues is known; ask with --no-minimal")
    if request.minimal and clues.high < 20:
        notes.append("minimal puzzles with fewer than 20 clues are very rare (most have 22-27)")
    if request.minimal and clues.low > 30:
        notes.append("minimal puzzles with more than 30 clues are very rare (most have 22-27)")


def _group_sizes(request: Request) -> str:
    sizes = sorted({len(orbit) for orbit in request.symmetry.orbits()})
    return " or ".join(str(size) for size in sizes)


def _check_levels(profile: HodokuProfile, request: Request) -> None:
    """Refuse a level and score range no HoDoKu rating can have together."""
    levels, scores = request.level, request.score
    if levels is None or scores is None:
        return
    cap = Level(levels.high).max_score
    if cap is not None and scores.low > cap:
        raise RequestError(f"HoDoKu moves {article(Level(levels.high).label)} puzzle scoring more than {cap} up a level, so --score {scores} cannot be met")

"""The Matched level of the race games: a bot that learns the human it plays and races them at a chosen rate.

Pure and seeded, like the rest of :mod:`ai.reflex`; time is data.

* **The human's model.**  A person's reaction is taken to be of the family the
  bots use (:func:`ai.reflex.custom_reflexes`): an ex-Gaussian whose ``sigma``
  and ``tau`` follow from its mean, with the miss rate of that mean.  What is
  learned is that mean, per player name (:class:`ReactionProfile`).
* **What it learns from.**  Every match the bot sees is a chance for each human
  it watches.  A human's correct call gives a reaction time (from the moment the
  match showed to the call); a match that went away without their call (they
  missed it, or someone else called first) says only that their reaction, if
  any, was longer than the time it showed.  Ratscrew's patterns differ in how
  long they take to see; both sides' times are divided by the pattern's
  recognition factor first, so every figure is a plain reaction.  Only matches
  a human could call count for them (not while Ratscrew bars them, or they are
  out: the eye's ``may_call``).  The estimate
  is the maximum of the likelihood of the calls (density) and the lost matches
  (a miss, or a reaction longer than the time shown), with a mild prior on the
  mean (:data:`PRIOR_MS`, :data:`PRIOR_SD`): a censored fit, so the calls the
  human lost to the bot don't make them look faster than they are.
* **Its own speed.**  With the human's mean ``M`` estimated, the bot takes the
  reflexes of the same family at the mean ``m`` for which a contested call (both
  would call) goes its way at the level's rate (:data:`STRENGTHS`: Gentle 0.35,
  Even 0.50, Tough 0.65), solved numerically (:func:`matched_mean`).  A match
  that soon goes (covered by the next card) is a contest only when someone is
  quick, which favours the quicker side, so the sums weigh each moment by the
  chance a match is still there (:func:`stay_curve`, learned from how long
  matches stayed).  What the model misses, the contests correct: each one the
  bot sees won or lost (a win weighed by the chance the human would have called
  at all) moves a small offset on its mean (:data:`GAIN_MS`), slower after a
  win, quicker after a loss, so that on average it wins the level's share.  Its
  misses and false calls are the family's at its mean: a person's at that speed.
* **Several humans.**  It learns each one, and races the fastest (the lowest
  estimated mean): a bot has one reaction per match, which every human races
  at once, and matching a slower player would hand the fastest nearly every
  contest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from .reflex import (
    CUSTOM_MEAN_RANGE, Intent, ReflexBot, Reflexes, ReflexScheduler, Sight, Timed, Urge, custom_reflexes, level_reflexes,
)

STRENGTHS: dict[str, float] = {"gentle": 0.35, "even": 0.50, "tough": 0.65}
"""The share of contested calls a Matched bot of each strength aims to win."""

PRIOR_MS = 570.0
"""Before any data, a person is taken to react like a grown-up paying attention (the Medium bot's mean)."""
PRIOR_SD = 0.4
"""The prior's spread, on the log of the mean: 300 and 1000 ms are each well within reach of it."""
GAIN_MS = 8.0
"""How far one contest's outcome moves the bot's speed correction (ms)."""
MAX_OFFSET = 150
KEEP = 120
"""How many of a person's latest calls (and lost matches) a profile keeps: recent play counts."""
MEAN_RANGE = CUSTOM_MEAN_RANGE
LEVEL_PREFIX = "matched-"


def _log_phi(z: float) -> float:
    """log of the standard normal distribution function, accurate far into the left tail."""
    if z > -20.0:
        return math.log(max(0.5 * math.erfc(-z / math.sqrt(2.0)), 1e-300))
    return -0.5 * z * z - math.log(-z) - 0.5 * math.log(2.0 * math.pi)


def ex_gaussian_logpdf(x: float, r: Reflexes) -> float:
    """log density of the reaction time ``x`` (ms) under ``r``'s ex-Gaussian."""
    mu, sigma, tau = r.mu, r.sigma, r.tau
    z = (x - mu) / sigma - sigma / tau
    return -math.log(tau) + sigma * sigma / (2 * tau * tau) - (x - mu) / tau + _log_phi(z)


def ex_gaussian_sf(x: float, r: Reflexes) -> float:
    """The chance that a reaction under ``r`` is longer than ``x`` ms."""
    mu, sigma, tau = r.mu, r.sigma, r.tau
    upper = 0.5 * math.erfc((x - mu) / (sigma * math.sqrt(2.0)))  # 1 - Phi((x - mu) / sigma)
    z = (x - mu) / sigma - sigma / tau
    tail = math.exp(min(700.0, sigma * sigma / (2 * tau * tau) - (x - mu) / tau + _log_phi(z)))
    return min(1.0, max(0.0, upper + tail))


def family(mean_ms: float) -> Reflexes:
    """The reflexes of a person (or a Matched bot) with mean reaction ``mean_ms``, kept in :data:`MEAN_RANGE`."""
    low, high = MEAN_RANGE
    return custom_reflexes(min(float(high), max(float(low), mean_ms)))


GRID_MS = 10
SPAN_MS = 4000
GRID = tuple(GRID_MS * (i + 0.5) for i in range(SPAN_MS // GRID_MS))
"""The times (ms) the contest sums run over."""
MEANS = tuple(range(MEAN_RANGE[0], MEAN_RANGE[1] + 1, 5))
"""The means a Matched bot may take (5 ms apart)."""


@lru_cache(maxsize=None)
def _curves(mean: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Density and survival of the family at ``mean`` on :data:`GRID`."""
    r = family(mean)
    return tuple(math.exp(ex_gaussian_logpdf(x, r)) for x in GRID), tuple(ex_gaussian_sf(x, r) for x in GRID)


def _on_grid(mean: float) -> int:
    """The nearest of :data:`MEANS`."""
    step = MEANS[1] - MEANS[0]
    return min(MEANS[-1], max(MEANS[0], MEANS[0] + step * round((mean - MEANS[0]) / step)))


def contest_share(bot_mean: float, human_mean: float, stay: tuple[float, ...] | None = None) -> float:
    """The bot's share of contested calls: both would call, and the first call comes while the match still shows.

    ``stay[i]`` is the chance a match nobody calls is still there at ``GRID[i]``
    (None: it stays): a match that soon goes (covered by the next card) is a
    contest only when someone is quick, which favours the quicker side.
    """
    fb, sb = _curves(_on_grid(bot_mean))
    fh, sh = _curves(_on_grid(human_mean))
    weights = stay or (1.0,) * len(GRID)
    won = lost = 0.0
    for w, bot_pdf, human_sf, human_pdf, bot_sf in zip(weights, fb, sh, fh, sb):
        won += w * bot_pdf * human_sf
        lost += w * human_pdf * bot_sf
    return won / (won + lost) if won + lost > 0 else 0.5


def matched_mean(human_mean: float, target: float, stay: tuple[float, ...] | None = None) -> float:
    """The bot's mean reaction whose :func:`contest_share` against ``human_mean`` is ``target`` (nearest of :data:`MEANS`)."""
    lo, hi = 0, len(MEANS) - 1  # the share falls as the bot's mean grows: bisect for the last mean still at or above target
    if contest_share(MEANS[lo], human_mean, stay) <= target:
        return float(MEANS[lo])
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if contest_share(MEANS[mid], human_mean, stay) >= target:
            lo = mid
        else:
            hi = mid
    a, b = contest_share(MEANS[lo], human_mean, stay), contest_share(MEANS[hi], human_mean, stay)
    return float(MEANS[lo] if abs(a - target) <= abs(b - target) else MEANS[hi])


def stay_curve(gone: list[int], taken: list[int]) -> tuple[float, ...] | None:
    """How long a match nobody calls stays, on :data:`GRID` (Kaplan-Meier): ``gone`` are the times matches went
    uncalled (covered), ``taken`` those at which a call took one (it would have stayed longer).  None: no data yet."""
    if not gone:
        return None
    events = sorted([(t, 1) for t in gone] + [(t, 0) for t in taken])
    at_risk, survive, out, i = len(events), 1.0, [], 0
    for x in GRID:
        while i < len(events) and events[i][0] <= x:
            if events[i][1]:
                survive *= 1 - 1 / at_risk
            at_risk -= 1
            i += 1
        out.append(survive)
    return tuple(out)


@dataclass
class ReactionProfile:
    """What a Matched bot knows of one person: recent calls, matches they let go, and how long matches stay.

    ``calls`` are reaction times (ms) of their correct calls; ``lost`` the times a
    match showed before it went without their call.  ``gone`` are how long
    matches nobody called stayed (covered by the next card: the pace of play) and
    ``taken`` when a call took one.  All are plain times (divided by the
    pattern's recognition factor), the latest last, at most :data:`KEEP` of each.
    """

    calls: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    offset: float = 0.0  # the bot's correction to its speed from the contests it saw (ms): see MatchedScheduler
    _mean: float | None = field(default=None, init=False, repr=False, compare=False)
    _stay: tuple[tuple[float, ...] | None] | None = field(default=None, init=False, repr=False, compare=False)
    _last: float | None = field(default=None, init=False, repr=False, compare=False)

    def add(self, kind: str, ms: float) -> None:
        """One more time of ``kind`` ("calls", "lost", "gone" or "taken")."""
        setattr(self, kind, (getattr(self, kind) + [max(1, round(ms))])[-KEEP:])
        self._mean = None
        self._stay = None

    @property
    def seen(self) -> int:
        """How many matches taught it something of this person's reactions."""
        return len(self.calls) + len(self.lost)

    def log_likelihood(self, mean_ms: float) -> float:
        r = family(mean_ms)
        total = -0.5 * ((math.log(mean_ms) - math.log(PRIOR_MS)) / PRIOR_SD) ** 2
        total += sum(ex_gaussian_logpdf(x, r) for x in self.calls)
        total += sum(math.log(r.miss + (1 - r.miss) * ex_gaussian_sf(c, r)) for c in self.lost)
        return total

    @property
    def mean_ms(self) -> float:
        """The estimated mean reaction (ms): the most likely one given what was seen (see the module docstring)."""
        if self._mean is None:
            self._mean = self._last = self._fit()
        return self._mean

    @property
    def stay(self) -> tuple[float, ...] | None:
        """How long a match nobody calls stays (:func:`stay_curve`)."""
        if self._stay is None:
            self._stay = (stay_curve(self.gone, self.taken),)
        return self._stay[0]

    def _fit(self) -> float:
        if not self.calls and not self.lost:
            return PRIOR_MS
        low, high = math.log(MEAN_RANGE[0]), math.log(MEAN_RANGE[1])
        if self._last is not None:  # one more time seldom moves it far: search near the last estimate first
            near = math.log(self._last)
            a, b = max(low, near - 0.1), min(high, near + 0.1)
            best = self._golden(a, b)
            if (a == low or best - a > 0.01) and (b == high or b - best > 0.01):
                return math.exp(best)
        return math.exp(self._golden(low, high))

    def _golden(self, a: float, b: float) -> float:
        """The log of the mean with the highest likelihood between ``a`` and ``b`` (golden-section search)."""
        g = (math.sqrt(5) - 1) / 2
        c, d = b - g * (b - a), a + g * (b - a)
        fc, fd = self.log_likelihood(math.exp(c)), self.log_likelihood(math.exp(d))
        while b - a > 0.003:
            if fc > fd:
                b, d, fd = d, c, fc
                c = b - g * (b - a)
                fc = self.log_likelihood(math.exp(c))
            else:
                a, c, fc = c, d, fd
                d = a + g * (b - a)
                fd = self.log_likelihood(math.exp(d))
        return (a + b) / 2

    def to_json(self) -> dict[str, Any]:
        return {**{kind: list(getattr(self, kind)) for kind in PROFILE_KEYS}, "offset": round(self.offset)}

    @classmethod
    def from_json(cls, data: Any) -> ReactionProfile:
        """A profile from a file; ``ValueError`` saying what is wrong with it."""
        if not isinstance(data, dict):
            raise ValueError("a reaction profile is not an object")
        lists = []
        for key in PROFILE_KEYS:
            values = data.get(key, [])
            if not isinstance(values, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 60_000 for v in values):
                raise ValueError(f"a reaction profile's {key} are not times in ms")
            lists.append(values[-KEEP:])
        offset = data.get("offset", 0)
        if not isinstance(offset, int) or isinstance(offset, bool) or abs(offset) > MAX_OFFSET:
            raise ValueError("a reaction profile's offset is not a small whole number of ms")
        return cls(lists[0], lists[1], lists[2], lists[3], float(offset))


PROFILE_KEYS = ("calls", "lost", "gone", "taken")


@dataclass
class Showing:
    """A match the bot sees: when it showed, how hard it is to see, who called it and when the first call came."""

    since: int
    scale: float
    answered: set[int] = field(default_factory=set)
    blocked: set[int] = field(default_factory=set)  # seats that could not call it at some point (barred, out)
    called_at: int | None = None
    planned: int | None = None  # when the bot meant to call it (None: it missed it)


class MatchedScheduler(ReflexScheduler):
    """A :class:`~ai.reflex.ReflexScheduler` whose reflexes follow the humans it watches (see the module docstring).

    ``opponents`` maps the humans' seats to their profiles, which it updates as
    it learns (the table saves them).  :meth:`heard` is told every accepted
    action (by :func:`ai.reflex.run_until`).
    """

    def __init__(self, bot: ReflexBot, strength: str, opponents: Mapping[int, ReactionProfile],
                 seed: int | None = None) -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"unknown Matched strength {strength!r}: choose one of {', '.join(STRENGTHS)}")
        self.strength = strength
        self.target = STRENGTHS[strength]
        self.opponents = dict(opponents)
        self.showing: dict[Intent, Showing] = {}
        self._stale = False
        super().__init__(bot, self.tuned(), seed)

    @property
    def reflexes(self) -> Reflexes:
        """Its reflexes now: retuned, when it learned something, the next time they are needed (once, not per lesson)."""
        if self._stale:
            self._stale = False
            self._reflexes = self.tuned()
        return self._reflexes

    @reflexes.setter
    def reflexes(self, value: Reflexes) -> None:
        self._reflexes = value
        self._stale = False

    def tuned(self) -> Reflexes:
        """The reflexes that race the fastest human watched at the level's rate."""
        if not self.opponents:
            return family(matched_mean(PRIOR_MS, self.target))
        fastest = self.fastest()
        return family(matched_mean(fastest.mean_ms, self.target, fastest.stay) + fastest.offset)

    def fastest(self) -> ReactionProfile:
        return min(self.opponents.values(), key=lambda p: p.mean_ms)

    def pop_next(self) -> Timed:
        """The bot's next action; a call of a match no human called yet is a contest it won (if they would call)."""
        timed = super().pop_next()
        shown = self.showing.get(Intent(timed.action, timed.urge, timed.cue))
        if shown is not None and timed.urge is Urge.CLAIM and self.opponents and not shown.answered & set(self.opponents):
            human = family(self.fastest().mean_ms)
            later = (1 - human.miss) * ex_gaussian_sf((timed.at - shown.since) / shown.scale, human)
            self._contest(1.0, later / (human.miss + later) if later > 0 else 0.0)
        return timed

    def _contest(self, won: float, weight: float = 1.0) -> None:
        """A contest's outcome (1: the bot's call came first), ``weight`` the chance it was one: the correction
        moves so that, on average, the bot wins the level's share (slower after a win, quicker after a loss)."""
        fastest = self.fastest()
        step = GAIN_MS * weight * (won - self.target)
        fastest.offset = max(-MAX_OFFSET, min(MAX_OFFSET, fastest.offset + step))

    def observe(self, observation: Sight) -> None:
        if observation.version == self.version:
            return
        super().observe(observation)
        live = {intent for intent in self.decided if intent.urge is Urge.CLAIM}
        changed = False
        for intent, shown in list(self.showing.items()):
            if intent not in live:
                del self.showing[intent]
                changed |= self._let_go(shown, observation.since)
        for intent in live:
            if intent not in self.showing:
                timed = self.decided[intent]
                self.showing[intent] = Showing(observation.since, intent.scale, planned=timed.at if timed else None)
        may_call = getattr(self.bot, "may_call", None)
        if may_call is not None:
            blocked = {seat for seat in self.opponents if not may_call(observation, seat)}
            for shown in self.showing.values():
                shown.blocked |= blocked
        self._stale |= changed

    def heard(self, seat: int, action: Any, at: int) -> None:
        """``seat`` acted at ``at``: a call of a match showing; a human's is a reaction time to learn."""
        answering = [s for i, s in self.showing.items() if i.action == action and seat not in s.answered]
        for shown in answering:
            shown.answered.add(seat)
            if shown.called_at is None:
                shown.called_at = at
        profile = self.opponents.get(seat)
        if profile is None or not answering:
            return
        human = family(profile.mean_ms)
        best = max(answering, key=lambda s: ex_gaussian_logpdf((at - s.since) / s.scale, human))
        if best.planned is not None and best.planned > at:
            self._contest(0.0)
        profile.add("calls", (at - best.since) / best.scale)
        self._stale = True

    def _let_go(self, shown: Showing, at: int) -> bool:
        """A match went: each human who didn't call it (and could have: the eye's ``may_call``) let it go after
        it showed this long; and how long it stayed, or when a call took it."""
        if at - shown.since <= 0 or not self.opponents:
            return False
        for seat, profile in self.opponents.items():
            if seat not in shown.answered and seat not in shown.blocked:
                profile.add("lost", (at - shown.since) / shown.scale)
            if shown.called_at is None:
                profile.add("gone", (at - shown.since) / shown.scale)
            else:
                profile.add("taken", (shown.called_at - shown.since) / shown.scale)
        return True


def strength_of(level: str) -> str | None:
    """The strength named by a Matched level id (``"matched-even"`` -> ``"even"``), else None."""
    if level.startswith(LEVEL_PREFIX) and level[len(LEVEL_PREFIX):] in STRENGTHS:
        return level[len(LEVEL_PREFIX):]
    return None


def scheduler_for(bot: ReflexBot, level: str, seed: int | None = None, mean_ms: float | None = None,
                  opponents: Mapping[int, ReactionProfile] | None = None) -> ReflexScheduler:
    """A race game's bot of ``level``: a Matched one (``"matched-even"`` ...) learning into ``opponents``'
    profiles, else a plain scheduler with the level's reflexes (:func:`ai.reflex.level_reflexes`)."""
    strength = strength_of(level)
    if strength is not None:
        return MatchedScheduler(bot, strength, opponents or {}, seed)
    return ReflexScheduler(bot, level_reflexes(level, mean_ms), seed)


__all__ = ["STRENGTHS", "PRIOR_MS", "ReactionProfile", "MatchedScheduler", "matched_mean", "contest_share", "stay_curve",
           "family", "ex_gaussian_logpdf", "ex_gaussian_sf", "strength_of", "scheduler_for", "LEVEL_PREFIX"]

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
  recognition factor first, so every figure is a plain reaction.  The estimate
  is the maximum of the likelihood of the calls (density) and the lost matches
  (a miss, or a reaction longer than the time shown), with a mild prior on the
  mean (:data:`PRIOR_MS`, :data:`PRIOR_SD`): a censored fit, so the calls the
  human lost to the bot don't make them look faster than they are.
* **Its own speed.**  With the human's mean ``M`` estimated, the bot takes the
  reflexes of the same family at the mean ``m`` for which a contested call (both
  would call) goes its way at the level's rate (:data:`STRENGTHS`: Gentle 0.35,
  Even 0.50, Tough 0.65), solved numerically (:func:`matched_mean`).  Its misses
  and false calls are the family's at ``m``: a person's at that speed.
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

from .reflex import CUSTOM_MEAN_RANGE, Intent, ReflexBot, Reflexes, ReflexScheduler, Sight, Urge, custom_reflexes, level_reflexes

STRENGTHS: dict[str, float] = {"gentle": 0.35, "even": 0.50, "tough": 0.65}
"""The share of contested calls a Matched bot of each strength aims to win."""

PRIOR_MS = 570.0
"""Before any data, a person is taken to react like a grown-up paying attention (the Medium bot's mean)."""
PRIOR_SD = 0.4
"""The prior's spread, on the log of the mean: 300 and 1000 ms are each well within reach of it."""
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


def win_chance(bot: Reflexes, human: Reflexes, step: float = 4.0) -> float:
    """The chance that the bot's reaction is shorter than the human's, both drawn afresh."""
    start = max(0.0, min(bot.mu, human.mu) - 6 * max(bot.sigma, human.sigma))
    end = max(bot.mu, human.mu) + 6 * max(bot.sigma, human.sigma) + 12 * max(bot.tau, human.tau)
    total, x = 0.0, start + step / 2
    while x < end:
        total += math.exp(ex_gaussian_logpdf(x, bot)) * ex_gaussian_sf(x, human) * step
        x += step
    return total


@lru_cache(maxsize=4096)
def _matched_mean(human_mean: int, target: float) -> float:
    human = family(human_mean)
    low, high = float(MEAN_RANGE[0]), float(MEAN_RANGE[1])
    if win_chance(family(low), human) <= target:
        return low
    if win_chance(family(high), human) >= target:
        return high
    for _ in range(30):  # the bot wins less the slower it is: bisect on its mean
        mid = (low + high) / 2
        if win_chance(family(mid), human) > target:
            low = mid
        else:
            high = mid
        if high - low < 0.5:
            break
    return (low + high) / 2


def matched_mean(human_mean: float, target: float) -> float:
    """The bot's mean reaction that wins a contested call against ``human_mean`` with chance ``target``."""
    return _matched_mean(int(round(human_mean / 2.0)) * 2, round(target, 4))


@dataclass
class ReactionProfile:
    """What a Matched bot knows of one person's reactions: recent calls and matches they let go.

    ``calls`` are reaction times (ms) of their correct calls; ``lost`` the times a
    match showed before it went without their call.  Both are plain reactions
    (divided by the pattern's recognition factor), the latest last, at most
    :data:`KEEP` of each.
    """

    calls: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    _mean: float | None = field(default=None, init=False, repr=False, compare=False)

    def add_call(self, ms: float) -> None:
        self.calls = (self.calls + [max(1, round(ms))])[-KEEP:]
        self._mean = None

    def add_lost(self, ms: float) -> None:
        self.lost = (self.lost + [max(1, round(ms))])[-KEEP:]
        self._mean = None

    @property
    def seen(self) -> int:
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
            self._mean = self._fit()
        return self._mean

    def _fit(self) -> float:
        if not self.calls and not self.lost:
            return PRIOR_MS
        a, b = math.log(MEAN_RANGE[0]), math.log(MEAN_RANGE[1])
        g = (math.sqrt(5) - 1) / 2
        c, d = b - g * (b - a), a + g * (b - a)
        fc, fd = self.log_likelihood(math.exp(c)), self.log_likelihood(math.exp(d))
        while b - a > 0.002:  # golden-section search for the maximum, on the log of the mean
            if fc > fd:
                b, d, fd = d, c, fc
                c = b - g * (b - a)
                fc = self.log_likelihood(math.exp(c))
            else:
                a, c, fc = c, d, fd
                d = a + g * (b - a)
                fd = self.log_likelihood(math.exp(d))
        return math.exp((a + b) / 2)

    def to_json(self) -> dict[str, Any]:
        return {"calls": list(self.calls), "lost": list(self.lost)}

    @classmethod
    def from_json(cls, data: Any) -> ReactionProfile:
        """A profile from a file; ``ValueError`` saying what is wrong with it."""
        if not isinstance(data, dict):
            raise ValueError("a reaction profile is not an object")
        lists = []
        for key in ("calls", "lost"):
            values = data.get(key, [])
            if not isinstance(values, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 60_000 for v in values):
                raise ValueError(f"a reaction profile's {key} are not times in ms")
            lists.append(values[-KEEP:])
        return cls(lists[0], lists[1])


@dataclass
class Showing:
    """A match the bot sees: when it showed, how hard it is to see, who already called it."""

    since: int
    scale: float
    answered: set[int] = field(default_factory=set)


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
        super().__init__(bot, self.tuned(), seed)

    def tuned(self) -> Reflexes:
        """The reflexes that race the fastest human watched at the level's rate."""
        fastest = min((p.mean_ms for p in self.opponents.values()), default=PRIOR_MS)
        return family(matched_mean(fastest, self.target))

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
                self.showing[intent] = Showing(observation.since, intent.scale)
        if changed:
            self.reflexes = self.tuned()

    def heard(self, seat: int, action: Any, at: int) -> None:
        """``seat`` acted at ``at``: a human's correct call is a reaction time to learn."""
        profile = self.opponents.get(seat)
        if profile is None:
            return
        answering = [s for i, s in self.showing.items() if i.action == action and seat not in s.answered]
        if not answering:
            return
        human = family(profile.mean_ms)
        best = max(answering, key=lambda s: ex_gaussian_logpdf((at - s.since) / s.scale, human))
        profile.add_call((at - best.since) / best.scale)
        for shown in answering:
            shown.answered.add(seat)
        self.reflexes = self.tuned()

    def _let_go(self, shown: Showing, at: int) -> bool:
        """A match went: each human who didn't call it let it go after it showed this long."""
        if at - shown.since <= 0:
            return False
        for seat, profile in self.opponents.items():
            if seat not in shown.answered:
                profile.add_lost((at - shown.since) / shown.scale)
        return bool(self.opponents)


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


__all__ = ["STRENGTHS", "PRIOR_MS", "ReactionProfile", "MatchedScheduler", "matched_mean", "win_chance", "family",
           "ex_gaussian_logpdf", "ex_gaussian_sf", "strength_of", "scheduler_for", "LEVEL_PREFIX"]

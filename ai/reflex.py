"""Bots that react like people, for the real-time games (Snap, Ratscrew).

Game-neutral and pure: time is given as data, nothing here reads a clock.

* :data:`REFLEXES` is the one table of levels: a reaction time drawn per event
  from an ex-Gaussian (normal ``mu``, ``sigma`` plus an exponential of mean
  ``tau``), a miss rate, a false-call rate, and the pace of ordinary moves
  (flips, lays).  :func:`custom_reflexes` makes the Custom level from a mean.
* A game's bot (:class:`ReflexBot`) says, for an observation, what it would do
  as :class:`Intent`\\ s: a correct ``CLAIM``, the ``MISTAKE`` it might make when
  nothing is there, or a ``PACE`` move such as its flip.  An intent may name
  its ``cue`` (what it reacts to, when one action answers several things, as
  Ratscrew's snap answers each pattern in the stack) and a ``scale`` for how
  much longer than a plain reaction the cue takes to recognise.
* :class:`ReflexScheduler` wraps one bot.  Each time the seat's observation
  changes (a new ``version``), it asks the bot and schedules each new intent at
  the moment the change happened (``since``) plus a sampled delay, rolling
  misses and false calls at the level's rates; intents the bot no longer has
  are dropped as stale.  :meth:`~ReflexScheduler.due` hands back the ones due, each stamped
  with its own time, not the frame's.
* :func:`run_until` drives a game to a time: human inputs and bots' actions in
  time order, timers between, every bot re-observing after each change.  The
  table calls it once per frame with the current time; headless tools call it
  the same way with a fixed step.

A real-time game joins (Ratscrew will): its observations carry ``version``
(changes whenever anything public changes) and ``since`` (when that change
happened, in ms); its bot is a :class:`ReflexBot`; its registry ``bots`` entry
returns ``ReflexScheduler(its_bot, level_reflexes(level, mean_ms), seed)`` for
the levels of :data:`REFLEXES` plus "custom".  Then ``python -m ai.reaction
--game ID`` measures it with no further work.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Hashable, Iterable, Mapping, Protocol, Sequence

from engine.core import GameState, Ms
from engine.errors import IllegalAction

MIN_REACTION_MS = 100
"""Nobody reacts faster than this to what they see; samples below are raised to it."""
MIN_PACE_MS = 250


@dataclass(frozen=True, slots=True)
class Reflexes:
    """How a level reacts: reaction times, misses, false calls and the pace of moves."""

    mu: float
    sigma: float
    tau: float
    miss: float  # chance of not calling a match at all
    false_rate: float  # chance, per change with nothing to call, of a mistaken call
    pace_mu: float = 800.0
    pace_sigma: float = 150.0
    pace_tau: float = 200.0

    @property
    def mean_ms(self) -> float:
        return self.mu + self.tau

    def reaction(self, rng: random.Random, scale: float = 1.0) -> Ms:
        """One reaction time in ms, ``scale`` times the level's (for a cue slower or quicker to recognise)."""
        return max(MIN_REACTION_MS, round(ex_gaussian(rng, self.mu, self.sigma, self.tau) * scale))

    def pace(self, rng: random.Random) -> Ms:
        """The delay before an ordinary move (a flip)."""
        return max(MIN_PACE_MS, round(ex_gaussian(rng, self.pace_mu, self.pace_sigma, self.pace_tau)))


def ex_gaussian(rng: random.Random, mu: float, sigma: float, tau: float) -> float:
    """A normal ``(mu, sigma)`` plus an exponential of mean ``tau`` (0: none)."""
    return rng.gauss(mu, sigma) + (rng.expovariate(1.0 / tau) if tau > 0 else 0.0)


REFLEXES: dict[str, Reflexes] = {
    "easy": Reflexes(mu=650, sigma=90, tau=200, miss=0.15, false_rate=0.03, pace_mu=1100, pace_sigma=200, pace_tau=300),
    "medium": Reflexes(mu=450, sigma=60, tau=120, miss=0.06, false_rate=0.01, pace_mu=850, pace_sigma=150, pace_tau=200),
    "hard": Reflexes(mu=330, sigma=40, tau=70, miss=0.02, false_rate=0.003, pace_mu=650, pace_sigma=100, pace_tau=150),
}
"""The levels' reflexes: the one table to tune."""

CUSTOM_MEAN_RANGE = (200, 1500)


def custom_reflexes(mean_ms: float) -> Reflexes:
    """The Custom level: the player picks the mean reaction; the rest follows the table.

    Between two levels every figure is interpolated by the mean; beyond the
    ends the spread scales with the mean and the error rates stay the end's.
    """
    low, high = CUSTOM_MEAN_RANGE
    if not low <= mean_ms <= high:
        raise ValueError(f"a custom mean reaction is {low} to {high} ms, not {mean_ms}")
    rows = sorted(REFLEXES.values(), key=lambda r: r.mean_ms)
    names = ("sigma", "tau", "miss", "false_rate", "pace_mu", "pace_sigma", "pace_tau")
    if mean_ms <= rows[0].mean_ms or mean_ms >= rows[-1].mean_ms:
        end = rows[0] if mean_ms <= rows[0].mean_ms else rows[-1]
        scale = mean_ms / end.mean_ms
        values = {n: getattr(end, n) * (scale if n in ("sigma", "tau") else 1.0) for n in names}
    else:
        i = bisect.bisect([r.mean_ms for r in rows], mean_ms)
        a, b = rows[i - 1], rows[i]
        f = (mean_ms - a.mean_ms) / (b.mean_ms - a.mean_ms)
        values = {n: getattr(a, n) + f * (getattr(b, n) - getattr(a, n)) for n in names}
    return Reflexes(mu=mean_ms - values["tau"], **values)


def level_reflexes(level: str, mean_ms: float | None = None) -> Reflexes:
    """The reflexes of ``level`` ("easy", "medium", "hard", or "custom" with ``mean_ms``)."""
    if level == "custom":
        return custom_reflexes(600 if mean_ms is None else mean_ms)
    try:
        return REFLEXES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(REFLEXES)}, custom") from None


class Urge(Enum):
    """Why a bot would act: a correct call, a mistaken one, or an ordinary move."""

    CLAIM = "claim"
    MISTAKE = "mistake"
    PACE = "pace"


@dataclass(frozen=True, slots=True)
class Intent:
    """What a bot would do and why; ``cue`` tells apart intents with the same action.

    ``scale`` multiplies the reaction time of a claim (recognition: 1.0 is the
    level's plain reaction).  It is not part of the intent's identity: a cue
    still showing keeps its moment even if it became harder to see.
    """

    action: Any
    urge: Urge
    cue: Hashable = None
    scale: float = field(default=1.0, compare=False)


class Sight(Protocol):
    """What the scheduler reads from any real-time observation."""

    @property
    def version(self) -> int: ...

    @property
    def since(self) -> Ms: ...


class ReflexBot(Protocol):
    """A real-time game's bot: what it would do on seeing ``observation``."""

    def reactions(self, observation: Any) -> Sequence[Intent]: ...


@dataclass(frozen=True, slots=True)
class Timed:
    """An action a bot will take at ``at`` (its own sampled moment)."""

    at: Ms
    action: Any
    urge: Urge
    version: int
    cue: Hashable = None


@dataclass(slots=True)
class Tally:
    """What a scheduler rolled: for measuring a level against its table."""

    claims: int = 0  # correct calls the bot saw
    missed: int = 0
    quiet: int = 0  # changes with nothing to call where a mistake was possible
    mistakes: int = 0
    reactions: list[Ms] = field(default_factory=list)  # delays of the calls it made
    scales: list[float] = field(default_factory=list)  # their intents' recognition scales
    rolled: list[tuple[Intent, Ms, Ms | None]] = field(default_factory=list)  # each claim: intent, since, planned (None: missed)


class ReflexScheduler:
    """Schedules one bot's actions at human-like moments; see the module docstring."""

    def __init__(self, bot: ReflexBot, reflexes: Reflexes, seed: int | None = None) -> None:
        self.bot = bot
        self.reflexes = reflexes
        self.rng = random.Random(seed)
        self.version: int | None = None
        self.decided: dict[Intent, Timed | None] = {}  # None: missed, or already handed out
        self.pending: list[Timed] = []
        self.tally = Tally()

    def observe(self, observation: Sight) -> None:
        """Take in what the seat now sees.

        On a new version the bot is asked again.  An intent it still has keeps
        its moment (a reaction runs from when the match showed, not from the
        latest change; a miss stays a miss); a new one is rolled from
        ``observation.since``; one it no longer has is dropped as stale.
        Mistakes are rolled afresh on every change: each is a new chance to
        blurt out.  So is a pace move already handed out: wanted again after
        a change, it is the next move (Ratscrew: a player who won the stack
        lays again).
        """
        if observation.version == self.version:
            return
        self.version = observation.version
        decided: dict[Intent, Timed | None] = {}
        for intent in self.bot.reactions(observation):
            if intent.urge is Urge.PACE and self.decided.get(intent, 0) is None:
                decided[intent] = self._roll(intent, observation.since)
            elif intent.urge is not Urge.MISTAKE and intent in self.decided:
                decided[intent] = self.decided[intent]
            elif intent not in decided:
                decided[intent] = self._roll(intent, observation.since)
        self.decided = decided
        self.pending = sorted((t for t in decided.values() if t is not None), key=lambda t: t.at)

    def _roll(self, intent: Intent, since: Ms) -> Timed | None:
        """When the bot will act on a fresh ``intent``, or ``None`` if it won't (a miss, no mistake)."""
        rng, reflexes = self.rng, self.reflexes
        if intent.urge is Urge.PACE:
            delay = reflexes.pace(rng)
        elif intent.urge is Urge.CLAIM:
            self.tally.claims += 1
            if rng.random() < reflexes.miss:
                self.tally.missed += 1
                self.tally.rolled.append((intent, since, None))
                return None
            delay = reflexes.reaction(rng, intent.scale)
            self.tally.rolled.append((intent, since, since + delay))
            self.tally.reactions.append(delay)
            self.tally.scales.append(intent.scale)
        else:
            self.tally.quiet += 1
            if rng.random() >= reflexes.false_rate:
                return None
            self.tally.mistakes += 1
            delay = reflexes.reaction(rng)
        return Timed(since + delay, intent.action, intent.urge, self.version or 0, intent.cue)

    def heard(self, seat: int, action: Any, at: Ms) -> None:
        """A player's action was accepted at ``at`` (:func:`run_until` tells every bot); a plain bot ignores it."""

    def next_due(self) -> Ms | None:
        return self.pending[0].at if self.pending else None

    def pop_next(self) -> Timed:
        """The earliest scheduled action, removed from the schedule."""
        timed = self.pending.pop(0)
        self.decided[Intent(timed.action, timed.urge, timed.cue)] = None
        return timed

    def due(self, now: Ms) -> list[Timed]:
        """The scheduled actions due by ``now``, earliest first, removed from the schedule."""
        out = []
        while self.pending and self.pending[0].at <= now:
            out.append(self.pop_next())
        return out


@dataclass(frozen=True, slots=True)
class Played:
    """One thing that happened in :func:`run_until`: an action (``seat``) or timers (``seat`` None)."""

    at: Ms
    seat: int | None
    action: Any
    events: tuple[Any, ...]
    refused: str | None = None
    urge: Urge | None = None  # for bots' actions


def run_until(state: GameState, bots: Mapping[int, ReflexScheduler], now: Ms,
              inputs: Iterable[tuple[int, Any, Ms]] = ()) -> list[Played]:
    """Play ``state`` on to ``now``: timers, human ``inputs`` (seat, action, at) and bots, in time order.

    At equal times timers go first, then humans, then bots by seat.  An input
    stamped before something already played here is played at that moment.
    Every bot is told of each accepted action (:meth:`ReflexScheduler.heard`)
    and observes again after each change.  Refused actions are reported,
    not raised; the caller records the accepted ones.
    """
    humans = sorted(inputs, key=lambda i: i[2])
    played: list[Played] = []
    clock = 0

    def look() -> None:
        # a bot that saw the state's version already would ignore its observation: it is not made
        version = getattr(state, "version", None)
        for seat, bot in bots.items():
            if version is None or getattr(bot, "version", None) != version:
                bot.observe(state.observation(seat))

    look()
    h = 0
    while True:
        deadline = None if state.is_over else state.next_deadline()
        bot_times = [(t, seat) for seat, bot in bots.items() if (t := bot.next_due()) is not None]
        bot_next = min(bot_times) if bot_times and not state.is_over else None
        human_at = humans[h][2] if h < len(humans) else None
        options = [t for t in (deadline, human_at, bot_next[0] if bot_next else None) if t is not None]
        if not options or min(options) > now:
            break
        at = max(clock, min(options))
        clock = at
        if deadline is not None and deadline <= min(options):
            played.append(Played(at, None, None, tuple(state.advance(at))))
        elif human_at is not None and human_at <= min(options):
            seat, action, _ = humans[h]
            h += 1
            played.append(_try(state, seat, action, at, None))
        else:
            assert bot_next is not None
            seat = bot_next[1]
            timed = bots[seat].pop_next()
            played.append(_try(state, seat, timed.action, at, timed.urge))
        last = played[-1]
        if last.seat is not None and last.refused is None:
            for bot in bots.values():
                bot.heard(last.seat, last.action, at)
        look()
    if not state.is_over and now >= clock:
        events = state.advance(now)
        if events:
            played.append(Played(now, None, None, tuple(events)))
            look()
    return played


def _try(state: GameState, seat: int, action: Any, at: Ms, urge: Urge | None) -> Played:
    if state.is_over:
        return Played(at, seat, action, (), "the game is over", urge)
    try:
        return Played(at, seat, action, tuple(state.apply(action, seat, at)), None, urge)
    except IllegalAction as exc:
        return Played(at, seat, action, (), str(exc), urge)


__all__ = [
    "REFLEXES", "Reflexes", "custom_reflexes", "level_reflexes", "ex_gaussian", "Urge", "Intent", "ReflexBot",
    "Sight", "Timed", "Tally", "ReflexScheduler", "Played", "run_until", "MIN_REACTION_MS",
]

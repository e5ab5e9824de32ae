"""Races across a network: each client's clock, and when its presses count as made.

The problem.  In Snap and Ratscrew the first correct call wins, and calls a few
tens of milliseconds apart must be told apart, while each client sees the table
late by its own network delay and its presses reach the host later still.

What the host measures (:class:`ClockSync`).  The host pings every client
continuously; the client answers with its own monotonic clock ``c``.  A ping
sent at host time ``h0`` and answered at ``h1`` gives a round trip ``h1 - h0``
and an offset (host minus client) of ``(h0 + h1) / 2 - c``: exact when the two
ways take equally long.  Queues make one way longer now and then, never
shorter, so of the last :data:`SAMPLES` pings the one with the smallest round
trip is the truest (the minimum-RTT filter): its offset is used, and half its
round trip is the client's one-way delay ``d``.  How much longer than that the
other recent round trips ran (their spread, 90th percentile), taken for one way
(:data:`ONE_WAY_SHARE` of it), is the client's ``slack``: how late a message of
its may reasonably be.  A tight slack matters: it is all a forger can gain.

When a press counts (:meth:`ClockSync.judge`).  A press stamped ``s`` on the
client's clock was made at host time ``p = s + offset``.  Two stamps are
impossible and are clamped:

* in the future: a press can't have been made later than it arrived minus the
  one-way delay (``p <= arrived - d``);
* too early: it can't have been made before it arrived minus the one-way
  delay and the slack (``p >= arrived - d - slack``), nor before the view the
  client was looking at could have reached it (``p >= sent(view) + d``).

A client that stamps its presses 100 ms early therefore gains at most its
slack (the jitter it showed on pings, a few ms on a quiet line), not 100 ms: a
forged stamp can't win against presses more than the slack apart.

Fairness.  Every client sees each change ``d`` after the host sent it; the
press counts at ``p - d``, as if the client had seen the change when the host
sent it.  So two players who react equally fast are judged equally fast, however
far each is from the host.

The claim window.  A press counted at ``p - d`` reaches the host at about
``p + d``: up to a round trip (plus slack) after the moment it counts for.  So
the host's engine runs :attr:`Judge.window_ms` behind real time: the largest
``rtt + slack`` of the connected clients (and a margin), at most
:data:`MAX_WINDOW_MS`.  Every press reaches the engine before its moment has
passed there, and ties are judged with all of them in.  The bots play at their
sampled reaction times measured from when they see a change; since the clients
see it when the host sends it, which is the window later than the engine made
it, the bots' moments are moved by the same window (:class:`DelayedBot`): bots
and people race on equal terms.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

SAMPLES = 16
"""Pings kept per client for the minimum-RTT filter."""
MIN_SLACK_MS = 4.0
ONE_WAY_SHARE = 0.6
"""A round trip's spread holds both ways' delays; one way's (what a press's may be late by) is about 0.6 of it:
for two independent delays of up to J each, the sum's 90th percentile is 1.55 J and one's is 0.9 J."""
MAX_SLACK_MS = 150.0
MARGIN_MS = 15
"""Added to the claim window for the host's own scheduling (its tick)."""
MAX_WINDOW_MS = 600
"""The claim window never exceeds this: a client slower than that loses races it would have won."""


@dataclass(frozen=True, slots=True)
class Sample:
    rtt: float
    offset: float


class ClockSync:
    """One client's clock offset and delays, from its pings (see the module docstring)."""

    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples: deque[Sample] = deque(maxlen=samples)

    def add(self, sent_h: float, received_h: float, client_ms: float) -> None:
        """A ping sent at host time ``sent_h`` came back at ``received_h`` stamped ``client_ms`` by the client."""
        rtt = received_h - sent_h
        if rtt < 0:
            return
        self.samples.append(Sample(rtt, (sent_h + received_h) / 2 - client_ms))

    @property
    def ready(self) -> bool:
        return bool(self.samples)

    def _best(self) -> Sample:
        return min(self.samples, key=lambda s: s.rtt)

    @property
    def rtt_ms(self) -> float:
        """The smallest recent round trip (0 before any ping came back)."""
        return self._best().rtt if self.samples else 0.0

    @property
    def one_way_ms(self) -> float:
        return self.rtt_ms / 2

    @property
    def offset_ms(self) -> float:
        """Host clock minus client clock."""
        return self._best().offset if self.samples else 0.0

    @property
    def slack_ms(self) -> float:
        """How much later than the quickest a message of this client's may come: the spread of its recent round trips."""
        if len(self.samples) < 2:
            return MAX_SLACK_MS / 3
        rtts = sorted(s.rtt for s in self.samples)
        spread = rtts[min(len(rtts) - 1, int(0.9 * len(rtts)))] - rtts[0]
        return min(MAX_SLACK_MS, max(MIN_SLACK_MS, ONE_WAY_SHARE * spread))

    @property
    def window_ms(self) -> float:
        """How long after the moment a press of this client's counts for it may reach the host."""
        return self.rtt_ms + self.slack_ms

    def judge(self, stamp: float, arrived_h: float, view_sent_h: float | None = None) -> float:
        """The host time a press stamped ``stamp`` (client clock), arrived at ``arrived_h``, counts for.

        ``view_sent_h``: when the host sent the view the client was looking at, if known.
        """
        d = self.one_way_ms
        made = stamp + self.offset_ms
        latest = arrived_h - d
        earliest = arrived_h - d - self.slack_ms
        if view_sent_h is not None:
            earliest = max(earliest, min(latest, view_sent_h + d))
        made = min(latest, max(earliest, made))
        return made - d


def claim_window(syncs: list[ClockSync]) -> int:
    """How far behind real time the engine runs for these clients (ms): the slowest one's window and a margin."""
    widest = max((s.window_ms for s in syncs), default=0.0)
    return int(min(MAX_WINDOW_MS, widest + MARGIN_MS))


class DelayedBot:
    """A race bot (``ai.reflex.ReflexScheduler``) whose moments come ``delay_ms`` later (the claim window),
    never before ``floor`` (the engine's clock: what is played is recorded at the moment the engine played it)."""

    def __init__(self, bot: Any, delay_ms: int) -> None:
        self.bot = bot
        self.delay_ms = delay_ms
        self.floor = 0  # the engine's clock: a moment already past (the window shrank) is played now, as recorded

    @property
    def version(self) -> int | None:
        """The version the bot last saw (``run_until`` shows it no observation of a version it saw)."""
        return getattr(self.bot, "version", None)

    def observe(self, observation: Any) -> None:
        self.bot.observe(observation)

    def heard(self, seat: int, action: Any, at: int) -> None:
        self.bot.heard(seat, action, at)

    def next_due(self) -> int | None:
        due: int | None = self.bot.next_due()
        return None if due is None else max(self.floor, due + self.delay_ms)

    def pop_next(self) -> Any:
        return self.bot.pop_next()


__all__ = ["ClockSync", "claim_window", "DelayedBot", "SAMPLES", "MAX_WINDOW_MS"]

"""The real-time driver: each frame, humans' stamped inputs and bots' due actions go to the engine in time order.

Game-neutral.  The merging is :func:`ai.reflex.run_until`'s (timers, then
humans, then bots by seat at equal times; every bot re-observes after each
change); the kit never imports the AI, so the table hands that function in.
A bot's action is played at its own sampled moment, never the frame's, and a
human's at the moment its key was read (:mod:`game.base.stamping`), so who was
first does not depend on the frame rate.

:class:`RealtimeDriver` also writes what was accepted into the game's record
(``record.append(seat, action, events, at)``; timers with ``note_time``).
:class:`ReplayFeed` is its stand-in for a replay: the record's actions become
"human" inputs at their recorded times, with no bots.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

REST_HORIZON_MS = 1000
"""A timer further off than this does not keep a table awake (a resting table steps its clock every 0.2 s)."""

RunUntil = Callable[..., list[Any]]
"""``run_until(state, bots, now, inputs) -> list[Played]`` (:func:`ai.reflex.run_until`)."""


class RealtimeDriver:
    """Feeds a real-time game each frame: ``press`` as input comes, ``step(now)`` once per frame."""

    def __init__(self, state: Any, bots: Mapping[int, Any], run_until: RunUntil, record: Any = None) -> None:
        self.state = state
        self.bots = dict(bots)
        self.run_until = run_until
        self.record = record
        self.inputs: list[tuple[int, Any, int]] = []

    def press(self, seat: int, action: Any, at: int) -> None:
        """A human's action, stamped at ``at`` ms (played at the next ``step``)."""
        self.inputs.append((seat, action, at))

    def step(self, now: int) -> list[Any]:
        """Play on to ``now``: what happened (``Played`` items), refused ones included."""
        inputs, self.inputs = self.inputs, []
        return _recorded(self.run_until(self.state, self.bots, now, inputs), self.record)

    def cancel(self) -> None:
        self.inputs.clear()

    def waiting(self, now: int, horizon_ms: int = REST_HORIZON_MS) -> bool:
        """Nothing can happen until a human acts: no input to play, no timer of the engine's (a tie window, an
        auto flip, a time limit) within ``horizon_ms`` of ``now`` and no bot's action due.  The table may then
        rest (the app sleeps, waking to step the clock: a far timer, such as a game's length limit, is
        looked at again on each step)."""
        state = self.state
        deadline = state.next_deadline()
        return (not self.inputs and not state.is_over and (deadline is None or deadline - now > horizon_ms)
                and all(bot.next_due() is None for bot in self.bots.values()))


def _recorded(played: list[Any], record: Any) -> list[Any]:
    """Write what was accepted into ``record`` (if any): actions with ``append``, timers with ``note_time``."""
    if record is not None:
        for p in played:
            if p.seat is not None and p.refused is None:
                record.append(p.seat, p.action, list(p.events), p.at)
            elif p.seat is None:
                record.note_time(p.at)
    return played


class ReplayFeed:
    """A recorded game played back at its own times: ``step(now)`` plays every action due by ``now``.

    With ``record`` (the replay's fresh one) what was played is written into it, as a game's driver does.
    """

    def __init__(self, state: Any, entries: Iterable[tuple[int, Any, int]], run_until: RunUntil,
                 record: Any = None) -> None:
        self.state = state
        self.entries = list(entries)
        self.run_until = run_until
        self.record = record
        self.next = 0
        self.bots: dict[int, Any] = {}

    @property
    def done(self) -> bool:
        return self.next >= len(self.entries)

    @property
    def next_at(self) -> int | None:
        """The time (ms) of the next recorded action, None at the end."""
        return None if self.done else int(self.entries[self.next][2])

    def step(self, now: int) -> list[Any]:
        due: list[tuple[int, Any, int]] = []
        while self.next < len(self.entries) and self.entries[self.next][2] <= now:
            due.append(self.entries[self.next])
            self.next += 1
        return _recorded(self.run_until(self.state, {}, now, due), self.record)

    def cancel(self) -> None:
        pass

    def waiting(self, now: int, horizon_ms: int = REST_HORIZON_MS) -> bool:
        """A replay plays on by itself."""
        return False


def catch_up(state: Any, entries: Sequence[tuple[int, Any, int]], clock: int = 0, record: Any = None,
             show: Callable[[list[Any], int], None] | None = None) -> list[Any]:
    """Play saved ``entries`` (seat, action, at) with their timers, no animation; the events, in order.

    Exactly as the record replays them: ``advance(at)`` then ``apply`` for each,
    then ``advance(clock)`` if the save's time ran on after its last action.
    Each action goes into ``record`` (if given; the time too) and each action's
    events, its timers' first, to ``show(events, at)``.
    """
    events: list[Any] = []
    for seat, action, at in entries:
        done = state.advance(at)
        applied = state.apply(action, seat, at)
        if record is not None:
            record.append(seat, action, applied, at)
        if show is not None:
            show(done + applied, at)
        events += done + applied
    if not state.is_over and clock > state.clock:
        done = state.advance(clock)
        if record is not None:
            record.note_time(clock)
        if show is not None:
            show(done, clock)
        events += done
    return events


__all__ = ["RealtimeDriver", "ReplayFeed", "catch_up", "RunUntil"]

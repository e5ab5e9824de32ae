"""The turn scheduler: runs the bots between frames at a readable pace.

The UI calls :meth:`TurnScheduler.update` once per frame with the frame's ``dt``,
the current game state and whether its animations are still playing.  When a bot
is to move and nothing is animating, the scheduler waits ``delay`` seconds, then
advances the bot's ``think`` generator by one slice per call (each slice is a few
milliseconds, so frames never drop) and hands back the action once it is ready;
the caller applies it and animates the events.

The scheduler is game-neutral: the state only needs ``current``, ``is_over`` and
``observation(seat)``, and a bot only ``think(observation)``.  It notices when the
state moved on under it (an undo, a new round, a resumed game) by comparing a
state key -- by default the engine protocol's (:func:`protocol_key`: the state
object, ``to_move()`` and its ``snapshot()``), else the ``key`` function a game passes --
and starts over instead of returning a stale action.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator, Mapping, Protocol

AI_SPEEDS = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
"""Seconds between two AI actions for each "AI speed" setting."""


class TurnState(Protocol):
    """What the scheduler reads of a game state."""

    @property
    def current(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def observation(self, seat: int) -> Any: ...


class Thinker(Protocol):
    """A bot: ``think`` yields between slices of work and returns its action."""

    def think(self, observation: Any) -> Generator[None, None, Any]: ...


StateKey = Callable[[Any], tuple[object, ...]]


def protocol_key(state: Any) -> tuple[object, ...]:
    """Any engine's "the state moved on" key: the state object, who is to move and its snapshot (its version)."""
    return (id(state), state.to_move(), state.snapshot())


class TurnScheduler:
    """Asks the bots for actions, one at a time, when the table is ready.

    ``key`` turns a state into the tuple that says whether it moved on (the
    protocol's by default).  With ``timed`` the wall and CPU time of every ``think`` slice is
    kept in :attr:`decide_ms` and :attr:`decide_cpu_ms` (for the headless bench).
    """

    def __init__(self, bots: Mapping[int, Thinker], delay: float = AI_SPEEDS["normal"],
                 key: StateKey = protocol_key, timed: bool = False) -> None:
        self.bots = dict(bots)
        self.delay = delay
        self.key = key
        self.timed = timed
        self.decide_ms: list[float] = []  # wall time of each decision step (when timed)
        self.decide_cpu_ms: list[float] = []  # its CPU time (the same, on an idle machine)
        self._waited = 0.0
        self._key: tuple[object, ...] | None = None
        self._think: Generator[None, None, Any] | None = None
        self._seat: int | None = None

    @property
    def thinking(self) -> bool:
        """Whether a bot is in the middle of working out its move."""
        return self._think is not None

    @property
    def thinking_seat(self) -> int | None:
        return self._seat if self._think is not None else None

    def cancel(self) -> None:
        """Drop any move in progress and the wait before it (new round, resume, undo)."""
        if self._think is not None:
            self._think.close()
        self._think = None
        self._seat = None
        self._key = None
        self._waited = 0.0

    def update(self, dt: float, state: TurnState, busy: bool) -> Any | None:
        """Advance by ``dt`` seconds; return the bot's action when it is ready, else ``None``."""
        seat = state.current
        if state.is_over or seat not in self.bots:
            self.cancel()
            return None
        key = self.key(state)
        if key != self._key:
            self.cancel()
            self._key = key
        if busy:
            return None
        if self._think is None:
            self._waited += dt
            if self._waited < self.delay:
                return None
            self._think = self.bots[seat].think(state.observation(seat))
            self._seat = seat
        start, cpu = (time.perf_counter(), time.thread_time()) if self.timed else (0.0, 0.0)
        try:
            next(self._think)
        except StopIteration as stop:
            self._timed(start, cpu)
            self._think = None
            self._seat = None
            self._key = None
            self._waited = 0.0
            return stop.value
        self._timed(start, cpu)
        return None

    def _timed(self, start: float, cpu: float) -> None:
        if self.timed:
            self.decide_ms.append((time.perf_counter() - start) * 1000)
            self.decide_cpu_ms.append((time.thread_time() - cpu) * 1000)

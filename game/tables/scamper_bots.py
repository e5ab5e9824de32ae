"""Scamper's bot scheduler: asks the seat to move for its action when the table is ready.

The kit's :class:`~game.kit.bots.BotHook` calls :meth:`ScamperDriver.update` once
a frame.  Scamper's bots decide in one go (their ``think`` generator finishes at
its first step); each decision's time is kept so the headless bench can report
its p99 at the table.  The driver notices when the game moved on under it (a new
round, a resumed game) and starts the wait over instead of playing a stale move.
"""

from __future__ import annotations

import time
from typing import Any, Generator


class ScamperDriver:
    """One bot action at a time, ``delay`` seconds apart, never while cards are moving."""

    def __init__(self, bots: dict[int, Any], delay: float) -> None:
        self.bots = dict(bots)
        self.delay = delay
        self.decide_ms: list[float] = []  # wall time of each decision step
        self.decide_cpu_ms: list[float] = []  # its CPU time (the same, on an idle machine)
        self._waited = 0.0
        self._key: tuple[object, ...] | None = None
        self._think: Generator[None, None, Any] | None = None
        self._seat: int | None = None

    @property
    def thinking(self) -> bool:
        return self._think is not None

    @property
    def thinking_seat(self) -> int | None:
        return self._seat if self._think is not None else None

    def cancel(self) -> None:
        if self._think is not None:
            self._think.close()
        self._think = None
        self._seat = None
        self._key = None
        self._waited = 0.0

    @staticmethod
    def _state_key(state: Any) -> tuple[object, ...]:
        seat = state.current
        return (id(state), state.round_index, seat, state.phase, len(state.hands[seat]), len(state.stock),
                len(state.discard), len(state.melds), state.called)

    def update(self, dt: float, state: Any, busy: bool) -> Any | None:
        """The bot's action when it is ready, else ``None``."""
        seat = state.current
        if state.is_over or seat not in self.bots:
            self.cancel()
            return None
        key = self._state_key(state)
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
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            next(self._think)
        except StopIteration as stop:
            self._timed(start, cpu)
            self.cancel()
            return stop.value
        self._timed(start, cpu)
        return None

    def _timed(self, start: float, cpu: float) -> None:
        self.decide_ms.append((time.perf_counter() - start) * 1000)
        self.decide_cpu_ms.append((time.thread_time() - cpu) * 1000)

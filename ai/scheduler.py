"""The turn scheduler: runs the bots between frames at a readable pace.

The UI calls :meth:`TurnScheduler.update` once per frame with the frame's ``dt``,
the current :class:`~engine.sprint.Round` and whether its animations are still
playing.  When a bot is to move and nothing is animating, the scheduler waits
``delay`` seconds, then advances the bot's ``think`` generator by one slice per
call (each slice is a few milliseconds, so frames never drop) and hands back the
action once it is ready; the caller applies it and animates the events.

The scheduler notices when the state moved on under it (an undo, a new round, a
resumed game) by comparing the round object, its turn, phase, current player and
hand size, and starts over instead of returning a stale action.
"""

from __future__ import annotations

from typing import Generator

from engine.sprint import Action, Round

from .bots import Bot

AI_SPEEDS = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
"""Seconds between two AI actions for each "AI speed" setting."""


class TurnScheduler:
    """Asks the bots for actions, one at a time, when the table is ready."""

    def __init__(self, bots: dict[int, Bot], delay: float = AI_SPEEDS["normal"]) -> None:
        self.bots = dict(bots)
        self.delay = delay
        self._waited = 0.0
        self._key: tuple[object, ...] | None = None
        self._think: Generator[None, None, Action] | None = None
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

    def update(self, dt: float, state: Round, busy: bool) -> Action | None:
        """Advance by ``dt`` seconds; return the bot's action when it is ready, else ``None``."""
        seat = state.current
        if state.is_over or seat not in self.bots:
            self.cancel()
            return None
        key = (id(state), state.turn, state.phase, seat, state.hands[seat], len(state.stock), len(state.discard))
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
        try:
            next(self._think)
        except StopIteration as stop:
            self._think = None
            self._seat = None
            self._key = None
            self._waited = 0.0
            return stop.value  # type: ignore[no-any-return]
        return None

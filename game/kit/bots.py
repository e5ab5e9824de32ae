"""The bot scheduler hook: the table's one per-frame call into its game's bot scheduler.

The table hands a scheduler in (``ai.scheduler.TurnScheduler`` for turn-based
games; the kit never imports the AI) or a :class:`ReplayDriver`, and calls
:meth:`BotHook.update` once a frame; an action comes back when a bot (or the
replay) is ready to play it, and the table applies it like a player's.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable, Protocol


class Driver(Protocol):
    """What a scheduler offers the table: an action when one is due, and whether a bot is thinking."""

    delay: float

    def update(self, dt: float, state: Any, busy: bool) -> Any | None: ...
    def cancel(self) -> None: ...


class ReplayDriver:
    """Plays recorded actions back, one every ``delay`` seconds (the scheduler's interface).

    With ``controls`` (a :class:`~game.kit.replaycontrols.ReplayControls`): nothing while
    paused, and a "Next" plays the next action as soon as nothing moves.
    """

    def __init__(self, actions: Iterable[Any], delay: float = 0.6, controls: Any = None) -> None:
        self.actions = deque(actions)
        self.delay = delay
        self.wait = 0.0
        self.controls = controls

    def update(self, dt: float, state: Any, busy: bool) -> Any | None:
        if busy or not self.actions:
            return None
        if self.controls is not None:
            if self.controls.waiting:
                return None
            if self.controls.take_step():
                self.wait = 0.0
                return self.actions.popleft()
        self.wait += dt
        if self.wait < self.delay:
            return None
        self.wait = 0.0
        return self.actions.popleft()

    @property
    def done(self) -> bool:
        """Every recorded action has been played."""
        return not self.actions

    def cancel(self) -> None:
        self.wait = 0.0


FOLLOW_UP = 0.25
"""A bot's second and later actions in one turn wait this share of the pause (a chained turn of several
lays took over 10 s at Normal speed; the pause before a turn's first action stays whole)."""


class BotHook:
    """Wraps a driver: ``update`` once a frame, the thinking seat for the panels, new speeds at once.

    The pause before a bot's action is the driver's ``delay``, shortened to
    :data:`FOLLOW_UP` of it for the same seat's next action in the same turn.
    """

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self._delay = driver.delay
        self._last: tuple[Any, Any] | None = None  # (turn, seat) of the last action handed out

    @property
    def thinking(self) -> bool:
        return bool(getattr(self.driver, "thinking", False))

    @property
    def thinking_seat(self) -> int | None:
        return getattr(self.driver, "thinking_seat", None) if self.thinking else None

    @property
    def bots(self) -> dict[int, Any]:
        return dict(getattr(self.driver, "bots", {}))

    @property
    def done(self) -> bool:
        """A replay's driver has played its whole record (a game's driver never is)."""
        return bool(getattr(self.driver, "done", False))

    @property
    def delay(self) -> float:
        """Seconds between two bot actions (before a turn's first action)."""
        return self._delay

    @delay.setter
    def delay(self, seconds: float) -> None:
        self._delay = self.driver.delay = seconds

    def update(self, dt: float, state: Any, busy: bool) -> Any | None:
        """The action due now, if any (``busy``: cards are still moving, wait)."""
        now = (getattr(state, "turn", None), getattr(state, "current", None))
        self.driver.delay = self._delay * (FOLLOW_UP if now == self._last and now[0] is not None else 1.0)
        action = self.driver.update(dt, state, busy)
        if action is not None:
            self._last = now
        return action

    def cancel(self) -> None:
        self.driver.cancel()

    def retime(self, delay: float, think_ms: int | None = None) -> None:
        """The AI speed settings changed: the pause between bot actions, and a thinking bot's budget."""
        self.delay = delay
        if think_ms is not None:
            for bot in self.bots.values():
                if hasattr(bot, "think_ms"):
                    bot.think_ms = think_ms

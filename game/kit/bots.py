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
    """Plays recorded actions back, one every ``delay`` seconds (the scheduler's interface)."""

    def __init__(self, actions: Iterable[Any], delay: float = 0.6) -> None:
        self.actions = deque(actions)
        self.delay = delay
        self.wait = 0.0

    def update(self, dt: float, state: Any, busy: bool) -> Any | None:
        if busy or not self.actions:
            return None
        self.wait += dt
        if self.wait < self.delay:
            return None
        self.wait = 0.0
        return self.actions.popleft()

    def cancel(self) -> None:
        self.wait = 0.0


class BotHook:
    """Wraps a driver: ``update`` once a frame, the thinking seat for the panels, new speeds at once."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

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
    def delay(self) -> float:
        """Seconds between two bot actions."""
        return self.driver.delay

    @delay.setter
    def delay(self, seconds: float) -> None:
        self.driver.delay = seconds

    def update(self, dt: float, state: Any, busy: bool) -> Any | None:
        """The action due now, if any (``busy``: cards are still moving, wait)."""
        return self.driver.update(dt, state, busy)

    def cancel(self) -> None:
        self.driver.cancel()

    def retime(self, delay: float, think_ms: int | None = None) -> None:
        """The AI speed settings changed: the pause between bot actions, and a thinking bot's budget."""
        self.driver.delay = delay
        if think_ms is not None:
            for bot in self.bots.values():
                if hasattr(bot, "think_ms"):
                    bot.think_ms = think_ms

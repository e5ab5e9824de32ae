"""The table clock: milliseconds since the game began, for real-time tables to stamp actions with.

It advances from the frame's ``dt`` only (a paused table's clock stands still,
and headless runs with a fixed step are deterministic).  pygame-ce 2.5 gives
input events no timestamp of their own, so a key pressed during a frame is
stamped with the clock at that frame; where an event does carry SDL's
``timestamp`` (milliseconds since SDL started), :meth:`TableClock.stamp` places
it between the last frame and this one instead, so two presses in one frame keep
their order and spacing.
"""

from __future__ import annotations

from typing import Any


class TableClock:
    def __init__(self, ms: int = 0) -> None:
        self._seconds = ms / 1000
        self._last_frame_ms = ms
        self._ticks_at: int | None = None  # SDL ticks at the current frame, if the table gave them

    @property
    def now(self) -> int:
        """Milliseconds since the game began (whole ms, never going back)."""
        return int(self._seconds * 1000)

    @property
    def seconds(self) -> float:
        """Seconds since the game began, unrounded (for animations that pulse with time)."""
        return self._seconds

    def advance(self, dt: float, ticks: int | None = None) -> None:
        """``dt`` seconds have passed; ``ticks`` is SDL's clock at this frame (``pygame.time.get_ticks()``)."""
        self._last_frame_ms = self.now
        self._seconds += max(0.0, dt)
        self._ticks_at = ticks

    def stamp(self, event: Any = None) -> int:
        """The table time of ``event``: its own SDL timestamp mapped onto the table clock where it has one
        (clamped to this frame's interval), else the clock now."""
        ts = getattr(event, "timestamp", None)
        if not isinstance(ts, int) or self._ticks_at is None:
            return self.now
        at = self.now - (self._ticks_at - ts)
        return max(self._last_frame_ms, min(self.now, at))

"""The table clock: milliseconds since the game began, for real-time tables to stamp actions with.

It advances from the frame's ``dt`` only (a paused table's clock stands still,
and headless runs with a fixed step are deterministic).  pygame-ce 2.5 gives
input events no timestamp of their own, so a key pressed during a frame is
stamped with the clock at that frame; where an event does carry SDL's
``timestamp`` (milliseconds since SDL started), :meth:`TableClock.stamp` places
it between the last frame and this one instead, so two presses in one frame keep
their order and spacing.

Real-time tables stamp better: the app's :class:`~game.base.stamping.InputPump`
reads input about every millisecond between frames and puts the reading moment
on each event as ``read_at`` (``time.perf_counter()`` seconds); told the frame's
wall time (``advance(dt, wall=...)``), :meth:`TableClock.stamp` places the event
that many milliseconds before now (clamped to this frame's interval).
"""

from __future__ import annotations

from typing import Any


class TableClock:
    def __init__(self, ms: int = 0) -> None:
        self._seconds = ms / 1000
        self._last_frame_ms = ms
        self._ticks_at: int | None = None  # SDL ticks at the current frame, if the table gave them
        self._wall_at: float | None = None  # the app's frame time (perf_counter seconds), if the table gave it

    @property
    def now(self) -> int:
        """Milliseconds since the game began (whole ms, never going back)."""
        return int(self._seconds * 1000)

    @property
    def seconds(self) -> float:
        """Seconds since the game began, unrounded (for animations that pulse with time)."""
        return self._seconds

    def advance(self, dt: float, ticks: int | None = None, wall: float | None = None) -> None:
        """``dt`` seconds have passed; ``ticks`` is SDL's clock at this frame (``pygame.time.get_ticks()``),
        ``wall`` the app's frame time in seconds (the time line of events' ``read_at``)."""
        self._last_frame_ms = self.now
        self._seconds += max(0.0, dt)
        self._ticks_at = ticks
        self._wall_at = wall

    def skip_to(self, ms: int) -> None:
        """Time jumps on to ``ms`` (a replay's "Next"); it never goes back (half a ms over, so ``now`` is ``ms``)."""
        self._seconds = max(self._seconds, (ms + 0.5) / 1000)

    def ms_at_wall(self, wall: float) -> float:
        """The table time (unclamped, fractional ms) of the wall moment ``wall``; needs ``advance(wall=...)``."""
        assert self._wall_at is not None
        return self._seconds * 1000 - (self._wall_at - wall) * 1000

    def wall_at_ms(self, ms: float) -> float:
        """The wall moment (the ``read_at`` time line) of table time ``ms``."""
        assert self._wall_at is not None
        return self._wall_at - (self._seconds * 1000 - ms) / 1000

    def stamp(self, event: Any = None) -> int:
        """The table time of ``event``: when it was read (``read_at``) or its own SDL timestamp, mapped onto the table clock where it has one
        (clamped to this frame's interval), else the clock now."""
        read_at = getattr(event, "read_at", None)
        if isinstance(read_at, float) and self._wall_at is not None:
            at = int(self.ms_at_wall(read_at))
            return max(self._last_frame_ms, min(self.now, at))
        ts = getattr(event, "timestamp", None)
        if not isinstance(ts, int) or self._ticks_at is None:
            return self.now
        at = self.now - (self._ticks_at - ts)
        return max(self._last_frame_ms, min(self.now, at))

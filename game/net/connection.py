"""One client's connection at the host: its socket, seats, clock sync, pings and flood limit."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from engine.wire import state_for, view_events
from game.net import protocol
from game.net.clock import ClockSync

FLOOD_RATE = 100.0
"""Messages a second a client may send on average ..."""
FLOOD_BURST = 200.0
"""... and at once."""
FLOOD_CUTOFF = 5000
"""Messages refused for flooding before the client is disconnected."""
MAX_BUFFERED = 8 * 1024 * 1024
"""A client whose unread data at the host passes this is disconnected (it stopped reading)."""


def now_ms() -> float:
    """The host's clock (ms, monotonic)."""
    return time.monotonic() * 1000.0


class Connection:
    """One client's socket and what the host knows of it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 flood_rate: float = FLOOD_RATE, flood_burst: float = FLOOD_BURST) -> None:
        self.flood_rate = flood_rate
        self.flood_burst = flood_burst
        self.reader = reader
        self.writer = writer
        self.seats: tuple[int, ...] = ()
        self.token: str | None = None
        self.name = ""
        self.sync = ClockSync()
        self.pings: dict[int, float] = {}
        self.ping_n = 0
        self.sent_views: dict[int, float] = {}
        self.version = 0
        self.bucket = flood_burst
        self.bucket_at = now_ms()
        self.flooded = 0
        self.flood_told = 0.0
        self.hellos = 0
        self.closed = False
        self.bytes_sent = 0

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        data = protocol.encode(message)
        if len(data) > protocol.MAX_HOST_BYTES:
            return
        try:
            if self.writer.transport.get_write_buffer_size() > MAX_BUFFERED:
                self.close()
                return
            self.writer.write(data)
            self.bytes_sent += len(data)
        except (OSError, RuntimeError):
            self.close()

    def ping(self) -> None:
        """Ask the client for its clock (the answer feeds :attr:`sync`); tell it the round trip measured so far."""
        self.ping_n += 1
        t = now_ms()
        self.pings[self.ping_n] = t
        if len(self.pings) > 64:
            for key in sorted(self.pings)[:32]:
                del self.pings[key]
        self.send({"t": "ping", "n": self.ping_n, "h": int(t), "rtt": round(self.sync.rtt_ms, 1)})

    def send_view(self, game_id: str, state: Any, version: int, at: int, plays: list[Any] | None,
                  action_json: Callable[[Any], dict[str, Any]]) -> None:
        """The state as this client's seats may see it, and what was played since its last view: ``plays``
        as ``(seat, action, events)``, the events as its seats see them (``None``: the full picture)."""
        events: list[Any] = []
        summary = []
        for seat, action, played in plays or ():
            seen = view_events(state, played, self.seats)
            summary.append({"seat": seat, "action": None if action is None else action_json(action), "events": len(seen)})
            events.extend(seen)
        message = {"t": "view", "version": version, "at": at, "over": bool(state.is_over), "full": plays is None,
                   "state": state_for(game_id, state, self.seats), "events": events, "plays": summary,
                   "seats": list(self.seats)}
        self.sent_views[version] = now_ms()
        if len(self.sent_views) > 256:
            for key in sorted(self.sent_views)[:128]:
                del self.sent_views[key]
        self.send(message)

    def refuse(self, reason: str, n: Any = None) -> None:
        message: dict[str, Any] = {"t": "refused", "reason": reason}
        if n is not None:
            message["n"] = n
        self.send(message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self.writer.close()
            except (OSError, RuntimeError):
                pass

    def allowed(self) -> bool:
        """The flood limit: a token bucket of ``flood_burst`` messages refilled at ``flood_rate`` a second."""
        t = now_ms()
        self.bucket = min(self.flood_burst, self.bucket + (t - self.bucket_at) * self.flood_rate / 1000)
        self.bucket_at = t
        if self.bucket >= 1:
            self.bucket -= 1
            return True
        self.flooded += 1
        if t - self.flood_told > 1000:
            self.flood_told = t
            self.refuse("too many messages: slow down")
        if self.flooded > FLOOD_CUTOFF:
            self.close()
        return False



__all__ = ["Connection", "now_ms", "FLOOD_RATE", "FLOOD_BURST", "FLOOD_CUTOFF", "MAX_BUFFERED"]

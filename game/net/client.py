"""A network client the pygame loop polls without ever blocking: asyncio on a thread of its own, queues between.

Client API (the Join screen, the lobby and a table's remote mode use it)::

    client = Client()
    client.connect("192.168.1.20", 52817, "KXPTAM", "Ann")       # returns at once; token=... to rejoin
    for message in client.poll():                                  # each frame: every message since the last poll
        message["t"]  # "welcome" | "lobby" | "view" | "refused" | "pause" | "resume" | "status" | "bye"
    client.ready()                                                 # (lobby) ready to start
    client.send(seat, {"type": "snap"}, client.clock_ms())         # an action for one of my seats, stamped
    client.ping_ms                                                 # the last round trip the host measured
    client.view                                                    # the latest view (None before the game starts)
    client.close()

Messages are dicts as :mod:`game.net.protocol` describes them, each with ``"arrived"`` (``clock_ms()``
when it was read off the network), and these additions:

* ``view``: ``"state_obj"`` (the state, decoded: the table swaps it in and
  draws it), ``"events_obj"`` (the events since the last view, as this
  client's seats may see them), ``"plays_obj"`` (the same events by what made
  them: ``(seat, action, events)``, seat and action ``None`` for timers),
  ``"full"`` (true: a full picture -- on joining, rejoining, the start -- with
  no events), and ``"version"``, ``"at"`` (the game's clock), ``"over"``;
* ``status``: ``{"t": "status", "state": "connecting" | "connected" |
  "reconnecting" | "lost", "reason": ...}`` -- the connection itself.  A
  dropped connection is retried with the seat token for ``retry_s`` seconds
  (the host keeps the seat), then ``lost``.

``clock_ms()`` is the clock presses are stamped with (monotonic, ms): the host
maps it onto its own with the pings this client answers by itself.  ``send``
also tells the host which view the press was made on (the latest polled).
A client never applies an action itself: it shows the states it receives.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from typing import Any, Callable

from engine.games import game_info
from engine.wire import WireError, decode, decode_state
from game.net import protocol

RETRY_S = 30.0
RETRY_EVERY_S = 0.3


def clock_ms() -> int:
    """The clock presses are stamped with (ms, monotonic)."""
    return int(time.monotonic() * 1000)


class Client:
    """One connection to a host (see the module docstring)."""

    def __init__(self, retry_s: float = RETRY_S, dump: Any = None) -> None:
        self.retry_s = retry_s
        self.dump = dump  # a binary file every received line is also written to (tests check what reached us)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.token: str | None = None
        self.seats: tuple[int, ...] = ()
        self.ping_ms: float | None = None
        self.view: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.status = "idle"
        self.bytes_received = 0
        self._seen = 0
        self._n = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self._joined = False
        self.rules: Any = None
        self._args: tuple[str, int, str, str] = ("", 0, "", "")
        self.clock_ms = clock_ms
        self.wake: Callable[[], None] | None = None
        """Called on the network thread when a message waits and none waited since the last :meth:`poll` (a
        resting table is woken by it: see :mod:`game.screens.net_table`); what it raises is ignored."""
        self._woken = False

    # --- the pygame side ----------------------------------------------------

    def connect(self, address: str, port: int, room: str, name: str, token: str | None = None) -> None:
        """Start connecting (returns at once; ``status`` messages follow)."""
        self._args = (address, port, protocol.normal_room_code(room), name)
        self.token = token
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last poll, oldest first (never blocks)."""
        out: list[dict[str, Any]] = []
        self._woken = False  # a message put from now on wakes the pygame side again
        while True:
            try:
                message = self.inbox.get_nowait()
            except queue.Empty:
                return out
            if message["t"] == "view":
                self._seen = message["version"]
            out.append(message)

    def wait(self, kind: str, timeout: float = 10.0) -> dict[str, Any] | None:
        """Block until a message of ``kind`` comes (tools and tests; the game polls); ``None`` on timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                message = self.inbox.get(timeout=max(0.0, min(0.1, end - time.monotonic())))
            except queue.Empty:
                continue
            if message["t"] == "view":
                self._seen = message["version"]
            if message["t"] == kind:
                return message
        return None

    def ready(self, ready: bool = True) -> None:
        self._send({"t": "ready", "ready": ready})

    def send(self, seat: int, action: dict[str, Any], stamp_ms: int | None = None) -> int:
        """Send an action for ``seat``; returns its number (a refusal names it)."""
        self._n += 1
        message: dict[str, Any] = {"t": "act", "seat": seat, "action": action, "n": self._n, "seen": self._seen}
        if stamp_ms is not None:
            message["stamp"] = int(stamp_ms)
        self._send(message)
        return self._n

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (the fuzzer's way to send what no client would)."""
        loop, writer = self._loop, self._writer
        if loop is not None and writer is not None:
            loop.call_soon_threadsafe(self._write, writer, data)

    def close(self) -> None:
        """Say bye and end the connection; nothing is posted to the pygame side from now on (its wake hook goes)."""
        self.wake = None  # the table that hooked it is gone: a message still arriving must not post into its loop
        self._closing = True
        self._send({"t": "bye"})
        loop = self._loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(self._shut)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(3.0)

    # --- the network thread -------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        self.send_raw(protocol.encode(message))

    @staticmethod
    def _write(writer: asyncio.StreamWriter, data: bytes) -> None:
        try:
            if not writer.is_closing():
                writer.write(data)
        except (OSError, RuntimeError):
            pass

    def _shut(self) -> None:
        if self._writer is not None:
            try:
                self._writer.close()
            except (OSError, RuntimeError):
                pass

    def pending(self) -> bool:
        """A message waits to be polled."""
        return not self.inbox.empty()

    def _post(self, message: dict[str, Any]) -> None:
        self.inbox.put(message)
        wake = self.wake
        if wake is not None and not self._woken:
            self._woken = True
            try:
                wake()
            except Exception:  # noqa: BLE001 - the pygame side's hook never stops the network thread
                pass

    def _status(self, state: str, reason: str = "") -> None:
        self.status = state
        self._post({"t": "status", "state": state, "reason": reason})

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # never let the thread die silently
            self._status("lost", f"{type(exc).__name__}: {exc}")

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        address, port, room, name = self._args
        self._status("connecting")
        dropped_at: float | None = None
        while not self._closing:
            try:
                reader, writer = await asyncio.open_connection(address, port, limit=protocol.MAX_HOST_BYTES + 2)
            except OSError as exc:
                if dropped_at is None and self.token is None:
                    self._status("lost", f"could not reach {address}:{port} ({exc.strerror or exc})")
                    return
                dropped_at = dropped_at or time.monotonic()
                if time.monotonic() - dropped_at > self.retry_s:
                    self._status("lost", "the host did not come back")
                    return
                await asyncio.sleep(RETRY_EVERY_S)
                continue
            self._writer = writer
            hello: dict[str, Any] = {"t": "hello", "v": protocol.VERSION, "room": room, "name": name}
            if self.token:
                hello["token"] = self.token
            writer.write(protocol.encode(hello))
            self._joined = False
            self._status("connected")
            final = await self._read(reader, writer)
            self._writer = None
            if final or self._closing or self.token is None:
                if not self._closing:
                    self._status("lost", final or "the connection closed")
                return
            dropped_at = time.monotonic()
            self._status("reconnecting", "the connection dropped")

    async def _read(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
        """Read until the connection ends; returns a reason when it must not be retried."""
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    return "the host sent a message too long"
                except (ConnectionError, OSError):
                    return ""
                if not line:
                    return ""
                self.bytes_received += len(line)
                if self.dump is not None:
                    self.dump.write(line)
                    self.dump.flush()
                try:
                    message = protocol.decode(line, protocol.MAX_HOST_BYTES)
                except protocol.ProtocolError:
                    continue
                message["arrived"] = clock_ms()
                final = self._take(message, writer)
                if final:
                    return final
        finally:
            try:
                writer.close()
            except (OSError, RuntimeError):
                pass

    def _plays(self, message: dict[str, Any]) -> list[tuple[int | None, Any, list[Any]]]:
        """``(seat, action, events)`` of each play the view shows (``None`` seat and action: timers)."""
        rules = self.rules
        out, events, start = [], message["events_obj"], 0
        for play in message.get("plays", []):
            action = play.get("action")
            count = play.get("events", 0)
            decoded = rules.action_from_json(action) if action is not None and rules is not None else action
            out.append((play.get("seat"), decoded, events[start:start + count]))
            start += count
        return out

    def _take(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> str:
        kind = message.get("t")
        if kind == "ping":
            self._write(writer, protocol.encode({"t": "pong", "n": message.get("n", 0), "c": clock_ms()}))
            rtt = message.get("rtt")
            if isinstance(rtt, (int, float)) and rtt > 0:
                self.ping_ms = float(rtt)
            return ""
        if kind == "welcome":
            self._joined = True
            self.token = message.get("token")
            try:
                self.rules = game_info(str(message.get("game"))).rules()
            except ValueError:
                return "the host plays a game this version does not have"
            self.seats = tuple(message.get("seats", ()))
        elif kind == "lobby":
            self.lobby = message
        elif kind == "view":
            try:
                message["state_obj"] = decode_state(message["state"])
                message["events_obj"] = [decode(e) for e in message.get("events", [])]
                message["plays_obj"] = self._plays(message)
            except (WireError, KeyError, TypeError, ValueError):
                # a view this client can't read: dropped silently, it left the table a version behind for good (the
                # host waited for a move this player never saw was theirs).  The connection ends instead: the client
                # rejoins with its token and the host sends the whole picture.
                self._shut()
                return ""
            self.view = message
        elif kind == "bye":
            self._post(message)
            return message.get("reason", "the host closed the game") or "bye"
        elif kind == "refused" and not self._joined:  # a wrong room code or token: trying again won't help
            self._post(message)
            return str(message.get("reason", "refused"))
        self._post(message)
        return ""


__all__ = ["Client", "clock_ms"]

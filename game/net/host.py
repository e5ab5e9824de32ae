"""The host of a network game: asyncio streams on a thread of its own, the game's authority inside.

Host API (the in-app Host screen and ``python -m game.net.serve`` both use it)::

    host = Host(HostConfig(game="snap", seats=[SeatSpec("here"), SeatSpec("remote"), SeatSpec("bot", "hard")],
                           options={}, bind="0.0.0.0", port=0))
    host.start()                 # listens (a thread); host.address, host.port, host.room ("KXPTAM")
    host.local_token             # the token of the "here" seats: the host's own table joins with it on 127.0.0.1
    host.lobby()                 # {"started", "over", "paused", "seats": [{"seat", "kind", "name", "level",
                                 #   "connected", "ready", "ping_ms"}]}  (a copy, safe from any thread)
    host.start_game()            # start now (HostConfig.auto_start starts once every seat is in and ready)
    host.stop()

Seats: ``here`` (a human on this computer; its table joins with :attr:`Host.local_token`), ``remote`` (the next
friend who joins with the room code gets it, and a token to rejoin with), ``bot`` at a level.  Options
(:class:`HostConfig`): the game's options, ``bot_after_s`` (a turn game's dropped seat is played by a bot after that
long; ``None``: wait), ``ai_speed``, a ``journal`` path (every accepted action is written there; ``resume=True``
carries on a game from it after a crash, same room and tokens), ``seed``.

Network rules: every line a client sends is size-limited and schema-checked (:mod:`game.net.protocol`); a client
acts only for its seats; malformed, out-of-turn, forged and flooded messages are refused with a reason and never stop
the host (a flood past a limit, an over-long line or a client that stops reading is disconnected; it may rejoin).
Races are judged as :mod:`game.net.clock` explains; turn games wait for a dropped player, races pause until every
player is back.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import threading
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.games import GameInfo, game_info
from game.net import protocol
from game.net.authority import BOT, HERE, REMOTE, Authority, HostMeta, SeatSpec, Update, load_meta, save_meta
from game.net.clock import claim_window
from game.net.connection import FLOOD_BURST, FLOOD_RATE, Connection, now_ms
from game.net.hostlobby import lobby_of, unclash, without_pings

TICK_S = 0.005
PING_S = 0.25
QUICK_PINGS = 6
LOBBY_PINGS_S = 2.0
"""The lobby is sent again when only the pings changed at most this often."""
MAX_HELLOS = 20
MAX_CONNECTIONS = 64


@dataclass
class HostConfig:
    game: str
    seats: list[SeatSpec]
    options: dict[str, Any] = field(default_factory=dict)
    bind: str = "127.0.0.1"
    port: int = 0
    room: str | None = None
    seed: int | None = None
    journal: Path | None = None
    resume: bool = False
    bot_after_s: float | None = None
    ai_speed: str = "normal"
    auto_start: bool = True
    keep_judged: bool = False  # the bench: keep every race press's judged moment
    time_scale: float = 1.0  # tests only: the game's clock runs this many times faster than real time
    flood_rate: float = FLOOD_RATE  # messages a second a client may send on average, and at once:
    flood_burst: float = FLOOD_BURST  # more are refused (a client far past it is disconnected)


class Host:
    """A hosted game (see the module docstring)."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.info: GameInfo = game_info(config.game)
        self.seats = list(config.seats)
        if not self.info.min_seats <= len(self.seats) <= self.info.max_seats:
            raise ValueError(f"{self.info.title} seats {self.info.min_seats} to {self.info.max_seats}")
        self.info.resolve_options(config.options)
        self.room = config.room or protocol.new_room_code()
        if problem := protocol.room_code_problem(self.room):
            raise ValueError(problem)
        self.seed = config.seed if config.seed is not None else random.SystemRandom().randrange(2**31)
        self.tokens: dict[str, tuple[int, ...]] = {}
        self.names: dict[int, str] = {i: s.name for i, s in enumerate(self.seats) if s.name}
        self.ready: set[int] = set()
        here = tuple(i for i, s in enumerate(self.seats) if s.kind == HERE)
        self.local_token = secrets.token_hex(12)
        if here:
            self.tokens[self.local_token] = here
        self.authority: Authority | None = None
        self.conns: list[Connection] = []
        self.started = False
        self.paused_reason = ""
        self.t0 = 0.0
        self.paused_since: float | None = None
        self.dropped_at: dict[int, float] = {}
        self.judged: list[dict[str, Any]] = []
        self.address = config.bind
        self.port = config.port
        self._lock = threading.Lock()
        self._lobby: dict[str, Any] = {}
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._listening = threading.Event()
        self._error: BaseException | None = None
        self.error: Exception | None = None  # the last error met serving a tick or an action (reported; serving went on)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._lobby_told: dict[str, Any] | None = None  # the lobby last sent to the clients
        self._lobby_sent = 0.0
        if config.resume and config.journal is not None and config.journal.exists():
            self._resume()

    # --- the thread API ----------------------------------------------------

    def start(self, timeout: float = 10.0) -> None:
        """Listen on a thread of its own; returns once listening (``OSError`` if the port can't be had)."""
        self._thread = threading.Thread(target=self._run_thread, name="net-host", daemon=True)
        self._thread.start()
        self._listening.wait(timeout)
        if self._error is not None:
            raise self._error
        if not self._listening.is_set():
            raise OSError("the host did not start listening")

    def _run_thread(self) -> None:
        try:
            asyncio.run(self.serve())
        except BaseException as exc:  # reported to start() (or kept for the caller to read)
            self._error = exc
            self._listening.set()

    def stop(self, timeout: float = 5.0) -> None:
        if self._loop is not None and self._stop is not None:
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)

    def lobby(self) -> dict[str, Any]:
        """Who is at the table (a copy, safe to read from any thread)."""
        with self._lock:
            lobby: dict[str, Any] = json.loads(json.dumps(self._lobby))
        return lobby

    def start_game(self) -> None:
        """Start now, whoever is in (the seats nobody took are played by bots at the default level)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._begin)

    # --- serving -----------------------------------------------------------

    async def serve(self) -> None:
        """Serve until :meth:`stop` (or until the game is over, when ``until_over``)."""
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = await asyncio.start_server(self._client, self.config.bind, self.config.port,
                                            limit=protocol.MAX_CLIENT_BYTES + 2)
        self.port = server.sockets[0].getsockname()[1]
        self._lobby_changed()
        self._listening.set()
        ticker = asyncio.create_task(self._ticker())
        try:
            await self._stop.wait()
        finally:
            ticker.cancel()
            server.close()
            for conn in list(self.conns):
                conn.send({"t": "bye", "reason": "the host closed the game"})
                conn.close()
            if self._tasks:
                await asyncio.wait(list(self._tasks), timeout=1.0)
            if self.authority is not None:
                self.authority.close()

    def stop_soon(self) -> None:
        """From the host's own thread: stop serving."""
        if self._stop is not None:
            self._stop.set()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self.conns) >= MAX_CONNECTIONS:
            writer.close()
            return
        conn = Connection(reader, writer, self.config.flood_rate, self.config.flood_burst)
        self.conns.append(conn)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        try:
            while not conn.closed:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    conn.refuse(f"a message is at most {protocol.MAX_CLIENT_BYTES} bytes: disconnected")
                    break
                except (ConnectionError, OSError):
                    break
                if not line:
                    break
                if not conn.allowed():
                    continue
                try:
                    message = protocol.decode(line, protocol.MAX_CLIENT_BYTES)
                except protocol.ProtocolError as exc:
                    conn.refuse(str(exc))
                    continue
                reason = protocol.check_client(message)
                if reason is not None:
                    conn.refuse(reason, message.get("n") if type(message.get("n")) is int else None)
                    continue
                try:
                    self._handle(conn, message)
                except Exception as exc:  # a bug met by one message must not stop the host for everyone
                    conn.refuse(f"the host could not take that message ({type(exc).__name__})")
        finally:
            conn.close()
            self._gone(conn)

    def _handle(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "hello":
            self._hello(conn, message)
            return
        if not conn.seats and kind != "bye":
            conn.refuse("say hello first (with the room code)")
            return
        if kind == "pong":
            sent = conn.pings.pop(message["n"], None)
            if sent is not None:
                conn.sync.add(sent, now_ms(), message["c"])
        elif kind == "ready":
            for seat in conn.seats:
                (self.ready.add if message["ready"] else self.ready.discard)(seat)
            self._lobby_changed()
        elif kind == "act":
            self._act(conn, message)
        elif kind == "bye":
            conn.close()

    def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.hellos += 1
        if conn.hellos > MAX_HELLOS:
            conn.close()
            return
        if conn.seats:
            conn.refuse("already joined")
            return
        if message["room"] != self.room:
            conn.refuse("that room code is not this table's: check it with the host")
            return
        token = message.get("token")
        if token is not None:
            seats = self.tokens.get(token)
            if seats is None:
                conn.refuse("that seat token is not this table's")
                return
            for other in self.conns:
                if other is not conn and other.token == token:
                    other.send({"t": "bye", "reason": "you joined again from elsewhere"})
                    other.close()
                    other.seats = ()
        else:
            free = [i for i, s in enumerate(self.seats) if s.kind == REMOTE and not any(i in t for t in self.tokens.values())]
            if not free or self.started:
                conn.refuse("the table is full")
                return
            token = secrets.token_hex(12)
            seats = (free[0],)
            self.tokens[token] = seats
        conn.seats, conn.token, conn.name = seats, token, message["name"].strip()
        for seat in seats:
            if self.seats[seat].kind != HERE or not self.seats[seat].name:  # a hot-seat player keeps the host's name
                self.names[seat] = conn.name if len(seats) == 1 else f"{conn.name} {seat + 1}"
            self.dropped_at.pop(seat, None)
            if self.authority is not None:
                self.authority.give_back(seat)
        if not self.started:
            unclash(self.names, self.seats, seats)  # a bot named as this player takes another name
        conn.send({"t": "welcome", "seats": list(seats), "token": token, "game": self.info.id,
                   "options": self.info.resolve_options(self.config.options), "room": self.room,
                   "realtime": self.info.realtime, "num_seats": len(self.seats)})
        for _ in range(QUICK_PINGS):
            conn.ping()
        self._lobby_changed()
        if self.authority is not None:
            self._send_view(conn)
            self._check_pause()

    def _gone(self, conn: Connection) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
        t = now_ms()
        for seat in conn.seats:
            if not self._connected(seat):
                self.dropped_at[seat] = t
        self._lobby_changed()
        self._check_pause()

    def _connected(self, seat: int) -> bool:
        return any(seat in c.seats and not c.closed for c in self.conns)

    # --- the game ----------------------------------------------------------

    def _resume(self) -> None:
        assert self.config.journal is not None
        meta = load_meta(self.config.journal)
        self.room, self.tokens, self.local_token, self.names = meta.room, meta.tokens, meta.local_token, meta.names
        self.seats = meta.seats
        self.authority = Authority.resume(self.info, self.seats, self.config.journal, self.config.ai_speed)
        self.started = True
        self.t0 = now_ms() - self.authority.clock / self.config.time_scale
        self.dropped_at = {seat: now_ms() for seat, spec in enumerate(self.seats) if spec.kind != BOT}
        self.paused_since = now_ms() if self.info.realtime else None
        self.paused_reason = "waiting for the players to come back" if self.info.realtime else ""

    def _begin(self) -> None:
        if self.started:
            return
        self.started = True
        for seat, spec in enumerate(self.seats):
            spec.name = self.names.get(seat) or spec.name
        self.authority = Authority(self.info, self.seats, self.seed, self.config.options, self.config.journal,
                                   self.config.ai_speed)
        for seat, spec in enumerate(self.seats):
            if spec.kind != BOT and not self._connected(seat):
                self.authority.take_over(seat)
        if self.config.journal is not None:
            save_meta(self.config.journal, HostMeta(self.room, self.tokens, self.local_token, self.names, self.seats))
        self._update_window()
        self.t0 = now_ms()
        self._lobby_changed()
        for conn in self.conns:
            self._send_view(conn)

    def game_ms(self, host_ms: float | None = None) -> int:
        t = now_ms() if host_ms is None else host_ms
        if self.paused_since is not None:
            t = min(t, self.paused_since)
        return max(0, int((t - self.t0) * self.config.time_scale))

    def _update_window(self) -> None:
        if self.authority is not None and self.info.realtime:
            syncs = [c.sync for c in self.conns if c.seats and c.sync.ready]
            self.authority.set_window(int(claim_window(syncs) * self.config.time_scale))

    def _check_pause(self) -> None:
        """Races pause while a player's seat has nobody connected; turn games wait (a bot may take over later)."""
        if self.authority is None or self.authority.is_over or not self.info.realtime:
            return
        missing = [s for s, spec in enumerate(self.seats) if spec.kind != BOT and s in self.dropped_at
                   and s not in self.authority.bots]
        if missing and self.paused_since is None:
            self.paused_since = now_ms()
            self.paused_reason = f"{self.names.get(missing[0], 'a player')} is reconnecting..."
            self._broadcast({"t": "pause", "reason": self.paused_reason})
        elif not missing and self.paused_since is not None:
            self.t0 += now_ms() - self.paused_since
            self.paused_since = None
            self.paused_reason = ""
            self._update_window()
            self._broadcast({"t": "resume"})
        self._lobby_changed()

    def _act(self, conn: Connection, message: dict[str, Any]) -> None:
        arrived = now_ms()
        seat, n = message["seat"], message["n"]
        if seat not in conn.seats:
            conn.refuse("that is not your seat", n)
            return
        if self.authority is None:
            conn.refuse("the game has not started", n)
            return
        if self.paused_since is not None:
            conn.refuse("the game is paused: " + self.paused_reason, n)
            return
        at = 0
        if self.info.realtime:
            sync = conn.sync
            stamp = message.get("stamp")
            if stamp is None or not sync.ready:
                judged = arrived - sync.one_way_ms
            else:
                judged = sync.judge(stamp, arrived, conn.sent_views.get(message.get("seen", -1)))
            at = self.game_ms(judged)
            if self.config.keep_judged:
                self.judged.append({"seat": seat, "n": n, "at": at, "seen": message.get("seen"),
                                    "stamp": message.get("stamp")})
        try:
            reason, update = self.authority.submit(seat, message["action"], at, (conn, n))
        except Exception as exc:  # the engine met a bug before the action was played: the sender is told so
            self._report(exc)
            conn.refuse(f"the host could not take that action ({type(exc).__name__})", n)
            return
        if reason is not None:
            conn.refuse(reason, n)
            return
        self._distribute(update)  # played: every client hears of it (never told "refused")

    def _distribute(self, update: Update) -> None:
        if update.problem is not None:  # met after the plays (the journal's write): reported; the plays stand
            self._report(update.problem)
        for seat, reason, tag in update.refused:
            conn, n = tag
            conn.refuse(reason, n)
        if update.changed:
            for conn in list(self.conns):
                if conn.seats:
                    self._send_view(conn, update.plays)
            if self.authority is not None and self.authority.is_over:
                self._lobby_changed()

    def _send_view(self, conn: Connection, plays: list[Any] | None = None) -> None:
        """A view of what ``plays`` did; without them the full picture (a join, a rejoin, the start).  A view that
        can't be made is reported and its connection closed: the client rejoins with its token and takes the whole
        picture (it is never left a version behind without a word, nor are the other clients)."""
        if self.authority is not None:
            try:
                conn.send_view(self.info.id, self.authority.state, self.authority.version, self.authority.clock,
                               plays, self.authority.rules.action_to_json)
            except Exception as exc:
                self._report(exc)
                conn.close()

    def _broadcast(self, message: dict[str, Any]) -> None:
        for conn in self.conns:
            if conn.seats:
                conn.send(message)

    async def _ticker(self) -> None:
        last_ping, last = 0.0, now_ms()
        while True:
            await asyncio.sleep(TICK_S)
            t = now_ms()
            pings = t - last_ping >= PING_S * 1000
            last_ping = t if pings else last_ping
            self._beat(t, (t - last) / 1000, pings)
            last = t

    def _beat(self, t: float, dt: float, pings: bool) -> None:
        """One tick: bots, timers, (every ``PING_S``) pings and the lobby.  An error is reported on stderr and the
        host keeps serving (the journal holds the game): a tick that raised must not stop every later tick."""
        try:
            self._tick(t, dt)
            if pings:
                for conn in self.conns:
                    if conn.seats:
                        conn.ping()
                self._update_window()
                self._lobby_changed()
        except Exception as exc:
            self._report(exc)

    def _report(self, exc: Exception) -> None:
        """An error met while serving, on stderr (once while the same one repeats) and kept in :attr:`error`."""
        if repr(exc) != repr(self.error):
            traceback.print_exception(exc)  # to stderr
        self.error = exc

    def _tick(self, t: float, dt: float) -> None:
        if self.config.auto_start and not self.started and self._all_in():
            self._begin()
        authority = self.authority
        if authority is None or authority.is_over:
            return
        if self.config.bot_after_s is not None and not self.info.realtime:
            for seat, since in list(self.dropped_at.items()):
                if t - since >= self.config.bot_after_s * 1000 and seat not in authority.bots:
                    authority.take_over(seat)
        if self.paused_since is not None:
            return
        self._distribute(authority.step(self.game_ms(t), dt))

    def _all_in(self) -> bool:
        people = [i for i, s in enumerate(self.seats) if s.kind != BOT]
        return all(self._connected(i) and i in self.ready for i in people)

    def _lobby_changed(self) -> None:
        """The lobby as it is now (for :meth:`lobby`), sent to every client if it changed: at once, or within
        :data:`LOBBY_PINGS_S` when only the pings moved (never kept back for good)."""
        lobby = lobby_of(self)
        with self._lock:
            self._lobby = lobby
        told, t = self._lobby_told, now_ms()
        if lobby != told and (told is None or without_pings(lobby) != without_pings(told)
                              or t - self._lobby_sent >= LOBBY_PINGS_S * 1000):
            self._lobby_told, self._lobby_sent = lobby, t  # a ping that moved waits, at most this long
            self._broadcast(lobby)


__all__ = ["Host", "HostConfig", "SeatSpec", "HERE", "REMOTE", "BOT"]

"""A network game as the screens see it: the lobby, this computer's seats, and the link a remote table uses.

:class:`NetSession` wraps :mod:`game.net`'s client (a network thread behind
queues: nothing here ever blocks the pygame loop).  The host's own computer is
a client too, of the host it runs in a thread of the app, over 127.0.0.1: one
code path for everyone.  The session turns the host's messages into what the
screens read (:class:`Lobby`, :class:`Started`) and what a remote table takes
(:class:`~game.kit.remote.View`, :class:`~game.kit.remote.Refusal`), and it
implements :class:`~game.kit.remote.RemoteLink`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.games import DEFAULT_GAME, game_info

from game.kit.remote import Refusal, View
from game.shell.session import AI_NAMES


@dataclass
class LobbySeat:
    seat: int
    name: str
    kind: str  # you | here | friend | bot (as the host planned it); host (the host's computer, seen by a friend)
    level: str | None = None
    joined: bool = False
    ready: bool = False
    connection: str = ""  # "42 ms", "reconnecting...", "" (a bot, or the host's computer)
    mine: bool = False


@dataclass
class Lobby:
    game: str
    options: dict[str, Any]
    seats: list[LobbySeat]
    room: str = ""
    address: str = ""
    port: int = 0
    host_name: str = ""

    @property
    def all_ready(self) -> bool:
        """Every seat a person plays has someone in it, ready."""
        return bool(self.seats) and all(s.kind == "bot" or (s.joined and s.ready) for s in self.seats)

    @property
    def options_line(self) -> str:
        info = game_info(self.game)
        words = []
        for option in info.offered(self.options, network=True):
            value = self.options.get(option.key)
            words += [f"{option.label}: {label}" for v, label in option.choices if v == value][:1]
        return "  ·  ".join(words)


@dataclass(frozen=True)
class Player:
    name: str
    kind: str  # human | bot
    level: str | None = None


@dataclass
class Started:
    """The game the host started: what a table needs to open."""

    game: str
    options: dict[str, Any]
    players: list[Player]
    mine: list[int] = field(default_factory=list)


class NetSession:
    """One computer's side of a network game: the client, the host it runs (if it hosts), the lobby, the views."""

    def __init__(self, client: Any, lobby: Lobby, host: Any = None) -> None:
        self.client = client
        self.host = host
        self.lobby = lobby
        self.seats: list[int] = []  # this computer's seats (RemoteLink)
        self.ready_now = False
        self.problem = ""
        self.started: Started | None = None
        self.state: Any = None  # the latest picture the host sent
        self.version = -1
        self.fresh_picture = False  # a whole new picture after the table opened: the table opens again on it
        self.paused: str | None = None
        self.views: list[View | Refusal] = []
        self.pings: dict[int, int] = {}  # seat -> ms, as the host measured them
        self.away: set[int] = set()
        self.closed = False
        self.table: Any = None  # the table open on this session
        self.reconnects = 0
        self.rejoined = False  # the connection dropped: the next view is a whole new picture
        self.sent: dict[int, int] = {}  # the number of each action sent -> its seat (a refusal names the number)
        self.keep_seat: Any = None  # called with the host's token on each welcome, None when it refused ours
        self.saved_token = False  # this join used a token remembered from an earlier run of the app

    @property
    def hosting(self) -> bool:
        return self.host is not None

    # --- the lobby's side ---------------------------------------------------------------

    def set_ready(self, ready: bool) -> None:
        self.ready_now = ready
        self.client.ready(ready)

    def start_game(self) -> str | None:
        """The host starts the game once everyone is ready; why it can't, else None."""
        if self.host is None:
            return "Only the host starts the game."
        if not self.lobby.all_ready:
            return "Not everyone is ready yet."
        return self.host.start_game()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.client.close()
        if self.host is not None:
            self.host.stop()

    # --- the link a remote table uses ---------------------------------------------------

    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> int:
        """Send ``seat``'s ``action``; the message's number (the host's refusal of it names it)."""
        info = game_info(self.lobby.game)
        data = info.rules().action_to_json(action)
        n: int = self.client.send(seat, data, None if stamp_ms is None else max(0, int(stamp_ms)))
        self.sent[n] = seat
        if len(self.sent) > 256:
            for old in sorted(self.sent)[:128]:
                del self.sent[old]
        return n

    def clock_ms(self) -> float:
        """The clock presses are stamped with: the client's."""
        return float(self.client.clock_ms())

    def updates(self) -> list[View | Refusal]:
        self.poll()
        if self.fresh_picture:
            return []  # what follows a fresh picture is for the table that opens on it
        out, self.views = self.views, []
        return out

    def wake_with(self, callback: Any) -> None:
        """``callback()`` is called (on the network thread) when a message arrives while none waits."""
        self.client.wake = callback

    def quiet(self) -> bool:
        """Nothing from the host waits to be taken."""
        return not self.views and not self.client.pending()

    def connection(self, seat: int) -> str:
        if seat in self.away:
            return "reconnecting..."
        ping = self.pings.get(seat)
        return f"{ping} ms" if ping is not None and seat not in self.seats else ""

    def waiting_for(self) -> str | None:
        return self.paused

    # --- the host's messages ------------------------------------------------------------

    def poll(self) -> bool:
        """Take in what came from the host (never blocks); whether the lobby or the game changed."""
        changed = False
        for message in self.client.poll():
            changed = self._take(message) or changed
        return changed

    def _take(self, message: dict[str, Any]) -> bool:
        kind = message.get("t")
        if kind == "welcome":
            self.seats = [int(s) for s in message.get("seats", ())]
            if self.keep_seat is not None and isinstance(message.get("token"), str):
                self.keep_seat(message["token"])
            if isinstance(message.get("game"), str) and isinstance(message.get("options"), dict):
                self.lobby.game, self.lobby.options = message["game"], dict(message["options"])
            if self.ready_now:
                self.client.ready(True)  # the host's own seats are ready from the start
            if self.rejoined:  # back: the host took this computer in again with its token
                self.paused = None
                self.away -= set(self.seats)
            return True
        if kind == "lobby":
            self._take_lobby(message)
            return True
        if kind == "view":
            return self._take_view(message)
        if kind == "refused":
            n = message.get("n") if type(message.get("n")) is int else None
            seat = self.sent.pop(n, None) if n is not None else None
            reason = str(message.get("reason", "refused"))
            if self.started is None:
                self.problem = f"The host says: {reason}"
                if self.saved_token and self.keep_seat is not None:  # an old seat this table doesn't know
                    self.keep_seat(None)
                    self.problem += ". This computer's old seat there is forgotten: Join again."
            else:
                self.views.append(Refusal(seat, reason[:1].upper() + reason[1:], n))
            return True
        if kind == "pause":
            self.paused = str(message.get("reason") or "The host holds the game.")
            return True
        if kind == "resume":
            self.paused = None
            return True
        if kind == "status":
            return self._take_status(str(message.get("state", "")), str(message.get("reason", "")))
        if kind == "bye":
            self.problem = f"The host ended the game: {message.get('reason') or 'bye'}."
            return True
        return False

    def _take_lobby(self, message: dict[str, Any]) -> None:
        seats = []
        self.pings.clear()
        self.away = set()
        for i, s in enumerate(message.get("seats", [])):
            kind = {"here": "here", "remote": "friend", "bot": "bot"}.get(s.get("kind"), "friend")
            if kind == "here" and i in self.seats and self.hosting:
                kind = "you" if i == min(self.seats) else "here"
            elif kind == "here" and not self.hosting:
                kind = "host"  # a seat at the host's computer
            connected = bool(s.get("connected")) or kind == "bot"
            ping = s.get("ping_ms")
            if isinstance(ping, (int, float)) and kind == "friend":
                self.pings[i] = round(ping)
            if self.started is not None and kind != "bot" and not connected and not s.get("bot_playing"):
                self.away.add(i)
            name = str(s.get("name") or "")
            if kind == "bot" and (not name or name == s.get("level")):
                name = AI_NAMES[i % len(AI_NAMES)]
            seats.append(LobbySeat(i, name or f"Seat {i + 1}", kind, s.get("level") or None, connected,
                                   bool(s.get("ready")), self.connection(i) if kind == "friend" else "", i in self.seats))
        self.lobby = Lobby(str(message.get("game", self.lobby.game)), self.lobby.options, seats,
                           str(message.get("room", self.lobby.room)), str(message.get("address") or self.lobby.address),
                           int(message.get("port") or self.lobby.port), self.lobby.host_name)
        self.paused = str(message.get("paused")) if message.get("paused") else self.paused if self.started else None

    def _take_view(self, message: dict[str, Any]) -> bool:
        state = message.get("state_obj")
        if state is None:
            return False
        fresh = self.started is None or self.rejoined or bool(message.get("full"))
        self.rejoined = False
        if self.started is None:
            self.started = Started(self.lobby.game, dict(self.lobby.options),
                                   [Player(s.name, "bot" if s.kind == "bot" else "human", s.level) for s in self.lobby.seats],
                                   list(self.seats))
            self.state = state
            return True
        if fresh:
            self.state = state  # the picture a table opens on; later views come to it in order
            self.fresh_picture = True
            self.views.clear()
        elif message.get("plays_obj"):  # each play with its seat and action: shown as a local one would be
            for seat, action, events in message["plays_obj"]:
                self.views.append(View(state, tuple(events), seat, action))
        else:
            self.views.append(View(state, tuple(message.get("events_obj", ())), None, None))
        return True

    def _take_status(self, state: str, reason: str) -> bool:
        if state == "reconnecting":
            self.rejoined = True
            self.reconnects += 1
            self.paused = "Reconnecting to the host..."
            self.away |= set(self.seats)
        elif state == "lost":
            self.paused = None
            if not self.problem.startswith("The host says"):  # a refusal (a wrong room code...) says more
                self.problem = f"The connection to the host is lost ({reason or 'no answer'})."
            if self.started is not None:
                self.paused = "The connection to the host is lost: press Esc for the menu."
        return True


def _host_seats(seats: list[Any]) -> list[Any]:
    from game.net.authority import SeatSpec

    kinds = {"you": "here", "here": "here", "friend": "remote", "bot": "bot"}
    return [SeatSpec(kinds[s.kind], s.level if s.kind == "bot" else "", s.name if s.kind != "friend" else "")
            for s in seats]


def host_session(app: Any, game: str, options: dict[str, Any], seats: list[Any], port: int) -> tuple[NetSession | None, str]:
    """The host on a thread of this app, listening on ``port``, and this computer's client of it over 127.0.0.1."""
    from game.net.client import Client
    from game.net.host import Host, HostConfig
    from game.net.lan import LOOPBACK, bind_address, this_computer_address

    config = HostConfig(game=game, seats=_host_seats(seats), options=dict(options), bind=bind_address("0.0.0.0"),
                        port=port, auto_start=False, ai_speed=app.settings.ai_speed)
    host = Host(config)
    try:
        host.start()
    except OSError as exc:
        return None, (f"Port {port} can't be opened ({exc.strerror or exc}): another program may use it; "
                      "try another number, 47475 say.")
    me = next((s.name for s in seats if s.kind == "you"), "Host")
    lobby = Lobby(game, dict(options), [], host.room, this_computer_address(), host.port, me)
    client = Client()
    client.connect(LOOPBACK, host.port, host.room, me, token=host.local_token)
    session = NetSession(client, lobby, host)
    session.ready_now = True  # said to the host once it welcomes this client
    return session, ""


def join_session(address: str, port: int, room: str, name: str, data_dir: Any = None) -> tuple[NetSession | None, str]:
    """This computer's client of a host (connecting goes on in its thread: the lobby shows how it goes).

    With ``data_dir``, a seat this computer held at that table before the app was closed is taken back with its
    token (:mod:`game.screens.net_seats`), and each welcome's token is remembered."""
    from game.net.client import Client
    from game.screens import net_seats

    token, problem = net_seats.saved_token(data_dir, address, port, room) if data_dir is not None else (None, None)
    client = Client()
    client.connect(address, port, room, name, token=token)
    lobby = Lobby(DEFAULT_GAME, {}, [], room, address, port, "")  # the welcome names the host's game
    session = NetSession(client, lobby)
    if data_dir is not None:
        session.saved_token = token is not None
        session.keep_seat = lambda t: net_seats.remember(data_dir, address, port, room, t)
    return session, problem or ""


__all__ = ["Lobby", "LobbySeat", "NetSession", "Player", "Started", "host_session", "join_session"]

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

from engine.games import game_info

from game.kit.remote import Refusal, View


@dataclass
class LobbySeat:
    seat: int
    name: str
    kind: str  # you | here | friend | bot (as the host planned it)
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
        return all(s.kind == "bot" or (s.joined and s.ready) for s in self.seats)

    @property
    def options_line(self) -> str:
        info = game_info(self.game)
        words = []
        for option in info.menu_options:
            value = self.options.get(option.key)
            words += [label for v, label in option.choices if v == value][:1]
        return ", ".join(words)


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

    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> None:
        info = game_info(self.lobby.game)
        data = info.rules().action_to_json(action)
        self.client.send(seat, data, None if stamp_ms is None else max(0, int(stamp_ms)))

    def updates(self) -> list[View | Refusal]:
        self.poll()
        out, self.views = self.views, []
        return out

    def connection(self, seat: int) -> str:
        if seat in self.away:
            return "reconnecting..."
        ping = self.pings.get(seat)
        return f"{ping} ms" if ping is not None and seat not in self.seats else ""

    def waiting_for(self) -> str | None:
        return self.paused

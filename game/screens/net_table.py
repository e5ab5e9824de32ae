"""Opening a game's own table in remote mode on the picture the host sent.

The table is the game's usual class with :class:`RemoteTable` (the badges, the
hold line, no pause on focus loss) put before it, and its controller's seams
filled from :mod:`game.kit.remote`: a race's :class:`~game.kit.races.RealtimeController`
gets a :class:`~game.kit.remote.RemoteRaceDriver` in its driver's place and never
offers "Skip to the end" (time is the host's); a turn table's
:class:`~game.kit.turns.TurnController` gets a :class:`~game.kit.remote.HostAuthority`
and :class:`~game.kit.remote.HostPlays` as its other seats' source.  Neither
controller journals (the host keeps the journal).  Every remote table draws a
line across the top while the host holds the game for a seat that is away, never
pauses when the window loses the focus (the others play on), and opens again on
a fresh picture (a rejoin: the table is rebuilt exactly as a resumed game is).
A remote table rests as the game's own does (nothing moving, nothing from the
host waiting to be taken); each message from the host wakes the loop
(:data:`NET_WAKE`, posted by the client's network thread).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pygame

from engine.envelope import PlayerInfo
from engine.games import game_info, load

from game.kit.remote import HostAuthority, HostPlays, RemoteRaceDriver, monotonic_ms, set_connections
from game.kit.skip import SkipToEnd
from game.kit.ui import GOLD, INK, draw_panel
from game.kit.wording import YOU
from game.shell.session import GameSetup, SeatConfig

_CLASSES: dict[type, type] = {}

NET_WAKE = pygame.event.custom_type()
"""Posted (from the network thread) when a message from the host arrived: a resting table steps to take it."""


def post_wake() -> None:
    """A message came: wake the loop (it may be resting; pygame's queue takes events from any thread)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(NET_WAKE))


class NeverSkip(SkipToEnd):
    """A remote race is played at the host's pace: no "Skip to the end"."""

    def watch(self, humans_out: bool, dt: float) -> None:
        self.out_for = 0.0


class RemoteTable:
    """What every remote table adds: the link, the connection badges, the hold line, no pause on focus loss."""

    hold_line_at_top = True

    network: Any = None

    def attach(self, session: Any) -> None:
        t: Any = self
        t.network = session  # the table contract's hook: a network game
        t.stats_noted = True  # the host's game: never counted on this computer
        session.wake_with(post_wake)  # the table may rest: each message from the host wakes it

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == NET_WAKE:
            return True  # the host sent something: this frame takes it (update) and draws
        if event.type == pygame.WINDOWFOCUSLOST:
            return False  # a network game goes on: nothing pauses when this window loses the focus
        return bool(super().handle_event(event))  # type: ignore[misc]

    def exit(self) -> None:
        super().exit()  # type: ignore[misc]
        if getattr(self.network, "table", self) is self:
            self.network.close()  # leaving the game: the connection (and the host this app runs) ends

    def update(self, dt: float) -> None:
        t: Any = self
        super().update(dt)  # type: ignore[misc]
        if set_connections(list(t.record.players), t.network):  # after the host's news of this frame
            refresh = getattr(t, "layer", None)
            if refresh is not None and hasattr(refresh, "invalidate"):
                refresh.invalidate()
            t.app.dirty = True  # a badge changed: drawn even at rest
        if t.network.fresh_picture:
            open_remote_table(t.app, t.network)

    def is_animating(self) -> bool:
        """As the game's own table, and while anything from the host waits to be taken; at rest otherwise (a
        message from the host wakes the loop: :data:`NET_WAKE`)."""
        t: Any = self
        return bool(super().is_animating()) or not t.network.quiet()  # type: ignore[misc]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        why = self.network.waiting_for() if self.network is not None else None
        if why:
            draw_hold_line(self, surface, why, self.hold_line_at_top)


def draw_hold_line(table: Any, surface: pygame.Surface, line: str, at_top: bool = True) -> None:
    """The host holds the game: a line says for whom, across the top of a race table (between its status box and
    Menu) or over the middle of a turn table (whose top row holds the seats' panels)."""
    s = table.layout.scale
    box = pygame.Rect(0, 0, min(surface.get_width() - 40, round(600 * s)), round(48 * s))
    if at_top:
        box.midtop = (surface.get_width() // 2, round(12 * s))
    else:
        box.center = (surface.get_width() // 2, round(surface.get_height() * 0.42))
    draw_panel(surface, box, (90, 30, 26, 235), round(10 * s), GOLD, table.panels)
    table.app.text.blit(surface, line, round(22 * s), box.center, INK, "center", box.w - round(24 * s))


def remote_class(cls: type, realtime: bool) -> type:
    """The game's table class in remote mode (made once per class)."""
    if cls not in _CLASSES:
        if realtime:
            bases: tuple[type, ...] = (RemoteRaceTable, cls)
        elif callable(getattr(cls, "facts_from_events", None)):  # declared by the table (the contract's optional hooks)
            bases = (RemoteDuelTable, cls)
        else:
            bases = (RemoteTurnTable, cls)
        _CLASSES[cls] = type(f"Remote{cls.__name__}", bases, {"__module__": __name__})
    return _CLASSES[cls]


class RemoteRaceTable(RemoteTable):
    """A race table: the remote driver in the real-time driver's place; the badge under a name is its connection."""

    def attach(self, session: Any) -> None:
        super().attach(session)
        race: Any = getattr(self, "race")
        race.driver = RemoteRaceDriver(race.state, session, getattr(session, "clock_ms", monotonic_ms))
        race.skip = NeverSkip()
        race.journal = lambda: None  # the host keeps the journal
        t: Any = self
        t.keys_first = False  # the game runs on the host: no keys screen holds it up (Players' keys is in the menu)

    def seat_keys_line(self, seat: int) -> str:
        line = self.network.connection(seat) if self.network is not None else ""  # (asked before attach too)
        return line or str(super().seat_keys_line(seat))  # type: ignore[misc]


class RemoteTurnTable(RemoteTable):
    """A turn table: its controller's authority is the host, and the other seats play there."""

    hold_line_at_top = False

    def attach(self, session: Any) -> None:
        super().attach(session)
        turns: Any = getattr(self, "turns")
        turns.cancel()  # the bots the table opened with never play here
        turns.authority = HostAuthority(session)
        turns.source = HostPlays()  # the bots play on the host
        turns.journal = lambda: None  # the host keeps the journal

    def is_animating(self) -> bool:
        """Also while a view of the host's waits for the table's steps (taken one per still frame)."""
        turns: Any = getattr(self, "turns")
        return bool(super().is_animating()) or bool(turns.authority.pending)


class RemoteDuelTable(RemoteTurnTable):
    """A table whose end screen tells the game from its events (``facts_from_events``): from the views shown, since a
    client has no record to replay."""

    seen_steps: list[tuple[list[Any], Any]]

    def shown(self, seat: int, action: Any, events: list[Any]) -> None:
        super().shown(seat, action, events)  # type: ignore[misc]
        state: Any = getattr(self, "state")
        if not hasattr(self, "seen_steps"):
            self.seen_steps = []
            self.first_game = state.game
        self.seen_steps.append((events, SimpleNamespace(game=state.game, games_won=state.games_won)))

    def summary_facts(self) -> Any:
        state: Any = getattr(self, "state")
        facts = getattr(self, "facts_from_events")(getattr(self, "first_game", state.game), getattr(self, "seen_steps", []))
        facts.winner = state.winner
        return facts


def client_setup(start: Any) -> GameSetup:
    """The setup this computer's table opens with: its seats human, every other seat as the host names it."""
    info = game_info(start.game)
    seats = [SeatConfig(p.name, "human" if i in start.mine else "ai", info.default_level or "standard")
             for i, p in enumerate(start.players)]
    return GameSetup(seats, None, None, info.id, dict(start.options))


def open_remote_table(app: Any, session: Any) -> Any:
    """The game's table on the host's latest picture, over the title (a rejoin replaces the table it had)."""
    start = session.started
    session.fresh_picture = False
    setup = client_setup(start)
    info = setup.info
    record, _ = setup.start(random.Random(0))  # a record for the table's names only: it is never saved
    alone = start.mine[0] if len(start.mine) == 1 else None  # one player at this computer: "You" at its table
    record.players = tuple(PlayerInfo(YOU if i == alone else p.name, "ai" if p.kind == "bot" else "human",
                                      p.level if p.kind == "bot" else None, {"connection": ""})
                           for i, p in enumerate(start.players))
    app.game_id = info.id
    table = remote_class(load(info.table), info.realtime)(app, setup, record=record, state=session.state)
    table.attach(session)
    session.table = table  # the table that was there (a rejoin) leaves without closing the session
    app.to_title()
    app.stack.push(table)
    app.dirty = True
    return table


__all__ = ["open_remote_table", "remote_class", "client_setup", "RemoteTable", "RemoteTurnTable", "NeverSkip"]

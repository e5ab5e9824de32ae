"""The lobby: who sits where, who has joined, their ping, who is ready; Start (the host) when everyone is.

The host's lobby shows what friends need to join: this computer's address, the
port and the room code (and friends on this network see the game listed by
themselves while it is open).  A joiner's lobby shows the same seats and a
Ready button.  When the host starts, every lobby opens its table in remote mode
(:func:`game.screens.net_table.open_remote_table`).
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.games import game_info

from game.kit.ui import GOLD, INK, MUTED, Button, draw_panel
from game.net.lan import HostBeacon
from game.screens.menu import MenuScene
from game.screens.net_session import Lobby, NetSession, host_session, join_session

KIND_WORDS = {"you": "this computer", "here": "this computer (hot-seat)", "friend": "a friend", "bot": "bot",
              "host": "the host's computer"}


def open_hosted_lobby(app: Any, game: str, options: dict[str, Any], seats: list[Any], port: int) -> str | None:
    """Start the host on this computer and open its lobby; why it could not start, else None."""
    session, problem = host_session(app, game, options, seats, port)
    if session is None:
        return problem
    app.stack.push(LobbyScene(app, session))
    return None


def open_joined_lobby(app: Any, address: str, port: int, room: str, name: str) -> str | None:
    """Connect to a host and open the lobby; why it could not connect, else None."""
    session, problem = join_session(address, port, room, name, app.data_dir)
    if session is None:
        return problem
    if problem:
        app.problems.append(problem)  # the network seats file was damaged: set aside, the join goes on
    app.stack.push(LobbyScene(app, session))
    return None


class LobbyScene(MenuScene):
    title = "Lobby"
    hotkeys = {"leave": "Esc", "ready": "R", "start": "S"}

    def __init__(self, app: Any, session: NetSession) -> None:
        self.session = session
        self.lobby: Lobby = session.lobby
        self.beacon = HostBeacon(self._describe) if session.hosting else None
        self.leaving = False
        super().__init__(app)

    def _describe(self) -> dict[str, Any]:
        lobby = self.lobby
        free = sum(1 for s in lobby.seats if s.kind == "friend" and not s.joined)
        return {"name": lobby.host_name[:40] or "Host", "game": lobby.game, "title": game_info(lobby.game).title,
                "port": lobby.port, "seats_free": min(free, 10)}

    def exit(self) -> None:
        if self.beacon is not None:
            self.beacon.close()
        if self.leaving:
            self.session.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.beacon is not None:
            self.beacon.poll()
        if self.session.poll():
            self.lobby = self.session.lobby
            self.refresh()
            self.app.dirty = True
        if self.session.started is not None:
            from game.screens.net_table import open_remote_table

            if self.beacon is not None:
                self.beacon.close()
            open_remote_table(self.app, self.session)

    def is_animating(self) -> bool:
        return False

    # --- buttons --------------------------------------------------------------------

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        cx = self.layout.w // 2
        y = self.layout.h - round(100 * s)
        out = [Button("leave", "Leave", pygame.Rect(cx - round(330 * s), y, round(200 * s), round(48 * s)))]
        mine_ready = self.session.ready_now
        out.append(Button("ready", "Not ready" if mine_ready else "Ready",
                          pygame.Rect(cx - round(110 * s), y, round(200 * s), round(48 * s)), primary=not mine_ready))
        if self.session.hosting:
            out.append(Button("start", "Start", pygame.Rect(cx + round(110 * s), y, round(200 * s), round(48 * s)),
                              enabled=self.lobby.all_ready, primary=self.lobby.all_ready))
        return out

    def on_button(self, key: str) -> None:
        if key == "leave":
            self.on_back()
        elif key == "ready":
            self.session.set_ready(not self.session.ready_now)
            self.refresh()
        elif key == "start":
            problem = self.session.start_game()
            self.session.problem = problem or ""
            self.refresh()

    def on_back(self) -> None:
        self.leaving = True
        self.app.stack.pop()

    # --- drawing ----------------------------------------------------------------------

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        lobby = self.lobby
        cx = self.layout.w // 2
        y = round(140 * s)
        text.blit(surface, game_info(lobby.game).title, round(26 * s), (cx, y), INK, "midtop", self.layout.w - 40)
        y += round(34 * s)
        if lobby.options_line:
            text.blit(surface, lobby.options_line, round(18 * s), (cx, y), MUTED, "midtop", self.layout.w - 40)
        y += round(30 * s)
        if self.session.hosting:
            box = pygame.Rect(0, y, round(820 * s), round(86 * s))
            box.centerx = cx
            draw_panel(surface, box, (8, 36, 26, 215), round(12 * s), GOLD, self._panels)
            text.blit(surface, "Tell your friends:", round(19 * s), (box.x + round(20 * s), box.y + round(12 * s)), MUTED)
            text.blit(surface, f"address {lobby.address}   port {lobby.port}", round(28 * s),
                      (box.x + round(20 * s), box.y + round(42 * s)), INK, max_w=round(520 * s))
            text.blit(surface, "room", round(19 * s), (box.right - round(250 * s), box.y + round(12 * s)), MUTED)
            text.blit(surface, lobby.room, round(44 * s), (box.right - round(250 * s), box.y + round(32 * s)), GOLD)
            y = box.bottom + round(20 * s)
        else:
            text.blit(surface, f"Room {lobby.room} at {lobby.address}:{lobby.port}", round(20 * s), (cx, y), MUTED, "midtop")
            y += round(36 * s)
        row_h = round(40 * s)
        table = pygame.Rect(0, y, round(820 * s), row_h * (len(lobby.seats) + 1) + round(16 * s))
        table.centerx = cx
        draw_panel(surface, table, (8, 36, 26, 190), round(12 * s), None, self._panels)
        cols = (table.x + round(20 * s), table.x + round(300 * s), table.x + round(560 * s), table.x + round(700 * s))
        px = round(21 * s)
        y = table.y + round(8 * s)
        for label, x in zip(("Seat", "Played by", "Ping", "Ready"), cols):
            text.blit(surface, label, round(18 * s), (x, y + row_h // 2), MUTED, "midleft")
        for seat in lobby.seats:
            y += row_h
            colour = GOLD if seat.mine else INK
            text.blit(surface, f"{seat.seat + 1}. {seat.name}", px, (cols[0], y + row_h // 2), colour, "midleft",
                      max_w=round(270 * s))
            who = KIND_WORDS.get(seat.kind, seat.kind) if seat.kind != "friend" or seat.joined else "waiting to join..."
            if seat.kind == "bot" and seat.level:
                who = f"{game_info(lobby.game).level(seat.level).name} bot"
            text.blit(surface, who, px, (cols[1], y + row_h // 2), INK if seat.joined or seat.kind != "friend" else MUTED,
                      "midleft", max_w=round(250 * s))
            text.blit(surface, seat.connection, px, (cols[2], y + row_h // 2), INK, "midleft", max_w=round(130 * s))
            text.blit(surface, "yes" if seat.ready else "-", px, (cols[3], y + row_h // 2), GOLD if seat.ready else MUTED,
                      "midleft")
        hint = self.session.problem or (
            "Start opens the table for everyone once all are ready." if self.session.hosting else
            "Press Ready when you are; the host starts the game.")
        text.blit(surface, hint, round(19 * s), (cx, self.layout.h - round(22 * s)),
                  MUTED if not self.session.problem else (255, 190, 170), "midbottom", self.layout.w - 40)


__all__ = ["LobbyScene", "open_hosted_lobby", "open_joined_lobby"]

"""Join a game: the host's address and port (or a host found on this network), the room code and your name.

While this screen is open it asks the local network once a second who hosts a
game (:class:`game.net.lan.HostFinder`); each answer is a button that fills in
the address and the port.  "Join" opens the lobby, which connects.
"""

from __future__ import annotations

import pygame

from game.kit.ui import INK, MUTED, Button
from game.net.lan import DEFAULT_PORT, HostFinder, check_destination
from game.net.protocol import ROOM_LENGTH as ROOM_LEN, ROOM_LETTERS
from game.screens.form import FieldRule, FormScene, is_port
from game.shell.session import MAX_NAME

MAX_FOUND = 4
"""Found hosts listed at once (the rest wait for the list to shorten)."""


def _address_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in ".-:")


def _room_char(ch: str) -> bool:
    return ch.upper() in ROOM_LETTERS


class JoinScene(FormScene):
    title = "Join a game"
    hotkeys = {"back": "Esc", "join": "Enter"}
    rules = {"address": FieldRule(60, _address_char), "port": FieldRule(5, str.isdigit),
             "room": FieldRule(ROOM_LEN, _room_char, upper=True), "name": FieldRule(MAX_NAME)}

    def __init__(self, app) -> None:
        self.finder = HostFinder()
        self.seconds = 0.0
        self.problem = ""
        super().__init__(app, {"address": "", "port": str(DEFAULT_PORT), "room": "", "name": "Friend"})

    def exit(self) -> None:
        self.finder.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.seconds += dt
        if self.finder.poll(self.seconds):
            self.refresh()
            self.app.dirty = True

    def _rows(self) -> list[pygame.Rect]:
        s = self.layout.scale
        x = self.layout.w // 2 - round(60 * s)
        return [pygame.Rect(x, round(170 * s) + i * round(54 * s), round(380 * s), round(42 * s)) for i in range(4)]

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        rows = self._rows()
        out = [Button("field:address", self.field_label("address", "type it, or pick one below"), rows[0],
                      primary=self.editing == "address"),
               Button("field:port", self.field_label("port"), rows[1].inflate(-round(220 * s), 0).move(-round(110 * s), 0),
                      primary=self.editing == "port"),
               Button("field:room", self.field_label("room", "6 letters from the host"), rows[2], primary=self.editing == "room"),
               Button("field:name", self.field_label("name"), rows[3], primary=self.editing == "name")]
        y = rows[3].bottom + round(62 * s)
        w = round(760 * s)
        for i, host in enumerate(self.finder.found()[:MAX_FOUND]):
            out.append(Button(f"found:{i}", host.label, pygame.Rect((self.layout.w - w) // 2, y, w, round(40 * s))))
            y += round(48 * s)
        y = max(y + round(16 * s), self.layout.h - round(120 * s))
        cx = self.layout.w // 2
        out.append(Button("back", "Back", pygame.Rect(cx - round(230 * s), y, round(200 * s), round(48 * s))))
        out.append(Button("join", "Join", pygame.Rect(cx + round(30 * s), y, round(200 * s), round(48 * s)), primary=True))
        return out

    def why_not_join(self) -> str | None:
        f = self.fields
        if not f["address"]:
            return "Type the host's address (the host's screen shows it), or pick a game found on this network."
        if not is_port(f["port"]):
            return "The port is a number from 1 to 65535; the host's screen shows it."
        if len(f["room"]) != ROOM_LEN:
            return f"The room code has {ROOM_LEN} letters; the host's screen shows it."
        if not f["name"].strip():
            return "Type your name: the others see it at the table."
        return check_destination(f["address"])

    def on_button(self, key: str) -> None:
        if self.on_field(key):
            return
        if key.startswith("found:"):
            found = self.finder.found()
            i = int(key[6:])
            if i < len(found):
                self.fields["address"], self.fields["port"] = found[i].address, str(found[i].port)
                self.edit("room" if len(self.fields["room"]) != ROOM_LEN else None)
        elif key == "back":
            self.app.stack.pop()
            return
        elif key == "join":
            self.problem = self.why_not_join() or ""
            if not self.problem:
                from game.screens.lobby import open_joined_lobby

                f = self.fields
                self.problem = open_joined_lobby(self.app, f["address"], int(f["port"]), f["room"], f["name"].strip()) or ""
        self.refresh()

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        px = round(22 * s)
        labels = ("Host's address", "Port", "Room code", "Your name")
        for label, row in zip(labels, self._rows()):
            text.blit(surface, label, px, (row.x - round(24 * s), row.centery), INK, "midright")
        y = self._rows()[3].bottom + round(30 * s)
        found = self.finder.found()
        head = "Games on this network:" if found else "Looking for games on this network..."
        text.blit(surface, head, round(20 * s), (self.layout.w // 2, y), MUTED, "midtop")
        hint = self.problem or "Click a field and type; Tab goes to the next one, Enter ends typing."
        text.blit(surface, hint, round(19 * s), (self.layout.w // 2, self.layout.h - round(22 * s)),
                  MUTED if not self.problem else (255, 190, 170), "midbottom", self.layout.w - 40)


__all__ = ["JoinScene"]

"""Play over the network: the choice (Host or Join) and the Host screen (the game, its options, the seats, the port).

The Host screen's seats are of four kinds: **You** (this computer's player),
**Here** (one more player at this computer, hot-seat), **Friend** (a seat a
friend joins from their computer) and **Bot** (at a level).  "Open the room"
starts the host on this computer (a thread of the app: :mod:`game.net`) and
opens the lobby; while the Host screen and the lobby are open, friends on this
network find the game by themselves (:mod:`game.net.lan`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.games import game_info, playable_games

from game.kit.ui import INK, MUTED, Button
from game.net.lan import DEFAULT_PORT
from game.screens.form import FieldRule, FormScene, is_port
from game.screens.menu import MenuScene
from game.shell.session import AI_NAMES, MAX_NAME

SEAT_KINDS = ("you", "friend", "bot", "here")
KIND_LABELS = {"you": "You", "friend": "Friend joins", "bot": "Bot", "here": "Here (hot-seat)"}
HELP = {
    "you": "You play this seat on this computer.",
    "friend": "A friend joins this seat from their computer with the address and the room code.",
    "bot": "The computer plays this seat (on the host). Click the level for the next one.",
    "here": "One more player at this computer: hot-seat, as on a local game.",
}


@dataclass
class SeatPlan:
    """One seat as the host plans it."""

    kind: str  # you | friend | bot | here
    name: str
    level: str = ""


def default_seats(game: str) -> list[SeatPlan]:
    """You and one friend, then bots up to the game's usual number of seats."""
    info = game_info(game)
    seats = [SeatPlan("you", "Host"), SeatPlan("friend", "Friend")]
    for i in range(max(0, info.default_seats - 2)):
        seats.append(SeatPlan("bot", AI_NAMES[i], info.default_level))
    return seats


class NetworkScene(MenuScene):
    """Host a game on this computer, or join one."""

    title = "Play over the network"
    subtitle = "Friends play from their own computers; the host's computer runs the game."
    hotkeys = {"host": "H", "join": "J", "back": "Esc"}

    def make_buttons(self) -> list[Button]:
        rects = self.layout.column(3, width=420)
        return [Button("host", "Host a game", rects[0], primary=True), Button("join", "Join a game", rects[1]),
                Button("back", "Back", rects[2])]

    def on_button(self, key: str) -> None:
        if key == "host":
            self.app.stack.push(HostScene(self.app))
        elif key == "join":
            from game.screens.net_join import JoinScene

            self.app.stack.push(JoinScene(self.app))
        elif key == "back":
            self.app.stack.pop()

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        lines = ("Host: choose the game and who sits where; tell your friends this computer's address and the room code.",
                 "Join: pick a game found on this network, or type the host's address and the room code.")
        y = self.layout.column(3, width=420)[-1].bottom + round(30 * s)
        for line in lines:
            self.app.text.blit(surface, line, round(20 * s), (self.layout.w // 2, y), MUTED, "midtop", self.layout.w - 40)
            y += round(28 * s)


class HostScene(FormScene):
    """The game, its options and its seats; the port; then "Open the room"."""

    title = "Host a game"
    hotkeys = {"back": "Esc", "fewer": "-", "more": "+", "open": "O"}
    rules = {"port": FieldRule(5, str.isdigit)}

    def __init__(self, app) -> None:
        games = [info.id for info in playable_games()]
        self.game = app.game_id if app.game_id in games else games[0]
        self.seats = default_seats(self.game)
        self.options = game_info(self.game).resolve_options()
        self.problem = ""
        super().__init__(app, {"port": str(DEFAULT_PORT)})

    # --- layout ---------------------------------------------------------------------

    def _seat_top(self, i: int) -> int:
        """The top of seat ``i``'s row (the game and the number of players come first)."""
        s = self.layout.scale
        return round(250 * s) + i * round(48 * s)

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        info = game_info(self.game)
        cx = self.layout.w // 2
        x, w, h = cx - round(200 * s), round(400 * s), round(40 * s)
        out = [Button("game", info.title, pygame.Rect(x, round(140 * s), w, h), primary=True)]
        out.append(Button("fewer", "-", pygame.Rect(x, round(192 * s), round(44 * s), h), enabled=len(self.seats) > info.min_seats))
        out.append(Button("more", "+", pygame.Rect(x + round(110 * s), round(192 * s), round(44 * s), h),
                          enabled=len(self.seats) < info.max_seats))
        for i, seat in enumerate(self.seats):
            y = self._seat_top(i)
            out.append(Button(f"kind:{i}", KIND_LABELS[seat.kind], pygame.Rect(x, y, round(200 * s), h)))
            if seat.kind != "friend":
                editing = self.editing == f"name:{i}"
                out.append(Button(f"name:{i}", seat.name + ("|" if editing else ""),
                                  pygame.Rect(x + round(210 * s), y, round(190 * s), h), primary=editing))
            if seat.kind == "bot" and info.levels:
                out.append(Button(f"level:{i}", info.level(seat.level).name, pygame.Rect(x + round(410 * s), y, round(190 * s), h)))
        y = self._seat_top(len(self.seats)) + round(12 * s)
        for k, option in enumerate(info.offered(self.options, network=True)):
            label = next(lbl for v, lbl in option.choices if v == self.options[option.key])
            out.append(Button(f"option:{k}", label, pygame.Rect(x, y, w, h)))
            y += round(48 * s)
        out.append(Button("field:port", self.field_label("port"), pygame.Rect(x, y, round(160 * s), h),
                          primary=self.editing == "port"))
        y = min(y + round(64 * s), self.layout.h - round(96 * s))
        out.append(Button("back", "Back", pygame.Rect(cx - round(230 * s), y, round(200 * s), round(48 * s))))
        out.append(Button("open", "Open the room", pygame.Rect(cx + round(30 * s), y, round(260 * s), round(48 * s)),
                          primary=True))
        return out

    # --- editing ----------------------------------------------------------------------

    def type_text(self, chars: str | None) -> None:
        if self.editing and self.editing.startswith("name:"):
            seat = self.seats[int(self.editing[5:])]
            seat.name = seat.name[:-1] if chars is None else (seat.name + chars)[:MAX_NAME]
            self.refresh()
            return
        super().type_text(chars)

    def edit(self, name: str | None) -> None:
        if self.editing and self.editing.startswith("name:"):
            i = int(self.editing[5:])
            if not self.seats[i].name.strip():
                self.seats[i].name = f"Player {i + 1}"
        super().edit(name)

    def on_button(self, key: str) -> None:
        if self.on_field(key):
            return
        if key.startswith("name:"):
            self.edit(key)
            return
        info = game_info(self.game)
        if key == "game":
            games = [g.id for g in playable_games()]
            self.game = games[(games.index(self.game) + 1) % len(games)]
            self.seats = default_seats(self.game)
            self.options = game_info(self.game).resolve_options()
        elif key == "fewer" and len(self.seats) > info.min_seats:
            self.seats.pop()
        elif key == "more" and len(self.seats) < info.max_seats:
            self.seats.append(SeatPlan("friend", "Friend"))
        elif key.startswith("kind:"):
            seat = self.seats[int(key[5:])]
            kinds = [k for k in SEAT_KINDS if k != "you" or seat.kind == "you" or
                     not any(p.kind == "you" for p in self.seats)]  # one "You" at most (your name: the others see it)
            if not info.levels:
                kinds = [k for k in kinds if k != "bot"]
            seat.kind = kinds[(kinds.index(seat.kind) + 1) % len(kinds)] if seat.kind in kinds else kinds[0]
            if seat.kind == "bot":
                seat.level = seat.level or info.default_level
                seat.name = AI_NAMES[int(key[5:]) % len(AI_NAMES)] if seat.name in ("Friend", "You") else seat.name
            elif seat.kind == "you":
                seat.name = "Host"
            elif seat.kind == "friend":
                seat.name = "Friend"
        elif key.startswith("level:"):
            seat = self.seats[int(key[6:])]
            ids = [lv.id for lv in info.levels]
            seat.level = ids[(ids.index(seat.level) + 1) % len(ids)] if seat.level in ids else info.default_level
        elif key.startswith("option:"):
            option = info.offered(self.options, network=True)[int(key[7:])]
            values = [v for v, _ in option.choices]
            self.options[option.key] = values[(values.index(self.options[option.key]) + 1) % len(values)]
        elif key == "back":
            self.app.stack.pop()
            return
        elif key == "open":
            self.open_room()
            return
        self.refresh()

    def why_not_open(self) -> str | None:
        """Why the room can't open as planned (shown under the button), else None."""
        if not is_port(self.fields["port"]):
            return "The port is a number from 1 to 65535 (47474 unless that one is taken)."
        if not any(seat.kind in ("you", "here") for seat in self.seats):
            return "Someone at this computer plays: make one seat You (a host with no player is the dedicated host)."
        if not any(seat.kind == "friend" for seat in self.seats):
            return "No seat is for a friend: make one seat Friend joins (or play a local game from the title)."
        return None

    def open_room(self) -> None:
        self.problem = self.why_not_open() or ""
        if self.problem:
            self.refresh()
            return
        from game.screens.lobby import open_hosted_lobby

        problem = open_hosted_lobby(self.app, self.game, dict(self.options), list(self.seats), int(self.fields["port"]))
        self.problem = problem or ""
        self.refresh()

    # --- drawing ------------------------------------------------------------------------

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        cx = self.layout.w // 2
        px = round(22 * s)
        label_x = cx - round(440 * s)
        mid = round(20 * s)  # half a row: labels sit on the rows' middle
        text.blit(surface, "Game", px, (label_x, round(140 * s) + mid), INK, "midleft")
        text.blit(surface, "Players", px, (label_x, round(192 * s) + mid), INK, "midleft")
        text.blit(surface, str(len(self.seats)), round(28 * s), (cx - round(200 * s) + round(77 * s), round(192 * s) + mid),
                  INK, "center")
        for i, seat in enumerate(self.seats):
            y = self._seat_top(i) + mid
            text.blit(surface, f"Seat {i + 1}", px, (label_x, y), INK, "midleft")
            if seat.kind == "friend":
                text.blit(surface, "named when they join", round(18 * s), (cx + round(20 * s), y), MUTED, "midleft")
        info = game_info(self.game)
        y = self._seat_top(len(self.seats)) + round(12 * s) + mid
        for option in info.offered(self.options, network=True):
            text.blit(surface, option.label, px, (label_x, y), INK, "midleft", max_w=round(230 * s))
            y += round(48 * s)
        text.blit(surface, "Port", px, (label_x, y), INK, "midleft")
        hint = self.problem or "Click a seat's kind to change it: You, a friend joining, a bot, or one more player here."
        if not self.problem and self.hover and self.hover.startswith("kind:"):
            hint = HELP[self.seats[int(self.hover[5:])].kind]
        text.blit(surface, hint, round(19 * s), (cx, self.layout.h - round(22 * s)), MUTED if not self.problem else (255, 190, 170),
                  "midbottom", self.layout.w - 40)


__all__ = ["NetworkScene", "HostScene", "SeatPlan", "default_seats"]

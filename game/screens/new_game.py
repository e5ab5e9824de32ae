"""New game: seats, human or AI with a level, names, who starts, a deal number."""

from __future__ import annotations

import pygame


from game.kit.ui import INK, MUTED, Button
from game.shell.session import DEFAULT_NAMES, GameSetup, SeatConfig
from game.screens.menu import MenuScene


class NewGameScene(MenuScene):
    """Seats (2-5, human or AI with a level, names), who starts, and an optional deal number."""

    title = "New game"
    hotkeys = {"back": "Esc", "fewer": "-", "more": "+", "start": "S"}

    def __init__(self, app) -> None:
        self.setup = GameSetup()
        self.editing: tuple[str, int] | None = None
        self.deal_text = ""
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        from ai import LEVEL_NAMES

        s = self.layout.scale
        w = self.layout.w
        out: list[Button] = []
        y = round(150 * s)
        row = round(46 * s)
        cx = w // 2
        out.append(Button("fewer", "-", pygame.Rect(cx + round(40 * s), y, round(44 * s), round(40 * s)),
                          enabled=len(self.setup.seats) > 2))
        out.append(Button("more", "+", pygame.Rect(cx + round(150 * s), y, round(44 * s), round(40 * s)),
                          enabled=len(self.setup.seats) < 5))
        y += row + round(10 * s)
        for i, seat in enumerate(self.setup.seats):
            ry = y + i * row
            editing = self.editing == ("name", i)
            label = seat.name + ("|" if editing else "")
            out.append(Button(f"name:{i}", label, pygame.Rect(cx - round(330 * s), ry, round(250 * s), round(40 * s)),
                              primary=editing))
            out.append(Button(f"kind:{i}", "AI" if seat.is_ai else "Human",
                              pygame.Rect(cx - round(70 * s), ry, round(120 * s), round(40 * s))))
            if seat.is_ai:
                out.append(Button(f"level:{i}", LEVEL_NAMES[seat.level],
                                  pygame.Rect(cx + round(60 * s), ry, round(200 * s), round(40 * s))))
        y += len(self.setup.seats) * row + round(20 * s)
        first = "Random" if self.setup.first is None else self.setup.seats[self.setup.first].name
        out.append(Button("first", first, pygame.Rect(cx + round(40 * s), y, round(220 * s), round(40 * s))))
        y += row
        editing = self.editing == ("deal", 0)
        deal = (self.deal_text or ("" if editing else "Random")) + ("|" if editing else "")
        out.append(Button("deal", deal, pygame.Rect(cx + round(40 * s), y, round(220 * s), round(40 * s)), primary=editing))
        y += row + round(16 * s)
        out.append(Button("back", "Back", pygame.Rect(cx - round(230 * s), y, round(200 * s), round(48 * s))))
        out.append(Button("start", "Start", pygame.Rect(cx + round(30 * s), y, round(200 * s), round(48 * s)), primary=True))
        return out

    def _commit_edit(self) -> None:
        if self.editing and self.editing[0] == "name":
            i = self.editing[1]
            if not self.setup.seats[i].name.strip():
                self.setup.seats[i].name = f"Player {i + 1}"
        if self.editing and self.editing[0] == "deal":
            self.setup.deal = int(self.deal_text) if self.deal_text.isdigit() else None
        self.editing = None

    def on_button(self, key: str) -> None:
        from ai import LEVELS

        seats = self.setup.seats
        if not key.startswith("name") and key != "deal":
            self._commit_edit()
        if key == "fewer" and len(seats) > 2:
            seats.pop()
            if self.setup.first is not None and self.setup.first >= len(seats):
                self.setup.first = None
        elif key == "more" and len(seats) < 5:
            seats.append(SeatConfig(DEFAULT_NAMES[len(seats)], "ai", "standard"))
        elif key.startswith("name:"):
            self._commit_edit()
            self.editing = ("name", int(key[5:]))
        elif key.startswith("kind:"):
            seat = seats[int(key[5:])]
            seat.kind = "human" if seat.is_ai else "ai"
        elif key.startswith("level:"):
            seat = seats[int(key[6:])]
            seat.level = LEVELS[(LEVELS.index(seat.level) + 1) % len(LEVELS)]
        elif key == "first":
            f = self.setup.first
            self.setup.first = 0 if f is None else (None if f + 1 >= len(seats) else f + 1)
        elif key == "deal":
            self._commit_edit()
            self.editing = ("deal", 0)
        elif key == "back":
            self.app.stack.pop()
            return
        elif key == "start":
            self.app.start_game(self.setup)
            return
        self.refresh()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing and event.type == pygame.TEXTINPUT:
            self._type(event.text)
            return True
        if self.editing and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self._type(None)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self._commit_edit()
                self.refresh()
                return True
            return True  # while typing, letters and Space are text, not shortcuts
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.editing and not self.button_at(event.pos):
            self._commit_edit()
            self.refresh()
            return True
        return super().handle_event(event)

    def _type(self, chars: str | None) -> None:
        kind, i = self.editing
        if kind == "name":
            seat = self.setup.seats[i]
            seat.name = seat.name[:-1] if chars is None else (seat.name + chars)[:16]
        else:
            if chars is None:
                self.deal_text = self.deal_text[:-1]
            else:
                self.deal_text = (self.deal_text + "".join(ch for ch in chars if ch.isdigit()))[:9]
        self.refresh()

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        cx = self.layout.w // 2
        px = round(24 * s)
        y = round(150 * s)
        text.blit(surface, "Players", px, (cx - round(330 * s), y + round(10 * s)), INK)
        text.blit(surface, str(len(self.setup.seats)), round(30 * s), (cx + round(117 * s), y + round(20 * s)), INK, "center")
        y += round(46 * s) + round(10 * s) + len(self.setup.seats) * round(46 * s) + round(20 * s)
        text.blit(surface, "Who starts", px, (cx - round(330 * s), y + round(10 * s)), INK)
        y += round(46 * s)
        text.blit(surface, "Deal number (to replay a deal)", px, (cx - round(330 * s), y + round(10 * s)), INK,
                  max_w=round(360 * s))
        hint = "Click a name to edit it. Two or more humans play hot-seat on this device."
        if self.hover and self.hover.startswith("level:"):
            from ai import LEVEL_BLURBS

            hint = LEVEL_BLURBS[self.setup.seats[int(self.hover[6:])].level] + " Click for the next level."
        text.blit(surface, hint, round(19 * s), (cx, self.layout.h - round(22 * s)), MUTED, "midbottom", self.layout.w - 40)

"""New game: seats (human or bot with a level, names), the game's options, who starts, a deal number.

The screen reads everything game-specific from the registry (seat range, levels,
options) and remembers the last setup of each game in that game's folder.
"""

from __future__ import annotations

import pygame

from engine.games import game_info

from game.kit.ui import INK, MUTED, Button
from game.screens.menu import MenuScene
from game.screens.overlays import ConfirmScene
from game.shell.session import (
    AI_NAMES, CUSTOM, DEFAULT_NAMES, MAX_NAME, REACTION_CHOICES, GameSetup, SeatConfig, setup_from_json, setup_to_json,
)

DEFAULT_REACTION = 600  # a Custom bot's mean reaction until the player picks one (ai.reflex's default)
from game.shell.storage import read_json, write_json

SETUP_FILE = "setup.json"


class NewGameScene(MenuScene):
    title = "New game"
    hotkeys = {"back": "Esc", "fewer": "-", "more": "+", "start": "S"}

    def __init__(self, app, game_id: str | None = None) -> None:
        self.info = game_info(game_id or app.game_id)
        self.title = f"New game: {self.info.title}"
        self.folder = app.data_dir / self.info.id
        remembered, problem = read_json(self.folder / SETUP_FILE, "last game setup",
                                        lambda d: setup_from_json(d, self.info.id), fallback="the defaults are used")
        if problem:
            app.problems.append(problem)
        self.setup: GameSetup = remembered or GameSetup.quick(self.info.id)
        self.setup.options = self.info.resolve_options(self.setup.options)
        self.editing: tuple[str, int] | None = None
        self.deal_text = ""
        super().__init__(app)

    # --- layout: seats in one column up to 5, two columns above ------------------

    def _seat_rects(self) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]:
        """(name, kind, level) rects of each seat."""
        s = self.layout.scale
        n = len(self.setup.seats)
        columns = 1 if n <= 5 else 2
        per_col = -(-n // columns)
        col_w = round(620 * s) if columns == 1 else min(round(560 * s), (self.layout.w - round(60 * s)) // 2)
        x0 = (self.layout.w - columns * col_w - (columns - 1) * round(30 * s)) // 2
        top = round(206 * s)
        row = round(46 * s)
        out = []
        for i in range(n):
            c, r = divmod(i, per_col)
            x, y = x0 + c * (col_w + round(30 * s)), top + r * row
            name_w = round(col_w * 0.42)
            kind_w = round(col_w * 0.2)
            out.append((pygame.Rect(x, y, name_w, round(40 * s)),
                        pygame.Rect(x + name_w + round(10 * s), y, kind_w, round(40 * s)),
                        pygame.Rect(x + name_w + kind_w + round(20 * s), y, col_w - name_w - kind_w - round(20 * s), round(40 * s))))
        return out

    def _rows_top(self) -> int:
        s = self.layout.scale
        n = len(self.setup.seats)
        per_col = n if n <= 5 else -(-n // 2)
        return round(206 * s) + per_col * round(46 * s) + round(16 * s)

    def _option_row(self) -> int:
        """The height of an option's row: 46 (scaled), less when a game's options would reach the Start button."""
        s = self.layout.scale
        rows = len(self.info.offered(self.setup.options)) + (1 if self.info.who_starts else 0) + 1
        room = self.layout.h - round(116 * s) - self._rows_top()
        return max(round(30 * s), min(round(46 * s), room // rows))

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        cx = self.layout.w // 2
        info = self.info
        seats = self.setup.seats
        out: list[Button] = []
        y = round(150 * s)
        out.append(Button("fewer", "-", pygame.Rect(cx + round(40 * s), y, round(44 * s), round(40 * s)),
                          enabled=len(seats) > info.min_seats))
        out.append(Button("more", "+", pygame.Rect(cx + round(150 * s), y, round(44 * s), round(40 * s)),
                          enabled=len(seats) < info.max_seats))
        for i, (seat, (name_r, kind_r, level_r)) in enumerate(zip(seats, self._seat_rects())):
            editing = self.editing == ("name", i)
            out.append(Button(f"name:{i}", seat.name + ("|" if editing else ""), name_r, primary=editing))
            out.append(Button(f"kind:{i}", "Bot" if seat.is_ai else "Human", kind_r, enabled=bool(info.levels) or not seat.is_ai))
            if seat.is_ai and seat.level == CUSTOM:  # the player sets a Custom bot's mean reaction time
                half = level_r.w // 2
                out.append(Button(f"level:{i}", info.level(seat.level).name, pygame.Rect(level_r.x, level_r.y, half - 4, level_r.h)))
                out.append(Button(f"reaction:{i}", f"{seat.reaction_ms or DEFAULT_REACTION} ms",
                                  pygame.Rect(level_r.x + half + 4, level_r.y, level_r.w - half - 4, level_r.h)))
            elif seat.is_ai:
                out.append(Button(f"level:{i}", info.level(seat.level).name, level_r))
        y = self._rows_top()
        row = self._option_row()
        bh = row - round(6 * s)
        for k, option in enumerate(info.offered(self.setup.options)):
            value = self.setup.options[option.key]
            label = next(lbl for v, lbl in option.choices if v == value)
            out.append(Button(f"option:{k}", label, pygame.Rect(cx + round(40 * s), y, round(300 * s), bh)))
            y += row
        if info.who_starts:  # the players choose who starts; other games deal it by rule
            first = "Random" if self.setup.first is None else seats[self.setup.first].name
            out.append(Button("first", first, pygame.Rect(cx + round(40 * s), y, round(300 * s), bh)))
            y += row
        editing = self.editing == ("deal", 0)
        deal = (self.deal_text or ("" if editing else "Random")) + ("|" if editing else "")
        out.append(Button("deal", deal, pygame.Rect(cx + round(40 * s), y, round(300 * s), bh), primary=editing))
        y = min(y + row + round(16 * s), self.layout.h - round(100 * s))
        out.append(Button("back", "Back", pygame.Rect(cx - round(230 * s), y, round(200 * s), round(48 * s))))
        out.append(Button("start", "Start", pygame.Rect(cx + round(30 * s), y, round(200 * s), round(48 * s)), primary=True))
        return out

    # --- editing -------------------------------------------------------------------

    def _commit_edit(self) -> None:
        if self.editing and self.editing[0] == "name":
            i = self.editing[1]
            if not self.setup.seats[i].name.strip():
                self.setup.seats[i].name = f"Player {i + 1}"
        if self.editing and self.editing[0] == "deal":
            self.setup.deal = int(self.deal_text) if self.deal_text.isdigit() else None
        self.editing = None

    def on_button(self, key: str) -> None:
        info = self.info
        seats = self.setup.seats
        if not key.startswith("name") and key != "deal":
            self._commit_edit()
        if key == "fewer" and len(seats) > info.min_seats:
            seats.pop()
            if self.setup.first is not None and self.setup.first >= len(seats):
                self.setup.first = None
            self.setup.name_humans()
        elif key == "more" and len(seats) < info.max_seats:
            taken = {s.name for s in seats}
            name = next((n for n in AI_NAMES if n not in taken), f"Player {len(seats) + 1}")
            seats.append(SeatConfig(name, "ai", info.default_level) if info.levels else SeatConfig(name))
            self.setup.name_humans()
        elif key.startswith("name:"):
            self._commit_edit()
            self.editing = ("name", int(key[5:]))
        elif key.startswith("kind:"):
            seat = seats[int(key[5:])]
            seat.kind = "human" if seat.is_ai else "ai"
            self.setup.name_humans()
            if seat.is_ai and seat.level not in {lv.id for lv in info.levels}:
                seat.level = info.default_level
        elif key.startswith("level:"):
            seat = seats[int(key[6:])]
            ids = [lv.id for lv in info.levels]
            seat.level = ids[(ids.index(seat.level) + 1) % len(ids)] if seat.level in ids else info.default_level
        elif key.startswith("reaction:"):
            seat = seats[int(key[9:])]
            now = seat.reaction_ms or DEFAULT_REACTION
            later = [ms for ms in REACTION_CHOICES if ms > now]
            seat.reaction_ms = later[0] if later else REACTION_CHOICES[0]
        elif key.startswith("option:"):
            option = info.offered(self.setup.options)[int(key[7:])]
            values = [v for v, _ in option.choices]
            now = self.setup.options[option.key]
            self.setup.options[option.key] = values[(values.index(now) + 1) % len(values)]
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
            self._remember()
            start_new_game(self.app, self.setup)
            return
        self.refresh()

    def _remember(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_json(self.folder / SETUP_FILE, setup_to_json(self.setup))
        except OSError as exc:
            self.app.problems.append(f"This game's setup could not be remembered: {exc.strerror or exc}")

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
            seat.name = seat.name[:-1] if chars is None else (seat.name + chars)[:MAX_NAME]
        else:
            if chars is None:
                self.deal_text = self.deal_text[:-1]
            else:
                self.deal_text = (self.deal_text + "".join(ch for ch in chars if ch.isdigit()))[:9]
        self.refresh()

    # --- drawing -------------------------------------------------------------------

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        cx = self.layout.w // 2
        px = round(24 * s)
        label_x = cx - round(330 * s)
        y = round(150 * s)
        text.blit(surface, "Players", px, (label_x, y + round(10 * s)), INK)
        text.blit(surface, str(len(self.setup.seats)), round(30 * s), (cx + round(117 * s), y + round(20 * s)), INK, "center")
        y = self._rows_top()
        row = self._option_row()
        px = min(px, round(row * 0.52))
        for option in self.info.offered(self.setup.options):
            text.blit(surface, option.label, px, (label_x, y + (row - round(6 * s)) // 2), INK, "midleft", max_w=round(360 * s))
            y += row
        if self.info.who_starts:
            text.blit(surface, "Who starts", px, (label_x, y + (row - round(6 * s)) // 2), INK, "midleft")
            y += row
        text.blit(surface, "Deal number (to replay a deal)", px, (label_x, y + (row - round(6 * s)) // 2), INK, "midleft",
                  max_w=round(360 * s))
        hint = "Click a name to edit it. Two or more humans play hot-seat on this device."
        if self.hover and self.hover.startswith("level:"):
            level = self.info.level(self.setup.seats[int(self.hover[6:])].level)
            hint = level.blurb + " Click for the next level."
        elif self.hover and self.hover.startswith("reaction:"):
            hint = "How fast this Custom player reacts on average; misses and wrong calls follow from it. Click to change."
        elif self.hover and self.hover.startswith("option:"):
            option = self.info.offered(self.setup.options)[int(self.hover[7:])]
            hint = (option.help or option.label) + " Click for the next choice."
        text.blit(surface, hint, round(19 * s), (cx, self.layout.h - round(22 * s)), MUTED, "midbottom", self.layout.w - 40)


def start_new_game(app, setup: GameSetup) -> None:
    """Start ``setup``, but first ask if it would replace this game's saved game (keeping it is the default).

    A new game's first action sends the saved one to the history: it can be watched
    there, but never resumed again, and an unfinished game never counts in the statistics.
    """
    saves = app.shelf(setup.game).saves
    if saves.pending is None:
        app.start_game(setup)
        return
    app.stack.push(ConfirmScene(
        app, "Replace your saved game?",
        f"Saved: {saves.describe_pending()}. A new game ends it for good: it can't be resumed and doesn't count "
        "in your statistics (it stays in Replays).",
        "Start new game", lambda: app.start_game(setup), no_label="Keep it", default="no"))


__all__ = ["NewGameScene", "DEFAULT_NAMES", "start_new_game"]

"""The screens around the table: title, new game, pause, pass-device, round over, info pages."""

from __future__ import annotations

import pygame

from engine.cards import Card

from .layout import MenuLayout
from .scene import Scene
from .session import DEFAULT_NAMES, GameSetup, SeatConfig
from .settings import AI_SPEED_NAMES, ANIM_SPEEDS
from .tweens import out_cubic
from .ui import GOLD, INK, MUTED, Button, draw_panel, felt_background


class MenuScene(Scene):
    """A screen of buttons: subclasses list them in ``make_buttons`` and act in ``on_button``."""

    title = ""
    subtitle = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.hover: str | None = None
        self._panels: dict = {}
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = MenuLayout(*size)
        self.background = felt_background(size) if self.opaque else None
        self.buttons = self.make_buttons()

    def make_buttons(self) -> list[Button]:
        return []

    def on_button(self, key: str) -> None:
        pass

    def refresh(self) -> None:
        self.buttons = self.make_buttons()

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            b = self.button_at(event.pos)
            key = b.key if b else None
            changed = key != self.hover
            self.hover = key
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = self.button_at(event.pos)
            if b and b.enabled:
                self.on_button(b.key)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_back()
            return True
        return False

    def on_back(self) -> None:
        self.app.stack.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        s = self.layout.scale
        if self.title:
            t = self.layout.title_rect()
            self.app.text.blit(surface, self.title, round(64 * s), (t.centerx, t.y), INK, "midtop", t.w - 40)
            if self.subtitle:
                self.app.text.blit(surface, self.subtitle, round(24 * s), (t.centerx, t.y + round(62 * s)), MUTED, "midtop", t.w - 40)
        self.draw_body(surface)
        for b in self.buttons:
            b.draw(surface, self.app.text, b.key == self.hover)

    def draw_body(self, surface: pygame.Surface) -> None:
        pass


class TitleScene(MenuScene):
    title = "Sprint, Snap, Score"
    subtitle = "Lay sets and runs, draw replacements, score big."

    def make_buttons(self) -> list[Button]:
        keys = [("new", "New game"), ("quick", "Quick play: you vs Standard"), ("rules", "Rules"),
                ("settings", "Settings"), ("stats", "Statistics"), ("replays", "Replays"), ("quit", "Quit")]
        resumable = self.app.saves.pending is not None
        if resumable:
            keys.insert(0, ("resume", f"Resume: {self.app.saves.describe_pending()}"))
        rects = self.layout.column(len(keys), row_h=44, width=420, top=190, gap=10)
        primary = "resume" if resumable else "new"
        return [Button(k, label, r, primary=k == primary) for (k, label), r in zip(keys, rects)]

    def on_button(self, key: str) -> None:
        if key == "new":
            self.app.stack.push(NewGameScene(self.app))
        elif key == "quick":
            self.app.start_game(GameSetup())
        elif key in ("rules", "settings", "stats"):
            self.app.stack.push(INFO_SCENES[key](self.app))
        elif key == "resume":
            from .saves import resume

            resume(self.app)
        elif key == "replays":
            from .replays import ReplaysScene

            self.app.stack.push(ReplaysScene(self.app))
        elif key == "quit":
            self.app.quit()

    def on_back(self) -> None:
        pass

    def draw_body(self, surface: pygame.Surface) -> None:
        # a fan of cards on each side of the menu, for the look
        s = self.layout.scale
        size = (round(90 * s), round(128 * s))
        art = self.app.art
        for i, code in enumerate(("7H", "8H", "9H")):
            r = pygame.Rect(0, 0, *size)
            r.center = (round(self.layout.w * 0.2 + i * 40 * s), round(self.layout.h * 0.62 + abs(i - 1) * 8 * s))
            art.blit_face(surface, Card(code), r)
        for i, code in enumerate(("QS", "QD", "QC")):
            r = pygame.Rect(0, 0, *size)
            r.center = (round(self.layout.w * 0.8 - (2 - i) * 40 * s), round(self.layout.h * 0.62 + abs(i - 1) * 8 * s))
            art.blit_face(surface, Card(code), r)


class NewGameScene(MenuScene):
    """Seats (2-5, human or AI with a level, names), who starts, and an optional deal number."""

    title = "New game"

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


class InfoScene(MenuScene):
    """A simple page with a Back button."""

    lines: tuple[str, ...] = ()

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        r = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        r.midbottom = (self.layout.w // 2, self.layout.h - round(30 * s))
        return [Button("back", "Back", r, primary=True)] + self.extra_buttons()

    def extra_buttons(self) -> list[Button]:
        return []

    def on_button(self, key: str) -> None:
        if key == "back":
            self.app.stack.pop()

    def body_lines(self) -> list[str]:
        return list(self.lines)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        px = round(23 * s)
        x = (self.layout.w - round(900 * s)) // 2
        y = round(160 * s)
        for para in self.body_lines():
            for line in text.wrap(para, px, round(900 * s)) or [""]:
                text.blit(surface, line, px, (x, y), INK)
                y += round(px * 1.15)
            y += round(8 * s)


class RulesScene(InfoScene):
    """The rules in our own words (:mod:`game.rules_text`), one section per page, examples drawn as cards."""

    def __init__(self, app) -> None:
        self.page = 0
        super().__init__(app)

    @property
    def sections(self):
        from .rules_text import SPRINT_RULES

        return SPRINT_RULES

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"Rules {self.page + 1}/{len(self.sections)}: {self.sections[self.page].title}"

    def extra_buttons(self) -> list[Button]:
        s = self.layout.scale
        back = self.make_back()
        prev = pygame.Rect(0, 0, back.w, back.h)
        nxt = pygame.Rect(0, 0, back.w, back.h)
        prev.midright = (back.left - round(20 * s), back.centery)
        nxt.midleft = (back.right + round(20 * s), back.centery)
        return [Button("prev", "Previous", prev, enabled=self.page > 0),
                Button("next", "Next", nxt, enabled=self.page < len(self.sections) - 1)]

    def make_back(self) -> pygame.Rect:
        s = self.layout.scale
        r = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        r.midbottom = (self.layout.w // 2, self.layout.h - round(30 * s))
        return r

    def on_button(self, key: str) -> None:
        if key == "prev":
            self.page = max(0, self.page - 1)
        elif key == "next":
            self.page = min(len(self.sections) - 1, self.page + 1)
        else:
            super().on_button(key)
            return
        self.refresh()

    def body_lines(self) -> list[str]:
        return list(self.sections[self.page].paragraphs)

    def draw_body(self, surface: pygame.Surface) -> None:
        super().draw_body(surface)
        examples = self.sections[self.page].examples
        if not examples:
            return
        from engine.cards import parse_cards

        s = self.layout.scale
        text = self.app.text
        cw, ch = round(70 * s), round(100 * s)
        widths = [cw + (len(parse_cards(e.cards)) - 1) * round(cw * 0.55) for e in examples]
        gap = round(50 * s)
        x = (self.layout.w - sum(widths) - gap * (len(widths) - 1)) // 2
        y = self.layout.h - round(260 * s)
        for e, wdt in zip(examples, widths):
            for i, c in enumerate(parse_cards(e.cards)):
                self.app.art.blit_face(surface, c, pygame.Rect(x + i * round(cw * 0.55), y, cw, ch))
            text.blit(surface, e.caption, round(20 * s), (x + wdt // 2, y + ch + round(8 * s)),
                      INK if e.ok else (255, 150, 140), "midtop")
            x += wdt + gap


class SettingsScene(InfoScene):
    title = "Settings"

    def extra_buttons(self) -> list[Button]:
        st = self.app.settings
        rects = self.layout.column(2, row_h=52, width=420, top=240)
        return [Button("anim", f"Animation speed: {st.animation_speed}", rects[0]),
                Button("ai", f"AI speed: {st.ai_speed}", rects[1])]

    def body_lines(self) -> list[str]:
        return ["Click a setting to change it. Changes are saved at once."]

    def on_button(self, key: str) -> None:
        st = self.app.settings
        if key == "anim":
            names = list(ANIM_SPEEDS)
            st.animation_speed = names[(names.index(st.animation_speed) + 1) % len(names)]
        elif key == "ai":
            names = list(AI_SPEED_NAMES)
            st.ai_speed = names[(names.index(st.ai_speed) + 1) % len(names)]
        else:
            super().on_button(key)
            return
        self.app.save_settings()
        self.refresh()


class StatsScene(InfoScene):
    title = "Statistics"

    def body_lines(self) -> list[str]:
        from engine.sprint import GAME_ID

        lines = self.app.stats.games.get(GAME_ID, {})
        if not lines:
            return ["No rounds finished yet: play one and it shows up here."]
        out = []
        for key, line in sorted(lines.items()):
            who = f"Hot-seat, {key.split(':', 1)[1]}" if key.startswith("hotseat:") else f"Against {key.title()}"
            avg = f", average {line.average:.1f}" if line.average is not None else ""
            out.append(f"{who}: {line.played} played, {line.won} won, {line.shared} shared, {line.lost} lost; "
                       f"best {line.best}{avg}.")
        return out


INFO_SCENES = {"rules": RulesScene, "settings": SettingsScene, "stats": StatsScene}


class PauseScene(MenuScene):
    """Esc on the table: a dimmed overlay with the menu."""

    opaque = False

    def __init__(self, app, table) -> None:
        self.table = table
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        keys = [("resume", "Resume"), ("rules", "Rules"), ("menu", "Main menu (round is saved)"), ("quit", "Quit")]
        rects = self.layout.column(len(keys), row_h=50, width=400, top=245)
        return [Button(k, label, r, primary=k == "resume") for (k, label), r in zip(keys, rects)]

    def on_button(self, key: str) -> None:
        if key == "resume":
            self.app.stack.pop()
        elif key == "rules":
            self.app.stack.push(RulesScene(self.app))
        elif key == "menu":
            self.app.to_title()
        elif key == "quit":
            self.app.quit()

    def draw_background(self, surface: pygame.Surface) -> None:
        r = surface.get_rect()
        draw_panel(surface, r, (0, 0, 0, 150), 0, None, self._panels)
        panel = self.layout.panel(560, 460)
        draw_panel(surface, panel, (12, 50, 36, 240), round(18 * self.layout.scale), (240, 200, 80), self._panels)
        self.app.text.blit(surface, "Paused", round(56 * self.layout.scale), (panel.centerx, panel.y + round(24 * self.layout.scale)),
                           INK, "midtop")


class PassDeviceScene(MenuScene):
    """Covers the whole table between two human turns; the next hand shows only after the click."""

    def __init__(self, app, table, seat: int) -> None:
        self.table = table
        self.seat = seat
        super().__init__(app)

    @property
    def who(self) -> str:
        return self.table.name(self.seat)

    def make_buttons(self) -> list[Button]:
        r = self.layout.column(1, row_h=60, width=420, top=420)[0]
        return [Button("ready", f"I am {self.who}: show my hand", r, primary=True)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.ready()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.ready()
            return True
        return super().handle_event(event)

    def on_back(self) -> None:
        pass

    def ready(self) -> None:
        self.app.stack.pop()
        self.table.hand_over_to(self.seat)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        cx = self.layout.w // 2
        text.blit(surface, f"Pass to {self.who}", round(70 * s), (cx, round(200 * s)), GOLD, "midtop", self.layout.w - 40)
        text.blit(surface, f"{self.who}, click when ready.", round(32 * s), (cx, round(290 * s)), INK, "midtop")
        text.blit(surface, "Everyone else: look away while the hand is on screen.", round(22 * s),
                  (cx, round(340 * s)), MUTED, "midtop", self.layout.w - 40)


class RoundOverScene(MenuScene):
    """Everyone's matches, hand penalty and total, counted up; hands are shown only on request."""

    def __init__(self, app, table) -> None:
        self.table = table
        self.result = table.state.result
        self.revealed = False
        self.age = 0.0
        super().__init__(app)

    @property
    def count_time(self) -> float:
        return 1.2 * max(0.05, self.app.settings.anim_factor) if self.app.settings.anim_factor else 0.0

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        y = self.layout.h - round(70 * s)
        w = round(230 * s)
        gap = round(20 * s)
        x0 = self.layout.w // 2 - (3 * w + 2 * gap) // 2
        keys = [("reveal", "Hide hands" if self.revealed else "Show hands"), ("again", "Play again"), ("menu", "Main menu")]
        return [Button(k, label, pygame.Rect(x0 + i * (w + gap), y, w, round(50 * s)), primary=k == "again")
                for i, (k, label) in enumerate(keys)]

    def on_button(self, key: str) -> None:
        if key == "reveal":
            self.revealed = not self.revealed
            self.refresh()
        elif key == "again":
            self.app.start_game(self.table.setup, replace=True, replay=self.table.record if self.table.replaying else None)
        elif key == "menu":
            self.app.to_title()

    def on_back(self) -> None:
        self.app.to_title()

    def update(self, dt: float) -> None:
        self.age += dt

    def is_animating(self) -> bool:
        return self.age < self.count_time

    subtitle = "Each match scores 1 + 2 + ... + its size; each card left in hand costs 1."

    @property
    def title(self) -> str:  # type: ignore[override]
        names = [self.table.name(p) for p in self.result.winners]
        if len(names) == 1:
            return f"{names[0]} wins!"
        return "Shared win: " + " and ".join(names)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        art = self.app.art
        state = self.table.state
        n = state.num_players
        top = round(140 * s)
        bottom = self.layout.h - round(90 * s)
        row_h = min((bottom - top) // n, round(120 * s))
        top += (bottom - top - row_h * n) // 2
        x0 = round(40 * s)
        w = self.layout.w - 2 * x0
        k = 1.0 if self.count_time == 0 else out_cubic(min(1.0, self.age / self.count_time))
        px = round(22 * s)
        for p, line in enumerate(self.result.lines):
            r = pygame.Rect(x0, top + p * row_h, w, row_h - round(6 * s))
            win = p in self.result.winners
            draw_panel(surface, r, (8, 40, 28, 190), round(10 * s), GOLD if win else None, self._panels)
            text.blit(surface, self.table.name(p), round(26 * s), (r.x + round(12 * s), r.y + round(8 * s)), GOLD if win else INK,
                      max_w=round(200 * s))
            count = len(line.match_points)
            pts = f"+{line.laid_points} ({count} match{'es' if count != 1 else ''})" if count else "none"
            text.blit(surface, f"Matches: {pts}", round(18 * s), (r.x + round(12 * s), r.y + round(38 * s)), MUTED, max_w=round(210 * s))
            text.blit(surface, f"Hand: -{line.cards_left}", round(18 * s), (r.x + round(12 * s), r.y + round(60 * s)), MUTED)
            total = round(line.total * k)
            text.blit(surface, f"{total}", round(46 * s), (r.right - round(20 * s), r.centery), GOLD if win else INK, "midright")
            # the matches as small cards, then the hand (face down unless revealed on purpose)
            ch = min(round(r.h * 0.8), round(80 * s))
            cw = round(ch * 0.7)
            x = r.x + round(240 * s)
            y = r.centery - ch // 2
            limit = r.right - round(110 * s)
            matches = state.laid[p]
            hand = state.hand(p)
            needed = sum(cw + (len(_cards(m)) - 1) * cw * 0.34 + cw * 0.25 for m in matches) + cw + len(hand) * cw * 0.34 + cw * 0.6
            scale_k = min(1.0, (limit - x) / max(1, needed))
            cw2, ch2 = max(10, round(cw * scale_k)), max(14, round(ch * scale_k))
            yy = r.centery - ch2 // 2
            for m in matches:
                for c in _cards(m):
                    art.blit_face(surface, c, pygame.Rect(round(x), yy, cw2, ch2), shadow=False)
                    x += cw2 * 0.34
                x += cw2 * 0.66 + cw2 * 0.25
            x += cw2 * 0.4
            if hand:
                text.blit(surface, "hand:", round(16 * s), (round(x), yy - round(2 * s)), MUTED, "bottomleft")
            for c in hand:
                rr = pygame.Rect(round(x), yy, cw2, ch2)
                if self.revealed:
                    art.blit_face(surface, c, rr, shadow=False)
                else:
                    art.blit_back(surface, rr, shadow=False)
                x += cw2 * 0.34


def _cards(mask: int) -> tuple[Card, ...]:
    from engine.cards import cards_of_mask

    return cards_of_mask(mask)

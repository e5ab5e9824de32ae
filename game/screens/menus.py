"""The screens around the table: title, new game, pause, round over, info pages."""

from __future__ import annotations

import pygame

from engine.cards import Card

from game.kit.layout import MenuLayout
from game.shell.scene import Scene
from game.shell.session import DEFAULT_NAMES, GameSetup, SeatConfig
from game.kit.tweens import out_cubic
from game.kit.ui import DANGER, GOLD, INK, MUTED, Button, draw_panel, draw_tooltip, felt_background, key_tip

_NAMED_KEYS = {"Esc": pygame.K_ESCAPE, "Enter": pygame.K_RETURN, "Space": pygame.K_SPACE, "Tab": pygame.K_TAB,
               "Left": pygame.K_LEFT, "Right": pygame.K_RIGHT, "-": pygame.K_MINUS, "+": pygame.K_EQUALS}


def key_matches(hotkey: str | None, key: int) -> bool:
    """Whether the pressed ``key`` is the one a button's ``hotkey`` label names ("L", "Esc", "+")."""
    if not hotkey:
        return False
    if hotkey in _NAMED_KEYS:
        return key == _NAMED_KEYS[hotkey] or (hotkey == "+" and key in (pygame.K_PLUS, pygame.K_KP_PLUS)) or (
            hotkey == "-" and key == pygame.K_KP_MINUS) or (hotkey == "Enter" and key == pygame.K_KP_ENTER)
    return len(hotkey) == 1 and key == ord(hotkey.lower())


class MenuScene(Scene):
    """A screen of buttons: subclasses list them in ``make_buttons`` and act in ``on_button``."""

    title = ""
    subtitle = ""
    hotkeys: dict[str, str] = {}
    """Button key -> the key that presses it (shown in the button's tooltip)."""
    shows_notices = False
    """Whether this screen shows the app's pending notices (damaged files...) as a toast."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.hover: str | None = None
        self.focus: str | None = None  # the button the keyboard is on (arrows / Tab move it)
        self.notice_age = 0.0
        self._panels: dict = {}
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = MenuLayout(*size)
        self.background = felt_background(size) if self.opaque else None
        self.refresh()

    def make_buttons(self) -> list[Button]:
        return []

    def on_button(self, key: str) -> None:
        pass

    def refresh(self) -> None:
        self.buttons = self.make_buttons()
        for b in self.buttons:
            b.hotkey = b.hotkey or self.hotkeys.get(b.key)

    def settings_changed(self) -> None:
        self.refresh()

    # --- keyboard ----------------------------------------------------------

    def move_focus(self, step: int) -> None:
        usable = [b.key for b in self.buttons if b.enabled]
        if not usable:
            return
        if self.focus not in usable:
            self.focus = usable[0 if step > 0 else -1]
        else:
            self.focus = usable[(usable.index(self.focus) + step) % len(usable)]

    def handle_key(self, key: int) -> bool:
        """Arrows and Tab move the focus, Enter or Space presses it; a button's hotkey presses it."""
        if key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
            self.move_focus(1)
            return True
        if key in (pygame.K_UP, pygame.K_LEFT):
            self.move_focus(-1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus:
            b = next((b for b in self.buttons if b.key == self.focus), None)
            if b and b.enabled:
                self.on_button(b.key)
                return True
        for b in self.buttons:
            if b.enabled and key_matches(b.hotkey, key) and b.hotkey != "Esc":
                self.on_button(b.key)
                return True
        return False

    # --- notices (a damaged settings or statistics file...) --------------------

    NOTICE_TIME = 12.0

    def notices(self) -> list[str]:
        return self.app.problems if self.shows_notices else []

    def update(self, dt: float) -> None:
        if self.notices():
            self.notice_age += dt
            if self.notice_age > self.NOTICE_TIME:
                self.dismiss_notices()

    def dismiss_notices(self) -> None:
        self.app.problems.clear()
        self.notice_age = 0.0
        self.app.dirty = True

    def draw_notices(self, surface: pygame.Surface) -> None:
        notes = self.notices()
        if not notes:
            return
        s = self.layout.scale
        text = self.app.text
        px = round(20 * s)
        width = min(self.layout.w - round(40 * s), round(1000 * s))
        lines = [line for note in notes[-3:] for line in text.wrap(note, px, width - round(40 * s))]
        lines.append("Click anywhere to close this message.")
        line_h = round(px * 1.2)
        box = pygame.Rect(0, 0, width, line_h * len(lines) + round(20 * s))
        box.midbottom = (self.layout.w // 2, self.layout.h - round(12 * s))
        draw_panel(surface, box, (130, 30, 26, 240), round(10 * s), None, self._panels)
        y = box.y + round(10 * s)
        for i, line in enumerate(lines):
            text.blit(surface, line, px, (box.centerx, y), MUTED if i == len(lines) - 1 else INK, "midtop", box.w - round(20 * s))
            y += line_h

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
            if self.notices():
                self.dismiss_notices()
            b = self.button_at(event.pos)
            if b and b.enabled:
                self.on_button(b.key)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.notices():
                self.dismiss_notices()
                return True
            self.on_back()
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
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
            b.draw(surface, self.app.text, b.key == self.hover, b.key == self.focus)
        for b in self.buttons:
            if b.hotkey and b.key == self.hover:
                draw_tooltip(surface, self.app.text, key_tip(b.hotkey), b.rect, self.layout.scale)
                break
        self.draw_notices(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        pass


class TitleScene(MenuScene):
    title = "Sprint, Snap, Score"
    subtitle = "Lay sets and runs, draw replacements, score big."
    hotkeys = {"resume": "C", "new": "N", "quick": "P", "rules": "R", "settings": "S", "stats": "T", "replays": "Y",
               "quit": "Q"}
    shows_notices = True

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
            from game.shell.saves import resume

            resume(self.app)
        elif key == "replays":
            from game.screens.replays import ReplaysScene

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


class InfoScene(MenuScene):
    """A simple page with a Back button."""

    lines: tuple[str, ...] = ()

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        r = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        r.midbottom = (self.layout.w // 2, self.layout.h - round(30 * s))
        return [Button("back", "Back", r, primary=True, hotkey="Esc")] + self.extra_buttons()

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
    """The rules in our own words (:mod:`game.rules`), one section per page, examples drawn as cards."""

    def __init__(self, app) -> None:
        self.page = 0
        super().__init__(app)

    @property
    def sections(self):
        from game.rules.sprint import SPRINT_RULES

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
        return [Button("prev", "Previous", prev, enabled=self.page > 0, hotkey="Left"),
                Button("next", "Next", nxt, enabled=self.page < len(self.sections) - 1, hotkey="Right")]

    def handle_key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.on_button("prev" if key in (pygame.K_LEFT, pygame.K_PAGEUP) else "next")
            return True
        return super().handle_key(key)

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
        cw, ch = round(84 * s), round(120 * s)
        step = round(cw * 0.55)
        px = round(20 * s)
        gap = round(40 * s)
        room = self.layout.w - round(60 * s)
        while True:  # each example is as wide as its cards or its caption; smaller captions if they don't fit
            cards_w = [cw + (len(parse_cards(e.cards)) - 1) * step for e in examples]
            widths = [max(c, text.font(px).size(e.caption)[0]) for c, e in zip(cards_w, examples)]
            if sum(widths) + gap * (len(widths) - 1) <= room or px <= 12:
                break
            px -= 1
        x = (self.layout.w - sum(widths) - gap * (len(widths) - 1)) // 2
        y = self.layout.h - round(290 * s)
        for e, wdt, cards in zip(examples, widths, cards_w):
            cx = x + (wdt - cards) // 2
            for i, c in enumerate(parse_cards(e.cards)):
                self.app.art.blit_face(surface, c, pygame.Rect(cx + i * step, y, cw, ch))
            text.blit(surface, e.caption, px, (x + wdt // 2, y + ch + round(10 * s)),
                      INK if e.ok else (255, 150, 140), "midtop", wdt + gap)
            if not e.ok:  # a red cross over a wrong example, so it reads at a glance
                r = pygame.Rect(cx, y, cards, ch).inflate(-round(10 * s), -round(20 * s))
                width = max(3, round(6 * s))
                pygame.draw.line(surface, (220, 60, 50), r.topleft, r.bottomright, width)
                pygame.draw.line(surface, (220, 60, 50), r.topright, r.bottomleft, width)
            x += wdt + gap


def _on_off(value: bool) -> str:
    return "On" if value else "Off"


SETTING_ROWS: tuple[tuple[str, str, object], ...] = (
    ("animation_speed", "Animation speed", lambda v: v.title()),
    ("ai_speed", "Computer players' speed", lambda v: v.title()),
    ("master_think", "Master's think time per move", lambda v: f"{v:g} s"),
    ("sound", "Sound effects", _on_off),
    ("volume", "Volume", lambda v: f"{v}%"),
    ("four_colour", "Four-colour deck (clubs green, diamonds blue)", _on_off),
    ("card_size", "Card size in your hand", lambda v: v.title()),
    ("fullscreen", "Fullscreen (F11 anywhere)", _on_off),
    ("confirm_discard", "Ask before discarding", _on_off),
    ("tips_seen", "First-game tips on the table", lambda v: "Off" if v else "On"),
)
"""The Settings screen, top to bottom: setting, label, how its value reads."""


class SettingsScene(InfoScene):
    """Every setting on one screen; a click (or Enter, or Left/Right) changes it, saved and applied at once."""

    title = "Settings"
    subtitle = "Click a value to change it, or use the arrows. Saved and applied at once."

    def rows(self) -> list[pygame.Rect]:
        s = self.layout.scale
        top = round(128 * s)
        bottom = self.layout.h - round(96 * s)
        row_h = min(round(46 * s), (bottom - top) // len(SETTING_ROWS))
        w = min(self.layout.w - round(40 * s), round(880 * s))
        x = (self.layout.w - w) // 2
        return [pygame.Rect(x, top + i * row_h, w, row_h) for i in range(len(SETTING_ROWS))]

    def extra_buttons(self) -> list[Button]:
        st = self.app.settings
        s = self.layout.scale
        out = []
        for (name, _, fmt), row in zip(SETTING_ROWS, self.rows()):
            h = row.h - round(8 * s)
            r = pygame.Rect(0, 0, round(230 * s), h)
            r.midright = (row.right, row.centery)
            if name == "volume":
                minus = pygame.Rect(0, 0, h, h)
                plus = pygame.Rect(0, 0, h, h)
                plus.midright = r.midright
                minus.midleft = r.midleft
                mid = pygame.Rect(minus.right + round(6 * s), r.y, plus.left - minus.right - round(12 * s), h)
                out += [Button("volume-", "-", minus, enabled=st.volume > 0, hotkey="-"),
                        Button("set:volume", fmt(st.volume), mid, hotkey="Left / Right"),
                        Button("volume+", "+", plus, enabled=st.volume < 100, hotkey="+")]
            else:
                out.append(Button(f"set:{name}", fmt(getattr(st, name)), r, hotkey="Enter, Left / Right"))
        return out

    def body_lines(self) -> list[str]:
        return []

    def handle_key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus and self.focus.startswith("set:"):
            self.change(self.focus[4:], 1 if key == pygame.K_RIGHT else -1)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.on_button("volume-")
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.on_button("volume+")
            return True
        return super().handle_key(key)

    def move_focus(self, step: int) -> None:
        """Up and Down go row by row (the volume's - and + are for the mouse and the - and + keys)."""
        keys = [f"set:{name}" for name, _, _ in SETTING_ROWS] + ["back"]
        i = keys.index(self.focus) if self.focus in keys else (-1 if step > 0 else 0)
        self.focus = keys[(i + step) % len(keys)]

    def change(self, name: str, step: int) -> None:
        st = self.app.settings
        if name == "volume":
            st.volume = max(0, min(100, st.volume + 10 * step))
        else:
            st.cycle(name, step)
        self.app.save_settings()
        if name == "volume" and st.sound:
            self.app.sound.play("draw")  # hear the new level
        self.refresh()

    def on_button(self, key: str) -> None:
        if key.startswith("set:"):
            self.change(key[4:], 1)
        elif key in ("volume-", "volume+"):
            self.change("volume", -1 if key == "volume-" else 1)
        else:
            super().on_button(key)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        for i, ((name, label, _), row) in enumerate(zip(SETTING_ROWS, self.rows())):
            if i % 2 == 0:
                draw_panel(surface, row, (8, 40, 28, 120), round(8 * s), None, self._panels)
            text.blit(surface, label, round(24 * s), (row.x + round(16 * s), row.centery), INK, "midleft",
                      row.w - round(280 * s))
        # a preview of the cards as they look now (four colours, size)
        art = self.app.art
        ch = round(110 * s * self.app.settings.card_scale)
        cw = round(ch * 0.7)
        rows = self.rows()
        x = max(round(10 * s), rows[0].x - cw - round(30 * s))
        if x + cw < rows[0].x - round(8 * s):
            text.blit(surface, "Preview", round(18 * s), (x + cw // 2, rows[0].y), MUTED, "midtop")
            for k, code in enumerate(("AC", "KD", "QH", "JS")):
                r = pygame.Rect(x, rows[0].y + round(24 * s) + k * round(ch * 0.36), cw, ch)
                art.blit_face(surface, Card(code), r)


class StatsScene(InfoScene):
    """Rounds per opponent level (the strongest computer player at the table), and hot-seat per player."""

    title = "Statistics"
    COLUMNS = ("Played", "Won", "Shared", "Lost", "Best", "Average", "Longest streak")

    def extra_buttons(self) -> list[Button]:
        s = self.layout.scale
        back = self.buttons_back_rect()
        r = pygame.Rect(0, 0, back.w, back.h)
        r.midleft = (back.right + round(20 * s), back.centery)
        return [Button("reset", "Reset...", r, enabled=bool(self.table_rows()), hotkey="Delete")]

    def buttons_back_rect(self) -> pygame.Rect:
        s = self.layout.scale
        r = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        r.midbottom = (self.layout.w // 2, self.layout.h - round(30 * s))
        return r

    def handle_key(self, key: int) -> bool:
        if key == pygame.K_DELETE:
            self.on_button("reset")
            return True
        return super().handle_key(key)

    def on_button(self, key: str) -> None:
        if key == "reset":
            if self.table_rows():
                self.app.stack.push(ConfirmScene(self.app, "Reset all statistics?",
                                                 "Every count on this screen goes back to zero. This can't be undone.",
                                                 "Reset", self.reset))
        else:
            super().on_button(key)

    def reset(self) -> None:
        from game.shell.stats import Statistics
        from game.shell.storage import write_json

        self.app.stats = Statistics()
        try:
            write_json(self.app.data_dir / "stats.json", self.app.stats.to_json())
        except OSError as exc:
            self.app.problems.append(f"Statistics could not be saved: {exc.strerror or exc}")
        self.refresh()

    def table_rows(self) -> list[tuple[str, object]]:
        """(label, StatLine) for each level played, strongest last, then each hot-seat player."""
        from engine.sprint import GAME_ID

        from game.shell.stats import HOTSEAT, LEVEL_ORDER

        lines = self.app.stats.games.get(GAME_ID, {})
        out = [(f"Against {lvl.title()}", lines[lvl]) for lvl in LEVEL_ORDER if lvl in lines]
        out += [(f"{key.split(':', 1)[1]} (hot-seat)", line) for key, line in sorted(lines.items())
                if key.startswith(HOTSEAT + ":")]
        return out

    def body_lines(self) -> list[str]:
        return []

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        rows = self.table_rows()
        cx = self.layout.w // 2
        if not rows:
            text.blit(surface, "No rounds finished yet.", round(34 * s), (cx, round(230 * s)), INK, "midtop")
            text.blit(surface, "Play a round against the computer or in hot-seat and it is counted here.", round(22 * s),
                      (cx, round(280 * s)), MUTED, "midtop", self.layout.w - 40)
            return
        width = min(self.layout.w - round(40 * s), round(1180 * s))
        x0 = (self.layout.w - width) // 2
        first_w = round(width * 0.26)
        col_w = (width - first_w) / len(self.COLUMNS)
        top = round(150 * s)
        bottom = self.layout.h - round(110 * s)
        row_h = min(round(40 * s), (bottom - top) // (len(rows) + 1))
        px = round(21 * s)
        for k, name in enumerate(self.COLUMNS):
            text.blit(surface, name, px, (round(x0 + first_w + col_w * (k + 0.5)), top + row_h // 2), MUTED, "center",
                      round(col_w) - 4)
        hot_started = False
        for i, (label, line) in enumerate(rows):
            r = pygame.Rect(x0, top + (i + 1) * row_h, width, row_h)
            if "(hot-seat)" in label and not hot_started:
                hot_started = True
                pygame.draw.line(surface, GOLD, (r.x, r.y), (r.right, r.y), max(1, round(2 * s)))
            if i % 2 == 0:
                draw_panel(surface, r, (8, 40, 28, 140), round(6 * s), None, self._panels)
            text.blit(surface, label, px, (r.x + round(12 * s), r.centery), INK, "midleft", first_w - round(16 * s))
            avg = f"{line.average:.1f}" if line.average is not None else "-"
            values = (line.played, line.won, line.shared, line.lost, "-" if line.best is None else line.best, avg,
                      line.longest_streak)
            for k, v in enumerate(values):
                text.blit(surface, str(v), px, (round(x0 + first_w + col_w * (k + 0.5)), r.centery), INK, "center")
        note = ("Rounds against the computer count under the strongest level at the table; "
                "hot-seat rounds count for each player by name.")
        text.blit(surface, note, round(18 * s), (cx, self.layout.h - round(96 * s)), MUTED, "midbottom", self.layout.w - 40)


class ConfirmScene(MenuScene):
    """A yes/no question over the current screen; ``on_yes`` runs only after Yes."""

    opaque = False
    hotkeys = {"yes": "Y", "no": "Esc"}

    def __init__(self, app, question: str, detail: str, yes_label: str, on_yes) -> None:
        self.question = question
        self.detail = detail
        self.yes_label = yes_label
        self.on_yes = on_yes
        super().__init__(app)
        self.focus = "no"

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        panel = self.layout.panel(620, 260)
        w, h = round(200 * s), round(48 * s)
        yes = pygame.Rect(0, 0, w, h)
        no = pygame.Rect(0, 0, w, h)
        yes.bottomright = (panel.centerx - round(10 * s), panel.bottom - round(24 * s))
        no.bottomleft = (panel.centerx + round(10 * s), panel.bottom - round(24 * s))
        return [Button("yes", self.yes_label, yes, primary=True), Button("no", "Cancel", no)]

    def handle_key(self, key: int) -> bool:
        if key in (pygame.K_y, pygame.K_n):
            self.on_button("yes" if key == pygame.K_y else "no")
            return True
        return super().handle_key(key)

    def on_button(self, key: str) -> None:
        self.app.stack.pop()
        if key == "yes":
            self.on_yes()

    def draw_background(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        draw_panel(surface, surface.get_rect(), (0, 0, 0, 140), 0, None, self._panels)
        panel = self.layout.panel(620, 260)
        draw_panel(surface, panel, (12, 50, 36, 245), round(18 * s), DANGER, self._panels)
        text = self.app.text
        text.blit(surface, self.question, round(36 * s), (panel.centerx, panel.y + round(28 * s)), INK, "midtop",
                  panel.w - round(40 * s))
        y = panel.y + round(80 * s)
        for line in text.wrap(self.detail, round(21 * s), panel.w - round(60 * s))[:3]:
            text.blit(surface, line, round(21 * s), (panel.centerx, y), MUTED, "midtop")
            y += round(25 * s)


INFO_SCENES = {"rules": RulesScene, "settings": SettingsScene, "stats": StatsScene}


class PauseScene(MenuScene):
    """Esc on the table: a dimmed overlay with the menu."""

    opaque = False

    def __init__(self, app, table) -> None:
        self.table = table
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        keys = [("resume", "Resume"), ("rules", "Rules"), ("settings", "Settings"), ("menu", "Main menu (round is saved)"),
                ("quit", "Quit")]
        rects = self.layout.column(len(keys), row_h=48, width=400, top=222)
        return [Button(k, label, r, primary=k == "resume") for (k, label), r in zip(keys, rects)]

    hotkeys = {"resume": "Esc", "rules": "R", "settings": "S", "menu": "M", "quit": "Q"}

    def on_button(self, key: str) -> None:
        if key == "resume":
            self.app.stack.pop()
        elif key in ("rules", "settings"):
            self.app.stack.push(INFO_SCENES[key](self.app))
        elif key == "menu":
            self.app.to_title()
        elif key == "quit":
            self.app.quit()

    def draw_background(self, surface: pygame.Surface) -> None:
        r = surface.get_rect()
        draw_panel(surface, r, (0, 0, 0, 150), 0, None, self._panels)
        panel = self.layout.panel(560, 500)
        draw_panel(surface, panel, (12, 50, 36, 240), round(18 * self.layout.scale), (240, 200, 80), self._panels)
        self.app.text.blit(surface, "Paused", round(56 * self.layout.scale), (panel.centerx, panel.y + round(24 * self.layout.scale)),
                           INK, "midtop")


class RoundOverScene(MenuScene):
    """Everyone's matches, hand penalty and total, counted up; hands are shown only on request."""

    hotkeys = {"reveal": "V", "again": "A", "menu": "Esc"}

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

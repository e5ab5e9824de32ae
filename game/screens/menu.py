"""The base of every menu screen: a column of buttons with keys, focus, tooltips and notices."""

from __future__ import annotations

import pygame


from game.kit.layout import MenuLayout
from game.kit.ui import INK, MUTED, Button, draw_panel, draw_tooltip, felt_background, key_tip
from game.base.scene import Scene


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
    notice_bottom: int | None = None  # where a notice's box ends (None: at the foot of the window, over the buttons)

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
        box.midbottom = (self.layout.w // 2, max(box.h, self.notice_bottom or self.layout.h - round(12 * s)))
        draw_panel(surface, box, (130, 30, 26, 240), round(10 * s), None, self._panels)
        y = box.y + round(10 * s)
        for i, line in enumerate(lines):
            text.blit(surface, line, px, (box.centerx, y), MUTED if i == len(lines) - 1 else INK, "midtop", box.w - round(20 * s))
            y += line_h

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        for b in self.buttons:
            if b.hits(pos):
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
                draw_tooltip(surface, self.app.text, key_tip(b.hotkey), b.rect, self.layout.scale,
                             [o.rect for o in self.buttons])
                break
        self.draw_notices(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        pass


class InfoScene(MenuScene):
    """A simple page with a Back button."""

    lines: tuple[str, ...] = ()

    def make_buttons(self) -> list[Button]:
        """Back at the bottom middle and the page's own buttons; the row along the bottom (Back and those beside it,
        "Back  Reset...") is centred as a whole, not Back alone."""
        back = Button("back", "Back", self.back_rect(), primary=True, hotkey="Esc")
        out = [back] + self.extra_buttons()
        row = [b.rect for b in out if b.rect.centery == back.rect.centery]
        shift = self.layout.w // 2 - row[0].unionall(row[1:]).centerx
        for b in out:
            if b.rect.centery == back.rect.centery:
                b.rect.x += shift
        return out

    def back_rect(self) -> pygame.Rect:
        """Where Back goes before its row is centred: the bottom middle (the page's other buttons go beside it)."""
        s = self.layout.scale
        r = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        r.midbottom = (self.layout.w // 2, self.layout.h - round(30 * s))
        return r

    def extra_buttons(self) -> list[Button]:
        return []

    def on_button(self, key: str) -> None:
        if key == "back":
            self.app.stack.pop()

    def body_lines(self) -> list[str]:
        return list(self.lines)

    def body_size(self) -> tuple[int, int]:
        """The body text's size and the width of its column."""
        s = self.layout.scale
        return round(23 * s), round(900 * s)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        px, width = self.body_size()
        x = (self.layout.w - width) // 2
        y = round(160 * s)
        for para in self.body_lines():
            for line in text.wrap(para, px, width) or [""]:
                text.blit(surface, line, px, (x, y), INK)
                y += round(px * 1.15)
            y += round(8 * s)

"""Overlays a table opens: pause menu, confirm, pass-device."""

from __future__ import annotations

import pygame


from game.kit.ui import DANGER, GOLD, INK, MUTED, Button, draw_panel
from game.screens.menu import MenuScene


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
            from game.screens.rules import RulesScene
            from game.screens.settings import SettingsScene

            self.app.stack.push({"rules": RulesScene, "settings": SettingsScene}[key](self.app))
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


class PassDeviceScene(MenuScene):
    """Covers the whole table between two human turns; the next hand shows only after the click."""

    hotkeys = {"ready": "Enter"}

    GUARD_S = 0.4
    """Input is ignored this long after the screen appears, so a double click or a key
    repeat of the player who just finished can't hand the device over by itself."""

    def __init__(self, app, table, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.shown_for = 0.0
        self.pressed_here = False
        super().__init__(app)

    @property
    def who(self) -> str:
        return self.table.name(self.seat)

    def make_buttons(self) -> list[Button]:
        r = self.layout.column(1, row_h=60, width=420, top=420)[0]
        return [Button("ready", f"I am {self.who}: show my hand", r, primary=True)]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.shown_for += dt

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) and self.shown_for < self.GUARD_S:
            return True  # swallowed: still the previous player's hand on the mouse
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_here = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed_here:  # a click that began on this screen, not a drag that ends on it
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

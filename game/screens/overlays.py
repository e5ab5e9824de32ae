"""Overlays a table opens: pause menu and confirm (the pass-device screen is the kit's)."""

from __future__ import annotations

import pygame


from game.kit.ui import DANGER, INK, MUTED, Button, draw_panel
from game.screens.menu import MenuScene


class ConfirmScene(MenuScene):
    """A yes/no question over the current screen; ``on_yes`` runs only after Yes.

    ``default`` is the button that is highlighted and that Enter presses: "no" (the safe
    answer, the usual) or "yes" where the question only double-checks a likely slip.
    """

    opaque = False
    hotkeys = {"yes": "Y", "no": "Esc"}

    def __init__(self, app, question: str, detail: str, yes_label: str, on_yes, no_label: str = "Cancel",
                 default: str = "no") -> None:
        self.question = question
        self.detail = detail
        self.yes_label = yes_label
        self.no_label = no_label
        self.default = default
        self.on_yes = on_yes
        super().__init__(app)
        self.focus = default

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        panel = self.layout.panel(620, 260)
        w, h = round(200 * s), round(48 * s)
        yes = pygame.Rect(0, 0, w, h)
        no = pygame.Rect(0, 0, w, h)
        yes.bottomright = (panel.centerx - round(10 * s), panel.bottom - round(24 * s))
        no.bottomleft = (panel.centerx + round(10 * s), panel.bottom - round(24 * s))
        return [Button("yes", self.yes_label, yes, primary=self.default == "yes"),
                Button("no", self.no_label, no, primary=self.default == "no")]

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
        draw_panel(surface, panel, (12, 50, 36, 255), round(18 * s), DANGER, self._panels)
        text = self.app.text
        text.blit(surface, self.question, round(36 * s), (panel.centerx, panel.y + round(28 * s)), INK, "midtop",
                  panel.w - round(40 * s))
        y = panel.y + round(80 * s)
        for line in text.wrap(self.detail, round(21 * s), panel.w - round(60 * s))[:3]:
            text.blit(surface, line, round(21 * s), (panel.centerx, y), MUTED, "midtop")
            y += round(25 * s)


def confirm_discard(table, action, card_name: str, note: str = "", default: str = "no") -> None:
    """Confirm each discard: ``table`` plays ``action`` only after Yes, if it still may (``default``: ConfirmScene's)."""

    def discard() -> None:
        if table.my_turn() and table.state.why_illegal(action) is None:
            table.perform(action)

    table.press = table.drag = None
    table.app.stack.push(ConfirmScene(table.app, f"Discard the {card_name}?",
                                      "It goes face up on the pile and your turn ends." + note, "Discard", discard,
                                      default=default))


class PauseScene(MenuScene):
    """Esc on the table: a dimmed overlay with the menu."""

    opaque = False

    def __init__(self, app, table) -> None:
        self.table = table
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        menu = "Main menu" if getattr(self.table, "replaying", False) else "Main menu (game is saved)"  # a replay saves nothing
        if self.table.network is not None:
            menu = "Leave the game"  # the host plays on without this computer
        keys = [("resume", "Resume"), ("rules", "Rules"), ("settings", "Settings"), ("menu", menu), ("quit", "Quit")]
        if getattr(self.table, "open_keys", None) is not None:  # a real-time table: the players' keys
            keys.insert(3, ("keys", "Players' keys"))
        rects = self.layout.column(len(keys), row_h=48, width=400, top=222)
        return [Button(k, label, r, primary=k == "resume") for (k, label), r in zip(keys, rects)]

    hotkeys = {"resume": "Esc", "rules": "R", "settings": "S", "keys": "K", "menu": "M", "quit": "Q"}

    def on_button(self, key: str) -> None:
        if key == "resume":
            self.app.stack.pop()
        elif key in ("rules", "settings"):
            from game.screens.rules import RulesScene
            from game.screens.settings import SettingsScene

            self.app.stack.push({"rules": RulesScene, "settings": SettingsScene}[key](self.app))
        elif key == "keys":
            self.table.open_keys()
        elif key == "menu":
            self.app.to_title()
        elif key == "quit":
            self.app.quit()

    def draw_background(self, surface: pygame.Surface) -> None:
        r = surface.get_rect()
        draw_panel(surface, r, (0, 0, 0, 170), 0, None, self._panels)
        panel = self.layout.panel(560, 500)
        draw_panel(surface, panel, (12, 50, 36, 255), round(18 * self.layout.scale), (240, 200, 80), self._panels)
        self.app.text.blit(surface, "Paused", round(56 * self.layout.scale), (panel.centerx, panel.y + round(24 * self.layout.scale)),
                           INK, "midtop")


def open_pause(table) -> None:
    """Esc on a table: whatever the pointer held is let go, and the pause menu opens over it."""
    table.press = None
    table.drag = None
    table.app.stack.push(PauseScene(table.app, table))

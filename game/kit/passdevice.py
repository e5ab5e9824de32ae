"""Hot-seat privacy: the screen that covers the table while the device changes hands.

Only games with hidden hands use it (:func:`passes_device`): in real-time games
every card that matters is public and several people share one keyboard, so the
device is never passed.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from engine.games import GameInfo

from game.kit.layout import MenuLayout
from game.kit.ui import GOLD, INK, MUTED, Button, draw_tooltip, felt_background, key_tip
from game.base.scene import Scene


def passes_device(info: GameInfo, humans: int) -> bool:
    """Whether a table of ``info`` with ``humans`` people at it hides the table between their turns."""
    return info.hidden_hands and not info.realtime and humans > 1


class PassDeviceScene(Scene):
    """Covers the whole table between two human turns; the next hand shows only after the click.

    ``on_ready(seat)`` is called once the player of ``seat`` says they hold the device.
    """

    GUARD_S = 0.4
    """Input is ignored this long after the screen appears, so a double click or a key
    repeat of the player who just finished can't hand the device over by itself."""

    HOTKEY = "Enter"

    def __init__(self, app: Any, seat: int, who: str, on_ready: Callable[[int], None]) -> None:
        super().__init__(app)
        self.seat = seat
        self.who = who
        self.on_ready = on_ready
        self.shown_for = 0.0
        self.pressed_here = False
        self.hover = False
        self.focus = False
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = MenuLayout(*size)
        self.background = felt_background(size)
        r = self.layout.column(1, row_h=60, width=420, top=420)[0]
        self.button = Button("ready", f"I am {self.who}: show my hand", r, primary=True, hotkey=self.HOTKEY)

    @property
    def buttons(self) -> list[Button]:
        """Its one button (the screens' button interface, for the headless modes)."""
        return [self.button]

    def on_button(self, key: str) -> None:
        if key == "ready":
            self.ready()

    def update(self, dt: float) -> None:
        self.shown_for += dt

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) and self.shown_for < self.GUARD_S:
            return True  # swallowed: still the previous player's hand on the mouse
        if event.type == pygame.MOUSEMOTION:
            hover = self.button.rect.collidepoint(event.pos)
            changed, self.hover = hover != self.hover, hover
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_here = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed_here:  # a click that began on this screen, not a drag that ends on it
                self.ready()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.ready()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
                self.focus = True
            else:
                return event.key == pygame.K_ESCAPE  # Esc does nothing here: the table is hidden
            return True
        return False

    def ready(self) -> None:
        self.app.stack.pop()
        self.on_ready(self.seat)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        s = self.layout.scale
        text = self.app.text
        cx = self.layout.w // 2
        text.blit(surface, f"Pass to {self.who}", round(70 * s), (cx, round(200 * s)), GOLD, "midtop", self.layout.w - 40)
        text.blit(surface, f"{self.who}, click when ready.", round(32 * s), (cx, round(290 * s)), INK, "midtop")
        text.blit(surface, "Everyone else: look away while the hand is on screen.", round(22 * s),
                  (cx, round(340 * s)), MUTED, "midtop", self.layout.w - 40)
        self.button.draw(surface, text, self.hover, self.focus)
        if self.hover:
            draw_tooltip(surface, text, key_tip(self.HOTKEY), self.button.rect, s)

"""The end of a game: a screen with Play again (or Watch again) and Main menu over what a table shows of it."""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.ui import Button
from game.screens.menu import MenuScene


def play_again(table: Any) -> None:
    """The same setup dealt anew (a replay is watched again; after a network game, Host or Join again)."""
    if table.network is not None:
        table.app.to_title()
        table.app.stack.top.on_button("network")  # the title's Play over the network: Host or Join again
        return
    table.app.start_game(table.setup, replace=True, replay=table.record if table.replaying else None)


AGAIN_KEYS = ("P", "W", "N", "G", "R", "Y")
"""Letters for Play (or Watch) again, in order of preference: the first that no seat's key uses."""
GUARD_S = 1.0
"""How long a new end screen ignores keys, controller buttons and clicks: a race's players may still be
pressing their game keys as the game ends, and must see the result rather than skip it."""


def seat_letters(table: Any) -> set[int]:
    """Every key a seat of ``table``'s game is bound to (a real-time game's per-seat keys), and the table's own
    letter keys (``game_keys``, if it has any)."""
    keys = getattr(table, "seat_keys", None)
    return {k for seat in getattr(keys, "seats", ()) for k in seat.keys.values()} | set(getattr(table, "game_keys", ()))


class GameOverScene(MenuScene):
    """Two buttons along the bottom, a letter no seat uses and Esc; a game's end screen draws the rest.

    For :data:`GUARD_S` after it opens the buttons are greyed and input is ignored.
    """

    def __init__(self, app: Any, table: Any) -> None:
        self.table = table
        self.age = 0.0
        used = seat_letters(table)
        again = next((k for k in self.again_keys() if ord(k.lower()) not in used), None)
        self.hotkeys = {"again": again, "menu": "Esc"}
        super().__init__(app)

    def again_keys(self) -> tuple[str, ...]:
        """Candidate letters for the again button, its own initial first ("P" for Play again)."""
        first = self.again_label[:1].upper()
        return (first,) + tuple(k for k in AGAIN_KEYS if k != first)

    @property
    def guarded(self) -> bool:
        return self.age < GUARD_S

    def refresh(self) -> None:
        super().refresh()
        for b in self.buttons:
            b.enabled = not self.guarded

    def update(self, dt: float) -> None:
        was = self.guarded
        self.age += dt
        if was and not self.guarded:
            self.refresh()
            self.app.dirty = True
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guarded and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                           pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN):
            return True  # a game key still being pressed as the game ended: swallowed
        return super().handle_event(event)

    @property
    def again_label(self) -> str:
        if self.table.network is not None:
            return "New network game"
        return "Watch again" if self.table.replaying else "Play again"

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        w, gap = round(240 * s), round(20 * s)
        x0 = self.layout.w // 2 - (2 * w + gap) // 2
        y = self.layout.h - round(74 * s)
        keys = [("again", self.again_label), ("menu", "Main menu")]
        return [Button(k, label, pygame.Rect(x0 + i * (w + gap), y, w, round(52 * s)), primary=k == "again")
                for i, (k, label) in enumerate(keys)]

    def on_button(self, key: str) -> None:
        if key == "again":
            play_again(self.table)
        elif key == "menu":
            self.app.to_title()

    def on_back(self) -> None:
        self.app.to_title()

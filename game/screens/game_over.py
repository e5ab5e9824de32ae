"""The end of a game: a screen with Play again (or Watch again) and Main menu over what a table shows of it."""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.ui import Button
from game.screens.menu import MenuScene


def play_again(table: Any) -> None:
    """The same setup dealt anew (a replay is watched again)."""
    table.app.start_game(table.setup, replace=True, replay=table.record if table.replaying else None)


class GameOverScene(MenuScene):
    """Two buttons along the bottom, A and Esc; a game's end screen draws the rest."""

    hotkeys = {"again": "A", "menu": "Esc"}

    def __init__(self, app: Any, table: Any) -> None:
        self.table = table
        super().__init__(app)

    @property
    def again_label(self) -> str:
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

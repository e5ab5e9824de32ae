"""A hidden-hand table's first-game tip: a box over the opponents' area on the player's own turn, until its Got it
button (or X) closes it for good for that game.

A game gives its :class:`FirstTip` ``tip_lines``; the table's ``tip_open`` and ``close_tip`` are the
:class:`~game.kit.turnscene.TurnScene`'s (a first game with a human at the table; remembered in the settings).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.messages import draw_tip, tip_close
from game.kit.ui import Button

TIP_KEY = pygame.K_x
"""The Got it button's key."""


class FirstTip:
    """The tip's place, its button, its key and its drawing, for a table with a layout and a turn."""

    tip_lines: tuple[str, ...] = ()
    """The game's tip, its first line a heading (none: the game has no tip)."""
    tip_open: bool
    layout: Any
    app: Any
    panels: dict[Any, Any]
    my_turn: Any
    close_tip: Any

    def tip_showing(self) -> bool:
        """The first-game tip shows only on the player's own turn: it never hides what the others play."""
        return bool(self.tip_lines) and self.tip_open and self.my_turn()

    def tip_layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The tip's box, over the opponents' area (nothing to click there, clear of the hand, piles and buttons),
        and its close button."""
        L = self.layout
        tops = [spot.panel for spot in L.spots.values() if spot.side == "top"]
        box = tops[0].unionall(tops[1:]) if tops else pygame.Rect(L.w // 4, L.margin, L.w // 2, round(180 * L.scale))
        return box, tip_close(box, L.scale)

    def tip_buttons(self) -> list[Button]:
        """The tip's Got it, while it shows."""
        return [Button("tip_close", "Got it", self.tip_layout()[1], primary=True)] if self.tip_showing() else []

    def tip_covers(self, pos: tuple[int, int]) -> bool:
        """Whether the showing tip lies over ``pos`` (a click there is the tip's, not what it hides)."""
        return self.tip_showing() and self.tip_layout()[0].collidepoint(pos)

    def tip_key(self, key: int) -> bool:
        """X while the tip shows closes it for good; whether it did."""
        if key != TIP_KEY or not self.tip_showing():
            return False
        self.close_tip()
        return True

    def draw_first_tip(self, surface: pygame.Surface) -> None:
        """The tip's box while it shows (its Got it is among the buttons)."""
        if self.tip_showing():
            box, close = self.tip_layout()
            draw_tip(surface, self.app.text, box, close, self.tip_lines, self.layout.scale, self.panels)

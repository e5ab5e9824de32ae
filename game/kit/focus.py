"""The keyboard's focus on a hidden-hand table: what the arrows point at and whether its ring shows.

:class:`Focus` is a small state object: the input moves it (:meth:`Focus.move`,
:meth:`Focus.press`, :meth:`Focus.pointer_moved`), the view only reads it
(:meth:`Focus.shown`, :meth:`Focus.ring`).  It points at ``("hand", i)`` (the
bottom hand's card ``i``), ``"stock"``, ``"discard"`` or ``("button", key)``
(a button, ``"menu"`` last).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

WAYS = ("left", "right", "up", "down")


@dataclass
class Focus:
    """What the arrows point at, and whether its ring shows (after a key, until the mouse moves)."""

    at: object = None
    visible: bool = False

    def shown(self) -> object:
        """What the ring is round now (None while hidden)."""
        return self.at if self.visible else None

    def pointer_moved(self, event: pygame.event.Event) -> None:
        """The mouse moved: the ring hides (the focus stays for the next key)."""
        if event.type == pygame.MOUSEMOTION and event.rel != (0, 0):
            self.visible = False

    def press(self, count: int) -> object:
        """Space or Enter: what to click (the first hand card if nothing had the focus yet), or None."""
        self.visible = True
        if self.at is None and count:
            self.at = ("hand", 0)
        return self.at

    def cycle(self, items: Sequence[object], way: int) -> None:
        """The focus on the next of ``items`` (``way`` -1: the one before it), round from the last to the first, and
        shown; from none of them, Right goes to the first and Left to the last.  No items: nothing changes."""
        if not items:
            return
        self.visible = True
        i = list(items).index(self.at) if self.at in items else (0 if way < 0 else -1)
        self.at = items[(i + way) % len(items)]

    def move(self, way: str, count: int, buttons: Sequence[str]) -> None:
        """Left/Right along the ``count`` hand cards (then on to the ``buttons``, up and down their column),
        Up to the piles, Down back to the hand."""
        self.visible = True
        self.at = self._moved(way, count, list(buttons))

    def _moved(self, way: str, count: int, names: list[str]) -> object:
        focus = self.at
        if focus is None or (isinstance(focus, tuple) and focus[0] == "hand" and focus[1] >= count):
            return ("hand", 0) if count else "stock"
        if isinstance(focus, tuple) and focus[0] == "hand":
            i = focus[1]
            if way in ("left", "right"):
                return ("hand", max(0, i - 1)) if way == "left" else ("hand", i + 1) if i + 1 < count else (
                    "button", names[0])
            return "stock" if way == "up" else focus
        if focus in ("stock", "discard"):
            if way in ("left", "right"):
                return "discard" if focus == "stock" else "stock"
            return ("hand", min(count - 1, count // 2)) if way == "down" and count else focus
        if isinstance(focus, tuple) and focus[0] == "button":
            i = names.index(focus[1]) if focus[1] in names else 0
            if way == "left":
                return ("hand", count - 1) if count else "stock"
            if way == "up":
                return ("button", names[i - 1]) if i > 0 else "discard"
            if way == "down":
                return ("button", names[min(len(names) - 1, i + 1)])
        return focus

    def ring(self, t: Any) -> pygame.Rect | None:
        """Where the ring goes on table ``t``: round a hand card, a pile or the menu button (a button rings itself)."""
        focus, L = self.shown(), t.layout
        if isinstance(focus, tuple) and focus[0] == "hand":
            return t.fan.rect_of(t.my_hand[focus[1]], L) if focus[1] < len(t.my_hand) else None
        return {"stock": L.stock, "discard": L.discard, ("button", "menu"): L.menu_button}.get(focus)

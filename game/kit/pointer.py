"""The pointer handling a hand-and-table scene shares: hover, press, drag past a few pixels, drop, click.

:class:`Pointer` is the state: where the mouse is, what it hovers, what was
pressed and what is dragged.  Only :func:`pointer_event` (the input) writes it;
views read it.  :func:`pointer_event` runs the left button and the mouse motion
on a table's ``Pointer``; the game passes its own ``target_at``, ``start_drag``,
``drop`` and ``click``.  For a hidden-hand table (a bottom fan, a stock and a
discard pile) :func:`hand_table_target` and :func:`start_hand_table_drag` are
those parts that don't depend on the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.kit.hand import Drag

DRAG_START_PX = 8
"""How far (in pixels, up and across added) a press must move before it becomes a drag."""


@dataclass
class Pointer:
    """The mouse over a table: where it is, what it hovers, what it pressed (and where), what it drags."""

    mouse: tuple[int, int] = (0, 0)
    hover: object = None
    press: tuple[object, tuple[int, int]] | None = None
    drag: Drag | None = None

    def hover_index(self) -> int | None:
        """The bottom hand's card under the mouse (by index), unless something is dragged."""
        if isinstance(self.hover, tuple) and self.hover[0] == "hand" and not self.drag:
            return int(self.hover[1])
        return None

    def forget(self) -> None:
        """Drop the press and the drag (the table turned to another player, or a question covers it)."""
        self.press = self.drag = None


def pointer_event(t: Any, event: pygame.event.Event, target_at: Callable[[Any, tuple[int, int]], Any],
                  start_drag: Callable[[Any, Any, tuple[int, int]], Drag | None],
                  drop: Callable[[Any, tuple[int, int]], None], click: Callable[[Any, Any], None]) -> bool | None:
    """Handle a motion or a left press/release on ``t.pointer``: whether to redraw, or None when ``event`` is
    none of them.  ``start_drag(t, target, start)`` says what a press that moved far enough drags, if anything."""
    p: Pointer = t.pointer
    if event.type == pygame.MOUSEMOTION:
        p.mouse = event.pos
        if p.press and not p.drag:
            target, start = p.press
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_START_PX:
                p.drag = start_drag(t, target, start)
        hover = target_at(t, event.pos)
        changed = hover != p.hover
        p.hover = hover
        return changed or bool(p.drag)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        p.mouse = event.pos
        p.press = (target_at(t, event.pos), event.pos)
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        p.mouse = event.pos
        press, p.press = p.press, None
        if p.drag:
            drop(t, event.pos)
            return True
        if press is not None:
            target = target_at(t, event.pos)
            if target == press[0]:
                click(t, target)
        return True
    return None


def hand_table_target(t: Any, pos: tuple[int, int]) -> object:
    """What is under the mouse on a hidden-hand table: a button, the menu, the first-game tip, a hand card, the stock
    or the discard."""
    L = t.layout
    for b in t.buttons():
        if b.rect.collidepoint(pos):
            return ("button", b.key)
    if L.menu_button.collidepoint(pos):
        return ("button", "menu")
    if t.tip_covers(pos):
        return "tip"  # what the first-game tip hides can't be clicked through it
    i = t.fan.index_at(pos, t.my_hand, L, t.pointer.hover_index())
    if i is not None:
        return ("hand", i)
    if L.stock.collidepoint(pos):
        return "stock"
    if L.discard.collidepoint(pos):
        return "discard"
    return None


def start_hand_table_drag(t: Any, target: object, start: tuple[int, int]) -> Drag | None:
    """A press moved far enough: drag the pressed hand card, or the stock's or the discard's top card (or nothing)."""
    if isinstance(target, tuple) and target[0] == "hand":
        if target[1] >= len(t.my_hand):
            return None
        sprite = t.my_hand[target[1]]
        r = t.hand_targets()[sprite.id]
        return Drag("hand", (start[0] - r.x, start[1] - r.y), sprite)
    if target in ("stock", "discard"):
        r = t.layout.stock if target == "stock" else t.layout.discard
        if (target == "discard" and not t.model.discard) or (target == "stock" and not t.model.stock):
            return None
        return Drag(target, (start[0] - r.x, start[1] - r.y))
    return None

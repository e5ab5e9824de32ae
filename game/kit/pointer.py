"""The pointer handling a hand-and-table scene shares: hover, press, drag past a few pixels, drop, click.

:func:`pointer_event` runs the left button and the mouse motion for a table ``t``
with ``mouse``, ``press``, ``drag`` and ``hover`` attributes; the game passes its
own ``target_at``, ``start_drag``, ``drop`` and ``click``.  For a hidden-hand
table (a bottom fan, a stock and a discard pile) :func:`hand_table_target` and
:func:`start_hand_table_drag` are those parts that don't depend on the game.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.kit.hand import Drag

DRAG_START_PX = 8
"""How far (in pixels, up and across added) a press must move before it becomes a drag."""


def pointer_event(t: Any, event: pygame.event.Event, target_at: Callable[[Any, tuple[int, int]], Any],
                  start_drag: Callable[[Any, Any, tuple[int, int]], None],
                  drop: Callable[[Any, tuple[int, int]], None], click: Callable[[Any, Any], None]) -> bool | None:
    """Handle a motion or a left press/release: whether to redraw, or None when ``event`` is none of them."""
    if event.type == pygame.MOUSEMOTION:
        t.mouse = event.pos
        if t.press and not t.drag:
            target, start = t.press
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_START_PX:
                start_drag(t, target, start)
        hover = target_at(t, event.pos)
        changed = hover != t.hover
        t.hover = hover
        return changed or bool(t.drag)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        t.mouse = event.pos
        t.press = (target_at(t, event.pos), event.pos)
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        t.mouse = event.pos
        press, t.press = t.press, None
        if t.drag:
            drop(t, event.pos)
            return True
        if press is not None:
            target = target_at(t, event.pos)
            if target == press[0]:
                click(t, target)
        return True
    return None


def hand_table_target(t: Any, pos: tuple[int, int]) -> object:
    """What is under the mouse on a hidden-hand table: a button, the menu, a hand card, the stock or the discard."""
    L = t.layout
    for b in t.buttons():
        if b.rect.collidepoint(pos):
            return ("button", b.key)
    if L.menu_button.collidepoint(pos):
        return ("button", "menu")
    i = t.fan.index_at(pos, t.my_hand, L, t._hover_index())
    if i is not None:
        return ("hand", i)
    if L.stock.collidepoint(pos):
        return "stock"
    if L.discard.collidepoint(pos):
        return "discard"
    return None


def start_hand_table_drag(t: Any, target: object, start: tuple[int, int]) -> None:
    """A press moved far enough: drag the pressed hand card, or the stock's or the discard's top card."""
    if isinstance(target, tuple) and target[0] == "hand":
        if target[1] >= len(t.my_hand):
            return
        sprite = t.my_hand[target[1]]
        r = t.hand_targets()[sprite.id]
        t.drag = Drag("hand", (start[0] - r.x, start[1] - r.y), sprite)
    elif target in ("stock", "discard"):
        r = t.layout.stock if target == "stock" else t.layout.discard
        if (target == "discard" and not t.model.discard) or (target == "stock" and not t.model.stock):
            return
        t.drag = Drag(target, (start[0] - r.x, start[1] - r.y))

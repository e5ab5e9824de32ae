"""The pointer handling a hand-and-table scene shares: hover, press, drag past a few pixels, drop, click.

:func:`pointer_event` runs the left button and the mouse motion for a table ``t``
with ``mouse``, ``press``, ``drag`` and ``hover`` attributes; the game passes its
own ``target_at``, ``start_drag``, ``drop`` and ``click``.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

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

"""The input every hidden-hand table reads the same way: Esc, the pointer, a right click, a click on a pile or a
hand card, a card dropped on the discard pile or along the hand, a pile's top card dragged into the hand.

A game's input module passes its own parts (its keys, what else is under the
mouse, what a drop elsewhere means, its engine's actions); ``t`` is the
:class:`~game.kit.handtable.HiddenHandTable`.  Every click or drop becomes an
action tried through ``t.try_action`` (refused with the engine's reason) or a
change of the view (the selection, the hand's order).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.kit.hand import HandFan
from game.kit.pointer import hand_table_target, pointer_event, start_hand_table_drag

Point = tuple[int, int]


def handle_event(t: Any, event: pygame.event.Event, handle_key: Callable[[Any, int], bool],
                 drop: Callable[[Any, Point], None], target_at: Callable[[Any, Point], object] = hand_table_target,
                 wheel: Callable[[Any, pygame.event.Event], bool] | None = None) -> bool:
    """Esc opens the pause menu, X closes the first-game tip while it shows, other keys go to ``handle_key``; the
    pointer hovers, clicks and drags (see :func:`~game.kit.pointer.pointer_event`; a click goes to ``t.click``);
    ``wheel`` takes the mouse wheel; a right click clears the selection."""
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            t.open_pause()
            return True
        return t.tip_key(event.key) or handle_key(t, event.key)
    handled = pointer_event(t, event, target_at, start_hand_table_drag, drop,
                            lambda t, target: t.click(target))
    if handled is not None:
        return handled
    if event.type == pygame.MOUSEWHEEL and wheel is not None:
        return wheel(t, event)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        t.fan.selected.clear()
        return True
    return False


def click_pile_or_card(t: Any, target: object, drawing: bool, draw_stock: Any, draw_discard: Any,
                       discard: Callable[[Any], Any]) -> bool:
    """A click on the stock (``draw_stock``), on the discard pile (``draw_discard`` while ``drawing`` or not the
    player's turn, else ``discard(card)`` of the one selected card) or on a hand card (its selection);
    whether ``target`` was one of them."""
    if target == "stock":
        t.try_action(draw_stock)
    elif target == "discard":
        if drawing or not t.my_turn():
            t.try_action(draw_discard)
        elif len(t.selected) == 1:
            t.try_action(discard(next(iter(t.selected))))
        else:
            t.show_toast("To discard, select one card and click the pile, or drag the card onto it.", True)
    elif isinstance(target, tuple) and target[0] == "hand":
        if target[1] < len(t.my_hand):
            t.fan.toggle(t.my_hand[target[1]])
    else:
        return False
    return True


def drop_on_table(t: Any, pos: Point, discard: Callable[[Any], Any], take: Callable[[str, Point], Any],
                  elsewhere: Callable[[Any, Point], bool] | None = None) -> None:
    """The dragged thing let go at ``pos``: a hand card on the discard pile (``discard(card)``), somewhere the game
    takes it (``elsewhere(card, pos)`` says whether it did), or along the hand (its new place); a pile's top card
    below the status line is drawn (``take(pile, pos)``)."""
    drag, t.pointer.drag = t.pointer.drag, None
    L = t.layout
    if drag is None:
        return
    if drag.what == "hand" and drag.sprite is not None:
        card = drag.sprite.card
        if L.discard.inflate(L.discard.w // 2, L.discard.h // 3).collidepoint(pos):
            t.try_action(discard(card))
        elif elsewhere is not None and elsewhere(card, pos):
            pass
        elif pos[1] > L.status.bottom:
            HandFan.move(t.my_hand, drag.sprite, pos[0], L)
    elif pos[1] > L.status.top:
        take(drag.what, pos)

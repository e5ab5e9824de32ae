"""Sprint's input rules: the mouse (click, drag a card to a pile or along the hand) and the keyboard.

Every key does what a click would; the keys come from the bottom seat's keymap.
"""

from __future__ import annotations

import pygame

from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Discard, Phase

from game.kit.hand import HandFan
from game.kit.handinput import click_pile_or_card, drop_on_table, handle_event as hand_event
from game.kit.handtable import HiddenHandTable

SORTS = {"sort_rank": lambda c: (c.rank, c.suit), "sort_suit": lambda c: (c.suit, c.rank)}


def handle_key(t: HiddenHandTable, key: int) -> bool:
    """The keyboard as an accelerator: every key does what a click would (keys from the bottom seat's map)."""
    bound = t.keymap.lookup(key)
    if bound is None:
        return False
    action = bound[1]
    count = len(t.my_hand)
    if action in ("left", "right", "up", "down"):
        t.kb_visible = True
        t.kb_focus = moved_focus(t, t.kb_focus, action, count)
    elif action == "press":
        t.kb_visible = True
        if t.kb_focus is None and count:
            t.kb_focus = ("hand", 0)
        if t.kb_focus is not None:
            click(t, t.kb_focus)
    elif action == "stock":
        click(t, "stock")
    elif action == "pile":
        t.try_action(DRAW_DISCARD)
    elif action == "lay":
        click(t, ("button", "lay"))
    elif action == "discard":
        discard_by_key(t)
    elif action == "hint":
        t.ask_hint()
    elif action == "undo":
        t.undo()
    elif action in SORTS:
        HandFan.sort(t.my_hand, SORTS[action])
    elif action == "tip_close" and t.tip_showing():
        t.close_tip()
    else:
        return False
    return True

def moved_focus(t: HiddenHandTable, focus: object, way: str, count: int) -> object:
    """Left/Right along the hand (then on to the buttons), Up to the piles, Down back to the hand."""
    names = [b.key for b in t.buttons()] + ["menu"]
    last = ("hand", count - 1) if count else "stock"
    if focus is None or (isinstance(focus, tuple) and focus[0] == "hand" and focus[1] >= count):
        return ("hand", 0) if count else "stock"
    if isinstance(focus, tuple) and focus[0] == "hand":
        i = focus[1]
        if way == "left":
            return ("hand", max(0, i - 1))
        if way == "right":
            return ("hand", i + 1) if i + 1 < count else ("button", names[0])
        return "stock" if way == "up" else focus
    if focus in ("stock", "discard"):
        if way in ("left", "right"):
            return "discard" if focus == "stock" else "stock"
        return ("hand", min(count - 1, count // 2)) if way == "down" and count else focus
    if isinstance(focus, tuple) and focus[0] == "button":
        i = names.index(focus[1]) if focus[1] in names else 0
        if way == "left":
            return last
        if way == "up":
            return ("button", names[i - 1]) if i > 0 else "discard"
        if way == "down":
            return ("button", names[min(len(names) - 1, i + 1)])
    return focus

def discard_by_key(t: HiddenHandTable) -> None:
    """D: discard the one selected card, or the card in focus if none is selected."""
    hand = t.model.hands[t.viewer]
    if len(t.selected) == 1:
        t.try_action(Discard(next(iter(t.selected))))
    elif not t.selected and isinstance(t.kb_focus, tuple) and t.kb_focus[0] == "hand" \
            and t.kb_focus[1] < len(hand):
        t.try_action(Discard(hand[t.kb_focus[1]]))
    else:
        t.show_toast("To discard with D, select exactly one card (arrows, then Space).", True)

def handle_event(t: HiddenHandTable, event: pygame.event.Event) -> bool:
    if event.type == pygame.MOUSEMOTION and t.kb_visible and event.rel != (0, 0):
        t.kb_visible = False
    return hand_event(t, event, handle_key, _drop, wheel=_scroll_log)


def _scroll_log(t: HiddenHandTable, event: pygame.event.Event) -> bool:
    if t.layout.log_panel.collidepoint(t.mouse):
        t.log.scroll_by(event.y)
        return True
    return False


def click(t: HiddenHandTable, target: object) -> None:
    if click_pile_or_card(t, target, t.state.phase is Phase.DRAW, DRAW_STOCK, DRAW_DISCARD, Discard):
        return
    key = target[1] if isinstance(target, tuple) and target[0] == "button" else None
    if key == "lay":
        lay, reason = t.selection_lay()
        if reason is not None or lay is None:
            t.show_toast(reason or "Select cards to lay a match.", True)
        else:
            t.try_action(lay)
    elif key == "hint":
        t.ask_hint()
    elif key == "undo":
        t.undo()
    elif key in SORTS:
        HandFan.sort(t.my_hand, SORTS[key])
    elif key == "menu":
        t.open_pause()
    elif key == "tip_close":
        t.close_tip()


def _drop(t: HiddenHandTable, pos: tuple[int, int]) -> None:
    drop_on_table(t, pos, Discard, lambda pile, at: _take(t, pile, at[0]))


def _take(t: HiddenHandTable, pile: str, x: int) -> None:
    t.drop_x = x  # the card lands where it was dropped
    if not t.try_action(DRAW_STOCK if pile == "stock" else DRAW_DISCARD):
        t.drop_x = None

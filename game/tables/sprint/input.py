"""Sprint's input rules: the mouse (click, drag a card to a pile or along the hand) and the keyboard.

Every key does what a click would; the keys come from the bottom seat's keymap.
"""

from __future__ import annotations

import pygame

from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Discard, Phase

from game.kit.focus import WAYS
from game.kit.hand import SORTS, HandFan
from game.kit.handinput import click_pile_or_card, drop_on_table, handle_event as hand_event
from game.kit.handtable import HiddenHandTable


def handle_key(t: HiddenHandTable, key: int) -> bool:
    """The keyboard as an accelerator: every key does what a click would (keys from the bottom seat's map)."""
    action = (t.keymap.lookup(key) or (None, None))[1]
    if action in WAYS:
        t.focus.move(action, len(t.my_hand), [b.key for b in t.buttons()] + ["menu"])
    elif action == "press":
        target = t.focus.press(len(t.my_hand))
        if target is not None:
            t.click(target)  # the table's click: the tip's Got it too
    elif action in COMMANDS:
        COMMANDS[action](t)
    else:
        return False
    return True


def discard_by_key(t: HiddenHandTable) -> None:
    """D: discard the one selected card, or the card in focus if none is selected."""
    hand = t.model.hands[t.viewer]
    if len(t.selected) == 1:
        t.try_action(Discard(next(iter(t.selected))))
    elif not t.selected and isinstance(t.focus.at, tuple) and t.focus.at[0] == "hand" and t.focus.at[1] < len(hand):
        t.try_action(Discard(hand[t.focus.at[1]]))
    else:
        t.show_toast("To discard with D, select exactly one card (arrows, then Space).", True)

def handle_event(t: HiddenHandTable, event: pygame.event.Event) -> bool:
    t.focus.pointer_moved(event)
    return hand_event(t, event, handle_key, _drop, wheel=_scroll_log)


def _scroll_log(t: HiddenHandTable, event: pygame.event.Event) -> bool:
    if t.layout.log_panel.collidepoint(t.mouse):
        t.log.scroll_by(event.y)
        return True
    return False


def click(t: HiddenHandTable, target: object) -> None:
    if click_pile_or_card(t, target, t.state.phase is Phase.DRAW, DRAW_STOCK, DRAW_DISCARD, Discard):
        return
    if isinstance(target, tuple) and target[0] == "button" and target[1] in BUTTONS:
        COMMANDS[target[1]](t)


def _lay(t: HiddenHandTable) -> None:
    lay, reason = t.selection_lay()
    if reason is not None or lay is None:
        t.show_toast(reason or "Select cards to lay a match.", True)
    else:
        t.try_action(lay)


def _drop(t: HiddenHandTable, pos: tuple[int, int]) -> None:
    drop_on_table(t, pos, Discard, lambda pile, at: _take(t, pile, at[0]))


def _take(t: HiddenHandTable, pile: str, x: int) -> None:
    t.drop_x = x  # the card lands where it was dropped
    if not t.try_action(DRAW_STOCK if pile == "stock" else DRAW_DISCARD):
        t.drop_x = None


COMMANDS = {
    "lay": _lay, "hint": lambda t: t.ask_hint(), "undo": lambda t: t.undo(),
    "sort_rank": lambda t: HandFan.sort(t.my_hand, SORTS["sort_rank"]),
    "sort_suit": lambda t: HandFan.sort(t.my_hand, SORTS["sort_suit"]), "menu": lambda t: t.open_pause(),
    "stock": lambda t: click(t, "stock"), "pile": lambda t: t.try_action(DRAW_DISCARD), "discard": discard_by_key,
}
"""What each button and key does, by name (the keys' names from :data:`~game.tables.sprint.table.SPRINT_KEYS`)."""
BUTTONS = ("lay", "hint", "undo", "sort_rank", "sort_suit", "menu")
"""The names a button click runs (the others are keys only)."""

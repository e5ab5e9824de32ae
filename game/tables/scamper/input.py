"""Scamper's input rules: the mouse (click a card, a pile, a button; drag a card to a meld, the pile or along the hand).

What a selection or a drop means is asked of the engine (:mod:`game.tables.scamper.play`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.cards import STANDARD_SIZE
from engine.scamper import CALL, DRAW_DISCARD, DRAW_STOCK, PASS, Discard
from engine.scamper.table import Phase

from game.kit.hand import HandFan
from game.kit.pointer import hand_table_target, pointer_event, start_hand_table_drag

if TYPE_CHECKING:
    from game.tables.scamper.table import ScamperTable

SORTS = {"sort_rank": lambda c: (1, 0, 0) if c >= STANDARD_SIZE else (0, c.rank, c.suit),
         "sort_suit": lambda c: (1, 0, 0) if c >= STANDARD_SIZE else (0, c.suit, c.rank)}
"""Jokers go to the right end either way (they have no rank or suit)."""
KEYS = {pygame.K_s: "stock", pygame.K_p: "pile", pygame.K_l: "lay", pygame.K_r: "sort_rank", pygame.K_u: "sort_suit",
        pygame.K_t: "sheet", pygame.K_c: "call", pygame.K_w: "wild"}


def meld_at(t: ScamperTable, pos: tuple[int, int]) -> tuple[int, int | None] | None:
    """The meld (and the card in it) under ``pos``; a little margin round each meld counts."""
    best = None
    for meld, rects in t.meld_rects().items():
        for place in range(len(rects) - 1, -1, -1):
            if rects[place].collidepoint(pos):
                return meld, place
        if rects:
            area = rects[0].unionall(rects[1:]).inflate(rects[0].w // 2, rects[0].h // 3)
            if area.collidepoint(pos):
                best = (meld, None)
    return best


def target_at(t: ScamperTable, pos: tuple[int, int]) -> object:
    """What is under the mouse: the shared table's targets, else a place in a meld."""
    target = hand_table_target(t, pos)
    if target is not None:
        return target
    found = meld_at(t, pos)
    if found is not None:
        return ("meld", found[0], found[1])
    return None


def handle_event(t: ScamperTable, event: pygame.event.Event) -> bool:
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            t.open_pause()
            return True
        name = KEYS.get(event.key)
        if name is None:
            return False
        if name == "stock":
            click(t, "stock")
        elif name == "pile":
            click(t, "discard")
        else:
            _button(t, name)
        return True
    handled = pointer_event(t, event, target_at, start_hand_table_drag, _drop, click)
    if handled is not None:
        return handled
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        t.fan.selected.clear()
        return True
    return False


def click(t: ScamperTable, target: object) -> None:
    phase = t.state.phase
    if target == "stock":
        t.try_action(DRAW_STOCK)
    elif target == "discard":
        if phase in (Phase.DRAW, Phase.OPENING) or not t.my_turn():
            t.try_action(DRAW_DISCARD)
        elif len(t.fan.selected) == 1:
            t.try_action(Discard(t.selected_cards()[0]))
        else:
            t.show_toast("To discard, select one card and click the pile, or drag the card onto it.", True)
    elif isinstance(target, tuple) and target[0] == "hand":
        if target[1] < len(t.my_hand):
            t.fan.toggle(t.my_hand[target[1]])
    elif isinstance(target, tuple) and target[0] == "meld":
        cards = t.selected_cards()
        if len(cards) == 1:
            action, reason = t.drop_action(cards[0], target[1], target[2])
            if action is None:
                t.show_toast(reason or "That card doesn't go there.", True)
            else:
                t.try_action(action)
        else:
            t.show_toast("Drag a card onto a meld to add it (onto a wild to swap it), or select one card and click.")
    elif isinstance(target, tuple) and target[0] == "button":
        _button(t, target[1])


def _button(t: ScamperTable, key: str) -> None:
    if key == "lay":
        p = t.proposal()
        if p.action is None or p.reason is not None:
            t.show_toast(p.reason or "Select cards to lay.", True)
        else:
            t.try_action(p.action)
    elif key == "pass":
        t.try_action(PASS)
    elif key == "take":
        t.try_action(DRAW_DISCARD)
    elif key == "call":
        t.try_action(CALL)
    elif key == "wild":
        if t.proposal().wild_choice:  # the spare wild of the selection's run to its other end
            t.wilds_low = not t.wilds_low
    elif key == "sheet":
        t.show_sheet()
    elif key == "sort":
        t.sort_by = "suit" if t.sort_by == "rank" else "rank"
        HandFan.sort(t.my_hand, SORTS["sort_" + t.sort_by])
    elif key in SORTS:
        t.sort_by = key[5:]
        HandFan.sort(t.my_hand, SORTS[key])
    elif key == "menu":
        t.open_pause()


def _drop(t: ScamperTable, pos: tuple[int, int]) -> None:
    drag, t.drag = t.drag, None
    L = t.layout
    if drag is None:
        return
    if drag.what == "hand" and drag.sprite is not None:
        card = drag.sprite.card
        found = meld_at(t, pos)
        if L.discard.inflate(L.discard.w // 2, L.discard.h // 3).collidepoint(pos):
            t.try_action(Discard(card))  # type: ignore[arg-type]
        elif found is not None:
            action, reason = t.drop_action(card, found[0], found[1])  # type: ignore[arg-type]
            if action is None:
                t.show_toast(reason or "That card doesn't go there.", True)
            else:
                t.try_action(action)
        elif pos[1] > L.status.bottom:
            HandFan.move(t.my_hand, drag.sprite, pos[0], L)
    elif pos[1] > L.status.top:
        t.try_action(DRAW_STOCK if drag.what == "stock" else DRAW_DISCARD)

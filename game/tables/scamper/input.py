"""Scamper's input rules: the mouse (click a card, a pile, a button; drag a card to a meld, the pile or along the hand).

What a selection or a drop means is asked of the engine (:mod:`game.tables.scamper.play`).
"""

from __future__ import annotations

import pygame

from engine.cards import Card
from engine.scamper import CALL, DRAW_DISCARD, DRAW_STOCK, PASS, Discard
from engine.scamper.table import Phase

from game.kit.firsttip import TIP_KEY
from game.kit.hand import SORTS, HandFan
from game.kit.handinput import click_pile_or_card, drop_on_table, handle_event as hand_event
from game.kit.handtable import HiddenHandTable
from game.kit.pointer import hand_table_target

KEYS = {pygame.K_s: "stock", pygame.K_p: "pile", pygame.K_l: "lay", pygame.K_r: "sort_rank", pygame.K_u: "sort_suit",
        pygame.K_t: "sheet", pygame.K_c: "call", pygame.K_w: "wild", TIP_KEY: "tip_close"}


def meld_at(t: HiddenHandTable, pos: tuple[int, int]) -> tuple[int, int | None] | None:
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


def target_at(t: HiddenHandTable, pos: tuple[int, int]) -> object:
    """What is under the mouse: the shared table's targets, else a place in a meld."""
    target = hand_table_target(t, pos)
    found = meld_at(t, pos) if target is None else None
    return target if found is None else ("meld", *found)


def handle_event(t: HiddenHandTable, event: pygame.event.Event) -> bool:
    return hand_event(t, event, _key, _drop, target_at)


def _key(t: HiddenHandTable, key: int) -> bool:
    if key in KEYS:
        _button(t, KEYS[key])
    return key in KEYS


def click(t: HiddenHandTable, target: object) -> None:
    if click_pile_or_card(t, target, t.state.phase in (Phase.DRAW, Phase.OPENING), DRAW_STOCK, DRAW_DISCARD, Discard):
        return
    if isinstance(target, tuple) and target[0] == "meld":
        cards = tuple(t.selected)
        if len(cards) == 1:
            _on_meld(t, cards[0], target[1], target[2])
        else:
            t.show_toast("Drag a card onto a meld to add it (onto a wild to swap it), or select one card and click.")
    elif isinstance(target, tuple) and target[0] == "button":
        _button(t, target[1])


def _on_meld(t: HiddenHandTable, card: Card, meld: int, place: int | None) -> None:
    action, reason = t.drop_action(card, meld, place)
    if action is None:
        t.show_toast(reason or "That card doesn't go there.", True)
    else:
        t.try_action(action)


def _button(t: HiddenHandTable, key: str) -> None:
    if key in COMMANDS:
        COMMANDS[key](t)
    elif key in SORTS or key == "sort":  # "sort": the Advanced rules' one button, to the other order
        t.sort_by = key[5:] if key in SORTS else "suit" if t.sort_by == "rank" else "rank"
        HandFan.sort(t.my_hand, SORTS["sort_" + t.sort_by])


def _lay(t: HiddenHandTable) -> None:
    p = t.proposal()
    if p.action is None or p.reason is not None:
        t.show_toast(p.reason or "Select cards to lay.", True)
    else:
        t.try_action(p.action)


def _wild(t: HiddenHandTable) -> None:
    if t.proposal().wild_choice:  # the spare wild of the selection's run to its other end
        t.wilds_low = not t.wilds_low


COMMANDS = {"lay": _lay, "pass": lambda t: t.try_action(PASS), "take": lambda t: t.try_action(DRAW_DISCARD),
            "call": lambda t: t.try_action(CALL), "wild": _wild, "sheet": lambda t: t.show_sheet(),
            "menu": lambda t: t.open_pause(), "stock": lambda t: click(t, "stock"),
            "pile": lambda t: click(t, "discard")}
"""What each button (and each key: S and P click the stock and the pile) does, by name; the sorts besides."""


def _drop(t: HiddenHandTable, pos: tuple[int, int]) -> None:
    def on_meld(card: Card, at: tuple[int, int]) -> bool:
        found = meld_at(t, at)
        if found is not None:
            _on_meld(t, card, *found)
        return found is not None

    drop_on_table(t, pos, Discard, lambda pile, at: t.try_action(DRAW_STOCK if pile == "stock" else DRAW_DISCARD),
                  on_meld)

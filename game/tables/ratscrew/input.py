"""Ratscrew's input rules: what the mouse is over and what a click there does; each seat's keys as shown.

Every press becomes a stamped action (:meth:`RaceTableScene.act`), played at
the next update in time order with the bots'.  Keys and controllers are the
kit race table's (:mod:`game.kit.racetable`): each human seat has its own lay
and snap keys (A S for the first human, J K for the second...; "Players' keys"
rebinds them), a single human may also lay with Enter or a click on their pile
and snap with Space or a click on the stack; with no controller given to a
seat, any controller is theirs (the first button snaps, the others lay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.kit.racetable import RaceTableScene


def key_names(table: RaceTableScene, seat: int, joiner: str = " or ") -> tuple[str, str] | None:
    """``seat``'s lay keys and snap keys, each as one line ("A or Enter", "S or Space")."""
    lay, snap = table.key_names(seat, "lay"), table.key_names(seat, "snap")
    return (joiner.join(lay), joiner.join(snap)) if lay and snap else None


def click(table: RaceTableScene, target: object, event: pygame.event.Event) -> bool:
    """A click: a single human snaps on the stack or the Snap! button and lays on their own pile."""
    if table.solo is None:
        if target in ("stack", "snap") and table.humans:
            table.show_toast("Several players share this table: use your own keys (shown on your panel).")
    elif target in ("stack", "snap"):
        table.act(table.solo, "snap", event)
    elif target == ("pile", table.solo):
        table.act(table.solo, "lay", event)
    return target is not None


def target_at(table: RaceTableScene, pos: tuple[int, int]) -> object:
    """What the mouse is over: the menu button, the snap button, the stack, or a seat's pile."""
    L = table.layout
    if L.menu_button.collidepoint(pos):
        return "menu"
    if table.skip.offered and L.snap_button.collidepoint(pos):  # out of cards: the button skips to the end
        return "skip"
    if len(table.humans) == 1 and L.snap_button.collidepoint(pos):
        return "snap"
    if L.top_card.collidepoint(pos) or (table.model.stack and L.fan_area.collidepoint(pos)):
        return "stack"
    for seat, box in L.seats.items():
        if box.pile.collidepoint(pos) or box.panel.collidepoint(pos):
            return ("pile", seat)
    return None

"""Ratscrew's input rules: each human's lay and snap keys, the mouse and Space for a single human, controllers.

Every press becomes a stamped action (:meth:`RatscrewTable.act`), played at
the next update in time order with the bots'.  Several people share one
keyboard: each human seat gets its own pair of keys (:data:`SEAT_KEYS`, in
seat order).  A single human may also lay with Enter or a click on their pile,
and snap with Space or a click on the stack.  Controllers, in the order they
were plugged in, belong to the human seats in order: the bottom face button
(A / cross) snaps, any other face button lays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.tables.ratscrew import RatscrewTable

SEAT_KEYS: tuple[tuple[int, int], ...] = (
    (pygame.K_a, pygame.K_s),
    (pygame.K_k, pygame.K_l),
    (pygame.K_z, pygame.K_x),
    (pygame.K_n, pygame.K_m),
    (pygame.K_q, pygame.K_w),
    (pygame.K_o, pygame.K_p),
)
"""(lay, snap) for the first, second, ... human seat."""
SOLO_KEYS = {pygame.K_SPACE: "snap", pygame.K_RETURN: "lay", pygame.K_KP_ENTER: "lay"}
SNAP_BUTTON = 0  # A / cross


def default_keys(humans: list[int]) -> dict[int, tuple[int, str]]:
    """Key -> (seat, "lay" | "snap") for the human seats; a single human also gets Space and Enter."""
    keys: dict[int, tuple[int, str]] = {}
    for (lay, snap), seat in zip(SEAT_KEYS, humans):
        keys[lay] = (seat, "lay")
        keys[snap] = (seat, "snap")
    if len(humans) == 1:
        for key, what in SOLO_KEYS.items():
            keys[key] = (humans[0], what)
    return keys


def key_names(table: RatscrewTable, seat: int) -> tuple[str, str] | None:
    """The names of ``seat``'s lay and snap keys, for its panel."""
    lay = next((k for k, (s, w) in table.keys.items() if s == seat and w == "lay"), None)
    snap = next((k for k, (s, w) in table.keys.items() if s == seat and w == "snap"), None)
    if lay is None or snap is None:
        return None
    return pygame.key.name(lay).upper(), pygame.key.name(snap).upper()


def open_controllers(table: RatscrewTable) -> None:
    """Open the plugged-in controllers and give them to the human seats in order."""
    table.joysticks.clear()
    if not table.humans:
        return
    try:
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        for i in range(min(pygame.joystick.get_count(), len(table.humans))):
            stick = pygame.joystick.Joystick(i)
            table.joysticks[stick.get_instance_id()] = table.humans[i]
            table.__dict__.setdefault("_sticks", []).append(stick)  # keep it open
    except pygame.error:
        table.joysticks.clear()


def handle_event(table: RatscrewTable, event: pygame.event.Event) -> bool:
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            table.open_pause()
            return True
        bound = table.keys.get(event.key)
        if bound is not None:
            seat, what = bound
            (table.snap if what == "snap" else table.lay)(seat, event)
            return True
        return False
    if event.type == pygame.JOYBUTTONDOWN:
        seat = table.joysticks.get(getattr(event, "instance_id", -1))
        if seat is not None:
            (table.snap if event.button == SNAP_BUTTON else table.lay)(seat, event)
            return True
        return False
    if event.type == pygame.JOYDEVICEADDED or event.type == pygame.JOYDEVICEREMOVED:
        open_controllers(table)
        return True
    if event.type == pygame.MOUSEMOTION:
        target = target_at(table, event.pos)
        changed = target != table.hover
        table.hover = target
        return changed
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        target = target_at(table, event.pos)
        if target == "menu":
            table.open_pause()
            return True
        if len(table.humans) != 1:
            if target in ("stack", "snap") and table.humans:
                table.show_toast("Several players share this table: use your own keys (shown on your panel).")
            return target is not None
        me = table.humans[0]
        if target in ("stack", "snap"):
            table.snap(me, event)
            return True
        if target == ("pile", me):
            table.lay(me, event)
            return True
        return target is not None
    return False


def target_at(table: RatscrewTable, pos: tuple[int, int]) -> object:
    """What the mouse is over: the menu button, the snap button, the stack, or a seat's pile."""
    L = table.layout
    if L.menu_button.collidepoint(pos):
        return "menu"
    if len(table.humans) == 1 and L.snap_button.collidepoint(pos):
        return "snap"
    if L.top_card.collidepoint(pos) or (table.model.stack and L.fan_area.collidepoint(pos)):
        return "stack"
    for seat, box in L.seats.items():
        if box.pile.collidepoint(pos) or box.panel.collidepoint(pos):
            return ("pile", seat)
    return None

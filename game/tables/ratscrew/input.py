"""Ratscrew's input rules: each human's lay and snap keys, the mouse and Space for a single human, controllers.

Every press becomes a stamped action (:meth:`RatscrewTable.act`), played at
the next update in time order with the bots'.  Several people share one
keyboard: each human seat has its own keys, and a controller may be given to a
seat, through the kit's shared per-seat keys (:mod:`game.kit.seatkeys`: A S for
the first human, J K for the second...; "Players' keys" rebinds them).  A single
human may also lay with Enter or a click on their pile, and snap with Space or a
click on the stack; with no controller given to a seat, any controller is theirs
(the first button snaps, the others lay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.games import game_info

from game.kit.keymap import Keymap
from game.kit.keyscreens import open_keys_screen, seat_actions_of, seat_keys_of
from game.kit import skip
from game.kit.seatkeys import SeatKeys, key_name, open_pads, pad_event

if TYPE_CHECKING:
    from game.tables.ratscrew.table import RatscrewTable

SOLO_KEYS = {pygame.K_SPACE: "snap", pygame.K_RETURN: "lay", pygame.K_KP_ENTER: "lay"}
"""A single human's extra keys (beside their own pair): Space snaps, Enter lays."""


def load_keys(table: RatscrewTable) -> SeatKeys:
    """The players' keys for this game, as kept in the settings (the shared key screens edit them)."""
    return seat_keys_of(table.app, table.game_id, seat_actions_of(game_info(table.game_id)))


def table_keymap(table: RatscrewTable) -> Keymap:
    """Each human seat's lay and snap keys, in seat order; a single human also gets Space and Enter."""
    keymap = table.seat_keys.keymap(table.humans)
    if len(table.humans) == 1:
        for key, what in SOLO_KEYS.items():
            if keymap.lookup(key) is None:
                keymap.bindings[key] = (table.humans[0], what)
    return keymap


SHORT_NAMES = {"Return": "Enter", "Enter": "Num Enter", "Page Up": "PgUp", "Page Down": "PgDn", "Insert": "Ins",
               "Delete": "Del", "Backspace": "Bksp", "Left Shift": "L Shift", "Right Shift": "R Shift",
               "Left Ctrl": "L Ctrl", "Right Ctrl": "R Ctrl", "Left Alt": "L Alt", "Right Alt": "R Alt"}


def short_key_name(key: int) -> str:
    """A key's name short enough for a narrow seat panel ("Num 4", "PgUp")."""
    name = key_name(key)
    if name.startswith("Numpad "):
        return "Num " + name[len("Numpad "):]
    return SHORT_NAMES.get(name, name)


def key_lists(table: RatscrewTable, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The names of every key that lays and every key that snaps for ``seat``: its own first, then a single
    human's extras (Enter, Space); the keypad's Enter is left out when Enter is there (it is the same to read)."""
    keys = table.keys.keys_of(seat)
    if "lay" not in keys or "snap" not in keys:
        return None
    mine = [(k, a) for k, (s, a) in table.keys.bindings.items() if s == seat]
    mine.sort(key=lambda ka: (ka[0] in SOLO_KEYS, list(SOLO_KEYS).index(ka[0]) if ka[0] in SOLO_KEYS else 0))
    out: dict[str, list[str]] = {"lay": [], "snap": []}
    for k, a in mine:
        if a not in out or (k == pygame.K_KP_ENTER and (pygame.K_RETURN, a) in mine):
            continue
        name = short_key_name(k)
        if name not in out[a]:
            out[a].append(name)
    return tuple(out["lay"]), tuple(out["snap"])


def key_names(table: RatscrewTable, seat: int, joiner: str = " or ") -> tuple[str, str] | None:
    """``seat``'s lay keys and snap keys, each as one line ("A or Enter", "S or Space")."""
    lists = key_lists(table, seat)
    if lists is None:
        return None
    return joiner.join(lists[0]), joiner.join(lists[1])


def open_keys(table: RatscrewTable, start_label: str = "Done") -> None:
    """"Try your keys" for the humans at the table."""
    names = [table.name(seat) for seat in table.humans] or ["Player 1"]
    open_keys_screen(table.app, table.game_id, "Players' keys", seat_actions_of(game_info(table.game_id)), names,
                     None, start_label)


def handle_event(table: RatscrewTable, event: pygame.event.Event) -> bool:
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            table.open_pause()
            return True
        bound = table.keys.lookup(event.key)
        if bound is not None:
            seat, what = bound
            (table.snap if what == "snap" else table.lay)(seat, event)
            return True
        if event.key == skip.KEY and table.skip.offered:
            table.skip_to_end()
            return True
        return False
    if event.type == pygame.JOYBUTTONDOWN:
        pad = pad_event(event)
        bound = table.seat_keys.pad_lookup(table.humans, *pad) if pad else None
        if bound is None and len(table.humans) == 1 and not any(b.pad for b in table.seat_keys.seats):
            bound = (table.humans[0], "snap" if event.button == 0 else "lay")  # one player, any pad: A snaps
        if bound is not None:
            seat, what = bound
            (table.snap if what == "snap" else table.lay)(seat, event)
            return True
        return False
    if event.type == pygame.JOYDEVICEADDED:
        open_pads()
        return False
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
        if target == "skip":
            table.skip_to_end()
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

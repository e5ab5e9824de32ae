"""Per-seat keys for real-time games: several people on one keyboard (and game controllers).

Game-neutral data: a game names its seat actions (:class:`SeatAction`, e.g.
Snap's flip, snap and snap pot; Ratscrew's lay and slap) and this module gives
every seat a block of keys that don't cluster (left hand A S D, right hand J K L,
the numpad, the arrows, the top row, the Insert block), lets a player rebind
them, and keeps the bindings as plain JSON in the global settings
(``settings.seat_keys``), so they are remembered per game.

A game controller can be given to a seat: its buttons then act for that seat
(the first button for the first action, and so on, or as rebound).  Pads are
remembered by their GUID (the same model of pad plugged in again keeps its seat).

Stored form (``settings.seat_keys[game_id]``)::

    {"seats": [{"keys": {"flip": 97, "snap": 115}, "pad": "0300...", "buttons": {"flip": 0}}, ...]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import pygame

from game.kit.keymap import Keymap
from game.kit.wording import whose


@dataclass(frozen=True, slots=True)
class SeatAction:
    """One thing a seat can do by key: ``id`` is the table's action name, ``label`` is shown."""

    id: str
    label: str


DEFAULT_BLOCKS: tuple[tuple[int, ...], ...] = (
    (pygame.K_a, pygame.K_s, pygame.K_d),  # left hand
    (pygame.K_j, pygame.K_k, pygame.K_l),  # right hand
    (pygame.K_KP4, pygame.K_KP5, pygame.K_KP6),  # numpad
    (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT),  # arrows
    (pygame.K_1, pygame.K_2, pygame.K_3),  # top row, left
    (pygame.K_INSERT, pygame.K_HOME, pygame.K_PAGEUP),  # the block over the arrows
)
"""Each seat's default keys, in action order: blocks far apart on the keyboard."""
MAX_SEATS = len(DEFAULT_BLOCKS)

RESERVED_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_F11})
"""Keys the app itself uses (the pause menu, fullscreen): never a seat's."""


SHORT_NAMES = {"Return": "Enter", "Enter": "Num Enter", "Page Up": "PgUp", "Page Down": "PgDn", "Insert": "Ins",
               "Delete": "Del", "Backspace": "Bksp", "Left Shift": "L Shift", "Right Shift": "R Shift",
               "Left Ctrl": "L Ctrl", "Right Ctrl": "R Ctrl", "Left Alt": "L Alt", "Right Alt": "R Alt"}
"""Keys' short names, for a narrow seat panel."""


def key_name(key: int, short: bool = False) -> str:
    """A key as the player reads it ("A", "Numpad 4", "Left"), or ``short`` where room is short ("Num 4", "PgUp"):
    the one spelling of a key's name, on the key screens and at the tables alike."""
    name = pygame.key.name(key) if key else ""
    if name.startswith("[") and name.endswith("]"):
        return ("Num " if short else "Numpad ") + name[1:-1].upper()
    if not name:
        return f"key {key}"
    name = name.upper() if len(name) == 1 else name.title()
    return SHORT_NAMES.get(name, name) if short else name


def button_name(button: int) -> str:
    return f"button {button + 1}"


@dataclass
class SeatBinding:
    """One seat's keys (action -> key code) and its controller (GUID and action -> button), if any."""

    keys: dict[str, int] = field(default_factory=dict)
    pad: str | None = None
    buttons: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"keys": dict(self.keys)}
        if self.pad:
            out["pad"] = self.pad
            out["buttons"] = dict(self.buttons)
        return out


class SeatKeys:
    """The bindings of one game's seats; see the module docstring."""

    def __init__(self, actions: Sequence[SeatAction], seats: list[SeatBinding] | None = None) -> None:
        self.actions = tuple(actions)
        self.seats: list[SeatBinding] = seats if seats is not None else []
        self._fill()

    @classmethod
    def defaults(cls, actions: Sequence[SeatAction]) -> SeatKeys:
        return cls(actions)

    def _fill(self) -> None:
        """Every seat up to :data:`MAX_SEATS` has a key for every action (defaults where none is free)."""
        while len(self.seats) < MAX_SEATS:
            self.seats.append(SeatBinding())
        for seat, binding in enumerate(self.seats):
            binding.keys = {a: k for a, k in binding.keys.items() if a in self.action_ids}
            for i, action in enumerate(self.action_ids):
                if action in binding.keys:
                    continue
                block = DEFAULT_BLOCKS[seat] if seat < len(DEFAULT_BLOCKS) else ()
                key = block[i] if i < len(block) else 0
                if key and self.owner(key) is None:
                    binding.keys[action] = key
            if binding.pad:
                for i, action in enumerate(self.action_ids):
                    binding.buttons.setdefault(action, i)

    @property
    def action_ids(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.actions)

    def label(self, action: str) -> str:
        return next((a.label for a in self.actions if a.id == action), action)

    # --- who owns what -------------------------------------------------------

    def owner(self, key: int) -> tuple[int, str] | None:
        """The (seat, action) ``key`` is bound to, if any."""
        for seat, binding in enumerate(self.seats):
            for action, k in binding.keys.items():
                if k == key:
                    return seat, action
        return None

    def why_not(self, seat: int, action: str, key: int, names: Sequence[str] = ()) -> str | None:
        """Why ``key`` can't be ``seat``'s ``action``: another seat uses it, or the app does."""
        if key in RESERVED_KEYS:
            return f"{key_name(key)} is kept for the menu and the window."
        owner = self.owner(key)
        if owner is not None and owner[0] != seat:
            who = names[owner[0]] if owner[0] < len(names) else f"Player {owner[0] + 1}"
            return f"{key_name(key)} is already {whose(who)} {self.label(owner[1])} key."
        return None

    def bind(self, seat: int, action: str, key: int, names: Sequence[str] = ()) -> str | None:
        """Give ``key`` to ``seat``'s ``action``; the reason it was refused, or None.

        A key the same seat already uses for another action swaps with it.
        """
        reason = self.why_not(seat, action, key, names)
        if reason is not None:
            return reason
        binding = self.seats[seat]
        old = binding.keys.get(action)
        for other, k in list(binding.keys.items()):
            if k == key and other != action:
                if old:
                    binding.keys[other] = old
                else:
                    del binding.keys[other]
        binding.keys[action] = key
        return None

    def give_pad(self, seat: int, guid: str) -> None:
        """Give the controller ``guid`` to ``seat`` (taken from any seat that had it)."""
        for binding in self.seats:
            if binding.pad == guid:
                binding.pad, binding.buttons = None, {}
        binding = self.seats[seat]
        binding.pad = guid
        binding.buttons = {a: i for i, a in enumerate(self.action_ids)}

    def bind_button(self, seat: int, action: str, button: int) -> None:
        binding = self.seats[seat]
        for other, b in list(binding.buttons.items()):
            if b == button and other != action:
                binding.buttons[other] = binding.buttons.get(action, -1)
        binding.buttons[action] = button

    def take_pad(self, seat: int) -> None:
        self.seats[seat].pad, self.seats[seat].buttons = None, {}

    def reset(self) -> None:
        self.seats = []
        self._fill()

    # --- use ---------------------------------------------------------------

    def keymap(self, seats: Sequence[int]) -> Keymap:
        """The keys of ``seats`` (the human seats at a table, in table order: the first gets block 0)."""
        km = Keymap()
        for block, seat in enumerate(seats):
            if block < len(self.seats):
                km.bind(seat, {k: a for a, k in self.seats[block].keys.items() if k})
        return km

    def pad_lookup(self, seats: Sequence[int], guid: str, button: int) -> tuple[int, str] | None:
        """The (table seat, action) of ``button`` on the pad ``guid``."""
        for block, seat in enumerate(seats):
            if block < len(self.seats) and self.seats[block].pad == guid:
                for action, b in self.seats[block].buttons.items():
                    if b == button:
                        return seat, action
        return None

    def to_json(self) -> dict[str, Any]:
        return {"seats": [b.to_json() for b in self.seats]}

    @classmethod
    def from_json(cls, actions: Sequence[SeatAction], data: Any) -> SeatKeys:
        """Bindings from the settings; anything unusable falls back to the defaults."""
        seats: list[SeatBinding] = []
        if isinstance(data, Mapping) and isinstance(data.get("seats"), list):
            taken: set[int] = set()
            for item in data["seats"][:MAX_SEATS]:
                binding = SeatBinding()
                if isinstance(item, Mapping):
                    keys = item.get("keys")
                    if isinstance(keys, Mapping):
                        for action, key in keys.items():
                            if (isinstance(key, int) and not isinstance(key, bool) and key > 0
                                    and key not in taken and key not in RESERVED_KEYS):
                                binding.keys[str(action)] = key
                                taken.add(key)
                    pad = item.get("pad")
                    if isinstance(pad, str) and pad:
                        binding.pad = pad
                        buttons = item.get("buttons")
                        if isinstance(buttons, Mapping):
                            binding.buttons = {str(a): b for a, b in buttons.items()
                                               if isinstance(b, int) and not isinstance(b, bool) and 0 <= b < 64}
                seats.append(binding)
        return cls(actions, seats)


def load_seat_keys(store: Mapping[str, Any], game_id: str, actions: Sequence[SeatAction]) -> SeatKeys:
    """``game_id``'s bindings from the settings' ``seat_keys`` (a dict of game id -> stored form)."""
    return SeatKeys.from_json(actions, store.get(game_id) if isinstance(store, Mapping) else None)


# --- game controllers ---------------------------------------------------------

_PADS: dict[int, Any] = {}  # instance id -> opened pygame.joystick.JoystickType


def open_pads() -> None:
    """Open every connected controller so its events arrive (safe to call often)."""
    try:
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        for i in range(pygame.joystick.get_count()):
            pad = pygame.joystick.Joystick(i)
            _PADS[pad.get_instance_id()] = pad
    except pygame.error:
        pass


def pad_guid(instance_id: int) -> str | None:
    """The GUID of the opened controller ``instance_id`` (None if it is not known)."""
    pad = _PADS.get(instance_id)
    if pad is None:
        open_pads()
        pad = _PADS.get(instance_id)
    try:
        return str(pad.get_guid()) if pad is not None else None
    except pygame.error:
        return None


def pad_name(guid: str) -> str:
    for pad in _PADS.values():
        try:
            if str(pad.get_guid()) == guid:
                return str(pad.get_name())
        except pygame.error:
            continue
    return "a controller (not connected)"


def pad_event(event: pygame.event.Event) -> tuple[str, int] | None:
    """(GUID, button) of a controller button press, else None."""
    if event.type != pygame.JOYBUTTONDOWN:
        return None
    guid = pad_guid(getattr(event, "instance_id", getattr(event, "joy", -1)))
    return None if guid is None else (guid, int(event.button))


__all__ = [
    "SeatAction", "SeatBinding", "SeatKeys", "DEFAULT_BLOCKS", "MAX_SEATS", "RESERVED_KEYS", "key_name", "button_name",
    "load_seat_keys", "open_pads", "pad_guid", "pad_name", "pad_event",
]

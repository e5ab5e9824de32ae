"""Keymaps: keys mapped to (seat, action name), so several people can share one keyboard.

A turn-based table binds one seat's keys (the seat at the bottom, rebound when
the device changes hands); a real-time table binds a block of keys per seat
(say A S D for one player, J K L for another).  Action names are the table's own.
"""

from __future__ import annotations

from typing import Mapping


class Keymap:
    """Key codes (``pygame.K_*``) to (seat, action)."""

    def __init__(self, bindings: Mapping[int, tuple[int, str]] | None = None) -> None:
        self.bindings: dict[int, tuple[int, str]] = dict(bindings or {})

    @classmethod
    def for_seat(cls, seat: int, keys: Mapping[int, str]) -> Keymap:
        """``keys`` (key -> action) all acting for ``seat``."""
        return cls({key: (seat, action) for key, action in keys.items()})

    def bind(self, seat: int, keys: Mapping[int, str]) -> None:
        """Add ``seat``'s keys; a key already bound to another seat is refused (one key, one player)."""
        for key, action in keys.items():
            owner = self.bindings.get(key)
            if owner is not None and owner[0] != seat:
                raise ValueError(f"key {key} already acts for seat {owner[0]}")
            self.bindings[key] = (seat, action)

    def lookup(self, key: int) -> tuple[int, str] | None:
        """The (seat, action) ``key`` stands for, if it is bound."""
        return self.bindings.get(key)

    def keys_of(self, seat: int) -> dict[str, int]:
        """``seat``'s actions and their keys (for help text)."""
        return {action: key for key, (s, action) in self.bindings.items() if s == seat}

    def seats(self) -> set[int]:
        return {seat for seat, _ in self.bindings.values()}

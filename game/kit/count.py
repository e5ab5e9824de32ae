"""A count the player chooses within 1 and a most (how many copies to play, say): stepped by the mouse wheel or keys,
ten, a hundred or a thousand at a time with the modifiers (:func:`modifier_step`), or typed in digits.

:class:`CountChoice` is a small state object: the input steps it (:meth:`CountChoice.step`), starts and stops the
typing and feeds it keys (:meth:`CountChoice.type_key`); a view reads its ``value`` and ``typed``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DIGIT_KEYS = {getattr(pygame, f"K_{pad}{n}"): str(n) for pad in ("", "KP") for n in range(10)}
"""Every digit key, the number row's and the keypad's, and the digit it types."""
EMPTY, TOO_MANY = "empty", "too many"
"""Why a typed count was not taken: nothing was typed, or more than the most."""


def modifier_step(mod: int) -> int:
    """How far one wheel notch or key press steps a count with the modifiers ``mod`` held: 1; Shift 10, Ctrl 100,
    both 1000."""
    return (10 if mod & pygame.KMOD_SHIFT else 1) * (100 if mod & pygame.KMOD_CTRL else 1)


@dataclass
class CountChoice:
    """The count chosen (``value``; None: the default) and the digits being typed (``typed``; None: not typing)."""

    value: int | None = None
    typed: str | None = None
    most_digits: int = 12
    """The most digits a typed count may have."""

    def clear(self) -> None:
        """Back to the default, not typing."""
        self.value = self.typed = None

    def step(self, by: int, now: int, most: int) -> None:
        """``by`` more than ``now`` (fewer if negative), kept within 1 and ``most``."""
        self.value = max(1, min(most, now + by))

    def type_key(self, key: int, most: int) -> str | None:
        """A key while typing: a digit (never a leading 0) or Backspace edits the digits; Enter takes them as the
        count if they are 1 to ``most``, else says why not (:data:`EMPTY`, :data:`TOO_MANY`) and nothing changes."""
        typed = self.typed or ""
        if key in DIGIT_KEYS:
            if len(typed) < self.most_digits and (typed or DIGIT_KEYS[key] != "0"):
                self.typed = typed + DIGIT_KEYS[key]
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.typed = typed[:-1]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not typed or int(typed) > most:
                return TOO_MANY if typed else EMPTY
            self.value, self.typed = int(typed), None
        return None

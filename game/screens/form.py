"""A menu screen with typed fields (an address, a port, a room code, a name): click or Tab into one, type, Enter.

A field's button has the key ``field:NAME``; while one is edited, letters and
Space are its text, never shortcuts.  Each field keeps to its own characters
and length (:class:`FieldRule`), so bad input never gets in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.screens.menu import MenuScene


@dataclass(frozen=True)
class FieldRule:
    """What a field accepts: at most ``max_len`` characters, each passing ``allowed``; ``upper`` capitalises."""

    max_len: int
    allowed: Callable[[str], bool] = str.isprintable
    upper: bool = False


class FormScene(MenuScene):
    """Typed fields on a menu screen: ``self.fields`` (name -> text) under ``self.rules``."""

    rules: dict[str, FieldRule] = {}

    def __init__(self, app, fields: dict[str, str]) -> None:
        self.fields = dict(fields)
        self.editing: str | None = None
        super().__init__(app)

    def field_label(self, name: str, placeholder: str = "") -> str:
        """A field's button text: its value (or ``placeholder``), with a caret while it is edited."""
        value = self.fields[name]
        return (value or ("" if self.editing == name else placeholder)) + ("|" if self.editing == name else "")

    def edit(self, name: str | None) -> None:
        if name is None and self.editing is None:
            return
        self.editing = name
        if name is not None:
            pygame.key.start_text_input()
        self.refresh()

    def type_text(self, chars: str | None) -> None:
        """``chars`` typed into the edited field (None: Backspace)."""
        name = self.editing
        if name is None:
            return
        rule = self.rules.get(name, FieldRule(40))
        value = self.fields[name]
        if chars is None:
            value = value[:-1]
        else:
            chars = chars.upper() if rule.upper else chars
            value = (value + "".join(ch for ch in chars if rule.allowed(ch)))[:rule.max_len]
        self.fields[name] = value
        self.refresh()

    def on_field(self, key: str) -> bool:
        """A ``field:NAME`` button: start editing it."""
        if key.startswith("field:"):
            self.edit(key[6:])
            return True
        if self.editing is not None:
            self.edit(None)
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing and event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if self.editing and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.type_text(None)
            elif event.key == pygame.K_TAB:
                names = list(self.fields)
                self.edit(names[(names.index(self.editing) + 1) % len(names)] if self.editing in names else None)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.edit(None)
            return True  # while typing, letters and Space are text, not shortcuts
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.editing and not self.button_at(event.pos):
            self.edit(None)
            return True
        return super().handle_event(event)


def is_port(text: str) -> bool:
    return text.isdigit() and 0 < int(text) < 65536


__all__ = ["FieldRule", "FormScene", "is_port"]

"""A table drawn by its view module (plain functions that take the table): the kit's hand and race tables."""

from __future__ import annotations

from typing import Any

import pygame


class ViewTable:
    """A scene part: ``draw`` and ``status_lines`` are its ``view`` module's, and a replay's controls are drawn over
    the table (the scene has ``draw_replay``)."""

    view: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(self, surface)
        self.draw_replay(surface)  # type: ignore[attr-defined]

    def status_lines(self) -> tuple[str, str]:
        lines: tuple[str, str] = self.view.status_lines(self)
        return lines


__all__ = ["ViewTable"]

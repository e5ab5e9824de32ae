"""A table drawn by its view module (plain functions that take the table): the kit's hand and race tables."""

from __future__ import annotations

from typing import Any

import pygame

from game.base.collector import release, settle


class ViewTable:
    """A scene part: ``draw`` and ``status_lines`` are its ``view`` module's, and a replay's controls are drawn over
    the table (the scene has ``draw_replay``)."""

    view: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(self, surface)
        self.draw_replay(surface)  # type: ignore[attr-defined]

    def enter(self) -> None:
        """The table is up: the garbage collector is settled (:func:`~game.base.collector.settle`: no full collection
        falls on a frame of play)."""
        settle()
        super().enter()  # type: ignore[misc]

    def exit(self) -> None:
        """The table is gone: what the settle froze may be collected again (:func:`~game.base.collector.release`)."""
        release()
        super().exit()  # type: ignore[misc]

    def status_lines(self) -> tuple[str, str]:
        lines: tuple[str, str] = self.view.status_lines(self)
        return lines


__all__ = ["ViewTable"]

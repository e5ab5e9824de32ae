"""The action log: what everyone did, newest last, drawn in a panel beside the piles."""

from __future__ import annotations

import pygame

from game.kit.ui import INK, MUTED, Text


class ActionLog:
    """The last ``keep`` lines; the panel shows the newest ``shown`` entries that fit, the last one brighter."""

    def __init__(self, keep: int = 30, shown: int = 8) -> None:
        self.lines: list[str] = []
        self.keep = keep
        self.shown = shown

    def __len__(self) -> int:
        return len(self.lines)

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-self.keep]

    def extend_last(self, more: str) -> None:
        """Finish the newest line (", drew 2"); nothing if the log is empty."""
        if self.lines:
            self.lines[-1] += more

    def key(self) -> tuple[str, ...]:
        """What the panel shows (it is redrawn only when this changes)."""
        return tuple(self.lines[-self.shown:])

    def draw(self, surface: pygame.Surface, text: Text, rect: pygame.Rect, scale: float) -> None:
        px = round(17 * scale)
        line_h = round(px * 1.05)
        wrapped: list[str] = []
        for entry in self.lines[-self.shown:]:
            wrapped.extend(text.wrap(entry, px, rect.w - round(8 * scale)))
        wrapped = wrapped[-max(1, rect.h // line_h):]
        y = rect.y
        for i, line in enumerate(wrapped):
            text.blit(surface, line, px, (rect.x, y), INK if i == len(wrapped) - 1 else MUTED)
            y += line_h

"""The action log: what everyone did, newest last, drawn in a panel beside the piles.

Card codes are written with suits ("Ada discarded A\u2663"), the text is never
smaller than :data:`MIN_PX`, and the player can scroll back (mouse wheel over
the panel, :meth:`ActionLog.scroll_by`) through the last ``keep`` entries.
"""

from __future__ import annotations

import pygame

from game.kit.ui import GOLD, INK, MUTED, Text, suited

MIN_PX = 17
"""The smallest log text (at 960x600 the log used to be about 9 px high: unreadable)."""


class ActionLog:
    """The last ``keep`` lines; the panel shows the newest lines that fit, or older ones while scrolled back."""

    def __init__(self, keep: int = 200, shown: int = 8) -> None:
        self.lines: list[str] = []
        self.keep = keep
        self.shown = shown  # kept for tables that ask; the panel shows as many as fit
        self.scroll = 0  # entries back from the newest (0: following the game)
        self.ahead: object = None  # what the log showed when its next line's rows were made ahead (parts.log_ahead)

    def __len__(self) -> int:
        return len(self.lines)

    def add(self, line: str) -> None:
        self.lines.append(suited(line))
        del self.lines[:-self.keep]
        if self.scroll:
            self.scroll = min(self.scroll + 1, len(self.lines) - 1)  # a scrolled-back view stays where it is

    def extend_last(self, more: str) -> None:
        """Finish the newest line (", drew 2"); nothing if the log is empty."""
        if self.lines:
            self.lines[-1] += suited(more)

    def scroll_by(self, entries: int) -> None:
        """Wheel up (positive) goes back in time; never past the first entry or the newest."""
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + entries)) if self.lines else 0

    def key(self) -> tuple:
        """What the panel shows (it is redrawn only when this changes)."""
        end = len(self.lines) - self.scroll
        return tuple(self.lines[max(0, end - 30):end]) + (self.scroll, len(self.lines))

    @staticmethod
    def px(scale: float) -> int:
        return max(MIN_PX, round(19 * scale))

    def draw(self, surface: pygame.Surface, text: Text, rect: pygame.Rect, scale: float) -> None:
        """The newest lines that fit ``rect`` (all it draws lies in it: a cached layer's repaint of a spot beside
        it draws nothing)."""
        if not surface.get_clip().colliderect(rect):
            return
        rows, first = self.laid(text, rect, scale)
        for words, px, pos, color, anchor, max_w in rows:
            text.blit(surface, words, px, pos, color, anchor, max_w)
        draw_bar(surface, self.bar(first, rect, scale))

    def rows(self, text: Text, rect: pygame.Rect, scale: float, ahead: bool = False
             ) -> list[tuple[str, int, tuple[int, int], tuple, str, int]]:
        """The lines :meth:`draw` shows in ``rect``, each ``(words, px, pos, color, anchor, max_w)`` for ``Text.blit``.
        ``ahead``: those a next line of one row would leave showing (a row higher once the panel is full, the newest
        muted), that line's own row left out (none while scrolled back: a new line moves nothing then)."""
        return self.laid(text, rect, scale, ahead)[0]

    def laid(self, text: Text, rect: pygame.Rect, scale: float, ahead: bool = False
             ) -> tuple[list[tuple[str, int, tuple[int, int], tuple, str, int]], int]:
        """:meth:`rows`, and the oldest entry they show."""
        px = self.px(scale)
        line_h = text.font(px).get_linesize()
        if not self.lines or (ahead and self.scroll):
            return ([] if ahead else [("Every move shows here.", px, rect.center, MUTED, "center", rect.w)]), 0
        width = rect.w - max(3, round(5 * scale)) - round(8 * scale)
        end = len(self.lines) - self.scroll
        rows = max(1, rect.h // line_h)
        wrapped: list[tuple[str, bool]] = [("", False)] if ahead else []  # the next line's row, left out below
        first = end
        for k in range(end - 1, -1, -1):  # newest shown first, back while whole entries fit (never a wrapped tail)
            entry = [(line, k == len(self.lines) - 1 and not ahead) for line in text.wrap(self.lines[k], px, width)]
            if first < end and len(wrapped) + len(entry) > rows:
                break
            wrapped[:0], first = entry, k
        wrapped = wrapped[-rows:]
        top = rect.y + (rows - len(wrapped)) * line_h * (first > 0)  # older entries left out: the newest at the bottom
        shown = [(line, px, (rect.x, top + i * line_h), INK if newest else MUTED, "topleft", width)
                 for i, (line, newest) in enumerate(wrapped)]
        return (shown[:-1] if ahead else shown), first

    def bar(self, first: int, rect: pygame.Rect, scale: float) -> tuple[pygame.Rect, pygame.Rect, tuple[int, ...]] | None:
        """The scroll bar (its track, its thumb, the thumb's colour) beside :meth:`rows` showing the entries from
        ``first`` on: where the view sits in the log, when older entries are left out or it is scrolled back (else
        None)."""
        if not self.lines or (first == 0 and not self.scroll):
            return None
        bar_w = max(3, round(5 * scale))
        n = max(1, len(self.lines))
        h = max(bar_w * 3, round(rect.h * min(1.0, 6 / n)))
        top = rect.y + round((rect.h - h) * (1 - self.scroll / max(1, n - 1)))
        return (pygame.Rect(rect.right - bar_w, rect.y, bar_w, rect.h), pygame.Rect(rect.right - bar_w, top, bar_w, h),
                GOLD if self.scroll else MUTED)


def draw_bar(surface: pygame.Surface, bar: tuple[pygame.Rect, pygame.Rect, tuple[int, ...]] | None) -> None:
    """A log's scroll bar (:meth:`ActionLog.bar`), if it has one."""
    if bar is not None:
        track, thumb, color = bar
        pygame.draw.rect(surface, (40, 80, 62), track, border_radius=track.w // 2)
        pygame.draw.rect(surface, color, thumb, border_radius=track.w // 2)

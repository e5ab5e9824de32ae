"""An end screen's rows of cards: per player a panel with its name and a line or two, the groups it laid (face up,
wrapped in lines), what it still held (a block of its own at the row's end, tinted, its label and cost on one line beside the cards,
so it never reads as one more group; every row's block as wide, so the labels stand in a column), and its total.

Every row's cards are drawn at one size: the largest (up to ``cap``) at which all the rows, each as tall as its own
cards, fit the room together, so a row with many groups wraps onto a second line rather than shrinking every
card to a single line.  Nothing here knows a game: the caller words the lines and the hand's label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from game.kit.layout import CARD_RATIO, match_rows
from game.kit.sprites import blit_card
from game.kit.ui import GOLD, INK, MUTED, draw_panel

HAND_FILL, HAND_EDGE, HAND_INK = (72, 26, 24, 200), (200, 96, 84), (255, 178, 166)
"""The held cards' block: a dark red panel, its edge and its label (the groups laid sit on the row's green)."""


@dataclass(frozen=True)
class ResultRow:
    """One player's row: ``lines`` under the name, the ``groups`` laid, the ``hand`` held and ``hand_label`` (lines
    drawn beside it, e.g. what it costs)."""

    name: str
    lines: tuple[str, ...]
    groups: Sequence[Sequence[Any]]
    hand: Sequence[Any]
    hand_label: tuple[str, ...]
    total: int
    win: bool = False


@dataclass
class _Placed:
    panel: pygame.Rect
    groups: list[list[pygame.Rect]]  # each group's card rects
    block: pygame.Rect  # the held cards' block (its label at the top)
    hand: list[pygame.Rect]


class ResultRows:
    """The rows laid out in ``area`` (``top``: from its top, as beside a score sheet; else centred in it)."""

    def __init__(self, text: Any, rows: Sequence[ResultRow], area: pygame.Rect, scale: float, top: bool = False,
                 cap: float = 120) -> None:
        s = self.scale = scale
        self.text, self.rows = text, list(rows)
        self.name_px, self.line_px, self.label_px, self.total_px = round(26 * s), round(18 * s), round(22 * s), round(46 * s)
        self.pad, self.gap = round(8 * s), round(6 * s)
        words = max((text.font(self.line_px).size(w)[0] for r in rows for w in r.lines), default=0)
        names = max((text.font(self.name_px).size(r.name)[0] for r in rows), default=0)
        self.text_w = min(round(240 * s), max(words, names)) + 2 * self.pad
        self.total_w = max(text.font(self.total_px).size(str(r.total))[0] for r in rows) + 2 * self.pad
        self.min_h = round((34 + 22 * max((len(r.lines) for r in rows), default=1) + 10) * s)
        self.label_h = text.font(self.label_px).get_linesize()
        self.room = pygame.Rect(area.x + self.text_w, 0, area.w - self.text_w - self.total_w, 0)
        ch = round(cap * s)
        failed = ch + 1  # (the cap itself may fit)
        while True:  # the largest card height at which every row fits (the smallest keeps the lines apart) ...
            placed = self._place(area, ch, top)
            if placed is not None or ch <= 16:
                break
            failed, ch = ch, ch - max(1, ch // 40)
        while placed is not None and ch + 1 < failed:  # ... found in big steps, then a pixel at a time
            more = self._place(area, ch + 1, top)
            if more is None:
                break
            ch, placed = ch + 1, more
        self.card_h = ch
        self.placed = placed or self._place(area, ch, top, force=True) or []

    def _place(self, area: pygame.Rect, ch: int, top: bool, force: bool = False) -> list[_Placed] | None:
        cw, font = round(ch * CARD_RATIO), self.text.font(self.label_px)
        label_w = max((font.size(w)[0] for r in self.rows for w in r.hand_label), default=0) + 4 * self.gap
        hand_w = max((cw + round(cw * 0.3) * (len(r.hand) - 1) for r in self.rows if r.hand), default=0)
        inner = []
        for r in self.rows:  # every block as wide: the labels in a column, the cards clear of them
            block = pygame.Rect(0, 0, label_w + hand_w + self.gap, max(ch, self.label_h * len(r.hand_label)) + self.gap)
            block.topright = (self.room.right, 0)
            room = pygame.Rect(self.room.x, 0, block.x - self.room.x - 2 * self.gap, 10 ** 6)
            groups = None
            for overlap in (0.3, 0.22):  # overlap more (the corner index still shows) before going smaller
                groups = match_rows(room, [len(g) for g in r.groups], cw, ch, round(cw * overlap), round(cw * 0.16))
                if groups is not None:
                    break
            if groups is None and not force:
                return None
            groups = groups or []
            inner.append((groups, block, max([g[-1].bottom for g in groups] + [0]), label_w))
        heights = [max(self.min_h, h + 2 * self.pad, b.h + 2 * self.pad) for _, b, h, _ in inner]
        total = sum(heights) + self.gap * (len(heights) - 1)
        if total > area.h and not force:
            return None
        y = area.y + (0 if top else max(0, (area.h - total) // 2))
        out = []
        for (groups, block, h, label_w), row_h, row in zip(inner, heights, self.rows):
            dy = y + (row_h - h) // 2
            block = block.move(0, y + (row_h - block.h) // 2)
            x0 = block.x + label_w
            out.append(_Placed(pygame.Rect(area.x, y, area.w, row_h), [[g.move(0, dy) for g in rects] for rects in groups],
                               block, [pygame.Rect(x0 + i * round(cw * 0.3), block.centery - ch // 2, cw, ch)
                                       for i in range(len(row.hand))]))
            y += row_h + self.gap
        return out

    def draw(self, surface: pygame.Surface, art: Any, revealed: bool, counted: float, cache: dict) -> None:
        """Every row: the hands face up only if ``revealed``; the totals counted up to ``counted`` (0 to 1)."""
        s, text = self.scale, self.text
        for row, at in zip(self.rows, self.placed):
            r = at.panel
            draw_panel(surface, r, (8, 40, 28, 190), round(10 * s), GOLD if row.win else None, cache)
            ink = GOLD if row.win else INK
            text.blit(surface, row.name, self.name_px, (r.x + self.pad, r.y + round(8 * s)), ink, max_w=self.text_w - self.pad)
            for i, words in enumerate(row.lines):
                text.blit(surface, words, self.line_px, (r.x + self.pad, r.y + round((38 + 22 * i) * s)), MUTED,
                          max_w=self.text_w - self.pad)
            text.blit(surface, str(round(row.total * counted)), self.total_px, (r.right - self.pad, r.centery), ink,
                      "midright")
            for rects, cards in zip(at.groups, row.groups):
                for card, rect in zip(cards, rects):
                    blit_card(art, surface, card, rect, True, shadow=False)
            if row.hand:
                draw_panel(surface, at.block, HAND_FILL, round(6 * s), HAND_EDGE, cache)
            lines = len(row.hand_label)
            for i, words in enumerate(row.hand_label):
                text.blit(surface, words, self.label_px, (at.block.x + self.gap, at.block.centery + round(
                    (i - lines / 2) * self.label_h)), HAND_INK if row.hand else MUTED)
            for card, rect in zip(row.hand, at.hand):
                blit_card(art, surface, card, rect, revealed, shadow=False)

"""An offer: a few cards laid over a dimmed table to pick one of (a perk, an upgrade, a reward).

Each card (:class:`OfferCard`) shows a badge, a name, a few paragraphs and a
footer (its key, say, and whether it can be taken again: a line each, a line too
long for the card wrapped evenly, never leaving a word alone); the footers of a
row start at one height, near the cards' feet.  The one under the pointer or the
keyboard's focus is lit.
The table dims to a quiet shadow with no words, and the heading sits on a band
of its own, clear of the table's words.
"""

from __future__ import annotations

import functools
from typing import Container, NamedTuple, Sequence

import pygame

from game.kit.badges import Badge, draw_badge
from game.kit.ui import GOLD, INK, Text, draw_panel

Paragraph = tuple[str, int, int, tuple[int, int, int]]
"""Words on a card: (the words, their size at scale 1, the most lines they take, their colour)."""


class OfferCard(NamedTuple):
    badge: Badge
    name: str
    paragraphs: Sequence[Paragraph]
    footer: Sequence[str]
    """Its foot: short lines ("Press 1", "Once only"), each starting a line of its own."""


def offer_rects(screen: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    """Where ``count`` offered cards go: a row across the middle of ``screen``, a little above its centre."""
    cw, ch, gap = round(250 * scale), round(380 * scale), round(28 * scale)
    x0 = screen.centerx - (count * cw + (count - 1) * gap) // 2
    y = screen.centery - ch // 2 - round(30 * scale)
    return [pygame.Rect(x0 + i * (cw + gap), y, cw, ch) for i in range(count)]


def draw_offer(surface: pygame.Surface, text: Text, cards: Sequence[OfferCard], rects: Sequence[pygame.Rect],
               lit: Container[int], heading: str, subheading: str, scale: float, panels: dict | None = None) -> None:
    """The table under ``surface`` dimmed, ``heading`` and ``subheading`` above the ``cards`` at ``rects``
    (:func:`offer_rects`), those ``lit`` (by index: under the pointer, the keyboard's focus) lit.  No cards: nothing."""
    if not cards or not rects:
        return
    s, centre_x = scale, surface.get_width() // 2
    draw_panel(surface, surface.get_rect(), (4, 18, 13, 242), 0, None, panels)  # the table a quiet shadow: no words
    title_y = rects[0].y - round(90 * s)
    band = pygame.Rect(rects[0].x, title_y - round(10 * s), rects[-1].right - rects[0].x, round(86 * s))
    draw_panel(surface, band, (8, 34, 26, 240), round(14 * s), None, panels)  # the heading clear of the table's words
    text.blit(surface, heading, round(40 * s), (centre_x, title_y), GOLD, "midtop")
    text.blit(surface, subheading, round(22 * s), (centre_x, title_y + round(46 * s)), INK, "midtop",
              surface.get_width() - 40)
    px, step = round(17 * s), max(round(21 * s), text.font(round(17 * s)).get_height())
    feet = [[line for words in card.footer for line in even_wrap(text, words, px, r.w - round(24 * s))]
             for card, r in zip(cards, rects)]
    foot_lines = max((len(foot) for foot in feet), default=0)
    for k, (card, r, foot) in enumerate(zip(cards, rects, feet)):
        _draw_card(surface, text, card, r, k in lit, s, panels)
        top = r.bottom - round(12 * s) - step * foot_lines  # every card's foot starts at one height
        for i, line in enumerate(foot):
            text.blit(surface, line, px, (r.centerx, top + step * i), (110, 100, 70), "midtop")


@functools.lru_cache(maxsize=128)  # drawn every frame: worked out once per footer and size
def even_wrap(text: Text, words: str, px: int, max_w: int) -> list[str]:
    """``words`` in as few lines of at most ``max_w`` pixels as :meth:`Text.wrap` makes, but as even as can be
    (the narrowest width that still takes that many lines): no word left alone on the last line when it can share."""
    lines = text.wrap(words, px, max_w)
    if len(lines) < 2:
        return lines
    lo, hi = 1, max_w
    while lo < hi:
        mid = (lo + hi) // 2
        if len(text.wrap(words, px, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return text.wrap(words, px, lo)


def _draw_card(surface: pygame.Surface, text: Text, card: OfferCard, r: pygame.Rect, lit: bool, s: float,
               panels: dict | None) -> None:
    draw_panel(surface, r, (250, 246, 232, 255) if lit else (238, 234, 220, 255), round(16 * s),
               GOLD if lit else (120, 110, 80), panels)
    icon = pygame.Rect(0, 0, round(90 * s), round(90 * s))
    icon.midtop = (r.centerx, r.y + round(20 * s))
    draw_badge(surface, text, card.badge, icon)
    text.blit(surface, card.name, round(28 * s), (r.centerx, icon.bottom + round(14 * s)), (30, 36, 34), "midtop",
              r.w - round(20 * s))
    y = icon.bottom + round(50 * s)
    for words, px, most, color in card.paragraphs:
        for line in text.wrap(words, round(px * s), r.w - round(28 * s))[:most]:
            text.blit(surface, line, round(px * s), (r.centerx, y), color, "midtop")
            y += round((px + 2) * s)
        y += round(8 * s)

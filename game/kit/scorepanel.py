"""Seat panels: each seat's name, level and score, its hand (face down unless shown) and laid melds.

The active seat's panel has a gold rim and a gold name; a bot that is thinking
shows a pill of three pulsing dots beside its name.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Sequence

import pygame

from game.base.cardart import CardArt
from game.kit.layer import outline_parts
from game.kit.layout import SeatSpot, TableLayout
from game.kit.sprites import Face, blit_card
from game.kit.ui import GOLD, INK, MIN_TEXT_PX, MUTED, Text

PANEL_FILL = (8, 40, 28, 150)
HEADER_PX = 20


def seat_label(player: Any) -> str:
    """A player's name, with the bot's level after it: "Ada (Standard)"; a network seat's connection: "Ben (42 ms)"."""
    connection = getattr(player, "extra", {}).get("connection")
    if connection:
        return f"{player.name} ({connection})"
    if player.kind == "ai" and player.level:
        return f"{player.name} ({level_title(player.level)})"
    return str(player.name)


def level_title(level: str) -> str:
    """A bot's level as every table names it: "Medium", "Matched Even" (the one form: a seat's label, Snap's "Matched
    Even bot"; the New game screen's choices keep their own words)."""
    return " ".join(word.title() for word in level.split("-"))


def card_count(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


SEPARATOR = "  ·  "
"""The one mark between the parts of a line of facts (a seat header's "dealer  ·  10 cards  ·  -20 pts")."""


def joined(*parts: str) -> str:
    """The non-empty ``parts`` in one line, with :data:`SEPARATOR` between them."""
    return SEPARATOR.join(part for part in parts if part)


def header_size(text: Text, seats: dict[int, tuple[str, str, str, int]], base: int) -> tuple[int, dict[int, str]]:
    """One text size for every seat's header: the largest (from ``base`` down to the smallest text) at which each
    seat's label fits beside its header's right side (``seats``: each one's label, a shorter one (the name without
    the bot's level), the right side and the room for both); and the label each shows at it: the shorter one only
    where the label can't fit whole even at the smallest size."""
    px = min((_largest(text, label, right, room, base) or _largest(text, short, right, room, base) or MIN_TEXT_PX
              for label, short, right, room in seats.values()), default=base)
    return px, {seat: label if _fits(text, label, right, room, px) else short
                for seat, (label, short, right, room) in seats.items()}


@lru_cache(maxsize=1024)  # a header's words seldom change: a frame that changes one seat's works out only that one
def _largest(text: Text, label: str, right: str, room: int, base: int) -> int | None:
    """The largest text size from ``base`` down to the smallest at which ``label`` fits beside ``right`` in ``room``."""
    return next((p for p in range(base, MIN_TEXT_PX - 1, -1) if _fits(text, label, right, room, p)), None)


@lru_cache(maxsize=4096)
def _fits(text: Text, label: str, right: str, room: int, px: int) -> bool:
    font = text.font(px)
    return font.size(label)[0] <= room - font.size(right)[0]


def draw_header(surface: pygame.Surface, text: Text, rect: pygame.Rect, label: str, right: str, active: bool,
                scale: float, px: int | None = None) -> None:
    """The name on the left (gold while it is this seat's turn), ``right`` (cards, points) on the right; at text
    size ``px`` (else the usual header size)."""
    px = px or max(17, round(HEADER_PX * scale))
    rs = text.render(right, px, MUTED)
    surface.blit(rs, rs.get_rect(topright=(rect.right, rect.y + round(2 * scale))))
    text.blit(surface, label, px, (rect.x, rect.y + round(2 * scale)), GOLD if active else INK,
              max_w=rect.w - rs.get_width() - round(10 * scale))


def draw_panel_rim(surface: pygame.Surface, spot: SeatSpot, scale: float) -> None:
    """The gold rim of the seat whose turn it is."""
    pygame.draw.rect(surface, GOLD, spot.panel, width=max(2, round(2 * scale)), border_radius=round(12 * scale))


def draw_seat_cards(surface: pygame.Surface, art: CardArt, layout: TableLayout, seat: int, hand: Sequence[Face],
                    face_up: bool, melds: Sequence[Sequence[Face]], hand_rects: Sequence[pygame.Rect] | None = None,
                    meld_rects: Sequence[Sequence[pygame.Rect]] | None = None) -> None:
    """An opponent's hand (face up only when shown) and every seat's laid melds, in its panel: at ``hand_rects`` and
    ``meld_rects`` if the game places them, else the layout's fan and rows.  A card wholly outside the surface's
    clip (a part of the panel repainted alone) is skipped."""
    clip = surface.get_clip()
    if layout.spots[seat].side != "bottom":
        for c, r in zip(hand, layout.fan_rects(seat, len(hand)) if hand_rects is None else hand_rects):
            if clip.colliderect(r):
                blit_card(art, surface, c, r, face_up, shadow=False)
    meld_rects = layout.match_rects(seat, [len(m) for m in melds]) if meld_rects is None else meld_rects
    for meld, rects in zip(melds, meld_rects):
        for c, r in zip(meld, rects):
            if clip.colliderect(r):
                blit_card(art, surface, c, r, True, shadow=False)


def rim_strips(spot: SeatSpot, scale: float) -> list[pygame.Rect]:
    """Four strips along the panel's edges holding all of :func:`draw_panel_rim` (its rounded corners too)."""
    return outline_parts(spot.panel, max(2, round(2 * scale)), round(12 * scale))


def draw_thinking(surface: pygame.Surface, text: Text, header: pygame.Rect, label: str, clock: float, scale: float) -> None:
    """A small pill with three pulsing dots beside the name of a bot that is thinking."""
    s = scale
    name_w = text.font(max(17, round(HEADER_PX * s))).size(label)[0]
    pill = pygame.Rect(0, 0, round(46 * s), round(18 * s))
    pill.midleft = (min(header.x + name_w + round(10 * s), header.right - pill.w), header.y + round(10 * s))
    pygame.draw.rect(surface, (250, 236, 190), pill, border_radius=pill.h // 2)
    for k in range(3):
        phase = (clock * 2.5 - k * 0.25) % 1.0
        radius = max(2, round((2.2 + 1.6 * math.sin(phase * math.pi)) * s))
        pygame.draw.circle(surface, (60, 60, 50), (pill.x + round((12 + 11 * k) * s), pill.centery), radius)

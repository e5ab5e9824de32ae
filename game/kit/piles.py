"""Piles with counts: a face-down stock drawn as a little stack, a face-up pile showing its top two."""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.base.cardart import CardArt
from game.kit.sprites import Face, blit_card
from game.kit.ui import GLOW, MUTED, Text

EMPTY_RIM = (60, 120, 90)


def draw_empty(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Where a pile would be: a thin rim."""
    pygame.draw.rect(surface, EMPTY_RIM, rect, width=2, border_radius=round(rect.w * 0.09))


def draw_stock(surface: pygame.Surface, art: CardArt, rect: pygame.Rect, count: int, glow: bool = False) -> None:
    """Backs stacked one to four deep by ``count`` (one more for every ten cards)."""
    if not count:
        draw_empty(surface, rect)
        return
    if glow:
        art.blit_glow(surface, rect, GLOW)
    depth = stock_depth(count)
    for k in range(depth - 1, -1, -1):
        art.blit_back(surface, rect.move(-k * 2, -k * 2), shadow=k == depth - 1)


def stock_depth(count: int) -> int:
    """How many backs :func:`draw_stock` stacks for ``count`` cards: two counts of the same depth look the same but
    for a count written on the stack."""
    return min(4, (count + 9) // 10)


def peek(rect: pygame.Rect) -> tuple[int, int]:
    """Where a face-up pile's second card peeks out from under its top card at ``rect``, in proportion to it."""
    return -round(rect.w * 0.05), round(rect.w * 0.03)


def draw_face_pile(surface: pygame.Surface, art: CardArt, rect: pygame.Rect, cards: Sequence[Face], glow: bool = False,
                   peek: tuple[int, int] = (-3, 2)) -> None:
    """A face-up pile: its top card, with the one under it peeking out (``peek`` from it)."""
    if glow:
        art.blit_glow(surface, rect, GLOW)
    if len(cards) >= 2:
        blit_card(art, surface, cards[-2], rect.move(peek), True)
    if cards:
        blit_card(art, surface, cards[-1], rect, True)
    else:
        draw_empty(surface, rect)


def draw_count(surface: pygame.Surface, text: Text, rect: pygame.Rect, label: str, scale: float,
               color: tuple[int, ...] | None = None) -> None:
    """A pile's count under it ("Stock: 23"), readable at any size."""
    text.blit(surface, label, max(17, round(20 * scale)), (rect.centerx, rect.bottom + round(6 * scale)),
              color or MUTED, "midtop", max(rect.w * 2, round(120 * scale)))


def draw_dragged(t: Any, surface: pygame.Surface) -> None:
    """The card under the mouse while ``t`` (a hidden-hand table) drags a hand card, the stock or the discard."""
    if not t.drag:
        return
    L, art = t.layout, t.app.art
    mx, my = t.mouse
    ox, oy = t.drag.offset
    if t.drag.sprite is not None:
        blit_card(art, surface, t.drag.sprite.card, pygame.Rect(mx - ox, my - oy, *L.hand_card), True)
    elif t.drag.what == "stock":
        art.blit_back(surface, pygame.Rect(mx - ox, my - oy, *L.pile_card))
    elif t.model.pile:
        blit_card(art, surface, t.model.pile[-1].card, pygame.Rect(mx - ox, my - oy, *L.pile_card), True)


def draw_menu_button(surface: pygame.Surface, rect: pygame.Rect, hover: bool) -> None:
    """The table's menu button: three bars on a light key."""
    pygame.draw.rect(surface, (255, 246, 200) if hover else (230, 230, 220), rect, border_radius=max(3, rect.h // 5))
    for k in range(3):
        y = rect.y + rect.h * (0.3 + 0.2 * k)
        pygame.draw.line(surface, (30, 36, 34), (rect.x + rect.w * 0.25, y), (rect.right - rect.w * 0.25, y),
                         max(2, rect.h // 12))

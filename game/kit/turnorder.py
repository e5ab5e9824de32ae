"""The turn order strip: every seat's name in playing order, whose turn it is and who comes next.

A row of name chips ("Ada > Ben > You") starting with the seat to play (gold);
the next seat is marked "next" (a gold ring, and the word where the chip has
room).  Names are fitted into their chips; with many seats the chips shrink and
the names are cut with "...", never clipped.  When the round ends before
everyone has played again (a last round), a last chip says so: "Round ends".
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.kit.ui import GOLD, INK, MIN_TEXT_PX, MUTED, Text

CHIP_FILL = (8, 40, 28)
NOW_FILL = (240, 200, 80)
NOW_INK = (30, 36, 34)
ROUND_ENDS = "Round ends"


def play_order(num_players: int, current: int, active: Sequence[int] | None = None) -> list[int]:
    """Seats from ``current`` on, in playing order (to the left: seat + 1), only ``active`` ones if given."""
    order = [(current + k) % num_players for k in range(num_players)]
    return [s for s in order if active is None or s in active]


def turn_order_rects(rect: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    """The chips, left to right, centred in ``rect`` (equal widths, at most 150 px each at scale 1)."""
    gap = max(10, round(18 * scale))
    w = min(round(150 * scale), (rect.w - gap * (count - 1)) // max(1, count))
    total = w * count + gap * (count - 1)
    x0 = rect.centerx - total // 2
    return [pygame.Rect(x0 + i * (w + gap), rect.y, w, rect.h) for i in range(count)]


def draw_turn_order(surface: pygame.Surface, text: Text, rect: pygame.Rect, names: Sequence[str], order: Sequence[int],
                    scale: float, over: bool = False, ends: bool = False) -> None:
    """``order`` (seats, the one to play first) as chips in ``rect``; the second is labelled "next"; with ``ends``
    a last chip says the round ends after them.  A chip or arrow wholly outside the surface's clip (a cached layer
    repainting a spot beside the strip) is skipped."""
    clip = surface.get_clip()
    if not order or not clip.colliderect(rect.inflate(8, rect.h)):
        return
    chips = turn_order_rects(rect, len(order) + ends, scale)
    px = max(15, round(rect.h * 0.62))
    for k, chip in enumerate(chips):
        if clip.colliderect(chip.inflate(8, chip.h)) and k == len(order):  # the end: an outline, muted words
            pygame.draw.rect(surface, MUTED, chip, width=max(1, round(scale)), border_radius=chip.h // 2)
            words = ROUND_ENDS if text.font(px).size(ROUND_ENDS)[0] <= chip.w - chip.h // 2 else "End"
            text.blit(surface, words, px, chip.center, MUTED, "center", chip.w - chip.h // 2)
        elif clip.colliderect(chip.inflate(8, chip.h)):  # its fill, ring and name (fitted to it) lie inside
            _chip(surface, text, chip, names[order[k]], k, px, scale, over)
        if k + 1 < len(chips):
            gap = pygame.Rect(chip.right, chip.y, chips[k + 1].x - chip.right, chip.h)
            if clip.colliderect(gap.inflate(0, chip.h)):
                _arrow(surface, chip, chips[k + 1], scale)


def _chip(surface: pygame.Surface, text: Text, chip: pygame.Rect, name: str, k: int, px: int, scale: float,
          over: bool) -> None:
    """The ``k``-th chip in playing order (the first gold, the second ringed: "next")."""
    now = k == 0 and not over
    pygame.draw.rect(surface, NOW_FILL if now else CHIP_FILL, chip, border_radius=chip.h // 2)
    if k == 1 and not over:
        pygame.draw.rect(surface, GOLD, chip, width=max(1, round(2 * scale)), border_radius=chip.h // 2)
    label = name if k != 1 or over else f"next: {name}"
    if text.font(MIN_TEXT_PX).size(label)[0] > chip.w - chip.h // 2:
        label = name  # the gold ring says "next" when the word would cut the name
    text.blit(surface, label, px, chip.center, NOW_INK if now else (INK if k == 1 else MUTED), "center",
              chip.w - chip.h // 2)


def _arrow(surface: pygame.Surface, chip: pygame.Rect, nxt: pygame.Rect, scale: float) -> None:
    """The arrow in the gap between two chips."""
    mid_y = chip.centery
    a, b = chip.right + 3, nxt.x - 3
    tip = max(3, round(5 * scale))
    pygame.draw.polygon(surface, MUTED, [(a, mid_y - tip), (b, mid_y), (a, mid_y + tip)])

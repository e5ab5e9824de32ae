"""Small pictures of a table for the title screen's game tiles."""

from __future__ import annotations

from typing import Sequence

import pygame

from engine.cards import Card

from game.kit.ui import FELT, FELT_DARK

Placement = tuple[str | None, float, float]
"""A card code (None: face down) and its centre, as fractions of the picture's width and height."""


def draw_table_picture(surface: pygame.Surface, art, cards: Sequence[Placement], card_h: float = 0.36) -> None:
    """Felt, a rim, and ``cards`` placed on it in order (later ones on top)."""
    w, h = surface.get_size()
    surface.fill(FELT_DARK)
    inner = surface.get_rect().inflate(-max(4, w // 40), -max(4, w // 40))
    pygame.draw.rect(surface, FELT, inner, border_radius=max(4, w // 24))
    ch = max(12, round(h * card_h))
    cw = round(ch * 0.7)
    for code, fx, fy in cards:
        r = pygame.Rect(0, 0, cw, ch)
        r.center = (round(fx * w), round(fy * h))
        if code is None:
            art.blit_back(surface, r, shadow=False)
        else:
            art.blit_face(surface, Card(code), r, shadow=False)

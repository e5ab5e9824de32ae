"""Double or Nothing's drawn pieces: the number cards' shape and the title tile's picture (counted stacks and the
upgrades' badges are the kit's: :mod:`game.kit.stacks`, :mod:`game.kit.badges`)."""

from __future__ import annotations

import pygame
from pygame import Rect

CARD_RATIO = 0.7


def draw_thumbnail(surface: pygame.Surface, art) -> None:
    """The title tile: a rival's stack, a stair in the middle, and a hand of number columns with counts."""
    from game.kit.thumbnail import draw_table_picture

    draw_table_picture(surface, art, [(None, 0.16, 0.2), (None, 0.17, 0.19)], card_h=0.26)
    w, h = surface.get_size()
    for numbers, least, height, left, step, y in (((5, 6, 7), 12, 0.26, 0.42, 0.13, 0.38),
                                                  (range(1, 9), 10, 0.22, 0.1, 0.114, 0.76)):
        ch = max(least, round(h * height))
        for i, n in enumerate(numbers):
            r = Rect(0, 0, round(ch * CARD_RATIO), ch)
            r.center = (round(w * (left + step * i)), round(h * y))
            art.blit_number(surface, n, r, shadow=False)

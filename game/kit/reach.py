"""How far drawing reaches: the rects a card (with its shadow), a glow, a face-down stock or a face-up pile may
paint, from the art at their size; and an outline drawn as one blit of a cached copy.

A cached layer's part (:class:`~game.kit.layer.Partial`) is repainted over
just what it may paint, and a clipped repaint skips whatever cannot reach the
clip: the tighter these rects, the fewer pixels copied and draw calls made.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.base.cardart import CardArt
from game.base.retained import still
from game.kit.layer import outline_parts
from game.kit.ui import GLOW

KEY = (255, 0, 255)
"""The colour key of a cached outline (what is not the outline)."""


def card_reach(art: CardArt, rect: pygame.Rect) -> pygame.Rect:
    """All a card blitted at ``rect`` with its shadow paints: the card and the shadow's pixels that are not clear
    (the shadow's surface is bigger, lying down and to the right of the card as :meth:`CardArt.blit_shadow` puts
    it; a clear pixel blitted changes nothing).  Each shadow is measured once (a tenth of a millisecond at the
    hand's size at 3840x2160, on the frames that make cards ahead)."""
    off, pad = art.shadow_offsets(rect.size)
    shadow = art.shadow(rect.size)
    measured = _bounds.get(rect.size)
    if measured is None or measured[0] is not shadow:
        if len(_bounds) >= BOUNDS_KEPT:  # a window dragged through many sizes: the art lets their shadows go too
            _bounds.clear()
        measured = _bounds[rect.size] = (shadow, shadow.get_bounding_rect())
    return measured[1].move(rect.x - pad + off, rect.y - pad + 2 * off).union(rect)


BOUNDS_KEPT = 64
"""At most this many sizes' shadows are kept measured (each holds its shadow)."""
_bounds: dict[tuple[int, int], tuple[pygame.Surface, pygame.Rect]] = {}
"""Each size's shadow and its opaque bounds (a shadow is never drawn on once made: :meth:`CardArt.shadow`)."""


def glow_reach(art: CardArt, rect: pygame.Rect, color: tuple[int, ...] = GLOW) -> pygame.Rect:
    """All a glow round a card at ``rect`` paints (:meth:`CardArt.blit_glow`; measured on the glow of ``color``, the
    one drawn: no other is made)."""
    pad = (art.glow(rect.size, color).get_width() - rect.w) // 2
    return rect.inflate(2 * pad, 2 * pad)


def stock_reach(art: CardArt, rect: pygame.Rect, glow: bool = True) -> pygame.Rect:
    """All :func:`~game.kit.piles.draw_stock` may paint at ``rect``: backs stacked up to four deep (and its glow)."""
    return (glow_reach(art, rect) if glow else rect).unionall([card_reach(art, rect.move(-2 * k, -2 * k)) for k in range(4)])


def face_pile_reach(art: CardArt, rect: pygame.Rect, peek: tuple[int, int], glow: bool = True) -> pygame.Rect:
    """All :func:`~game.kit.piles.draw_face_pile` may paint at ``rect``: its top card, the one under it peeking out
    by ``peek`` (and its glow)."""
    return (glow_reach(art, rect) if glow else rect).unionall([card_reach(art, rect), card_reach(art, rect.move(peek))])


def draw_outline(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, width: int, radius: int,
                 cache: dict[Any, pygame.Surface]) -> None:
    """``pygame.draw.rect(surface, colour, rect, width, border_radius=radius)``, the same pixels, as one blit of a
    copy kept in ``cache``: a repaint clipped to a sliver of it costs only that sliver.  (Square corners are drawn
    as ever: pygame draws those differently under a clip.)"""
    if radius <= 0:
        pygame.draw.rect(surface, colour, rect, width)
        return
    surface.blit(_outline(colour, rect.size, width, radius, cache), (rect.x - width, rect.y - width))


def _outline(colour: tuple[int, int, int], size: tuple[int, int], width: int, radius: int,
             cache: dict[Any, pygame.Surface]) -> pygame.Surface:
    """The outline's copy (see :func:`draw_outline`), to blit ``width`` up and left of the rect."""
    key = ("outline", size, colour, width, radius)
    surf = cache.get(key)
    if surf is None:  # drawn with a margin: whatever the drawing puts past the rect's edges is kept as well
        surf = pygame.Surface((size[0] + 2 * width, size[1] + 2 * width))
        surf.fill(KEY)
        pygame.draw.rect(surf, colour, pygame.Rect((width, width), size), width, border_radius=radius)
        surf.set_colorkey(KEY, pygame.RLEACCEL)
        cache[key] = surf
    return surf


def outline_pieces(colour: tuple[int, int, int], rect: pygame.Rect, width: int, radius: int,
                   cache: dict[Any, Any]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """A rounded outline as :func:`draw_outline` draws it (``radius`` > 0), as four pictures blitted whole where
    given: the strips along the rect's edges holding all of it (:func:`~game.kit.layer.outline_parts`), each a
    still picture (:func:`~game.base.retained.still`), so a window's canvas keeps them from frame to frame and puts
    back only those strips when the outline goes."""
    key = ("outline pieces", rect.size, colour, width, radius)
    pieces = cache.get(key)
    if pieces is None:
        whole = _outline(colour, rect.size, width, radius, cache)
        pieces = cache[key] = []
        for strip in outline_parts(pygame.Rect((width, width), rect.size), width, radius):
            piece = pygame.Surface(strip.size)
            piece.fill(KEY)
            piece.blit(whole, (0, 0), strip)  # (its outline's pixels: the rest stays the key)
            piece.set_colorkey(KEY, pygame.RLEACCEL)
            pieces.append((still(piece), strip.move(-width, -width).topleft))
    return [(piece, (rect.x + x, rect.y + y)) for piece, (x, y) in pieces]


__all__ = ["card_reach", "glow_reach", "stock_reach", "face_pile_reach", "draw_outline", "outline_pieces"]

"""Cards in the air drawn over the window's layer, the canvas told where their insides will lie.

A card's inside is opaque: whatever lies under it, drawn before it this frame,
never shows there.  Before a frame draws its cards in the air,
:func:`cover` tells the window's canvas (:meth:`~game.base.retained.Canvas.cover`)
the cells (:data:`~game.base.retained.CELL` pixels a side) lying wholly inside
some card's inside: the layer need not be put back there, as the cards will
paint every pixel of them.  At 3840x2160 a won pot's nineteen cards in the air
move a few pixels a frame on their way in: most of what the last frame drew
over the layer lies under a card again.  The picture is the same.
"""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from game.base.cardart import CardArt
from game.base.retained import CELL, Cells
from game.kit.reach import card_reach

_insides: dict[tuple[int, int], tuple[pygame.Rect, pygame.Rect]] = {}


def insides(art: CardArt, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The card's opaque middle at ``size`` as two bands, relative to its top left: the rows every pixel of which
    is opaque, and the columns (a rounded card: the whole card but its corners).  Every card of a size has the
    same outline (the back's is measured, from each edge in to its first wholly opaque line)."""
    found = _insides.get(size)
    if found is None:
        solid = pygame.mask.from_surface(art.back(size), 254)  # alpha 255 only
        w, h = size
        row, col = pygame.mask.Mask((w, 1), fill=True), pygame.mask.Mask((1, h), fill=True)
        y0 = next((y for y in range(h) if solid.overlap_area(row, (0, y)) == w), h)
        y1 = next((y + 1 for y in range(h - 1, y0, -1) if solid.overlap_area(row, (0, y)) == w), y0)
        x0 = next((x for x in range(w) if solid.overlap_area(col, (x, 0)) == h), w)
        x1 = next((x + 1 for x in range(w - 1, x0, -1) if solid.overlap_area(col, (x, 0)) == h), x0)
        found = _insides[size] = (pygame.Rect(0, y0, w, y1 - y0), pygame.Rect(x0, 0, x1 - x0, h))
    return found


def reaches(art: CardArt, cards: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """All that cards blitted at ``cards`` with their shadows paint (:func:`~game.kit.reach.card_reach`, measured
    once a size): what a drawing kept clear of the cards in the air may be drawn before them."""
    out = []
    for rect in cards:
        found = _reaches.get(rect.size)
        if found is None:
            found = _reaches[rect.size] = card_reach(art, pygame.Rect((0, 0), rect.size))
        out.append(found.move(rect.topleft))
    return out


_reaches: dict[tuple[int, int], pygame.Rect] = {}


def _inner(cells: Cells, rect: pygame.Rect) -> None:
    """Add the cells lying wholly inside ``rect`` (a cell cut by the window's edge counts whole if ``rect`` reaches it)."""
    w, h = cells.size
    c0, r0 = -(-max(0, rect.x) // CELL), -(-max(0, rect.y) // CELL)
    c1 = -(-w // CELL) if rect.right >= w else rect.right // CELL
    r1 = -(-h // CELL) if rect.bottom >= h else rect.bottom // CELL
    if c1 > c0:
        bits = ((1 << (c1 - c0)) - 1) << c0
        rows = cells.rows
        for r in range(r0, min(r1, len(rows))):
            rows[r] |= bits


def cover(art: CardArt, surface: Any, cards: Iterable[pygame.Rect]) -> None:
    """Tell the window's canvas (any other surface: nothing to tell) that cards will be blitted at ``cards`` later
    this frame, over all drawn before them: called before the frame draws anything over its layer."""
    tell = getattr(surface, "cover", None)
    if tell is None:
        return
    hidden = Cells(surface.get_size())
    for rect in cards:
        for band in insides(art, rect.size):
            _inner(hidden, band.move(rect.topleft))
    tell(hidden)


__all__ = ["cover", "insides", "reaches"]

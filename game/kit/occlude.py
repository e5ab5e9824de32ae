"""Cards drawn one over another, each blitted only where no card drawn after it hides it.

A card's inside is opaque (:func:`~game.kit.overdraw.insides`): wherever a card
drawn later lies with its inside, that card paints every pixel, whatever was
there.  So a card under others needs blitting only where none of theirs covers
it; the pixels are the same as blitting every card whole.  A won pot's cards
on their way one after another and a face-up pile's card under its top card
cost what shows of them.  A card lying exactly under a later one (a won pot's
cards waiting on their pile to take off) is blitted whole all the same: the
window's canvas leaves such a blit, repeated from the last frame, on the window
(:class:`~game.base.retained.Canvas`), which costs nothing at all.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.base.cardart import CardArt
from game.kit.overdraw import insides
from game.kit.sprites import blit_card

PIECES = 12
"""A card is split into at most about this many pieces: past it the rest of the covers are not taken out (a
blit per piece costs its call; drawing a little more than shows is always right)."""

Drawn = tuple[Any, pygame.Rect, bool, bool]
"""A card to draw: (face -- ignored face down, rect, face up, with its shadow)."""


def uncovered(rect: pygame.Rect, covers: Sequence[pygame.Rect], limit: int = PIECES) -> list[pygame.Rect]:
    """``rect`` less every rect of ``covers``, as rects that do not overlap (all of ``rect`` that no cover holds,
    perhaps a little more once ``limit`` pieces are reached)."""
    parts = [rect]
    for cover in covers:
        if len(parts) > limit:
            break
        out: list[pygame.Rect] = []
        for p in parts:
            inner = p.clip(cover)
            if not inner:
                out.append(p)
                continue
            if inner.top > p.top:
                out.append(pygame.Rect(p.x, p.y, p.w, inner.top - p.top))
            if inner.bottom < p.bottom:
                out.append(pygame.Rect(p.x, inner.bottom, p.w, p.bottom - inner.bottom))
            if inner.left > p.left:
                out.append(pygame.Rect(p.x, inner.y, inner.left - p.x, inner.h))
            if inner.right < p.right:
                out.append(pygame.Rect(inner.right, inner.y, p.right - inner.right, inner.h))
        parts = out
    return parts


def extent(art: CardArt, rect: pygame.Rect, shadow: bool) -> pygame.Rect:
    """All a card blitted at ``rect`` may paint (with its shadow: the composite's whole surface)."""
    if not shadow:
        return pygame.Rect(rect)
    off, pad = art.shadow_offsets(rect.size)
    w, h = art.shadow(rect.size).get_size()
    return pygame.Rect(rect.x - pad + off, rect.y - pad + 2 * off, w, h)


def blit_cards(art: CardArt, surface: Any, cards: Sequence[Drawn]) -> None:
    """``cards`` blitted in order (the last on top), each only where the insides of those after it leave it
    showing; within ``surface``'s clip.  Each card shown is noted once in the art's record of what it blitted."""
    clip = surface.get_clip()
    rects = [rect for _, rect, _, _ in cards]
    bands = [[b.move(rect.topleft) for b in insides(art, rect.size)] for _, rect, _, _ in cards]
    for i, (face, rect, up, shadow) in enumerate(cards):
        whole = extent(art, rect, shadow)
        reach = whole.clip(clip)
        if not reach:
            continue
        covers = [b for later in bands[i + 1:] for b in later if b.colliderect(reach)]
        if not covers or rect in rects[i + 1:]:  # all of it shows; or it waits under another (see the module's text)
            blit_card(art, surface, face, rect, up, shadow)
            continue
        parts = uncovered(reach, covers)
        faces, numbers, backs = len(art.faces_blitted), len(art.numbers_blitted), art.backs_blitted
        for part in parts:
            surface.set_clip(part)
            blit_card(art, surface, face, rect, up, shadow)
            del art.faces_blitted[faces + 1:], art.numbers_blitted[numbers + 1:]  # one note of each card
            art.backs_blitted = min(art.backs_blitted, backs + 1)
        surface.set_clip(clip)


__all__ = ["blit_cards", "extent", "uncovered"]

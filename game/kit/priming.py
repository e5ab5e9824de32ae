"""Cards encoded ahead for the surfaces they will be drawn on, a few each quiet frame.

SDL run-length encodes a card's surface for the surface it is blitted to, at
the first blit there (see :func:`game.base.cardart.lane_of`): a tenth to a third
of a millisecond at 1920x1080, up to a millisecond at 3840x2160.  Left to the
frame that first shows a card (a card flipped, won, flying), that cost lands on
the busiest frames.  A table that knows which cards it shows at which sizes on
which surfaces (its cached layer, the window) hands them to a :class:`Primer`,
and each frame in which its layer repainted nothing one is blitted onto a single
pixel of its surface (a corner of its shadow, put back as it was): what the
player sees never changes, and no privacy record counts it.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable

import pygame

from engine.cards import ALL_CARDS

from game.base.cardart import CardArt
from game.kit.reach import card_reach
from game.kit.sprites import Face, blit_card

Target = Callable[[], "pygame.Surface | None"]
"""Where the cards go, asked at each step (a layer's surface is made again on a resize): None, not yet."""


def prime(art: CardArt, target: pygame.Surface, card: Face | None, size: tuple[int, int], shadow: bool = True) -> None:
    """Blit ``card`` (None: the back) at ``size`` with its shadow (or without) onto one pixel of ``target``, the corner
    of what it covers, then put that pixel back: ``target`` is as it was, and the card is encoded for it."""
    rect = pygame.Rect((0, 0), size)
    corner = card_reach(art, rect) if shadow else rect.copy()
    rect.move_ip(-corner.x, -corner.y)  # the corner of the card's shadow at (0, 0)
    clip, pixel = target.get_clip(), target.get_at((0, 0))
    faces, numbers, backs = len(art.faces_blitted), len(art.numbers_blitted), art.backs_blitted
    target.set_clip(pygame.Rect(0, 0, 1, 1))
    try:
        if card is None:
            art.blit_back(target, rect, shadow)
        else:
            blit_card(art, target, card, rect, True, shadow)
    finally:
        target.set_clip(clip)
        target.set_at((0, 0), pixel)
        del art.faces_blitted[faces:], art.numbers_blitted[numbers:]
        art.backs_blitted = backs


class Primer:
    """Cards to encode for their surfaces: ``(target, cards, size)`` jobs, one card a :meth:`step`; each with its
    shadow, or (``shadow`` False) without, as a seat's laid cards are drawn."""

    def __init__(self, art: CardArt, jobs: Iterable[tuple[Target, Iterable[Face | None], tuple[int, int]]],
                 shadow: bool = True) -> None:
        self.art, self.shadow = art, shadow
        self.pending: deque[tuple[Target, Face | None, tuple[int, int], bool]] = deque()
        for job in jobs:
            self.add(*job)

    def add(self, target: Target, cards: Iterable[Face | None], size: tuple[int, int], shadow: bool | None = None,
            first: bool = False) -> None:
        """Queue ``cards`` at ``size`` for ``target`` after those queued already (``first``: before them, in their
        order; with their shadows or without, as ``shadow`` says: as the primer's ``shadow`` when None)."""
        shadow = self.shadow if shadow is None else shadow
        jobs = [(target, card, (size[0], size[1]), shadow) for card in cards]
        if first:
            self.pending.extendleft(reversed(jobs))
        else:
            self.pending.extend(jobs)

    @classmethod
    def warmed(cls, art: CardArt, sizes: list[tuple[int, int]], layer: Target) -> Primer:
        """Every face and the back at ``sizes`` rendered now (:meth:`CardArt.warm`), then queued for a table's
        ``layer`` and for the window, each size in turn."""
        art.warm(sizes)
        cards = [*ALL_CARDS, None]
        return cls(art, [(target, cards, size) for size in sizes for target in (layer, window)])

    def step(self, count: int = 1) -> None:
        """Encode the next ``count`` cards (a target not there yet waits)."""
        for _ in range(min(count, len(self.pending))):
            target, card, size, shadow = self.pending[0]
            surface = target()
            if surface is None:
                return
            self.pending.popleft()
            prime(self.art, surface, card, size, shadow)


def window() -> pygame.Surface | None:
    """The window's own surface (what the window's canvas blits onto)."""
    return pygame.display.get_surface()


__all__ = ["Primer", "prime", "window"]

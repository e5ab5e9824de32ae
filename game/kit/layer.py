"""The table's cached layer: what changes only when the model does, re-rendered region by region.

Seat panels and the log change a few times a turn; drawing them every frame
would cost most of a frame.  A region is redrawn (over the background) only when
its key, a value holding everything it shows, changes; card faces it blitted are
remembered so the privacy record (:attr:`CardArt.faces_blitted`) stays complete.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable

import pygame

from game.base.cardart import CardArt

Region = tuple[Hashable, Hashable, pygame.Rect, Callable[[pygame.Surface], None]]
"""(name, key, rect, draw): ``draw`` paints the region onto the layer."""


class TableLayer:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._owner: object = None
        self._keys: dict[Hashable, Hashable] = {}
        self._faces: dict[Hashable, list] = {}
        self.faces: list = []

    def invalidate(self) -> None:
        self.surface = None

    def refresh(self, background: pygame.Surface, owner: object, regions: Iterable[Region], art: CardArt) -> None:
        """Bring the layer up to date; a new ``background`` size or ``owner`` (layout) starts it afresh."""
        if self.surface is None or self.surface.get_size() != background.get_size() or self._owner is not owner:
            self.surface = background.copy()
            self._owner = owner
            self._keys = {}
            self._faces = {}
        for name, key, rect, draw in regions:
            if self._keys.get(name) == key:
                continue
            self._keys[name] = key
            area = rect.inflate(6, 6).clip(self.surface.get_rect())
            self.surface.blit(background, area, area)
            start = len(art.faces_blitted)
            self.surface.set_clip(area)  # what a region draws past its rect would never be cleared: it stays inside
            draw(self.surface)
            self.surface.set_clip(None)
            self._faces[name] = art.faces_blitted[start:]
            del art.faces_blitted[start:]
        self.faces = [c for faces in self._faces.values() for c in faces]

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        if self.surface is not None:
            surface.blit(self.surface, (0, 0))
            art.faces_blitted.extend(self.faces)

"""The table's cached layer: what changes only when the model does, re-rendered region by region.

Seat panels and the log change a few times a turn; drawing them every frame
would cost most of a frame.  A region is redrawn (over the background) only when
its key, a value holding everything it shows, changes; card faces it blitted are
remembered so the privacy record (:attr:`CardArt.faces_blitted`) stays complete.
A region may also say which part of it a change touched (:class:`Partial`): a card
laid on a long fan repaints that card's place, not the fan.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Hashable, Iterable, NamedTuple, Union

import pygame

from game.base.cardart import CardArt
from game.base.retained import CELL, Tracked, tracked_copy


class Partial(NamedTuple):
    """A region that can repaint part of itself: ``touched(old_key, new_key)`` is the rect (or the list of rects)
    a change from ``old_key`` to ``new_key`` touched, or None when the whole region must be repainted.  Its ``draw``
    paints the whole region as ever; the layer clips it to the touched rect, so the pixels are the same as a
    whole repaint's wherever they change (``draw`` may skip what lies outside ``surface.get_clip()``)."""

    name: Hashable
    key: Hashable
    rect: pygame.Rect
    draw: Callable[[pygame.Surface], None]
    touched: Callable[[Hashable, Hashable], pygame.Rect | list[pygame.Rect] | None]


Region = Union[tuple[Hashable, Hashable, pygame.Rect, Callable[[pygame.Surface], None]], Partial]
"""(name, key, rect, draw): ``draw`` paints the region onto the layer (or a :class:`Partial`)."""


_spare: list[Tracked] = []
"""The surface of the last layer released (:meth:`TableLayer.release`), for the next layer of its size."""


def _surface_for(background: pygame.Surface) -> Tracked:
    """A layer surface holding ``background``: the spare one if it matches (an opaque surface of the same size and
    format, so copying the background over it gives what a new copy gives), else a new copy.  SDL keeps a card's
    run-length encoding for the last surface it was blitted to (encoding a card again costs up to a third of a
    millisecond): a table opened after another paints its cards onto the surface they were encoded for."""
    spare = _spare.pop() if _spare else None
    same = spare is not None and not background.get_flags() & pygame.SRCALPHA and not spare.get_flags() & pygame.SRCALPHA
    if spare is None or not same or (spare.get_size(), spare.get_bitsize(), spare.get_masks()) != (
            background.get_size(), background.get_bitsize(), background.get_masks()):
        return tracked_copy(background)
    pygame.Surface.blit(spare, background, (0, 0))
    spare.fresh()
    return spare


def outline_parts(rect: pygame.Rect, width: int, radius: int) -> list[pygame.Rect]:
    """Four strips along ``rect``'s edges holding all of a rounded outline ``width`` thick drawn on it (its corners'
    arcs too): what a :class:`Partial` repaints when only such an outline (a seat's turn rim) came or went."""
    edge = width + 1
    band = max(edge, radius + 1)
    return [pygame.Rect(rect.x, rect.y, rect.w, band), pygame.Rect(rect.x, rect.bottom - band, rect.w, band),
            pygame.Rect(rect.x, rect.y, edge, rect.h), pygame.Rect(rect.right - edge, rect.y, edge, rect.h)]


class TableLayer:
    def __init__(self) -> None:
        self.surface: Tracked | None = None
        self._owner: object = None
        self._keys: dict[Hashable, Hashable] = {}
        self._faces: dict[Hashable, list] = {}
        self.faces: list = []
        self.painted: list[pygame.Rect] = []  # the areas the last refresh repainted

    def invalidate(self) -> None:
        self.surface = None

    def show_all(self) -> None:
        """Nothing held back from the next draw: a scene came over the table, which has no next frame of its own."""

    def release(self) -> None:
        """The table is gone (its scene left the stack): its surface is kept for the next layer made
        (:func:`_surface_for`); the layer is painted afresh if it is refreshed again."""
        if self.surface is not None:
            _spare[:] = [self.surface]
        self.surface = None

    def refresh(self, background: pygame.Surface, owner: object, regions: Iterable[Region], art: CardArt) -> None:
        """Bring the layer up to date; a new ``background`` size or ``owner`` (layout) starts it afresh.  Each spot
        repainted (a region whose key changed, or the parts of it a :class:`Partial` says) is painted by every region
        reaching into it, in their order, so regions may overlap: the layer is always what painting it afresh gives."""
        new = self.surface is None or self.surface.get_size() != background.get_size() or self._owner is not owner
        if new:
            self.surface = _surface_for(background)  # the window's canvas repaints only where it changed
            self._owner = owner
            self._keys = {}
            self._faces = {}
            self.faces = []
        self.painted = []
        regions = list(regions)
        bounds = self.surface.get_rect()
        areas = [r[2].inflate(6, 6).clip(bounds) for r in regions]
        dirty: list[pygame.Rect] = []
        whole: set[Hashable] = set()
        for region, area in zip(regions, areas):
            name, key = region[:2]
            old = self._keys.get(name, self)
            if old == key:
                continue
            self._keys[name] = key
            part = region.touched(old, key) if isinstance(region, Partial) and old is not self else None
            if part is None:
                self._faces[name] = []
                whole.add(name)
                dirty.append(area if new else aligned(area).clip(bounds))  # a new layer's spots: the regions' areas
            else:
                dirty += [a for p in ([part] if isinstance(part, pygame.Rect) else part) if (a := area.clip(aligned(p)))]
        for spot in dirty:
            if new:  # a new layer is the background already, and its every region is dirty: each painted once
                todo = [(regions[i], spot) for i, area in enumerate(areas) if area is spot]
            else:  # every region reaching into the spot paints its part of it, in order (regions may overlap)
                self.surface.blit(background, spot, spot)
                todo = [(region, clip) for region, area in zip(regions, areas) if (clip := area.clip(spot))]
            self.painted.append(spot)
            for region, clip in todo:
                start = len(art.faces_blitted)
                self.surface.set_clip(clip)  # what a region draws past its rect would never be cleared: it stays inside
                self.surface.quiet = True  # so all it draws lies in the area just noted (or in a new layer, all new)
                region[3](self.surface)
                self.surface.quiet = False
                self.surface.set_clip(None)
                name = region[0]
                if name in whole:  # painted afresh this refresh: its faces are what it blits now (a second spot
                    # of it, where another region's repaint reaches into it, blits some of them again)
                    self._faces[name] = list((Counter(self._faces[name]) | Counter(art.faces_blitted[start:])).elements())
                else:  # painted in part: what it showed before, and what it blits now
                    self._faces[name] = list(dict.fromkeys(self._faces.get(name, []) + art.faces_blitted[start:]))
                del art.faces_blitted[start:]
        if self.painted:
            self.faces = [c for faces in self._faces.values() for c in faces]

    def changed(self, regions: Iterable[Region]) -> set[Hashable]:
        """The names of ``regions`` a :meth:`refresh` with them would repaint (all of them on a layer to paint afresh)."""
        return {r[0] for r in regions if self.surface is None or self._keys.get(r[0], self) != r[1]}

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        if self.surface is not None:
            surface.blit(self.surface, (0, 0))
            art.faces_blitted.extend(self.faces)


def aligned(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` widened to whole :data:`~game.base.retained.CELL` columns: the background copied over a spot
    repainted then starts every row on a 64-byte boundary (three times faster per pixel on the machine measured)."""
    left, right = rect.x // CELL * CELL, -(-rect.right // CELL) * CELL
    return pygame.Rect(left, rect.y, right - left, rect.h)


def merged(rects: list[pygame.Rect], slack: float = 1.3) -> list[pygame.Rect]:
    """``rects`` with each two that overlap as their union when it is at most ``slack`` times their two areas: a
    :class:`Partial`'s touched parts are each a pass over its drawing, so fewer is cheaper (unless far bigger)."""
    out: list[pygame.Rect] = []
    for r in rects:
        for i, o in enumerate(out):
            u = o.union(r)
            if o.colliderect(r) and u.w * u.h <= slack * (o.w * o.h + r.w * r.h):
                out[i] = u
                break
        else:
            out.append(r)
    return out

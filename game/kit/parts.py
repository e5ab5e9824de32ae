"""A cached layer declared as parts: each says what it shows, where it paints and how; the kit repaints what changed.

A table lists its layer's parts in painting order, each a :class:`Part` (its key, a value holding everything it
shows; its area, all it paints now; its paint).  :func:`parts_region` makes the list one
:class:`~game.kit.layer.Partial` region of the table's :class:`~game.kit.layer.TableLayer`: the region's key keeps
each part's key and area, so a changed part repaints its old area and its new one (or only the spots its
``spots(old_key, new_key)`` names, when its area stayed), and every part reaching into a repainted spot paints its
share of it, in order: parts may overlap, and the layer is always the parts painted afresh (:func:`paint_parts`).
A part paints nothing outside its area.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Hashable, NamedTuple, Sequence

import pygame

from game.base.retained import CELL
from game.kit.actionlog import ActionLog, draw_bar
from game.kit.layer import Partial, merged
from game.kit.ui import Text

NOWHERE = pygame.Rect(0, 0, 0, 0)
"""The area of a part that shows nothing now."""


class Part(NamedTuple):
    key: Hashable
    area: pygame.Rect
    paint: Callable[[pygame.Surface], Any]
    spots: Callable[[Any, Any], list[pygame.Rect] | None] | None = None
    """The parts of an unmoved area a change of key touches (None from it, or no ``spots``: all of the area)."""


NO_PART = Part(None, NOWHERE, lambda surface: None)
"""A part that shows nothing now, keeping the parts after it in their places in the list."""


def parts_region(name: Hashable, rect: pygame.Rect, parts: Sequence[Part], whole: Hashable = None) -> Partial:
    """The layer's region ``name`` over ``rect`` painted as ``parts``; a change of ``whole`` repaints all of it."""

    def touched(old: tuple, new: tuple) -> list[pygame.Rect] | None:
        if old[0] != new[0] or len(old) != len(new):
            return None
        spots: list[pygame.Rect] = []
        for (old_key, old_area), (key, area), part in zip(old[1:], new[1:], parts):
            if old_key == key and old_area == area:
                continue
            found = part.spots(old_key, key) if part.spots is not None and old_area == area else None
            spots += found if found is not None else [pygame.Rect(old_area), pygame.Rect(area)]
        return merged([aligned(spot) for spot in spots if spot])

    key = (whole, *[(p.key, p.area) for p in parts])  # areas as they are: a part's area is never changed in place
    return Partial(name, key, rect, lambda surface: paint_parts(parts, surface), touched)


def aligned(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` widened to whole :data:`~game.base.retained.CELL` columns: the background copied over a spot
    repainted then starts every row on a 64-byte boundary (three times faster per pixel on the machine measured)."""
    left, right = rect.x // CELL * CELL, -(-rect.right // CELL) * CELL
    return pygame.Rect(left, rect.y, right - left, rect.h)


def paint_parts(parts: Sequence[Part], surface: pygame.Surface) -> None:
    """Paint the parts reaching into ``surface``'s clip, in order (all of them when nothing is clipped)."""
    clip = surface.get_clip()
    for part in parts:
        if clip.colliderect(part.area):
            part.paint(surface)


@lru_cache(maxsize=256)
def text_part(text: Text, words: str, px: int, pos: tuple[int, int], color: tuple[int, ...], anchor: str = "topleft",
              max_w: int | None = None) -> Part:
    """A line of text as a part: keyed by its picture's place and look, painted as ``Text.blit`` paints it (the same
    line in the same place is the same part: a frame that shows it again makes nothing)."""
    surf = text.fit(words, px, max_w, color) if max_w else text.render(words, px, color)
    rect = surf.get_rect(**{anchor: pos})
    return Part((words, px, color), rect, lambda surface: surface.blit(surf, rect))


def log_parts(log: ActionLog, text: Text, rect: pygame.Rect, scale: float) -> list[Part]:
    """A table's action log in ``rect`` as parts: each row a line of text (a new line repaints each row's old and new
    words, not the whole panel), then the scroll bar; as many parts however many lines it holds."""
    return _log_parts(log, log.key(), text, tuple(rect), scale)


@lru_cache(maxsize=4)
def _log_parts(log: ActionLog, shows: tuple, text: Text, place: tuple[int, int, int, int], scale: float) -> list[Part]:
    rect = pygame.Rect(place)  # the same parts while the log shows the same (``shows``: its key)
    rows = log.rows(text, rect, scale)
    bar = log.bar(len(rows), rect, scale)
    empty = [NO_PART] * (max(1, rect.h // text.font(log.px(scale)).get_linesize()) - len(rows))
    return [*(text_part(text, *row) for row in rows), *empty,
            Part(bar and (tuple(bar[0]), tuple(bar[1]), bar[2]), bar[0] if bar else NOWHERE,
                 lambda surface: draw_bar(surface, bar))]


class Warmer:
    """A cache warmed ahead of need on quiet frames, one entry a call: a frame that paints nothing new can afford
    one, a move that needed several could not.  ``have(key)`` says whether the cache holds ``key``, ``make(key)``
    puts it there; once every key a ``wants`` gave is held, warming it again costs a set lookup (until
    :meth:`forget`, when the cache drops entries)."""

    def __init__(self, have: Callable[[Any], bool], make: Callable[[Any], Any]) -> None:
        self.have, self.make = have, make
        self._done: set[Hashable] = set()

    def warm(self, wants: Hashable, keys: Callable[[], Sequence[Any]]) -> bool:
        """Make the first of ``keys()`` (what ``wants`` names) the cache lacks; whether one was made."""
        if wants in self._done:
            return False
        for key in keys():
            if not self.have(key):
                self.make(key)
                return True
        self._done.add(wants)
        return False

    def forget(self) -> None:
        self._done.clear()

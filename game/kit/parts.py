"""A cached layer declared as parts: each says what it shows, where it paints and how; the kit repaints what changed.

A table lists its layer's parts in painting order, each a :class:`Part` (its key, a value holding everything it
shows; its area, all it paints now; its paint).  :func:`parts_region` makes the list one
:class:`~game.kit.layer.Partial` region of the table's :class:`~game.kit.layer.TableLayer`: the region's key keeps
each part's key and area, so a changed part repaints its old area and its new one, and every part reaching into a
repainted spot paints its share of it, in order: parts may overlap, and the layer is always the parts painted
afresh (:func:`paint_parts`).  A part paints nothing outside its area; a piece of a part that changes alone (a
count under a stack) is best a part of its own.  Lines of text, a log, status lines and buttons are made here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Container, Hashable, NamedTuple, Sequence

import pygame

from game.kit.actionlog import ActionLog, draw_bar
from game.kit.layer import Partial, aligned, merged
from game.kit.messages import draw_status, status_parts
from game.kit.ui import Button, Text, draw_focus_ring, draw_tooltip, key_tip

NOWHERE = pygame.Rect(0, 0, 0, 0)
"""The area of a part that shows nothing now."""


class Part(NamedTuple):
    key: Hashable
    area: pygame.Rect
    paint: Callable[[pygame.Surface], Any]


NO_PART = Part(None, NOWHERE, lambda surface: None)
"""A part that shows nothing now, keeping the parts after it in their places in the list."""


def parts_region(name: Hashable, rect: pygame.Rect, parts: Sequence[Part], whole: Hashable = None) -> Partial:
    """The layer's region ``name`` over ``rect`` painted as ``parts``; a change of ``whole`` repaints all of it."""

    def touched(old: tuple, new: tuple) -> list[pygame.Rect] | None:
        if old[0] != new[0] or len(old) != len(new):
            return None
        spots = [spot for was, now in zip(old[1:], new[1:]) if was != now for spot in (was[1], now[1]) if spot]
        return merged(stacked([aligned(spot) for spot in spots]))

    key = (whole, *[(p.key, p.area) for p in parts])  # areas as they are: a part's area is never changed in place
    return Partial(name, key, rect, lambda surface: paint_parts(parts, surface), touched)


def stacked(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with each run of them one under another from the same left edge (a log's rows) as one, when that
    costs at most half as many pixels again: a spot repainted is a pass over the parts, a few pixels are cheaper."""
    out: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: (r.x, r.y)):
        last = out[-1] if out else None
        if last is not None and last.x == rect.x and rect.y <= last.bottom + 4:
            union = last.union(rect)
            if union.w * union.h <= 1.5 * (last.w * last.h + rect.w * rect.h):
                out[-1] = union
                continue
        out.append(rect)
    return out


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


def status_part(text: Text, rect: pygame.Rect, shows: tuple, scale: float) -> Part:
    """The status lines above a hand: ``shows`` is ``(line1, line2, why not or None)`` (:func:`draw_status`; the
    third line, in red, says why the selection can't be played), or empty (nothing shows)."""
    if not shows:
        return NO_PART
    rects = status_parts(text, rect, shows, scale)

    def paint(surface: pygame.Surface) -> None:
        draw_status(surface, text, rect, shows[0], shows[1], scale)
        if shows[2]:
            text.blit(surface, shows[2], round(19 * scale), (rect.centerx, rect.y + round(50 * scale)), (255, 170, 150),
                      "midtop", rect.w - round(120 * scale))
    return Part(shows, rects[0].unionall(rects[1:]), paint)


def button_parts(text: Text, buttons: Sequence[Button], hover: object, focus: object, scale: float,
                 screen: pygame.Rect, ringed: Container[str] = ()) -> list[Part]:
    """Each button a part: lit under the mouse (``hover``, a button's key) or the keyboard's ``focus``, a focus ring
    round those ``ringed`` (a hint's), and the key of the one under the mouse in a tooltip (anywhere on ``screen``)."""
    return [_button_part(text, b, b.key == hover, b.key == focus, scale, screen, b.key in ringed) for b in buttons]


def _button_part(text: Text, b: Button, hover: bool, focus: bool, scale: float, screen: pygame.Rect,
                 ringed: bool) -> Part:
    tip = hover and b.hotkey

    def paint(surface: pygame.Surface) -> None:
        b.draw(surface, text, hover, focus)
        if ringed:
            draw_focus_ring(surface, b.rect, scale)
        if tip:
            draw_tooltip(surface, text, key_tip(tip), b.rect, scale)
    return Part((b.key, b.label, b.enabled, b.primary, tip, tuple(b.rect), hover, focus, ringed),
                screen if tip else b.rect.inflate(b.rect.h + 4, b.rect.h + 4), paint)


def log_parts(log: ActionLog, text: Text, rect: pygame.Rect, scale: float) -> list[Part]:
    """A table's action log in ``rect`` as parts: each row a line of text (a new line repaints each row's old and new
    words, not the whole panel), then the scroll bar; as many parts however many lines it holds."""
    return _log_parts(log, log.key(), text, tuple(rect), scale)


def log_ahead(log: ActionLog, text: Text, rect: pygame.Rect, scale: float) -> bool:
    """On a quiet frame: the rows a next line of one row would leave showing in ``rect`` (those shown now, a row higher
    once the panel is full, the newest muted) made as parts now, so that line's frame makes only its own row; whether
    any work was done (once for each thing the log shows)."""
    shows = (log.key(), tuple(rect), scale)
    if log.ahead == shows:
        return False
    log.ahead = shows
    for row in log.rows(text, rect, scale, ahead=True):
        text_part(text, *row)
    return True


@lru_cache(maxsize=4)
def _log_parts(log: ActionLog, shows: tuple, text: Text, place: tuple[int, int, int, int], scale: float) -> list[Part]:
    rect = pygame.Rect(place)  # the same parts while the log shows the same (``shows``: its key)
    rows, first = log.laid(text, rect, scale)
    bar = log.bar(first, rect, scale)
    empty = [NO_PART] * (max(1, rect.h // text.font(log.px(scale)).get_linesize()) - len(rows))
    return [*(text_part(text, *row) for row in rows), *empty,
            Part(bar and (tuple(bar[0]), tuple(bar[1]), bar[2]), bar[0] if bar else NOWHERE,
                 lambda surface: draw_bar(surface, bar))]


class Warmer:
    """A cache warmed ahead of need on quiet frames, one entry a call: a frame that paints nothing new can afford
    one, a move that needed several could not.  ``have(key)`` says whether the cache holds ``key``, ``make(key)``
    puts it there, ``full()`` whether it has no room (warming never pushes out an entry: what it pushed out it would
    make again, frame after frame); once every key a ``wants`` gave is held, warming it again costs a set lookup
    (until :meth:`forget`, when the cache drops entries)."""

    def __init__(self, have: Callable[[Any], bool], make: Callable[[Any], Any], full: Callable[[], bool]) -> None:
        self.have, self.make, self.full = have, make, full
        self._done: set[Hashable] = set()

    def warm(self, wants: Hashable, keys: Callable[[], Sequence[Any]]) -> bool:
        """Make the first of ``keys()`` (what ``wants`` names) the cache lacks, if it has room; whether one was made."""
        if wants in self._done or self.full():
            return False
        for key in keys():
            if not self.have(key):
                self.make(key)
                return True
        self._done.add(wants)
        return False

    def forget(self) -> None:
        self._done.clear()

"""Double or Nothing's drawn pieces: counted stacks of number cards, upgrade icons, the title tile's picture."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame
from pygame import Rect

from engine.double_or_nothing.upgrades import Icon

from game.kit.parts import Warmer
from game.kit.ui import INK, Text

CARD_RATIO = 0.7


_STACKS: dict[tuple[int, int, int, int, bool], tuple[pygame.Surface, int, int]] = {}
MOST_STACKS = 160


@lru_cache(maxsize=1024)
def stack_depth(count: int) -> int:
    """How many card edges show under the top card: more for more cards (1 for 2-3, up to 4 for thousands)."""
    return 0 if count <= 1 else min(4, 1 + int(math.log10(count)) + (1 if count >= 4 else 0))


def draw_stack(surface: pygame.Surface, art, value: int, count: int, rect: Rect, shadow: bool = True) -> None:
    """A stack of ``count`` cards of ``value`` (0: backs): a few edges under the top card, more for more cards.

    The stack is rendered once per (value, depth, size) and blitted whole: one blit per stack, whatever its count.
    """
    surf, dx, dy = _stack(art, (value, stack_depth(count), rect.w, rect.h, shadow))
    surface.blit(surf, (rect.x - dx, rect.y - dy))
    if value:
        art.numbers_blitted.append(value)
    else:
        art.backs_blitted += 1


def _margins(depth: int, w: int) -> tuple[int, int]:
    """How far a stack's edges reach left of and above its top card (``w`` wide)."""
    step = max(2, w // 22)
    return depth * step // 2 + 8, depth * step + 8


def stack_place(count: int, rect: Rect) -> Rect:
    """All that :func:`draw_stack` paints for a stack of ``count`` with its top card at ``rect``."""
    dx, dy = _margins(stack_depth(count), rect.w)
    return Rect(rect.x - dx, rect.y - dy, rect.w + dx + 16, rect.h + dy + 16)


def _unseen(art, key: tuple[int, int, int, int, bool]) -> None:
    """A stack rendered ahead of need: nothing is shown, so nothing is recorded as blitted."""
    numbers, backs = len(art.numbers_blitted), art.backs_blitted
    _stack(art, key)
    del art.numbers_blitted[numbers:]
    art.backs_blitted = backs


STACKS_WARM = Warmer(lambda found: found[1] in _STACKS, lambda found: _unseen(*found), lambda: len(_STACKS) >= MOST_STACKS)
"""Warms ``(art, key)`` stacks on quiet frames (see :func:`stack_keys`)."""


def stack_keys(art, depths: frozenset[int], sizes: tuple[tuple[int, int], ...]) -> list:
    """Every number's stack (0: backs) at ``depths`` and ``sizes``, as :data:`STACKS_WARM` keys (what the cache keeps)."""
    return [(art, (n, d, w, h, True)) for d in sorted(depths) for w, h in sizes for n in range(9)][:120]


def _stack(art, key: tuple[int, int, int, int, bool]) -> tuple[pygame.Surface, int, int]:
    cached = _STACKS.pop(key, None)  # put back last: the cache keeps the stacks drawn most lately
    if cached is None:
        if len(_STACKS) >= MOST_STACKS:
            del _STACKS[next(iter(_STACKS))]  # the one drawn longest ago
            STACKS_WARM.forget()
        value, depth, w, h, shadow = key
        step = max(2, w // 22)
        dx, dy = _margins(depth, w)
        surf = pygame.Surface((w + dx + 16, h + dy + 16), pygame.SRCALPHA)
        top = Rect(dx, dy, w, h)
        for k in range(depth, 0, -1):
            art.blit_back(surf, top.move(-k * step // 2, -k * step), shadow=shadow and k == depth)
        if value:
            art.blit_number(surf, value, top, shadow=shadow and depth == 0)
        else:
            art.blit_back(surf, top, shadow=shadow and depth == 0)
        cached = (surf, dx, dy)
    _STACKS[key] = cached
    return cached


def draw_count(surface: pygame.Surface, text: Text, count: int, pos: tuple[int, int], s: float,
               color: tuple[int, ...] = INK, px: int = 22) -> None:
    text.blit(surface, f"x {count:,}", round(px * s), pos, color, "midtop")


_OUTLINES: dict[str, list[tuple[float, float]]] = {
    "square": [(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)],
    "diamond": [(0, -1), (1, 0), (0, 1), (-1, 0)],
    "triangle": [(0, -1), (0.95, 0.8), (-0.95, 0.8)],
    "hexagon": [(math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)) for k in range(6)],
    "shield": [(-0.85, -0.9), (0.85, -0.9), (0.85, 0.1), (0, 1), (-0.85, 0.1)],
    "star": [((1.0 if k % 2 == 0 else 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
              (1.0 if k % 2 == 0 else 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5)) for k in range(10)],
    "arrow": [(-0.9, -0.35), (0.2, -0.35), (0.2, -0.8), (1, 0), (0.2, 0.8), (0.2, 0.35), (-0.9, 0.35)],
    "hourglass": [(-0.8, -0.9), (0.8, -0.9), (0.1, 0), (0.8, 0.9), (-0.8, 0.9), (-0.1, 0)],
}
"""Each polygon icon's outline, in units of the icon's radius round its centre."""


def draw_icon(surface: pygame.Surface, text: Text, icon: Icon, rect: Rect) -> None:
    """An upgrade's icon: its shape in its colour with its mark on it."""
    colour = pygame.Color(icon.colour)
    c = rect.center
    r = min(rect.w, rect.h) // 2
    dark = (20, 24, 22)
    shape = icon.shape
    if shape in _OUTLINES:
        pts = [(c[0] + x * r, c[1] + y * r) for x, y in _OUTLINES[shape]]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, dark, pts, max(1, r // 12))
    elif shape == "ring":  # a dark middle: the mark reads the same on the felt and on a pale card
        pygame.draw.circle(surface, (16, 30, 44), c, r)
        pygame.draw.circle(surface, colour, c, r, max(3, r // 3))
    else:  # a circle
        pygame.draw.circle(surface, colour, c, r)
        if shape == "circle":
            pygame.draw.circle(surface, dark, c, r, max(1, r // 12))
    mark_y = c[1] + (round(r * 0.25) if shape == "triangle" else 0)
    if shape == "hourglass":  # the waist is narrower than the mark: a dark band under it reads on felt and card
        band = Rect(0, 0, round(r * 1.7), round(r * 0.62))
        band.center = (c[0], mark_y)
        pygame.draw.rect(surface, dark, band, border_radius=max(2, band.h // 3))
    ink = dark if shape == "star" else INK
    text.blit(surface, icon.mark, max(10, round(r * 0.8)), (c[0], mark_y), ink, "center",
              round(r * (1.3 if shape == "ring" else 2.0)))


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

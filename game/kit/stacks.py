"""Counted stacks: many cards of one value drawn as a few edges under the top card, and such stacks in flight.

A table whose hands hold thousands of cards never draws one sprite per card: a
stack of ``count`` cards of a number card's ``value`` (0: backs) is its top card
with one to four card edges under it, more for more cards, rendered once per
(value, depth, size) and blitted whole.  A :class:`StackFlight` moves such a
stack between two places on a :class:`~game.kit.flights.FlightQueue`, and
:func:`stack_step` makes a step of several (or a pause with none).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Hashable, Sequence

import pygame

from game.kit.flights import Step
from game.kit.parts import NOWHERE, Part, Warmer
from game.kit.tweens import Tween, out_cubic
from game.kit.ui import GOLD, INK, Text

StackKey = tuple[int, int, int, int, bool]
"""A rendered stack: (value, depth, width, height, shadow)."""

_STACKS: dict[StackKey, tuple[pygame.Surface, int, int]] = {}
MOST_STACKS = 160
"""The most stacks the cache keeps (the one drawn longest ago goes first)."""


MOST_DEPTH = 4
"""The most card edges a stack shows under its top card."""
_EDGES: dict[tuple[int, int, int, bool], pygame.Surface] = {}
"""A stack's edges alone, (depth, width, height, shadow): every value's stack of that shape starts as a copy."""


@lru_cache(maxsize=1024)
def stack_depth(count: int) -> int:
    """How many card edges show under the top card: more for more cards (1 for 2-3, up to 4 for thousands)."""
    return 0 if count <= 1 else min(MOST_DEPTH, 1 + int(math.log10(count)) + (1 if count >= 4 else 0))


def draw_stack(surface: pygame.Surface, art: Any, value: int, count: int, rect: pygame.Rect, shadow: bool = True) -> None:
    """A stack of ``count`` cards of ``value`` (0: backs) with its top card at ``rect``: one blit, whatever its count."""
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


def stack_place(count: int, rect: pygame.Rect) -> pygame.Rect:
    """All that :func:`draw_stack` paints for a stack of ``count`` with its top card at ``rect``."""
    dx, dy = _margins(stack_depth(count), rect.w)
    return pygame.Rect(rect.x - dx, rect.y - dy, rect.w + dx + 16, rect.h + dy + 16)


def column_place(count: int, rect: pygame.Rect, ring: int) -> pygame.Rect:
    """All a hand's column paints: its stack of ``count`` (an empty slot's panel when 0) with its top card at
    ``rect``, and a selection's ring ``ring`` pixels wider and taller than ``rect``."""
    return stack_place(count, rect).union(rect.inflate(ring, ring))


def _unseen(art: Any, key: StackKey) -> None:
    """A stack rendered ahead of need: nothing is shown, so nothing is recorded as blitted."""
    numbers, backs = len(art.numbers_blitted), art.backs_blitted
    _stack(art, key)
    del art.numbers_blitted[numbers:]
    art.backs_blitted = backs


STACKS_WARM = Warmer(lambda found: found[1] in _STACKS, lambda found: _unseen(*found), lambda: len(_STACKS) >= MOST_STACKS)
"""Warms ``(art, key)`` stacks on quiet frames (see :func:`warm_stacks`)."""


def warm_stacks(art: Any, counts: Sequence[int], sizes: tuple[tuple[int, int], ...],
                backs: tuple[tuple[tuple[int, int], bool], ...] = ()) -> None:
    """On a quiet frame: one of the stacks the next moves may need rendered ahead, if the cache lacks one and has
    room.  First every card (0: backs, and the numbers 1 to 8) at ``sizes`` as deep as stacks of ``counts``, and
    backs at ``backs`` ``((size, shadow), ...)``; then the numbers at every other depth, size by size in the order
    given, while there is room (a play of a few copies, a hand run down, finds its stack made)."""
    depths = sorted({stack_depth(k) for k in counts if k})
    STACKS_WARM.warm((tuple(depths), sizes, backs), lambda: [
        *((art, (n, d, w, h, True)) for d in depths for w, h in sizes for n in range(9)),
        *((art, (0, d, w, h, shadow)) for d in depths for (w, h), shadow in backs),
        *((art, (n, d, w, h, True)) for w, h in sizes for d in range(MOST_DEPTH + 1) if d not in depths
          for n in range(1, 9))])


def counted_stacks_part(art: Any, text: Text, key: Hashable, stacks: Sequence[tuple[int, int, pygame.Rect]],
                        scale: float) -> Part:
    """Stacks ``(value, count, top card's rect)``, each with its count ("x 1,284") under it, as one part of a cached
    layer (:mod:`game.kit.parts`) keyed by ``key``; no stacks: a part that paints nothing."""
    if not stacks:
        return Part(key, NOWHERE, lambda surface: None)
    px = round(20 * scale)
    counts = [(f"x {k:,}", (r.centerx, r.bottom + round(4 * scale))) for _, k, r in stacks]
    labels = {words: text.render(words, px, INK) for words in {words for words, _ in counts}}  # each count's once
    area = [stack_place(k, r) for _, k, r in stacks] + [labels[words].get_rect(midtop=at) for words, at in counts]

    def paint(surface: pygame.Surface) -> None:
        for (value, count, rect), (words, at) in zip(stacks, counts):
            draw_stack(surface, art, value, count, rect)
            text.blit(surface, words, px, at, INK, "midtop")
    return Part(key, area[0].unionall(area[1:]), paint)


def draw_counted_flights(surface: pygame.Surface, art: Any, text: Text, flights: Sequence[Any], scale: float) -> None:
    """The stacks in the air among ``flights``, each with its count under it."""
    for fly in in_the_air(flights):
        r = fly.rect
        draw_stack(surface, art, fly.value, fly.count, r)
        text.blit(surface, f"{fly.count:,}", round(20 * scale), (r.centerx, r.bottom + 2), GOLD, "midtop")


def _stack(art: Any, key: StackKey) -> tuple[pygame.Surface, int, int]:
    cached = _STACKS.pop(key, None)  # put back last: the cache keeps the stacks drawn most lately
    if cached is None:
        if len(_STACKS) >= MOST_STACKS:
            del _STACKS[next(iter(_STACKS))]  # the one drawn longest ago
            STACKS_WARM.forget()
        value, depth, w, h, shadow = key
        dx, dy = _margins(depth, w)
        surf = _edges(art, depth, w, h, shadow).copy()  # the same pixels as its edges blitted afresh, far cheaper
        top = pygame.Rect(dx, dy, w, h)
        if value:
            art.blit_number(surf, value, top, shadow=shadow and depth == 0)
        else:
            art.blit_back(surf, top, shadow=shadow and depth == 0)
        cached = (surf, dx, dy)
    _STACKS[key] = cached
    return cached


def _edges(art: Any, depth: int, w: int, h: int, shadow: bool) -> pygame.Surface:
    """A stack's picture before its top card: its ``depth`` edges (backs) on a clear surface, made once a shape."""
    key = (depth, w, h, shadow)
    surf = _EDGES.get(key)
    if surf is None:
        if len(_EDGES) >= 24:
            del _EDGES[next(iter(_EDGES))]  # the one made first: a few shapes are in use at a time
        step = max(2, w // 22)
        dx, dy = _margins(depth, w)
        surf = _EDGES[key] = pygame.Surface((w + dx + 16, h + dy + 16), pygame.SRCALPHA)
        top = pygame.Rect(dx, dy, w, h)
        numbers, backs = len(art.numbers_blitted), art.backs_blitted
        for k in range(depth, 0, -1):
            art.blit_back(surf, top.move(-k * step // 2, -k * step), shadow=shadow and k == depth)
        del art.numbers_blitted[numbers:]
        art.backs_blitted = backs
    return surf


@dataclass
class StackFlight:
    """A stack of ``count`` cards of ``value`` (0: face down; None: nothing shows, a pause) going from ``start`` to
    ``end`` as its ``tween`` runs (a :class:`~game.kit.flights.FlightQueue` moves and lands it)."""

    value: int | None
    count: int
    start: pygame.Rect
    end: pygame.Rect
    tween: Tween
    on_land: Callable[[], None] | None = None
    landed: bool = False

    @property
    def rect(self) -> pygame.Rect:
        x, y = self.tween.value
        return pygame.Rect(round(x), round(y), self.start.w, self.start.h)


def stack_step(duration: float, land: Callable[[], None] | None,
               flies: list[tuple[int, int, pygame.Rect, pygame.Rect, float]]) -> Step:
    """A step: the stacks ``(value, count, start, end, delay)`` fly for ``duration`` seconds each after its delay
    (with none, a pause of ``duration``), then ``land`` (when the last lands)."""
    out = [StackFlight(v, k, a.copy(), b, Tween(a.topleft, b.topleft, duration, delay, out_cubic))
           for v, k, a, b, delay in flies]
    out = out or [StackFlight(None, 0, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0), Tween((0, 0), (0, 0), duration))]
    last = max(range(len(out)), key=lambda i: (out[i].tween.delay, i))  # the last to land
    out[last].on_land = land
    return lambda: out  # type: ignore[return-value]


def in_the_air(flights: Sequence[Any]) -> list[StackFlight]:
    """The stacks in the air among ``flights`` (a pause shows none)."""
    return [f for f in flights if f.value is not None]

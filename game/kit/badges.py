"""Badges: a small drawn sign (a shape in a colour with a mark on it) naming a perk, an upgrade or a power.

The font has no pictures, so a badge is drawn: a polygon from :data:`OUTLINES`,
a ring or a disc in the badge's colour, dark-edged, with its mark (a letter or
two) in the middle.  It reads the same on the felt and on a pale card.
"""

from __future__ import annotations

import functools
import math
from typing import Protocol, Sequence

import pygame

from game.base.text import MIN_TEXT_PX
from game.kit.ui import INK, MUTED, Text


class Badge(Protocol):
    """What a badge shows: its ``shape`` (a key of :data:`OUTLINES`, "ring", "circle" or "disc"), its ``colour``
    (any colour pygame reads) and its ``mark``."""

    @property
    def shape(self) -> str: ...

    @property
    def colour(self) -> str: ...

    @property
    def mark(self) -> str: ...


OUTLINES: dict[str, list[tuple[float, float]]] = {
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
"""Each polygon badge's outline, in units of the badge's radius round its centre."""


def draw_badge(surface: pygame.Surface, text: Text, badge: Badge, rect: pygame.Rect) -> None:
    """``badge`` in ``rect``: its shape in its colour with its mark on it."""
    colour = pygame.Color(badge.colour)
    c = rect.center
    r = min(rect.w, rect.h) // 2
    dark = (20, 24, 22)
    shape = badge.shape
    if shape in OUTLINES:
        pts = [(c[0] + x * r, c[1] + y * r) for x, y in OUTLINES[shape]]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, dark, pts, max(1, r // 12))
    elif shape == "ring":  # a dark middle: the mark reads the same on the felt and on a pale card
        pygame.draw.circle(surface, (16, 30, 44), c, r)
        pygame.draw.circle(surface, colour, c, r, max(3, r // 3))
    else:  # a disc, edged when it is a "circle"
        pygame.draw.circle(surface, colour, c, r)
        if shape == "circle":
            pygame.draw.circle(surface, dark, c, r, max(1, r // 12))
    mark_y = c[1] + (round(r * 0.25) if shape == "triangle" else 0)
    if shape == "hourglass":  # the waist is narrower than the mark: a dark band under it reads on felt and card
        band = pygame.Rect(0, 0, round(r * 1.7), round(r * 0.62))
        band.center = (c[0], mark_y)
        pygame.draw.rect(surface, dark, band, border_radius=max(2, band.h // 3))
    ink = dark if shape == "star" else INK
    mark = fitted_mark(text, badge.mark, shape, r, (0, mark_y - c[1]), ink)
    if mark is not None:
        mark_rect = mark.get_bounding_rect()
        mark_rect.center = (c[0], mark_y)
        surface.blit(mark, mark_rect, mark.get_bounding_rect())


def _inside(shape: str, r: int, x: float, y: float) -> bool:
    """Whether the point (``x``, ``y``) off a badge's centre lies on its face, where its mark may go (inside a
    ring's dark middle, on an hourglass's dark band, inside a polygon's edge)."""
    if shape == "ring":
        return math.hypot(x, y) <= r - max(3, r // 3)
    if shape == "hourglass":
        return abs(x) <= r * 0.85 and abs(y) <= r * 0.31
    if shape not in OUTLINES:
        return math.hypot(x, y) <= r - max(1, r // 12)
    edge = max(1, r // 12) + 1  # clear of the dark outline
    pts = [(px * r, py * r) for px, py in OUTLINES[shape]]
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        if _near_segment(x, y, x1, y1, x2, y2, edge):
            return False
    return inside


def _near_segment(x: float, y: float, x1: float, y1: float, x2: float, y2: float, d: float) -> bool:
    """Whether (``x``, ``y``) is within ``d`` of the segment from (``x1``, ``y1``) to (``x2``, ``y2``)."""
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(x - x1 - t * dx, y - y1 - t * dy) < d


@functools.lru_cache(maxsize=256)  # drawn every frame: found once per badge and size
def fitted_mark(text: Text, mark: str, shape: str, r: int, at: tuple[int, int],
                ink: tuple[int, ...]) -> pygame.Surface | None:
    """``mark`` rendered as large as fits on the face of a ``shape`` badge of radius ``r``, its ink centred ``at``
    (off the badge's centre); shortened to its number ("2nd" to "2") when it fits no other way; None when nothing
    fits: a mark never spills past the badge's edge."""
    tries = [mark]
    short = mark.rstrip("abcdefghijklmnopqrstuvwxyz")
    if short and short != mark:
        tries.append(short)
    for attempt in tries:
        for px in range(max(MIN_TEXT_PX, round(r * 0.8)), MIN_TEXT_PX - 1, -1):
            box = text.render(attempt, px).get_bounding_rect()
            points = [(at[0] + fx * box.w / 2, at[1] + fy * box.h / 2) for fx in (-1, 0, 1) for fy in (-1, 0, 1)]
            if all(_inside(shape, r, x, y) for x, y in points):
                return text.render(attempt, px, ink)
    return None


def draw_badge_column(surface: pygame.Surface, text: Text, badges: Sequence[tuple[Badge, str]], area: pygame.Rect,
                      scale: float, label_w: int) -> None:
    """Each badge with its label (``label_w`` wide at most) to its right, down ``area``: rows 38 px high at scale 1,
    lower when that many would not fit in it."""
    if not badges:
        return
    row = min(round(38 * scale), area.h // len(badges))
    size, px = max(8, row - round(6 * scale)), min(round(17 * scale), max(10, row - 4))
    for k, (badge, label) in enumerate(badges):
        r = pygame.Rect(area.x, area.y + k * row, size, size)
        draw_badge(surface, text, badge, r)
        text.blit(surface, label, px, (r.right + round(6 * scale), r.centery), MUTED, "midleft", label_w)


def badge_row(text: Text, labels: Sequence[str], x: int, width: int, scale: float) -> list[tuple[int, int]]:
    """Where each of a row of labelled badges (:func:`draw_badge_row`) goes, wrapped into rows ``width`` wide from
    ``x``: each one's x and how far below the first row it is."""
    font = text.font(round(20 * scale))
    size, gap, row = round(40 * scale), round(24 * scale), round(50 * scale)
    out, cx, cy = [], x, 0
    for label in labels:
        w = size + round(8 * scale) + font.size(label)[0]
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + row
        out.append((cx, cy))
        cx += w + gap
    return out


def draw_badge_row(surface: pygame.Surface, text: Text, badges: Sequence[tuple[Badge, str]], x: int, y: int,
                   width: int, scale: float) -> None:
    """Each badge with its label to its right, in rows ``width`` wide from (``x``, ``y``) (see :func:`badge_row`)."""
    size = round(40 * scale)
    for (badge, label), (bx, dy) in zip(badges, badge_row(text, [label for _, label in badges], x, width, scale)):
        draw_badge(surface, text, badge, pygame.Rect(bx, y + dy, size, size))
        text.blit(surface, label, round(20 * scale), (bx + size + round(8 * scale), y + dy + size // 2), INK, "midleft")

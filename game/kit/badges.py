"""Badges: a small drawn sign (a shape in a colour with a mark on it) naming a perk, an upgrade or a power.

The font has no pictures, so a badge is drawn: a polygon from :data:`OUTLINES`,
a ring or a disc in the badge's colour, dark-edged, with its mark (a letter or
two) in the middle.  It reads the same on the felt and on a pale card.
"""

from __future__ import annotations

import math
from typing import Protocol, Sequence

import pygame

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
    text.blit(surface, badge.mark, max(10, round(r * 0.8)), (c[0], mark_y), ink, "center",
              round(r * (1.3 if shape == "ring" else 2.0)))


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

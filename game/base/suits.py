"""Suit colours and shapes (the default font has no suit glyphs), and the joker's star.

A small suit is drawn four times as large and smooth-scaled down: whole-pixel circles at a dozen pixels part a
club's lobes into separate dots, which read as a cross (a banner's card tiles).
"""

from __future__ import annotations

import math

import pygame

from engine.cards import Suit

RED = (196, 30, 44)
BLACK = (24, 24, 30)
SMALL_SUIT = 32  # pixels tall: below this a suit is drawn at SUPER times the size and scaled down
SUPER = 4

FOUR_COLOUR = {Suit.CLUBS: (18, 128, 52), Suit.DIAMONDS: (22, 86, 200)}
"""The four-colour deck: clubs green, diamonds blue (hearts stay red, spades black)."""


def suit_color(suit: Suit, four_colour: bool = False) -> tuple[int, int, int]:
    if four_colour and suit in FOUR_COLOUR:
        return FOUR_COLOUR[suit]
    return RED if suit.is_red else BLACK


def draw_suit(surface: pygame.Surface, suit: Suit, center: tuple[float, float], size: float,
              color: tuple[int, int, int] | None = None, flip: bool = False) -> None:
    """Draw a suit symbol ``size`` pixels tall centred on ``center`` (upside down if ``flip``)."""
    color = color or suit_color(suit)
    if size < SMALL_SUIT:
        side = math.ceil(size) + 4
        x, y = math.floor(center[0] - side / 2), math.floor(center[1] - side / 2)
        big = pygame.Surface((side * SUPER, side * SUPER), pygame.SRCALPHA)
        suit_shape(big, suit, ((center[0] - x) * SUPER, (center[1] - y) * SUPER), size * SUPER, color, flip)
        surface.blit(pygame.transform.smoothscale(big, (side, side)), (x, y))
    else:
        suit_shape(surface, suit, center, size, color, flip)


def suit_shape(surface: pygame.Surface, suit: Suit, center: tuple[float, float], size: float,
               color: tuple[int, int, int], flip: bool = False) -> None:
    """The shape itself in whole pixels (for art drawn large and smooth-scaled down as a whole, like a card)."""
    cx, cy = center
    r = size / 2
    sy = -1 if flip else 1

    def pt(x: float, y: float) -> tuple[float, float]:
        return (cx + x * r, cy + sy * y * r)

    def circle(x: float, y: float, rad: float) -> None:
        pygame.draw.circle(surface, color, pt(x, y), rad * r)

    if suit is Suit.DIAMONDS:
        pygame.draw.polygon(surface, color, [pt(0, -1), pt(0.74, 0), pt(0, 1), pt(-0.74, 0)])
    elif suit is Suit.HEARTS:
        circle(-0.46, -0.38, 0.52)
        circle(0.46, -0.38, 0.52)
        pygame.draw.polygon(surface, color, [pt(-0.95, -0.2), pt(0.95, -0.2), pt(0, 0.98)])
    elif suit is Suit.SPADES:
        circle(-0.46, 0.2, 0.5)
        circle(0.46, 0.2, 0.5)
        pygame.draw.polygon(surface, color, [pt(-0.93, 0.06), pt(0.93, 0.06), pt(0, -1.0)])
        pygame.draw.polygon(surface, color, [pt(0, 0.3), pt(-0.32, 1.0), pt(0.32, 1.0)])
    else:
        circle(0, -0.5, 0.42)
        circle(-0.5, 0.12, 0.42)
        circle(0.5, 0.12, 0.42)
        circle(0, 0.05, 0.25)  # and the lobes' centres joined, so that they hold together
        pygame.draw.polygon(surface, color, [pt(0, -0.5), pt(-0.5, 0.12), pt(0.5, 0.12)])
        pygame.draw.polygon(surface, color, [pt(0, 0.0), pt(-0.32, 1.0), pt(0.32, 1.0)])


def draw_star(surface: pygame.Surface, center: tuple[float, float], size: float, color: tuple[int, int, int]) -> None:
    """A five-pointed star ``size`` pixels tall centred on ``center`` (the joker's mark)."""
    cx, cy = center
    outer, inner = size / 2, size / 5
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + 0.08 * size + radius * math.sin(angle)))
    pygame.draw.polygon(surface, color, points)

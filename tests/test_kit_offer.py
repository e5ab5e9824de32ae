"""The kit's offer (game/kit/offer.py): cards in a row across the middle of the screen, the table dimmed under
them, the cards under the pointer or the focus lit, each card's words wrapped to its width and cut at its lines."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.base.text import Text  # noqa: E402
from game.kit.offer import OfferCard, draw_offer, offer_rects  # noqa: E402
from game.kit.ui import GOLD  # noqa: E402


class Sign:
    shape, colour, mark = "star", "#f1c40f", "*"


def test_offered_cards_sit_in_a_row_centred_on_the_screen():
    screen = pygame.Rect(0, 0, 1280, 720)
    for count in (1, 2, 3):
        rects = offer_rects(screen, count, 1.0)
        row = rects[0].unionall(rects[1:])
        assert abs(row.centerx - screen.centerx) <= 1 and row.centery < screen.centery
        assert all(a.right < b.left for a, b in zip(rects, rects[1:]))
    assert offer_rects(screen, 3, 2.0)[0].w == 2 * offer_rects(screen, 3, 1.0)[0].w


def test_the_lit_cards_are_rimmed_in_gold_over_a_dimmed_table():
    pygame.init()
    text, screen = Text(), pygame.Rect(0, 0, 1280, 720)
    long = "word " * 200  # far more than five lines: cut, never past the card
    cards = [OfferCard(Sign(), f"Perk {k}", ((long, 20, 5, (60, 66, 62)),), f"{k + 1}  -  new") for k in range(3)]
    rects = offer_rects(screen, 3, 1.0)
    surface = pygame.Surface(screen.size)
    surface.fill((255, 255, 255))
    draw_offer(surface, text, cards, rects, {1}, "Pick one", "It lasts the run", 1.0)
    assert max(surface.get_at((5, 5))[:3]) < 40  # the table under the offer a quiet shadow
    rim = [surface.get_at((r.centerx, r.y + 1))[:3] for r in rects]
    assert rim[1] == GOLD and rim[0] != GOLD and rim[2] != GOLD
    below = [surface.get_at((r.centerx, r.bottom + 4))[:3] for r in rects]
    assert all(max(c) < 40 for c in below)  # nothing drawn under a card


def test_a_footer_too_long_for_one_line_wraps_up_from_the_cards_foot():
    pygame.init()
    text, screen = Text(), pygame.Rect(0, 0, 1280, 720)
    rects = offer_rects(screen, 1, 1.0)
    heights = []
    for footer in ("1  -  new", "Key 1. " + "then more words " * 6):
        surface = pygame.Surface(screen.size, pygame.SRCALPHA)
        draw_offer(surface, text, [OfferCard(Sign(), "Perk", (), footer)], rects, (), "Pick one", "", 1.0)
        r = rects[0]
        band = surface.subsurface(pygame.Rect(r.x + 20, r.bottom - 100, r.w - 40, 100 - 12))
        ink = [y for y in range(band.get_height()) if any(band.get_at((x, y))[:3] == (110, 100, 70)
                                                          for x in range(0, band.get_width(), 2))]
        heights.append(ink[-1] - ink[0] if ink else 0)
    assert 0 < heights[0] < 21 <= heights[1]  # one line, then two or more, all above the card's foot

"""The kit's offer (game/kit/offer.py): cards in a row across the middle of the screen, the table dimmed under
them, the cards under the pointer or the focus lit, each card's words wrapped to its width and cut at its lines."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.base.text import Text  # noqa: E402
from game.kit.offer import OfferCard, draw_offer, even_wrap, offer_rects  # noqa: E402
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
    cards = [OfferCard(Sign(), f"Perk {k}", ((long, 20, 5, (60, 66, 62)),), (f"Press {k + 1}", "new")) for k in range(3)]
    rects = offer_rects(screen, 3, 1.0)
    surface = pygame.Surface(screen.size)
    surface.fill((255, 255, 255))
    draw_offer(surface, text, cards, rects, {1}, "Pick one", "It lasts the run", 1.0)
    assert max(surface.get_at((5, 5))[:3]) < 40  # the table under the offer a quiet shadow
    rim = [surface.get_at((r.centerx, r.y + 1))[:3] for r in rects]
    assert rim[1] == GOLD and rim[0] != GOLD and rim[2] != GOLD
    below = [surface.get_at((r.centerx, r.bottom + 4))[:3] for r in rects]
    assert all(max(c) < 40 for c in below)  # nothing drawn under a card


def _foot_lines(surface, rect):
    """The rows of the footer's ink on the card at ``rect``: (top, bottom) of each line, top down."""
    band = surface.subsurface(pygame.Rect(rect.x + 8, rect.bottom - 140, rect.w - 16, 140 - 4))
    rows = [y for y in range(band.get_height()) if any(band.get_at((x, y))[:3] == (110, 100, 70)
                                                      for x in range(0, band.get_width()))]
    lines, start = [], None
    for y, nxt in zip(rows, rows[1:] + [None]):
        start = y if start is None else start
        if nxt != y + 1:
            lines.append((rect.bottom - 140 + start, rect.bottom - 140 + y))
            start = None
    return lines


def test_each_footer_phrase_starts_a_line_and_a_rows_footers_start_at_one_height():
    pygame.init()
    text, screen = Text(), pygame.Rect(0, 0, 1280, 720)
    rects = offer_rects(screen, 3, 1.0)
    feet = [("Press 1", "Once only"), ("Press 2", "Up to 3 times"),
            ("Press 3", "Up to 3 times (you hold 1) " + "and more words " * 2)]
    surface = pygame.Surface(screen.size, pygame.SRCALPHA)
    draw_offer(surface, text, [OfferCard(Sign(), "Perk", (), foot) for foot in feet], rects, (), "Pick one", "", 1.0)
    lines = [_foot_lines(surface, r) for r in rects]
    assert [len(ls) for ls in lines] == [2, 2, 3]  # the last one's long phrase wraps, the others stay whole
    assert lines[0][0][0] == lines[1][0][0] == lines[2][0][0]  # the keys in line across the row
    assert all(ls[-1][1] < r.bottom - 4 for ls, r in zip(lines, rects))  # all above the cards' feet


def test_a_wrapped_footer_leaves_no_word_alone_on_a_line():
    pygame.init()
    text = Text()
    words = "Up to 3 times (you hold 1)"
    width = text.font(17).size("Up to 3 times (you")[0] + 2  # greedily: "Up to 3 times (you" / "hold 1)"
    assert even_wrap(text, words, 17, width) == ["Up to 3 times", "(you hold 1)"]
    assert even_wrap(text, "Once only", 17, width) == ["Once only"]

"""Cards blitted only where no later card hides them (game.kit.occlude): the same pixels as every card blitted whole."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame
import pytest

from engine.cards import Card
from game.base.cardart import CardArt
from game.kit.occlude import blit_cards, uncovered
from game.kit.piles import draw_face_pile, draw_stock, stock_depth
from game.kit.sprites import blit_card
from game.kit.ui import GLOW

CARDS = [Card(c) for c in ("AS", "7H", "KD", "TC", "2S", "QH", "9D", "5C")]


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.display.init()
    pygame.font.init()
    return CardArt()


def _felt(size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    rng = random.Random(7)
    for _ in range(40):  # a busy picture under the cards: anything left unpainted would show
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(100, 256) if alpha else 255)
        surf.fill(colour, (rng.randrange(size[0]), rng.randrange(size[1]), rng.randrange(20, 120), rng.randrange(20, 120)))
    return surf


def _both(art: CardArt, cards: list, size: tuple[int, int] = (420, 320), clip: pygame.Rect | None = None,
          alpha: bool = False) -> tuple[pygame.Surface, pygame.Surface]:
    whole, culled = _felt(size, alpha), _felt(size, alpha)
    for surf in (whole, culled):
        surf.set_clip(clip)
    for face, rect, up, shadow in cards:
        blit_card(art, whole, face, rect, up, shadow)
    blit_cards(art, culled, cards)
    assert culled.get_clip() == (clip or culled.get_rect()), "the clip is given back"
    return whole, culled


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_uncovered_is_the_rect_less_its_covers() -> None:
    rect, covers = pygame.Rect(0, 0, 50, 40), [pygame.Rect(10, 5, 20, 50), pygame.Rect(-5, 30, 100, 5)]
    parts = uncovered(rect, covers)
    for x in range(-2, 52):
        for y in range(-2, 42):
            inside = rect.collidepoint(x, y) and not any(c.collidepoint(x, y) for c in covers)
            assert sum(p.collidepoint(x, y) for p in parts) == inside, (x, y)
    assert uncovered(rect, [rect.inflate(4, 4)]) == []


@pytest.mark.parametrize("seed", range(12))
def test_a_stack_of_cards_in_the_air_looks_the_same(art: CardArt, seed: int) -> None:
    rng = random.Random(seed)
    w = rng.choice((60, 71, 96))
    size = (w, round(w / 0.7))
    start = pygame.Rect(rng.randrange(0, 200), rng.randrange(0, 120), *size)
    cards = []
    for i in range(rng.randrange(2, 14)):  # some still waiting on their pile, others on their way (staggered)
        step = max(0, i - rng.randrange(0, 6))
        rect = start.move(step * rng.randrange(0, 14), step * rng.randrange(-6, 10))
        if rng.random() < 0.2:
            rect = pygame.Rect(rect.topleft, (size[0] - 8, size[1] - 11))  # past halfway: the smaller size
        cards.append((rng.choice(CARDS), rect, rng.random() < 0.8, True))
    clip = pygame.Rect(rng.randrange(0, 150), rng.randrange(0, 100), 260, 200) if seed % 3 == 0 else None
    whole, culled = _both(art, cards, clip=clip, alpha=seed % 4 == 1)
    assert _same(whole, culled)


def test_a_card_wholly_hidden_is_not_blitted_and_a_card_shown_in_pieces_is_noted_once(art: CardArt) -> None:
    rect = pygame.Rect(40, 30, 71, 101)
    art.begin_frame()
    blit_cards(art, _felt((300, 200)), [(CARDS[0], rect, True, True), (CARDS[1], rect, True, True),
                                        (CARDS[2], rect.move(9, 4), True, True)])
    assert art.faces_blitted == [CARDS[0], CARDS[1], CARDS[2]]  # their soft corners and shadows still show
    art.begin_frame()
    blit_cards(art, _felt((300, 200)), [(CARDS[1], rect, True, False), (CARDS[2], rect, True, False)])
    assert art.faces_blitted == [CARDS[1], CARDS[2]]  # a card exactly under another is blitted whole (kept blits)
    art.begin_frame()
    blit_cards(art, _felt((300, 200)), [(CARDS[3], rect, True, False), (CARDS[4], rect.inflate(-20, -30), True, False),
                                        (CARDS[5], rect, True, False)])
    assert art.faces_blitted == [CARDS[3], CARDS[5]]  # no shadow: the one under the top card and inside it never shows


def test_piles_and_stocks_look_the_same(art: CardArt) -> None:
    rect = pygame.Rect(120, 60, 96, 137)
    for count in (1, 12, 25, 40):
        for glow in (False, True):
            a, b = _felt((420, 320)), _felt((420, 320))
            draw_stock(a, art, rect, count, glow)
            depth = stock_depth(count)  # every back blitted whole, the bottom one with its shadow
            if glow:
                art.blit_glow(b, rect, GLOW)
            for k in range(depth - 1, -1, -1):
                art.blit_back(b, rect.move(-k * 2, -k * 2), shadow=k == depth - 1)
            assert _same(a, b), (count, glow)
    for glow in (False, True):
        a, b = _felt((420, 320)), _felt((420, 320))
        draw_face_pile(a, art, rect, CARDS[:3], glow, (-5, 3))
        if glow:
            art.blit_glow(b, rect, GLOW)
        blit_card(art, b, CARDS[1], rect.move(-5, 3), True)
        blit_card(art, b, CARDS[2], rect, True)
        assert _same(a, b)

"""The kit's badges (game/kit/badges.py): a badge's mark sits on its face at every size: as large as fits,
shortened ("2nd" to "2") or left out when the badge is too small for it, never spilling past the shape's edge."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.double_or_nothing.upgrades import UPGRADES  # noqa: E402
from game.shell.assets import asset_path  # noqa: E402
from game.base.text import Text  # noqa: E402
from game.kit.badges import OUTLINES, draw_badge, fitted_mark  # noqa: E402

FELT = (30, 90, 60)


class Plain:
    def __init__(self, shape: str, colour: str, mark: str) -> None:
        self.shape, self.colour, self.mark = shape, colour, mark


def _face(shape: str, rect: pygame.Rect) -> pygame.mask.Mask:
    """The pixels the badge's own shape covers (a pixel's grace for the edge's anti-aliasing)."""
    probe = pygame.Surface(rect.inflate(8, 8).size, pygame.SRCALPHA)
    draw_badge(probe, Text(), Plain(shape, "#ffffff", ""), pygame.Rect(4, 4, rect.w, rect.h))
    shape_mask = pygame.mask.from_surface(probe)
    grown = shape_mask.copy()
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        grown.draw(shape_mask, (dx, dy))
    return grown


def _fonts() -> list[Text]:
    return [Text(asset_path("fonts", "DejaVuSansCondensed-Bold.ttf")), Text()]


def test_no_mark_spills_past_its_badge_at_any_size():
    pygame.init()
    icons = {(u.icon.shape, u.icon.colour, u.icon.mark) for u in UPGRADES.values()}
    for text in _fonts():
        for shape, colour, mark in sorted(icons):
            for size in (16, 22, 26, 32, 40, 56, 80, 120):
                rect = pygame.Rect(4, 4, size, size)
                bare, marked = (pygame.Surface(rect.inflate(8, 8).size) for _ in range(2))
                for surface, m in ((bare, ""), (marked, mark)):
                    surface.fill(FELT)
                    draw_badge(surface, text, Plain(shape, colour, m), rect)
                face = _face(shape, rect)
                for x in range(bare.get_width()):
                    for y in range(bare.get_height()):
                        if bare.get_at((x, y)) != marked.get_at((x, y)):
                            assert face.get_at((x, y)), (shape, mark, size, (x, y))


def test_the_second_wind_star_shows_2nd_when_big_2_or_nothing_when_small():
    pygame.init()
    text, ink = _fonts()[0], (20, 24, 22)
    assert "star" in OUTLINES

    def shown(r: int) -> str | None:
        surf = fitted_mark(text, "2nd", "star", r, (0, 0), ink)
        for mark in ("2nd", "2"):
            if any(surf is text.render(mark, px, ink) for px in range(15, 200)):
                return mark
        assert surf is None
        return None

    assert shown(100) == "2nd"
    assert shown(11) is None  # a 22-px star: nothing readable fits inside it
    assert [shown(r) for r in range(11, 101)] == sorted((shown(r) for r in range(11, 101)),
                                                       key=lambda m: {None: 0, "2": 1, "2nd": 2}[m])

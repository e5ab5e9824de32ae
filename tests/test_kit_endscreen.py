"""An end screen's kit pieces (game/kit/endscreen.py, the badge rows and columns of game/kit/badges.py): counts in a few
characters, a ladder's rungs in their colours, lines down columns as far as they fit, badges wrapped into rows."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.base.text import Text  # noqa: E402
from game.kit.badges import badge_row, draw_badge_column, draw_badge_row  # noqa: E402
from game.kit.endscreen import AHEAD, DONE, FAILED, draw_in_columns, draw_ladder, short_count  # noqa: E402
from game.kit.ui import GOLD, MUTED  # noqa: E402


def test_a_count_in_a_few_characters():
    assert [short_count(n) for n in (640, 9_999, 10_000, 5_120_000, 2_684_354_560)] == [
        "640", "9,999", "10k", "5.1M", "2.7G"]


def test_a_ladder_shows_each_rung_as_far_as_it_is_climbed():
    pygame.init()
    surface = pygame.Surface((600, 120))
    draw_ladder(surface, Text(), 300, 10, [("1", "10", DONE), ("2", "20", FAILED), ("3", "40", AHEAD)], 1.0)
    r, gap = 20, 84
    left, middle, right = (300 - gap + 12, 10 + r - 12), (300 + 12, 10 + r - 12), (300 + gap - r + 1, 10 + r)
    assert surface.get_at(left)[:3] == GOLD  # climbed: a gold disc
    assert surface.get_at(middle)[:3] == (200, 70, 60)  # the one that failed: red
    assert surface.get_at(right)[:3] == MUTED and surface.get_at((300 + gap + 12, 10 + r - 12))[:3] == (0, 0, 0)  # ahead: a ring
    assert surface.get_at((300 - gap // 2, 10 + r))[:3] == MUTED  # rungs joined by a line


def test_lines_go_down_columns_as_far_as_they_fit():
    pygame.init()
    text = Text()
    lines = [f"line {i}" for i in range(10)]
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    draw_in_columns(surface, text, lines, pygame.Rect(0, 0, 400, 2 * 26), 2, 1.0)  # two rows fit: four lines show
    painted = surface.get_bounding_rect()
    assert painted.bottom <= 2 * 26 and painted.right > 200  # the second column is used, no third row
    empty = pygame.Surface((400, 200), pygame.SRCALPHA)
    draw_in_columns(empty, text, lines, pygame.Rect(0, 0, 400, 5), 2, 1.0)  # no room: still one row
    assert 0 < empty.get_bounding_rect().h <= 26


def test_badges_wrap_into_rows_of_the_width():
    pygame.init()
    text = Text()
    labels = ["Toll", "Spyglass x2", "Second Wind", "Last Word"]
    places = badge_row(text, labels, 10, 10_000, 1.0)
    assert [dy for _, dy in places] == [0, 0, 0, 0] and places[0][0] == 10
    narrow = badge_row(text, labels, 10, 200, 1.0)
    assert narrow[0] == (10, 0) and [dy for _, dy in narrow] == [0, 50, 100, 150]  # each its own row

    class Sign:
        shape, colour, mark = "square", "#16a085", "-1"

    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    draw_badge_row(surface, text, [(Sign(), label) for label in labels], 10, 10, 200, 1.0)
    assert surface.get_bounding_rect().bottom >= 10 + 150 + 30


def test_a_column_of_badges_fits_its_area_with_rows_no_taller_than_38_px():
    pygame.init()
    text = Text()

    class Sign:
        shape, colour, mark = "circle", "#2980b9", "="

    for count, height in ((2, 400), (9, 120)):
        surface = pygame.Surface((400, 500), pygame.SRCALPHA)
        area = pygame.Rect(10, 20, 200, height)
        draw_badge_column(surface, text, [(Sign(), f"Perk {k}") for k in range(count)], area, 1.0, 140)
        painted = surface.get_bounding_rect()
        assert painted.top >= area.top - 1 and painted.bottom <= area.top + count * min(38, height // count) + 1
        assert painted.right <= area.x + 38 + 6 + 140

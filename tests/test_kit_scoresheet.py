"""The kit's score sheet: rounds, running totals, leaders, marks, drawn at any size without clipping."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.kit.scoresheet import ScoreSheet, draw_scoresheet, sheet_rows_shown  # noqa: E402
from game.kit.ui import Text  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def test_running_totals_and_leaders_follow_the_rule():
    sheet = ScoreSheet(["Ann", "Ben", "Cid"])
    assert sheet.totals() == [0, 0, 0] and sheet.leaders() == set()
    sheet.add_round([10, 4, -2], marks={0: "out"})
    sheet.add_round([3, 12, None])
    assert sheet.running() == [[10, 4, -2], [13, 16, -2]]
    assert sheet.totals() == [13, 16, -2] and sheet.leaders() == {1}
    assert [r.label for r in sheet.rows] == ["Round 1", "Round 2"] and sheet.rows[0].marks == {0: "out"}
    sheet.lower_wins = True
    assert sheet.leaders() == {2}
    with pytest.raises(ValueError):
        sheet.add_round([1, 2])


@pytest.mark.parametrize("size", [(260, 180), (420, 360), (900, 640)])
def test_the_sheet_draws_inside_its_rect_with_readable_text(size):
    sheet = ScoreSheet(["Player 1", "A very long player name indeed", "Cleo", "Dev", "Eve"], goal="First to 100")
    for k in range(14):
        sheet.add_round([k, -k, 2 * k, None, 5], marks={k % 5: "out"})
    surface = pygame.Surface((1000, 700), pygame.SRCALPHA)
    rect = pygame.Rect(40, 30, *size)
    drawn = draw_scoresheet(surface, Text(), rect, sheet, size[1] / 600)
    assert rect.contains(drawn)
    outside = surface.copy()
    outside.fill((0, 0, 0, 0), rect)
    assert pygame.mask.from_surface(outside).count() == 0  # nothing drawn outside the rect
    assert sheet_rows_shown(sheet, rect.h, size[1] / 600) >= 1

"""The Resume button and the line under it, on the title and a game's menu, at the smallest window: nothing cut.

Six seats of Snap make the longest line a saved game has ("You vs Ada (Hard) vs ... , 39 cards flipped, 40 s
played"); it used to be the button's own label, cut with "..." at 960x600."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import GAMES  # noqa: E402
from game.base.text import MIN_TEXT_PX  # noqa: E402
from game.screens.game_menu import GameMenuScene  # noqa: E402
from game.screens.title import TitleScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import frame  # noqa: E402


@pytest.fixture
def pg():
    pygame.init()
    yield
    pygame.quit()


def whole(text, label: str, width: int) -> bool:
    """``label`` is drawn whole in ``width`` pixels (at worst at the smallest text size, never cut with "...")."""
    return text.font(MIN_TEXT_PX).size(label)[0] <= width


def test_resume_and_who_plays_are_drawn_whole_at_960x600(pg, tmp_path):
    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.to_title()
    names = ("Ada", "Ben", "Cleo", "Dev", "Eve")
    seats = [SeatConfig("You")] + [SeatConfig(name, "ai", ("hard", "medium", "easy")[i % 3]) for i, name in enumerate(names)]
    app.start_game(GameSetup(seats, game="snap", deal=4))
    app.stack.top.driver.bots[0] = GAMES["snap"].make_bot("hard", seed=3)  # a bot plays for You
    frame(app, 60 * 20)
    app.saves.flush()
    description = app.shelf("snap").saves.describe_pending()
    assert description.startswith("You vs Ada (Hard) vs Ben (Medium) vs Cleo (Easy) vs Dev (Hard) vs Eve (Medium), ")
    app.to_title()
    frame(app, 2)
    for scene in (app.stack.top, GameMenuScene(app, "snap")):
        assert isinstance(scene, (TitleScene, GameMenuScene))
        s = scene.layout.scale
        for button in scene.buttons:
            assert whole(app.text, button.label, button.rect.w - round(12 * s)), button.label
        resume = scene.buttons[0]
        assert resume.key == "resume" and resume.primary and "Snap" in resume.label + scene.title
        assert " ".join(scene.resume_lines) == description  # all of it, under the button
        for line in scene.resume_lines:
            assert whole(app.text, line, scene.layout.w - round(80 * s)), line
        under = resume.rect.bottom + round(10 * s) + len(scene.resume_lines) * app.text.font(round(19 * s)).get_height()
        assert under <= scene.layout.h  # the line is on screen, clear of the buttons beside and under Resume
        assert all(b.rect.bottom <= resume.rect.bottom or b.rect.top >= under for b in scene.buttons[1:])

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
            assert whole(app.text, line, scene.note_w), line  # the room it is drawn in
        under = resume.rect.bottom + round(10 * s) + len(scene.resume_lines) * app.text.font(round(19 * s)).get_height()
        assert under <= scene.layout.h  # the line is on screen, clear of the buttons beside and under Resume
        assert all(b.rect.bottom <= resume.rect.bottom or b.rect.top >= under for b in scene.buttons[1:])


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_a_notice_on_the_title_leaves_resume_and_its_caption_clear(pg, tmp_path, size):
    """A damaged file and a game to resume come together (after a crash): the notice used to cover the caption."""
    from engine.games import game_info

    shots = []
    for problems in ([], ["Your statistics file was damaged (it breaks off at line 1); it was kept as stats.json.corrupt "
                          "and the statistics start from zero."]):
        app = App(size, tmp_path / str(len(shots)), seed=5, resizable=False)
        app.latest_pending = lambda: (game_info("sprint"), "You vs Ada (Strategist), turn 2")
        app.to_title()
        app.problems.extend(problems)
        app.run(max_frames=2, fixed_dt=1 / 60)
        scene = app.stack.top
        resume = scene.buttons[0]
        assert resume.key == "resume" and scene.resume_lines
        below = resume.rect.bottom + 3 * app.text.font(round(19 * scene.layout.scale)).get_height() + 20
        band = pygame.Rect(0, resume.rect.top - 4, size[0], min(size[1], below) - resume.rect.top + 4)
        shots.append(pygame.image.tobytes(app.screen.subsurface(band), "RGB"))
    assert shots[0] == shots[1]


@pytest.mark.parametrize("size", [(960, 600), (1024, 768), (1280, 720), (1920, 1080), (2560, 1080), (3840, 2160)])
def test_the_key_tip_over_resume_leaves_its_caption_and_the_tiles_clear(pg, tmp_path, size, monkeypatch):
    """Under the mouse, Resume's "Key: C" goes above it (in the gap under the tiles): never over the caption below.
    (Seen as a fault in a review; on inspection the tip never went there: this keeps it so.)"""
    from engine.games import game_info
    from game.screens import menu

    tips: list = []
    real = menu.draw_tooltip
    monkeypatch.setattr(menu, "draw_tooltip", lambda *a, **k: tips.append(real(*a, **k)) or tips[-1])
    app = App(size, tmp_path, seed=5, resizable=False)
    app.latest_pending = lambda: (game_info("snap"), "You vs Ada (Hard) vs Ben (Medium) vs Cleo (Easy) vs Dev (Hard) "
                                                     "vs Eve (Medium), 39 cards flipped, 40 s played")
    app.to_title()
    frame(app, 2)
    scene = app.stack.top
    resume = scene.buttons[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=resume.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app, 2)
    s = scene.layout.scale
    caption = pygame.Rect(0, resume.rect.bottom, size[0], len(scene.resume_lines) * app.text.font(round(19 * s)).get_height()
                          + round(10 * s))
    assert tips and tips[-1].bottom <= resume.rect.top and not tips[-1].colliderect(caption)
    assert tips[-1].collidelist([b.rect for b in scene.buttons[1:]]) < 0  # nor over a tile or another button

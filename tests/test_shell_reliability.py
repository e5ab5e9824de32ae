"""Nothing lost, nothing frozen: saves, journals, settings and statistics of every game (issues 23 and 27)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402


@pytest.fixture
def pg():
    pygame.init()
    yield
    pygame.quit()


def make_app(data_dir):
    app = App((1280, 720), data_dir, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "instant"
    app.to_title()
    return app


def corrupt_files(folder):
    return sorted(p.name for p in folder.rglob("*") if ".corrupt-" in p.name)


@pytest.mark.parametrize("game", ["snap", "ratscrew"])
def test_a_race_game_saved_mid_play_resumes_on_the_next_launch_without_a_damage_report(pg, tmp_path, game):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["easy", "easy"], game))
    app.run(max_frames=600, fixed_dt=1 / 60)
    table = app.stack.top
    assert len(table.record.actions) > 0 and not table.state.is_over
    shown = (len(table.record.actions), table.record.clock)
    app.saves.flush()
    assert (tmp_path / game / "save.journal").exists()
    again = make_app(tmp_path)  # the next launch
    assert again.problems == [] and corrupt_files(tmp_path) == []
    resumed = again.resume(game)
    assert resumed is not None
    assert len(resumed.record.actions) == shown[0] and resumed.state.clock >= shown[1] - 1000

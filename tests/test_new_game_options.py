"""New game offers only the options that mean something with the others chosen (Double or Nothing: the Duel's
game number only for a Duel, upgrades only for a Run), on the New game and the Host screens alike."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from engine.games import game_info  # noqa: E402
from game.screens.new_game import NewGameScene  # noqa: E402
from game_helpers import click, frame  # noqa: E402

GAME = "double-or-nothing"


def _option_labels(scene):
    return [b.label for b in scene.buttons if b.key.startswith("option:")]


def test_the_duel_game_row_shows_only_in_duel_mode_and_upgrades_only_in_run_mode(app):
    app.stack.push(NewGameScene(app, GAME))
    frame(app)
    scene = app.stack.top
    assert scene.setup.options["mode"] == "run"
    assert _option_labels(scene) == ["The Run", "On"]  # Mode, Upgrades: no "Game 1" row for a Run
    mode = next(b for b in scene.buttons if b.key == "option:0")
    click(app, mode.rect.center)
    assert scene.setup.options["mode"] == "duel"
    assert _option_labels(scene) == ["Duel", "Game 1"]  # Mode, Duel game: upgrades belong to a Run
    game_row = next(b for b in scene.buttons if b.key == "option:1")
    click(app, game_row.rect.center)
    assert scene.setup.options["game_number"] == 2 and _option_labels(scene) == ["Duel", "Game 2"]


def test_offered_options_follow_the_mode_on_the_host_screen_too():
    info = game_info(GAME)
    keys = lambda values, net: [o.key for o in info.offered(values, network=net)]  # noqa: E731
    for net in (False, True):
        assert "game_number" not in keys({"mode": "run"}, net) and "upgrades" in keys({"mode": "run"}, net)
        assert "game_number" in keys({"mode": "duel"}, net) and "upgrades" not in keys({"mode": "duel"}, net)
    assert [o.key for o in game_info("snap").offered({})] == [o.key for o in game_info("snap").menu_options]

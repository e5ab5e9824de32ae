"""New game never silently replaces a saved game: it asks first, and keeping it is the default (every game)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import game_info, playable_games  # noqa: E402
from game.screens import ConfirmScene  # noqa: E402
from game.screens.game_menu import GameMenuScene  # noqa: E402
from game.screens.new_game import NewGameScene  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402
from game.tables.double_or_nothing import tools as dtools  # noqa: E402
from game_helpers import frame, key, wait  # noqa: E402

GAMES = [info.id for info in playable_games()]


def _saved_game(app, game):
    """Bots play ``game`` until it is saved, then the player goes back to the title; the saved JSON."""
    info = game_info(game)
    levels = [info.default_level] * max(2, info.min_seats) if info.levels else []
    app.start_game(GameSetup.all_ai(levels, game))
    saves = app.shelf(game).saves
    wait(app, lambda: saves.pending is not None and len(saves.pending["actions"]) >= 2, 60)
    app.to_title()
    frame(app)
    return saves.pending


def _open_menu(app, game):
    app.stack.top.on_button(f"game:{game}")
    frame(app)
    assert isinstance(app.stack.top, GameMenuScene)
    return app.stack.top


def _table_open(app):
    return any(hasattr(s, "replaying") for s in app.stack.scenes)


@pytest.mark.parametrize("game", GAMES)
def test_new_game_asks_before_replacing_the_saved_one_and_keeping_it_is_the_default(app, game):
    saved = _saved_game(app, game)
    saves = app.shelf(game).saves
    _open_menu(app, game)
    key(app, pygame.K_n)
    assert isinstance(app.stack.top, NewGameScene)
    key(app, pygame.K_s)  # Start
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and not _table_open(app)
    assert "Keep it" in [b.label for b in ask.buttons if b.primary] and ask.focus == "no"
    assert saves.describe_pending() in ask.detail and "can't be resumed" in ask.detail
    key(app, pygame.K_RETURN)  # the default: keep it
    assert isinstance(app.stack.top, NewGameScene) and not _table_open(app)
    assert saves.pending == saved
    key(app, pygame.K_s)
    key(app, pygame.K_ESCAPE)  # Esc keeps it too
    assert isinstance(app.stack.top, NewGameScene) and saves.pending == saved
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_p)  # Quick play asks as well
    assert isinstance(app.stack.top, ConfirmScene) and not _table_open(app)
    key(app, pygame.K_y)  # the player chose: a new game
    assert _table_open(app) and app.stack.top.setup.game == game


def test_no_question_without_a_saved_game(app):
    _open_menu(app, "scamper")
    key(app, pygame.K_p)
    assert _table_open(app) and not any(isinstance(s, ConfirmScene) for s in app.stack.scenes)


def test_a_saved_double_or_nothing_run_is_named_and_kept_unless_the_player_says_so(app, tmp_path):
    game = dtools.GAME_ID
    app.start_game(dtools.run_setup(21))
    table = app.stack.top
    bot = game_info(game).make_bot("hard", seed=4)
    wait(app, table.my_turn)
    table.perform(bot.decide(table.state.observation(0)))
    saves = app.shelf(game).saves
    saves.flush()
    saved = saves.pending
    assert saved is not None
    app.to_title()
    frame(app)
    _open_menu(app, game)
    key(app, pygame.K_n)
    key(app, pygame.K_s)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "a Run at game 1" in ask.detail
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ask.buttons[1].rect.center, button=1))
    frame(app)  # Keep it, by mouse
    assert saves.pending == saved and not _table_open(app)
    app.to_title()
    frame(app)
    assert app.resume(game).state.snapshot() == table.state.snapshot()  # the Run is still there to resume

"""Replays of every game: pause, 1x-8x, step to the next action, by key and by mouse, shown on screen (real loop)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import playable_games  # noqa: E402
from game.kit.replaycontrols import ReplayControls  # noqa: E402
from game.screens import PauseScene  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402
from game_helpers import click, frame, key, wait  # noqa: E402

GAMES = [info.id for info in playable_games()]


def _record(app, game, actions=14):
    """A record of bots playing ``game``, at least ``actions`` long (read back from its JSON, as Replays opens it)."""
    info = next(i for i in playable_games() if i.id == game)
    levels = [info.default_level] * max(2, info.min_seats) if info.levels else []
    app.settings.ai_speed = "fast"
    app.start_game(GameSetup.all_ai(levels, game))
    table = app.stack.top
    wait(app, lambda: len(table.record.actions) >= actions or table.state.is_over, 300)
    record = table.record
    loaded = type(record).from_json(record.to_json(), info) if hasattr(record, "to_json") else record
    app.to_title()
    frame(app)
    return loaded


def _left(table):
    """Recorded actions the replay has still to play."""
    driver = table.driver
    inner = getattr(driver, "driver", None)
    return len(inner.actions) if inner is not None else len(driver.entries) - driver.next


def _replay(app, game):
    record = _record(app, game)
    app.settings.ai_speed = "normal"
    app.start_game(GameSetup.from_record(record), replay=record)
    table = app.stack.top
    frame(app, 2)
    return table


def _button(table, key_name):
    return next(b for b in table.replay.buttons() if b.key == key_name)


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_pauses_steps_and_speeds_up(app, game):
    table = _replay(app, game)
    controls = table.replay
    assert isinstance(controls, ReplayControls)
    screen = pygame.Rect((0, 0), app.size)
    assert all(screen.contains(b.rect) for b in controls.buttons()) and controls.rect.w > 0

    key(app, pygame.K_SPACE)  # pause
    assert controls.paused and _button(table, "pause").label == "Play"
    frame(app, 30)
    left = _left(table)
    frame(app, 240)  # 4 s paused: nothing is played
    assert _left(table) == left

    key(app, pygame.K_n)  # the next action, and still paused
    wait(app, lambda: _left(table) < left, 10)
    assert _left(table) == left - 1 and controls.paused
    frame(app, 240)
    assert _left(table) == left - 1

    click(app, _button(table, "next").rect.center)  # by mouse too
    wait(app, lambda: _left(table) < left - 1, 10)
    assert _left(table) == left - 2

    click(app, _button(table, "pause").rect.center)  # play on at 1x: a count of actions in 3 s
    assert not controls.paused and controls.speed == 1
    start = _left(table)
    frame(app, 180)
    at_1x = start - _left(table)
    click(app, _button(table, "speed:8").rect.center)
    assert controls.speed == 8
    start = _left(table)
    frame(app, 180)
    at_8x = start - _left(table)
    assert at_8x > at_1x or (_left(table) == 0 and at_8x > 0)
    key(app, pygame.K_1)
    assert controls.speed == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_replays_pause_menu_does_not_say_it_is_saved(app, game):
    table = _replay(app, game)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseScene) and menu.table is table
    labels = [b.label for b in menu.buttons]
    assert "Main menu" in labels and not any("saved" in label for label in labels)


def test_a_game_in_play_has_no_replay_controls_and_its_menu_says_saved(app):
    app.start_game(GameSetup.quick("snap"))
    table = app.stack.top
    assert table.replay is None
    table.open_pause()
    frame(app)
    assert any("game is saved" in b.label for b in app.stack.top.buttons)


@pytest.mark.parametrize("game", GAMES)
def test_any_use_of_the_controls_plays_the_record_exactly(app, game):
    """Pauses, speeds and steps in any order change when actions are played, never which, nor a real-time game's outcome."""
    import random

    record = _record(app, game)
    app.start_game(GameSetup.from_record(record), replay=record)
    table = app.stack.top
    rng = random.Random(game)
    keys = [pygame.K_SPACE, pygame.K_n, pygame.K_RIGHT, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4,
            pygame.K_EQUALS, pygame.K_MINUS, pygame.K_p]
    for _ in range(400):
        if _left(table) == 0:
            break
        if rng.random() < 0.3:
            key(app, rng.choice(keys), rng.randint(1, 20))
        elif rng.random() < 0.3:
            click(app, rng.choice(table.replay.buttons()).rect.center)
        else:
            key(app, pygame.K_n, 10)
    assert _left(table) == 0
    expected = record.start()
    for _ in record.replay(expected):
        pass
    expected.advance(getattr(table.state, "clock", 0))  # a real-time game's timers to the table's time
    assert table.state.snapshot() == expected.snapshot()


@pytest.mark.parametrize("game", ["snap", "ratscrew", "double-or-nothing"])
def test_a_replay_of_an_unfinished_game_says_its_record_has_ended(app, game):
    """A record left unfinished (a game abandoned mid-way) plays to its end and then says so."""
    import importlib

    table = _replay(app, game)
    view = importlib.import_module(f"game.tables.{game.replace('-', '_')}.view")
    playing, keys = view.status_lines(table)
    assert "end of the record" not in playing and "N: next" in keys  # the controls' keys while it plays
    key(app, pygame.K_4)  # 8x
    wait(app, lambda: _left(table) == 0, 3000)
    frame(app, 30)
    assert not table.state.is_over  # the record stops a few actions in
    first, second = view.status_lines(table)
    assert "end of the record" in first and "unfinished" in first and second == "Esc: menu"

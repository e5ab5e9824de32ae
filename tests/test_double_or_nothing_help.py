"""Double or Nothing's Hint and first-game tip through the real loop headless: posted events, a fixed frame time."""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.double_or_nothing import hint  # noqa: E402
from engine.double_or_nothing import GAME_ID, Play  # noqa: E402
from game.kit.passdevice import PassDeviceScene  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402
from game.tables.double_or_nothing.table import DoubleTable  # noqa: E402
from game.tables.double_or_nothing import tools as tools  # noqa: E402
from game.tables.double_or_nothing.summary import RunSummaryScene  # noqa: E402
from game.tables.double_or_nothing.view import status_lines  # noqa: E402
from game_helpers import click, double_duel, hand_over, key, wait  # noqa: E402


def duel(game=1, deal=3, names=("You",)):
    return double_duel("standard", game, deal, names)


def started(app, setup):
    app.start_game(setup)
    table = app.stack.top
    assert isinstance(table, DoubleTable)
    return table


def test_a_duel_played_by_hint_alone_follows_hards_advice_to_the_end(app):
    """Each turn: the Hint button (or H), then Play or Pass as it says; every hint is legal and is what was played."""
    app.settings.animation_speed = "off"
    table = started(app, duel(deal=5))
    passes = plays = 0
    for turn in range(400):
        wait(app, lambda: table.my_turn() or table.state.is_over)
        if table.state.is_over:
            break
        advice = hint(table.state.observation(0))
        if turn % 2:
            click(app, table.layout.hint_button.center)
        else:
            key(app, pygame.K_h)
        assert table.hint.text == advice.reason and status_lines(table)[1] == f"Hint: {advice.reason}"
        before = len(table.record.entries)
        if isinstance(advice.action, Play):
            assert table.selection_play() == (advice.action, None) and table.hint.glow is None
            click(app, table.layout.buttons["play"].center)
            plays += 1
        else:
            assert table.selection.span is None and table.hint.glow == "pass"
            click(app, table.layout.buttons["pass"].center)
            passes += 1
        assert table.record.entries[before].action == advice.action
        assert table.hint.text is None  # acting ends the advice
    assert table.state.is_over and plays > 0
    wait(app, lambda: isinstance(app.stack.top, RunSummaryScene))


def test_a_hint_is_refused_off_turn_and_a_new_selection_ends_it(app):
    table = started(app, duel(deal=7))
    wait(app, lambda: not table.my_turn() and not table.state.is_over and table.turns.current == 1)
    key(app, pygame.K_h)
    assert table.hint.text is None and table.toast is not None and "your own turn" in table.toast.text
    wait(app, lambda: table.my_turn() or table.state.is_over)
    if table.state.is_over:
        pytest.skip("the duel ended first")
    key(app, pygame.K_h)
    assert table.hint.text
    held = next(n + 1 for n, k in enumerate(table.shown.hand) if k)
    click(app, table.layout.columns[held - 1].center)
    assert table.hint.text is None


def test_hot_seat_hints_come_from_the_seat_to_move_and_never_carry_over(app):
    app.settings.animation_speed = "off"
    table = started(app, duel(game=2, deal=9, names=("Ann", "Bea")))
    asked = set()
    for _ in range(10):
        wait(app, lambda: isinstance(app.stack.top, PassDeviceScene) or table.my_turn() or table.state.is_over)
        if table.state.is_over:
            break
        if isinstance(app.stack.top, PassDeviceScene):
            hand_over(app)
            assert table.hint.text is None  # the last player's advice is gone before this hand shows
            continue
        key(app, pygame.K_h)
        advice = hint(table.state.observation(table.viewer))
        assert table.hint.text == advice.reason
        asked.add(table.viewer)
        click(app, table.layout.buttons["play" if isinstance(advice.action, Play) else "pass"].center)
    assert asked == {0, 1}


def test_the_first_game_tip_shows_on_your_turn_and_is_closed_for_good(app, tmp_path):
    assert app.settings.shows_tip(GAME_ID)
    table = started(app, duel(deal=7))
    assert table.tip_open
    wait(app, lambda: table.turns.current == 1 and not table.state.is_over)
    assert not table.tip_showing() and "tip_close" not in [b.key for b in table.buttons()]  # never over their play
    wait(app, table.my_turn)
    assert table.tip_showing()
    close = next(b for b in table.buttons() if b.key == "tip_close")
    click(app, close.rect.center)
    assert not table.tip_open and not table.tip_showing()
    assert GAME_ID in app.settings.tips_closed and not app.settings.tips_seen  # other games' tips still show
    saved, problem = Settings.load(app.data_dir)
    assert problem is None and not saved.shows_tip(GAME_ID)
    app.to_title()
    assert not started(app, duel(deal=8)).tip_open  # remembered: the next game has no tip
    app.settings.cycle("tips_seen")  # Settings: tips Off ...
    app.settings.cycle("tips_seen")  # ... and On again: every tip shows again
    assert app.settings.shows_tip(GAME_ID)


def test_the_tip_closes_with_x_and_a_replay_has_neither_tip_nor_hint(app):
    table = started(app, duel(deal=7))
    wait(app, table.my_turn)
    key(app, pygame.K_x)
    assert not table.tip_open and not app.settings.shows_tip(GAME_ID)
    app.settings.tips_closed = []
    record = tools.played_record(tools.run_setup(tools.SELFTEST_DEAL, runner="hard"), lambda st: st.hand_number > 1)
    app.start_game(GameSetup.from_record(record), replay=record)
    replay = app.stack.top
    assert replay.replaying and not replay.tip_open
    assert "hint" not in [b.key for b in replay.buttons()]


def test_a_bad_tips_closed_value_falls_back_to_the_default(tmp_path):
    Settings(tips_closed=[GAME_ID]).save(tmp_path)
    assert Settings.load(tmp_path)[0].tips_closed == [GAME_ID]
    (tmp_path / "settings.json").write_text('{"tips_closed": "double-or-nothing"}')
    loaded, problem = Settings.load(tmp_path)
    assert loaded.tips_closed == [] and "tips closed" in problem


def test_the_first_game_tip_shows_only_in_a_runs_first_game(app):
    """It stayed up in game 2 and on (until Got it): once a game is won the player knows how to play."""
    from engine.double_or_nothing import Phase

    def my_turn_in(game_won):
        return lambda st: st.games_won == game_won and st.phase is Phase.PLAY and st.to_move() == (0,)

    run = tools.run_setup(tools.short_run_deal())
    for won in (0, 1):
        app.to_title()
        table = tools.open_at(app, run, tools.played_record(run, my_turn_in(won)))
        assert table.state.games_won == won and table.my_turn() and table.tip_open
        assert table.tip_showing() == (won == 0)
        assert ("tip_close" in [b.key for b in table.buttons()]) == (won == 0)


def test_the_first_game_tip_shows_in_a_duel_only_at_game_1(app):
    """A Duel is one game: at game 20 (hands of millions) the newcomer's tip sat beside the table all game."""
    for game in (1, 20):
        app.to_title()
        table = started(app, tools.run_setup(4, mode="duel", game_number=game))
        wait(app, lambda: table.my_turn() or table.state.is_over, 60)
        assert table.state.game == game and table.my_turn() and table.tip_open
        assert table.tip_showing() == (game == 1)


def test_the_table_says_deal_for_the_deal_and_hand_for_the_cards_held(app):
    """"Hand 1 · hands of 10" in the header beside the seats' "Hand 10": "hand" meant two things."""
    from game.tables.double_or_nothing.view import table_parts

    table = started(app, tools.run_setup(tools.SELFTEST_DEAL))
    lines = [p.key[0] for p in table_parts(table) if isinstance(p.key, tuple) and p.key and isinstance(p.key[0], str)]
    assert any(line.startswith("Deal 1 · hands of 10 · a pass draws 2") for line in lines)
    assert lines.count("10 in hand") == 2 and not [line for line in lines if re.match(r"(?i)hand \d", line)]

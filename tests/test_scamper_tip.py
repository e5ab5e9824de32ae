"""Scamper's first-game tip through the real loop headless: it shows on the player's own turn, Got it or X closes
it for good, a bot-only table and a replay never show it, and it covers none of the player's hand, piles or buttons."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine import games  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.tables.scamper.table import ScamperTable  # noqa: E402
from game_helpers import click, frame, key, make_app, wait  # noqa: E402


def _setup(humans=1, seats=3):
    setup = GameSetup([SeatConfig("You")] * humans + [SeatConfig(f"Bot {i}", "ai", "standard")
                                                      for i in range(seats - humans)], game="scamper")
    setup.options, setup.deal = {"rounds": 1}, 4
    return setup


def _started(app, setup):
    """Scamper's table for ``setup``, just opened."""
    app.start_game(setup)
    return app.stack.top


def _tip_button(table):
    return next((b for b in table.buttons() if b.key == "tip_close"), None)


def test_the_tip_waits_for_your_turn_and_got_it_closes_it_for_good(pg, tmp_path):
    app = make_app(tmp_path)
    app.settings.ai_speed = "slow"  # the bots' turns last long enough to be seen
    table = _started(app, _setup())
    assert isinstance(table, ScamperTable) and table.tip_open and app.settings.shows_tip("scamper")
    wait(app, lambda: table.state.current != table.viewer and not table.motion.busy, 60)
    assert not table.tip_showing() and _tip_button(table) is None  # never over the others' play
    key(app, pygame.K_x)  # X on a bot's turn closes nothing
    assert table.tip_open
    wait(app, table.my_turn, 60)
    assert table.tip_showing()
    got_it = _tip_button(table)
    assert got_it is not None and got_it.hotkey == "X" and got_it.label == "Got it"
    click(app, got_it.rect.center)
    assert not table.tip_open and not table.tip_showing() and _tip_button(table) is None
    assert not app.settings.shows_tip("scamper") and app.settings.shows_tip("sprint")  # this game's tip only
    saved, problem = Settings.load(app.data_dir)
    assert problem is None and not saved.shows_tip("scamper")
    app.to_title()
    assert not _started(app, _setup()).tip_open  # remembered: the next game has no tip


def test_x_closes_the_tip_for_good(pg, tmp_path):
    app = make_app(tmp_path)
    table = _started(app, _setup())
    wait(app, table.my_turn, 60)
    assert table.tip_showing()
    key(app, pygame.K_x)
    assert not table.tip_open and not app.settings.shows_tip("scamper")
    app.to_title()
    table = _started(app, _setup())
    wait(app, table.my_turn, 60)
    assert not table.tip_showing()


def test_a_click_on_the_tip_reaches_nothing_under_it(pg, tmp_path):
    app = make_app(tmp_path)
    table = _started(app, _setup(seats=2))
    wait(app, table.my_turn, 60)
    box, close = table.tip_layout()
    inside = (box.x + 5, box.y + 5)
    assert table.controls.target_at(table, inside) == "tip" and not close.collidepoint(inside)
    click(app, inside)
    assert table.tip_showing()  # only Got it closes it


def test_a_bot_only_table_and_a_replay_never_show_the_tip(pg, tmp_path):
    app = make_app(tmp_path)
    bots = GameSetup.all_ai(["easy", "standard"], game="scamper", rounds=1)
    for opened in (lambda: _started(app, bots), lambda: _replay(app)):
        table = opened()
        assert app.settings.shows_tip("scamper") and not table.tip_open
        for _ in range(120):
            frame(app)
            assert not table.tip_showing() and _tip_button(table) is None
        app.to_title()


def _replay(app):
    setup = _setup(humans=1, seats=2)
    table = _started(app, setup)
    wait(app, table.my_turn, 60)
    record = games.load_record(table.record.dumps())
    app.to_title()
    app.start_game(GameSetup.from_record(record), replay=record)
    assert app.stack.top.replaying
    return app.stack.top


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("seats", [2, 5, 10])
def test_the_tip_covers_none_of_your_hand_piles_or_buttons(pg, tmp_path, size, seats):
    app = make_app(tmp_path, size)
    table = _started(app, _setup(seats=seats))
    wait(app, lambda: table.my_turn() and not table._hand_moving(), 120)
    box, close = table.tip_layout()
    L = table.layout
    assert box.contains(close) and pygame.Rect((0, 0), size).contains(box)
    mine = list(table.hand_targets().values()) + [L.stock, L.discard, L.status, L.menu_button]
    mine += [b.rect for b in table.buttons() if b.key != "tip_close"]
    assert len(mine) > 6 and box.collidelist(mine) == -1

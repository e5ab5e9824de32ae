"""While your own draw flies into your hand, the status line says what comes next, never a bare "..."
(Sprint and Scamper share the kit's ``waiting_lines``)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import click, drag, frame, make_app, wait  # noqa: E402


def _draw_and_watch(app, table, view):
    """Draw on your turn (Scamper's opening: pass the face-up card, and you draw from the stock): the status lines
    while the card flies, and once it has landed."""
    wait(app, table.my_turn)
    before = len(table.record.actions)
    passing = [b.rect.center for b in table.buttons() if b.key == "pass"]
    click(app, passing[0] if passing else table.layout.stock.center)
    wait(app, lambda: table.motion.busy, 0.5)
    assert len(table.record.actions) == before + 1
    moving = view.status_lines(table)
    wait(app, lambda: not table.motion.busy)
    return moving, view.status_lines(table)


def test_sprint_says_what_to_do_next_while_your_drawn_card_flies(pg, tmp_path):
    from game.tables.sprint import view

    app = make_app(tmp_path)
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], 0, 11))
    moving, landed = _draw_and_watch(app, app.stack.top, view)
    assert moving[0] not in ("", "...") and moving == landed


def test_scamper_says_what_to_do_next_while_your_drawn_card_flies(pg, tmp_path):
    from game.tables.scamper import view

    app = make_app(tmp_path)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Bot", "ai", "standard")], game="scamper")
    setup.options, setup.deal = {"rounds": 1}, 17
    app.start_game(setup)
    moving, landed = _draw_and_watch(app, app.stack.top, view)
    assert moving[0] not in ("", "...") and moving == landed


def _discard_and_watch(app, table, view, discard):
    """Draw, then drag a card onto the discard pile: the status lines while it flies (the next player is up in the
    state already), and the turn's own lines just before."""
    _draw_and_watch(app, table, view)
    wait(app, lambda: table.my_turn() and not table.motion.busy)
    card = next(a.card for a in table.state.legal_actions() if isinstance(a, discard))
    r = table.hand_targets()[table.my_hand.find(card).id]
    before = len(table.record.actions)
    drag(app, (r.x + 8, r.y + 20), table.layout.discard.center)
    assert len(table.record.actions) == before + 1 and table.motion.busy and table.state.current != table.viewer
    return view.status_lines(table)


@pytest.mark.parametrize("game", ["sprint", "scamper"])
def test_while_your_discard_flies_the_status_names_your_turn_not_the_next_player(pg, tmp_path, game):
    """The next seat's name ("Ada is playing...") showed while your own discard was still on its way to the pile; so
    did Scamper's hint about your hand (your progress toward the contract), stale once you have discarded."""
    import importlib

    view = importlib.import_module(f"game.tables.{game}.view")
    discard = importlib.import_module(f"engine.{game}").Discard
    app = make_app(tmp_path)
    app.settings.animation_speed = "slow"
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], 0, 11, game)
    if game == "scamper":
        setup.options, setup.deal = {"rounds": 1}, 17
    app.start_game(setup)
    table = app.stack.top
    lines = _discard_and_watch(app, table, view, discard)
    assert lines == ("Your turn ends...", ""), lines
    wait(app, lambda: table.model.current != table.viewer)  # once the discard has landed: Ada's turn shows
    assert view.status_lines(table)[0].startswith("Ada is"), view.status_lines(table)

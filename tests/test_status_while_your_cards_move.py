"""While your own draw flies into your hand, the status line says what comes next, never a bare "..."
(Sprint and Scamper share the kit's ``waiting_lines``)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import click, frame, make_app, wait  # noqa: E402


@pytest.fixture
def pg():
    pygame.init()
    yield
    pygame.quit()


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

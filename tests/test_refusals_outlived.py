"""A refusal leaves once the moment it spoke of has passed (the turn came, the player's cards changed), after it
has been up long enough to read; with nothing changed it stays its full time.  Shared by every table
(:func:`game.kit.messages.age_messages`)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.double_or_nothing import PASS  # noqa: E402
from game.kit.messages import READ_SECONDS, TOAST_SECONDS  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import DT, double_duel, frame, key, wait  # noqa: E402


def seconds_up(app, table, text, most=TOAST_SECONDS + 1):
    """Frames run while ``table`` shows the refusal ``text``: how long it stayed, in seconds."""
    n = 0
    while table.toast is not None and table.toast.text == text and n * DT < most:
        frame(app)
        n += 1
    return n * DT


def snap_refused(app):
    """Snap, you against a bot that flips 2 s after its turn comes: you flip, then press flip again (refused)."""
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "medium")], game="snap"))
    table = app.stack.top
    frame(app, 2)
    wait(app, lambda: table.can_flip(0))
    key(app, pygame.K_a)  # your flip
    wait(app, lambda: not table.can_flip(0) and not table.state.claims)
    key(app, pygame.K_a)  # not your turn
    frame(app)
    assert table.toast is not None and table.toast.error and "not your turn" in table.toast.text
    return table


def test_snaps_not_your_turn_goes_when_your_turn_comes(app):
    table = snap_refused(app)
    text = table.toast.text
    up = seconds_up(app, table, text)
    assert table.can_flip(0) or table.state.claims  # it went because the turn came round (the bot flipped)
    assert READ_SECONDS - 2 * DT <= up < TOAST_SECONDS - 0.5, up


def test_a_refusal_stays_its_full_time_while_nothing_changes(app):
    table = snap_refused(app)
    table.driver.bots.clear()  # the bot never flips: the moment the refusal spoke of lasts
    up = seconds_up(app, table, table.toast.text)
    assert up >= TOAST_SECONDS - 2 * DT, up


def test_double_or_nothings_whose_turn_goes_when_the_turn_passes(app):
    app.settings.ai_speed = "normal"  # the bot takes a moment: time to be refused during its turn
    app.start_game(double_duel(deal=7))
    table = app.stack.top
    wait(app, lambda: table.turns.current == 1 or table.state.is_over)
    if table.state.is_over:
        pytest.skip("the duel ended before the bot's turn")
    table.try_action(PASS)
    frame(app)
    assert table.toast is not None and table.toast.text == "It's Ada's turn."
    up = seconds_up(app, table, table.toast.text)
    assert table.turns.current == 0 or table.state.is_over
    assert up < TOAST_SECONDS - 0.5, up


def test_a_failed_save_stays_its_full_time_though_the_turn_passes(app):
    """A failed write is said in red like a refusal, but it is none: it stayed only 1.5 s once the next move came."""
    app.settings.ai_speed = "normal"  # the bot takes a moment: its move comes while the message is up
    app.start_game(double_duel(deal=7))
    table = app.stack.top
    wait(app, lambda: table.turns.current == 1 or table.state.is_over)
    if table.state.is_over:
        pytest.skip("the duel ended before the bot's turn")
    app.saves._tell(table, "The run could not be saved: no space left on the disk.")
    up = seconds_up(app, table, "The run could not be saved: no space left on the disk.")
    assert table.turns.current == 0 or table.state.is_over  # the moment a refusal speaks of has passed
    assert up >= TOAST_SECONDS - 2 * DT, up

"""Snap's end screen accounts for every card: what the players hold and what stays on the table."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402

import pygame  # noqa: E402

from engine.cards import standard_deck  # noqa: E402
from engine.snap.game import SnapGame  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.snap import tools as snap_tools  # noqa: E402
from game.tables.snap.fx import cards_line  # noqa: E402
from game.tables.snap.result import SnapResultScene  # noqa: E402

NAMES = ("You", "Ada", "Ben").__getitem__


def test_the_cards_nobody_won_are_told_with_where_they_are():
    deck = list(standard_deck(1))
    pot_only = SnapGame([deck[:39], []], pot=deck[39:])
    assert pot_only.is_over
    assert cards_line(pot_only, NAMES) == ("You hold 39 of the 52 cards; the other 13 stay on the table "
                                           "(in the snap pot), won by nobody.")
    both = SnapGame([[], deck[:39]], variant="shared", shared=deck[39:48], pot=deck[48:])
    assert cards_line(both, NAMES) == ("Ada holds 39 of the 52 cards; the other 13 stay on the table "
                                       "(9 in the shared pile, 4 in the snap pot), won by nobody.")
    assert cards_line(SnapGame([deck, []]), NAMES) == ""  # every card held: nothing to say
    nobody = SnapGame([[], []], pot=deck)  # the last players went out together: a draw, every card on the table
    assert cards_line(nobody, NAMES).startswith("Nobody holds 0 of the 52 cards; the other 52 stay")


def test_the_end_screen_of_a_real_game_adds_up_to_the_whole_deck(pg, tmp_path, monkeypatch):
    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "off"
    app.to_title()
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "hard")], game="snap", options={"time_limit": 3})
    setup.deal = 2
    app.start_game(setup)
    table = app.stack.top
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("medium", seed=4)
    assert snap_tools.finish(app, 1 / 20, 400)
    result = app.stack.top
    assert isinstance(result, SnapResultScene)
    drawn: list[str] = []
    blit = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda surface, line, *a, **k: drawn.append(line) or blit(surface, line, *a, **k))
    app.dirty = True
    app.run(max_frames=1, fixed_dt=1 / 60)
    held = sum(int(row[2]) for row in result.rows())
    state = table.state
    assert held + len(state.pot) + len(state.shared) == 52
    assert held < 52  # this deal ends with cards in the pot: the end screen says where they are
    told = [line for line in drawn if "stay on the table" in line]
    assert told and re.search(rf"\b{held} of the 52 cards; the other {52 - held} stay on the table \(", told[0])


def _false_call_with(cards: int, seats: int) -> tuple[str, str]:
    """The callout a false Snap! leaves when the caller holds ``cards`` face down and nothing shows anywhere."""
    import pygame

    import engine.snap as es
    from engine.snap import Snap
    from game.tables.snap.fx import SnapModel, take_in

    pygame.init()
    g = es.new_game(seats, {}, 1)
    g.down[0][:] = g.down[0][:cards]
    for s in range(seats):
        g.up[s][:] = []
    model = SnapModel.of(g, ["You", "Ada", "Ben"][:seats])
    take_in(model, g.apply(Snap(), 0, 10), lambda key: pygame.Rect(0, 0, 10, 10), 0.0)
    assert len(model.callouts) == 1
    return model.callouts[0].text, model.callouts[0].detail


def test_a_false_call_that_puts_the_caller_out_still_says_why_and_what_it_cost():
    text, detail = _false_call_with(1, 3)
    assert text == "You called Snap! but no pair is showing"  # was "You: Snap! Wrong: no snap showing"
    assert detail == "You pay 1 of the 2 cards owed. You are out: could not pay the penalty in full."


def test_a_false_call_names_whom_it_pays_at_two_seats_and_each_other_player_at_more():
    assert _false_call_with(10, 2)[1] == "You pay Ada a card."
    assert _false_call_with(10, 3)[1] == "You pay a card to each other player."


def test_a_false_calls_callout_says_plainly_what_was_wrong():
    """It read "You: Snap! Wrong: no snap showing": now a sentence, from each of the engine's reasons."""
    import engine.snap as es
    from engine.snap import SNAP, SNAP_POT, FalseCall
    from game.tables.snap.fx import SnapModel, take_in

    pygame.init()
    for call, reason, said in (
            (SNAP, "no snap showing", "Ada called Snap! but no pair is showing"),
            (SNAP_POT, "nothing matches the snap pot", "Ada called Snap Pot! but nothing matches the snap pot"),
            (SNAP, "wrong word: that was a pot match: call Snap Pot!", "Ada called Snap! but that was a pot match: call Snap Pot!")):
        model = SnapModel.of(es.new_game(2, {}, 1), ["You", "Ada"])
        take_in(model, [FalseCall(1, call, reason)], lambda key: pygame.Rect(0, 0, 10, 10), 0.0)
        assert model.callouts[0].text == said

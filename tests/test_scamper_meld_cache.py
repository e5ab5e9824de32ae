"""Scamper's meld rects are cached per layout object, never by its id: a new layout (after a resize) could be
given the id of the one it replaced, and the cache then handed back the old window's rects."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.scamper import table as scamper_table  # noqa: E402
from game.tables.scamper.layout import table_melds  # noqa: E402
from game_helpers import make_app  # noqa: E402


def test_a_new_layout_with_the_old_ones_id_gets_its_own_rects(pg, tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], game="scamper", deal=3))
    table = app.stack.top
    assert isinstance(table, scamper_table.ScamperTable)
    # every layout gets the same id, as a freed layout's address can be given to the next one
    monkeypatch.setattr(scamper_table, "id", lambda obj: 7, raising=False)
    before = table.meld_layout(0, [3, 4])
    table.resize((960, 600))
    after = table.meld_layout(0, [3, 4])
    fresh = table_melds(table.layout, table.viewer, {0: [3, 4], 1: []})[0]
    assert after == fresh and after != before  # the small window's rects, not the large one's


@pytest.mark.parametrize("speed", ["fast", "off"])
def test_the_tables_melds_are_the_engines_whenever_the_cards_are_still(pg, tmp_path, speed):
    """What lets a lay's cards land as the next melds (no padding for missing ones): whenever nothing is queued or
    flying, the table shows the engine's melds, in the engine's numbering, each with its owner (three rounds of
    four bots, melds laid, added to and swapped, through the real loop)."""
    from game.shell.headless import play_until_over

    app = make_app(tmp_path)
    app.settings.animation_speed, app.settings.ai_speed = speed, "fast"  # the bots wait for the cards to land
    app.start_game(GameSetup.all_ai(["standard", "hard", "standard", "hard"], "scamper", 5, rounds=3))
    table = app.stack.top
    checked = []

    def same(a) -> None:
        t = a.stack.top
        if t is table and not t.motion.busy:
            shown = [sorted(str(sp.card) for sp in meld) for meld in t.model.melds]
            assert shown == [sorted(str(c) for c in meld.cards) for meld in t.state.melds]
            assert t.model.owners == list(t.state.owners)
            checked.append(len(shown))

    assert play_until_over(app, same, 200_000)
    assert max(checked) >= 6  # melds were down to compare


def test_the_seat_headers_are_worked_out_again_for_a_new_layout_even_with_the_old_ones_id(pg, tmp_path, monkeypatch):
    """``seat_names`` (one header size for every seat, and the labels at it) was memoised by ``id(layout)``: a new
    layout after a resize could get the freed one's id and be given the old window's header size."""
    from game.tables.scamper import view as scamper_view

    app = make_app(tmp_path, (1920, 1080))
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], game="scamper", deal=3))
    table = app.stack.top
    monkeypatch.setattr(scamper_view, "id", lambda obj: 7, raising=False)  # every layout gets the same id
    before = scamper_view.seat_names(table)
    table.resize((960, 600))
    after = scamper_view.seat_names(table)
    table._memo.pop("names")
    assert after == scamper_view.seat_names(table) and after[0] < before[0]  # the small window's size, worked out anew


def test_a_card_added_or_swapped_onto_a_meld_finds_it_down_on_the_table(pg, tmp_path, monkeypatch):
    """Why ``_onto_meld`` needs no "meld not there yet" return: a step starts only once every card of the steps
    before it has landed (``FlightQueue``; catching up lands each step's cards before the next), and the engine
    only appends melds, numbered from 0 each deal, as the lay steps append them.  Checked at the moment each add
    and swap starts, through three rounds of four bots (passes on the old code too, as dead code would)."""
    from game.shell.headless import play_until_over
    from game.tables.scamper import steps

    app = make_app(tmp_path)
    app.settings.animation_speed, app.settings.ai_speed = "fast", "fast"
    seen: list = []
    onto = steps._onto_meld

    def watched(t, ev, fly):
        step = onto(t, ev, fly)
        return lambda: (seen.append((ev.meld, len(t.model.melds))), step())[1]
    monkeypatch.setattr(steps, "_onto_meld", watched)
    app.start_game(GameSetup.all_ai(["standard", "hard", "standard", "hard"], "scamper", 5, rounds=3))
    assert play_until_over(app, lambda a: None, 200_000)
    assert seen and all(meld < down for meld, down in seen), seen

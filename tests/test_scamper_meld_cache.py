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


@pytest.fixture
def pg():
    pygame.init()
    yield
    pygame.quit()


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

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

"""Words a newcomer reads without a glossary: the low stock, the replays list, the key screens' titles
(the last screenshot review's small faults)."""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import make_app, wait  # noqa: E402


def _watch_text(app):
    """Every line the app's text draws from now on."""
    drawn, blit = [], app.text.blit
    app.text.blit = lambda target, line, *a, **k: (drawn.append(line), blit(target, line, *a, **k))[1]
    return drawn


def test_a_low_stock_says_how_many_cards_are_left_in_words(pg, tmp_path):
    """Sprint's five seats leave a short stock: it read "Stock: 4 · low"."""
    levels = ("apprentice", "standard", "strategist", "master")
    app = make_app(tmp_path)
    drawn = _watch_text(app)
    app.start_game(GameSetup([SeatConfig("You")] + [SeatConfig(f"Bot {k}", "ai", lv) for k, lv in enumerate(levels)],
                             first=1, deal=5))
    table = app.stack.top
    wait(app, table.my_turn)
    stock = table.model.stock
    assert stock <= 2 * table.state.num_players  # low: the count is in gold
    assert f"Stock: {stock} card{'s' if stock != 1 else ''} left" in drawn, [d for d in drawn if "Stock" in d]
    assert not [d for d in drawn if re.search(r"\blow\b", d)]

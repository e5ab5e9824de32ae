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


def test_the_replays_list_says_who_won_with_what_in_the_games_own_unit():
    """It read "Ann: 32 won,   Bot 1 (Standard): -3", as if Ann had won 32: the winner now comes first, in words."""
    from pathlib import Path
    from types import SimpleNamespace

    from engine.games import game_info
    from game.screens.replays import describe

    def line(game, scores, names=("Ann", "Bot 1")):
        players = [SimpleNamespace(name=n, kind="human" if k == 0 else "ai", level=None if k == 0 else "standard")
                   for k, n in enumerate(names)]
        record = SimpleNamespace(players=players, scores=scores, actions=[], info=game_info(game), loaded_state=None)
        return describe(Path("20261127-063200-x.json"), record).split("     ", 1)[1]

    assert line("sprint", (32, -3)) == "Ann won  ·  points: Ann 32,  Bot 1 (Standard) -3"
    assert line("snap", (0, 52)) == "Bot 1 (Standard) won  ·  cards: Ann 0,  Bot 1 (Standard) 52"
    assert line("scamper", (120, 1, 1), ("Ann", "Bo", "Cy")) == (
        "Bo (Standard) and Cy (Standard) won  ·  points: Ann 120,  Bo (Standard) 1,  Cy (Standard) 1")


def test_the_first_hot_seat_race_opens_the_same_keys_screen_in_every_race_game(pg, tmp_path):
    """Its title was "Before you start: try your keys" in Snap but "Players' keys" in Ratscrew."""
    from game.kit.keyscreens import TryKeysScene

    titles = set()
    for game in ("snap", "ratscrew"):
        app = make_app(tmp_path / game)
        app.start_game(GameSetup([SeatConfig("Ann"), SeatConfig("Bo")], game=game))
        wait(app, lambda: isinstance(app.stack.top, TryKeysScene), 2)
        titles.add(app.stack.top.title)
    assert titles == {"Before you start: try your keys"}

"""The Matched level at the table: Quick play offers it, a call teaches it, the statistics keep it, Settings forget it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.matched import MatchedScheduler, ReactionProfile  # noqa: E402
from engine.snap import new_game  # noqa: E402
from game.screens.settings import SettingsScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.shell.stats import load_statistics  # noqa: E402
from game.tables.snap import tools as snap_tools  # noqa: E402
from game.tables.snap.table import SnapTable  # noqa: E402


def make_app(data_dir):
    app = App((1280, 720), data_dir, seed=5, resizable=False)
    app.settings.animation_speed = "off"
    app.to_title()
    return app


def run(app, frames=1, dt=1 / 60):
    app.run(max_frames=frames, fixed_dt=dt)


def key(app, k, dt=1 / 60, **extra):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0, **extra))
    run(app, 1, dt)


def until(app, cond, seconds=30.0, dt=1 / 60):
    for _ in range(int(seconds / dt)):
        if cond():
            return
        run(app, 1, dt)
    raise AssertionError("timed out waiting")


def quick_label(app, game):
    app.open_game_menu(game)
    return next(b.label for b in app.stack.top.buttons if b.key == "quick")


@pytest.mark.parametrize("game", ["snap", "ratscrew"])
def test_quick_play_offers_matched_even_once_a_game_was_played(pg, tmp_path, game):
    app = make_app(tmp_path)
    first = quick_label(app, game)
    assert "Medium" in first and "Matched" not in first  # a first game: the usual opponents
    info = app.shelf(game).stats
    info.line(game, "medium").add(0, "lost")
    assert quick_label(app, game) == "Quick play: you vs Matched (Even)"
    app.stack.top.on_button("quick")
    table = app.stack.top
    assert [p.level for p in table.record.players] == [None, "matched-even"]  # you and one opponent: even is even
    bot = (table.driver.bots if game == "snap" else table.bots)[1]
    assert isinstance(bot, MatchedScheduler)
    assert bot.opponents[0] is app.shelf(game).stats.profiles["You"]  # it learns into your statistics


def matching_deal() -> int:
    for seed in range(1, 5000):
        g = new_game(2, {}, seed)
        if g.down[0][-1].rank == g.down[1][-1].rank:
            return seed
    raise AssertionError


def test_a_call_at_the_table_teaches_the_bot_and_is_kept_across_games(pg, tmp_path):
    app = make_app(tmp_path)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "matched-even")], game="snap",
                      options={"time_limit": 3})
    setup.deal = matching_deal()
    app.start_game(setup)
    table = app.stack.top
    assert isinstance(table, SnapTable)
    bot = table.driver.bots[1]
    profile = app.shelf("snap").stats.profiles["You"]
    key(app, pygame.K_a)  # you flip
    until(app, lambda: bool(table.state.snap_piles()), 5)  # the bot flipped: the match shows
    shown = table.state.match_since["snap"]
    press_at = shown + 250.5
    until(app, lambda: table.clock.now + 1000 / 60 > press_at, 5)
    key(app, pygame.K_SPACE, read_at=table.clock.wall_at_ms(press_at))
    run(app, 3)
    assert profile.calls == [250]  # from the moment the match showed to your call
    before = bot.reflexes.mean_ms
    assert before < 570  # you were quick: so is it now (the prior is a 570 ms person)
    # the rest of the game is played for you; the statistics keep what it learned, on disk
    table.driver.bots[0] = snap_tools.GAMES["snap"].make_bot("medium", seed=4)
    assert snap_tools.finish(app, 1 / 20, 400)
    stats, _, problem = load_statistics(tmp_path / "snap")
    assert problem is None and stats.profiles["You"].calls[0] == 250
    assert stats.profiles["You"].seen >= 2
    # the next game's Matched bot starts from it
    again = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "matched-even")], game="snap")
    bots = again.make_bots(seed=1, profiles=stats.profiles)
    assert bots[1].opponents[0] is stats.profiles["You"]


def test_settings_forget_what_the_matched_bots_learned(pg, tmp_path):
    app = make_app(tmp_path)
    for game in ("snap", "ratscrew"):
        shelf = app.shelf(game)
        shelf.stats.profiles["You"] = ReactionProfile(calls=[400, 420])
        shelf.stats.line(game, "matched-even").add(0, "won")
        assert shelf.save_stats() is None
    app.stack.push(SettingsScene(app))
    run(app)
    scene = app.stack.top
    button = next(b for b in scene.buttons if b.key == "forget")
    assert button.label == "Forget (1 player)" and button.enabled
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app, 2)
    for game in ("snap", "ratscrew"):
        stats, _, _ = load_statistics(tmp_path / game)
        assert stats.profiles == {} and stats.games[game]["matched-even"].won == 1  # only the profiles go
        assert app.shelf(game).stats.profiles == {}
    button = next(b for b in app.stack.top.buttons if b.key == "forget")
    assert button.label == "Nothing learned" and not button.enabled

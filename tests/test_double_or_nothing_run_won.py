"""What "won" means for a Run of Double or Nothing: cleared (game 32 won), never just a game or two won.

The rules: lose a game and "you have lost the run". The outcome used to place the runner first in any run
that had won a game, and the statistics counted such a run as Won."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402

import pygame  # noqa: E402

from engine.double_or_nothing import MAX_GAME, Mode, Play, Run  # noqa: E402
from engine.double_or_nothing.counts import parse_counts as c  # noqa: E402
from engine.games import game_info  # noqa: E402
from game.screens.stats import StatsScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.stats import Statistics, load_statistics  # noqa: E402


def table(mine: str, theirs: str, my_deck: str, their_deck: str, **kw: object) -> Run:
    return Run.position((c(mine), c(theirs)), ([c(my_deck)], [c(their_deck)]), **kw)  # type: ignore[arg-type]


def test_a_run_that_won_games_and_then_lost_one_is_lost() -> None:
    state = table("1x3", "1x5", "9x1", "20x2", mode=Mode.RUN, game=4, turn=1)
    state.games_won = 3  # games 1 to 3 won
    state.apply(Play(5, 5, 1), 1)  # the computer empties its hand: game 4 lost, and the run with it
    assert state.is_over and state.outcome().scores == (3, 1) and state.outcome().placings == (2, 1)  # type: ignore[union-attr]


def test_a_cleared_run_is_won() -> None:
    hand = 10 << (MAX_GAME - 1)
    state = table("1x3", "1x5", f"{hand}x1", "9x2", mode=Mode.RUN, game=MAX_GAME)
    state.games_won = MAX_GAME - 1
    state.apply(Play(3, 3, 1), 0)
    assert state.is_over and state.outcome().placings == (1, 2)  # type: ignore[union-attr]


def test_the_statistics_count_it_so_say_so_and_old_files_still_load(tmp_path) -> None:
    old = {"version": 1, "games": {"double-or-nothing": {"standard": {  # a file from before: a run of 2 games won
        "played": 1, "won": 1, "shared": 0, "lost": 0, "best": 2, "total": 2, "streak": 1, "longest_streak": 1,
        "extra": {"runs": 1, "best_game": 3, "upgrades_picked": 2}}}}}
    (tmp_path / "double-or-nothing").mkdir()
    (tmp_path / "double-or-nothing" / "stats.json").write_text(json.dumps(old))
    stats, path, problem = load_statistics(tmp_path / "double-or-nothing")
    assert problem is None and path is not None and stats.games["double-or-nothing"]["standard"].won == 1
    from game.tables.double_or_nothing.summary import upgrade_notes
    assert any("(older counts), the won column also counts" in n for n in upgrade_notes(stats.games["double-or-nothing"]))  # said so
    info = game_info("double-or-nothing")
    seats = [("You", "human", None), ("Ada", "ai", "standard")]
    fresh = Statistics()
    state = table("1x3", "1x5", "9x1", "20x2", mode=Mode.RUN, game=3, turn=1)
    state.games_won = 2
    state.apply(Play(5, 5, 1), 1)
    outcome = state.outcome()
    fresh.count_round(info.record_format, seats, outcome.scores, outcome.placings,  # type: ignore[union-attr]
                      extra=[{"runs": 1, "runs_cleared": 0, "best_game": 3}, {}])
    line = fresh.games[info.record_format]["standard"]
    assert (line.played, line.won, line.lost, line.best, line.extra["runs_cleared"]) == (1, 0, 1, 2, 0)
    assert "runs_cleared" in info.stats and "Runs cleared: runs whose 32 games were all won." in info.won_means
    pygame.init()
    try:  # the columns say what they count ("Played 1, Won 0, Lost 1" after a run whose game 1 was won read as a
        # bug), and the screen says what a cleared run is, under the table
        app = App((960, 600), tmp_path, seed=3, resizable=False)
        app.to_title()
        scene = StatsScene(app, "double-or-nothing")
        assert scene.columns[:4] == ("Duels and runs", "Duels won, runs cleared", "Shared", "Duels and runs lost")
        assert "Runs cleared" in scene.columns and not {"Played", "Won", "Lost"} & set(scene.columns)
        assert StatsScene(app, "sprint").columns[:4] == ("Played", "Won", "Shared", "Lost")  # other games: plain
        drawn: list[str] = []
        blit = app.text.blit
        app.text.blit = lambda surface, line, *a, **k: drawn.append(line) or blit(surface, line, *a, **k)
        scene.draw(app.screen)
        said = " ".join(drawn)
        assert "Runs cleared: runs whose 32 games were all won." in said
        assert "A run that ends at a lost game counts as lost, even after games won" in said
    finally:
        pygame.quit()

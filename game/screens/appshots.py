"""The collection's own screens shot for a game's ``--screenshot`` (title, new game, the game's menu, rules,
settings, statistics, notices, keyboard focus, Resume and Replays), whatever the game.

A game's screenshots (its tools' ``SCENARIOS.shots``) call these beside its own
table scenes; each drives the real loop headless like every screenshot.  What
is the game's own comes in as data: its id, the statistics lines to show
(:data:`SampleStats`, under its statistics id), what to play before Resume shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

import pygame

from game.shell.shots import Shot, Step
from game.shell.app import App
from game.shell.headless import press, shoot
from game.shell.storage import read_json

SampleStats = Mapping[str, tuple[int, ...]]
"""Scores per statistics line ("standard", "hotseat:Ann"), shown on the statistics screen."""
OUTCOMES = ("won", "lost", "won", "shared", "won")


def sample_stats(app: App, stats_id: str, lines: SampleStats) -> None:
    """Statistics with ``lines`` (under the game's statistics id) in them, the outcomes in turn."""
    from game.shell.stats import Statistics

    app.stats = Statistics()
    for key, scores in lines.items():
        for k, score in enumerate(scores):
            app.stats.line(stats_id, key).add(score, OUTCOMES[k % len(OUTCOMES)])


def menu_screens(app: App, out: Path, game_id: str) -> None:
    """The title, New game, the game's menu and its rules, settings and statistics pages."""
    from game.screens import NewGameScene

    app.to_title()
    shoot(app, out, "title")
    app.stack.push(NewGameScene(app, game_id))  # the game's own options
    shoot(app, out, "new-game")
    app.open_game_menu(game_id)
    shoot(app, out, "game-menu")
    for key in ("rules", "settings", "stats"):
        app.open_game_menu(game_id)
        if key == "settings":
            app.to_title()  # settings are global: on the title
        app.stack.top.on_button(key)
        shoot(app, out, key)


def menu(s: Shot) -> None:
    """:func:`menu_screens` as a screenshot step (:mod:`game.shell.shots`)."""
    menu_screens(s.app, s.out, s.game)


def stats(s: Shot) -> None:
    """The game's statistics screen, pushed (a screenshot step)."""
    from game.screens import StatsScene

    s.app.stack.push(StatsScene(s.app, s.game))


def product(lines: SampleStats, stats_id: str | None = None) -> Step:
    """:func:`product_screens` as a screenshot step: ``lines`` under ``stats_id`` (the game's id by default)."""
    return lambda s: product_screens(s.app, s.out, s.game, lines, stats_id or s.game)


def product_screens(app: App, out: Path, game_id: str, lines: SampleStats, stats_id: str) -> None:
    """A damaged file's notice, the keyboard on the title, every rules page, four colours with the keyboard's focus
    in settings, statistics with data and the reset question."""
    from game.screens import RulesScene, SettingsScene, StatsScene

    app.to_title()
    damaged = app.data_dir / "notice-demo" / "settings.json"  # the real storage path makes the real notice
    damaged.parent.mkdir(parents=True, exist_ok=True)
    damaged.write_text('{"animation_speed": "fast", "vol')
    _, problem = read_json(damaged, "settings")
    app.problems.append(problem or "")
    shoot(app, out, "title-notice")
    app.stack.top.dismiss_notices()
    press(app, pygame.K_DOWN)
    shoot(app, out, "title-keyboard")
    rules = RulesScene(app)
    app.stack.push(rules)
    for page in range(len(rules.sections)):
        rules.page = page
        rules.refresh()
        shoot(app, out, f"rules-p{page + 1}")
    app.to_title()
    settings = SettingsScene(app)
    app.stack.push(settings)
    settings.focus = "set:four_colour"
    app.settings.four_colour = True
    app.apply_settings()
    shoot(app, out, "settings-four-colour-focus")
    app.settings.four_colour = False
    app.apply_settings()
    app.to_title()
    sample_stats(app, stats_id, lines)
    stats = StatsScene(app)
    app.stack.push(stats)
    shoot(app, out, "stats-data")
    stats.on_button("reset")
    shoot(app, out, "stats-reset-confirm")
    app.to_title()


def scaled_screens(app: App, out: Path, game_id: str, lines: SampleStats, stats_id: str) -> None:
    """The title, the game's menu, its rules (the third page), settings and statistics with data."""
    app.to_title()
    shoot(app, out, "title")
    app.open_game_menu(game_id)
    shoot(app, out, "game-menu")
    app.open_game_menu(game_id)
    app.stack.top.on_button("rules")
    app.stack.top.page = 2
    app.stack.top.refresh()
    shoot(app, out, "rules")
    app.to_title()  # settings are global: on the title
    app.stack.top.on_button("settings")
    shoot(app, out, "settings")
    app.open_game_menu(game_id)
    sample_stats(app, stats_id, lines)
    app.stack.top.on_button("stats")
    shoot(app, out, "stats-data")


def resume_screens(size: tuple[int, int], out: Path, data_dir: Path, settings: Mapping[str, object],
                   play_a_while: Callable[[App], None]) -> None:
    """The title offering Resume, first with the notice of a damaged statistics file over it, then as it stays once
    the notice is gone (the resume shot keeps no passing notice), and the Replays list: the saves are those
    ``play_a_while(app)`` leaves in ``data_dir`` (finished games and one under way)."""
    from game.screens.replays import ReplaysScene

    for launch in range(2):  # play, then the next launch
        app = App(size, data_dir, seed=3, resizable=False)
        for name, value in settings.items():
            setattr(app.settings, name, value)
        app.to_title()
        if not launch:
            play_a_while(app)
            app.saves.flush()
            (data_dir / "stats.json").write_text("{ damaged")
    shoot(app, out, "title-stats-notice")
    app.problems.clear()  # the notice was seen on the title
    shoot(app, out, "title-resume")
    app.stack.push(ReplaysScene(app))
    shoot(app, out, "replays")

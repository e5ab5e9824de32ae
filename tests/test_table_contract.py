"""The table contract (game/kit/contract.py), for every playable game through the real loop, headless.

Each game's table is opened with bots in every seat, played part way, resumed
from its save in a second app (it must stand exactly where the save left it),
played to its end (its own end screen comes up), replayed from its record (the
same actions at the same times, the same outcome), and drawn at two sizes with
its thumbnail.  The table is the registry's trial table (``trial_seats`` and
``trial_options``: games that end often), so a new game takes part by registering.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import playable_games  # noqa: E402
from game.base.scene import Scene  # noqa: E402
from game.kit.contract import Table  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402

DT = 1 / 30
PART_WAY = 6
"""Actions played before the game is left and resumed."""


def _app(data_dir) -> App:
    app = App((1280, 720), data_dir, seed=7, resizable=False)
    app.settings.animation_speed = "off"
    app.settings.ai_speed = "instant"
    app.think_ms = 20
    app.to_title()
    return app


def _setup(info) -> GameSetup:
    """The registry's trial table: bots whose games end often, with options that keep them short."""
    setup = GameSetup.all_ai(list(info.trial_seats) or [info.default_level] * info.default_seats, game=info.id)
    setup.options = info.resolve_options(dict(info.trial_options))
    setup.deal = 11
    return setup


def _run(app: App, until, frames: int) -> None:
    app.run(max_frames=frames, fixed_dt=DT, hook=lambda a, n: not until())


def _to_the_end(app: App, frames: int = 40_000) -> list:
    ended: list = []
    app.on_round_over = ended.append
    _run(app, lambda: bool(ended), frames)
    return ended


@pytest.mark.parametrize("info", playable_games(), ids=lambda i: i.id)
def test_every_table_keeps_the_contract(info, tmp_path, pg):
    app = _app(tmp_path)
    app.start_game(_setup(info))
    table = app.stack.top
    assert isinstance(table, Table), f"{info.id}'s table lacks part of the table contract"
    assert table.game_id == info.id and not table.replaying and table.humans == []

    # part way, then resumed in a second app from what was saved
    _run(app, lambda: len(table.record.actions) >= PART_WAY, 20_000)
    assert len(table.record.actions) >= PART_WAY, "the bots did not play"
    app.saves.flush()
    saved = app.saves.pending_record()
    assert saved is not None and list(saved.actions) == list(table.record.actions)
    again = _app(tmp_path)
    resumed = again.resume(info.id)
    assert isinstance(resumed, Table) and type(resumed) is type(table)
    assert list(resumed.record.actions) == list(table.record.actions)
    now = resumed.state.clone()
    if info.realtime:  # the table's clock ran on after the save (no timer fell due, or the save would have it)
        now.advance(table.state.clock)
    assert now.snapshot() == table.state.snapshot(), "the resumed game is not where the save left it"

    # to the end: the table's own end screen (a race's clock runs fast: game time is the bots' pace)
    if hasattr(resumed, "race"):
        resumed.race.time_scale = 20.0
    ended = _to_the_end(again)
    assert ended == [resumed] and resumed.finished and resumed.state.is_over
    result = resumed.result_scene()
    assert isinstance(result, Scene) and isinstance(again.stack.top, type(result))
    counts = getattr(resumed, "stat_counts", None)
    assert counts is None or len(counts()) == len(resumed.record.players)

    # the record replays: the same actions at the same times, the same outcome
    record = resumed.record
    watch = _app(tmp_path / "replay")
    watch.settings.ai_speed = "instant"
    watch.start_game(GameSetup.from_record(record), replay=record)
    replay = watch.stack.top
    assert isinstance(replay, Table) and replay.replaying
    if hasattr(replay, "race"):
        replay.race.time_scale = 20.0
    assert _to_the_end(watch) == [replay]
    assert list(replay.record.actions) == list(record.actions)
    assert replay.state.outcome() == resumed.state.outcome()

    # its screenshots: the table at two sizes, and its thumbnail
    for size in ((960, 600), (1920, 1080)):
        surface = pygame.Surface(size)
        resumed.resize(size)
        resumed.draw(surface)
        assert len({surface.get_at((x, y))[:3] for x in range(0, size[0], 97) for y in range(0, size[1], 61)}) > 3
    thumb = pygame.Surface((320, 180))
    type(resumed).draw_thumbnail(thumb, again.art)
    assert len({thumb.get_at((x, y))[:3] for x in range(0, 320, 13) for y in range(0, 180, 11)}) > 3

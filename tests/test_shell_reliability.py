"""Nothing lost, nothing frozen: saves, journals, settings and statistics of every game (issues 23 and 27)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.session import GameSetup  # noqa: E402
from game_helpers import make_app  # noqa: E402


def corrupt_files(folder):
    return sorted(p.name for p in folder.rglob("*") if ".corrupt-" in p.name)


@pytest.mark.parametrize("game", ["snap", "ratscrew"])
def test_a_race_game_saved_mid_play_resumes_on_the_next_launch_without_a_damage_report(pg, tmp_path, game):
    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["easy", "easy"], game))
    app.run(max_frames=600, fixed_dt=1 / 60)
    table = app.stack.top
    assert len(table.record.actions) > 0 and not table.state.is_over
    shown = (len(table.record.actions), table.record.clock)
    app.saves.flush()
    assert (tmp_path / game / "save.journal").exists()
    again = make_app(tmp_path)  # the next launch
    assert again.problems == [] and corrupt_files(tmp_path) == []
    resumed = again.resume(game)
    assert resumed is not None
    assert len(resumed.record.actions) == shown[0] and resumed.state.clock >= shown[1] - 1000


import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

from engine.envelope import PlayerInfo, RecordError  # noqa: E402
from engine.games import GAMES, load_record  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def record_with_level(game_id, level="godlike"):
    info = GAMES[game_id]
    record, _ = info.record_type().begin(info, [PlayerInfo("Ann"), PlayerInfo("Bot", "ai", level)], 3, {})
    return record.dumps()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_record_whose_ai_level_the_game_lacks_is_refused_on_load_in_every_game(game, tmp_path, capsys):
    from game.shell.headless import load_record as replay_loader
    from game.shell.resume import load_saved_record

    load_record(record_with_level(game, GAMES[game].default_level), levels=True)  # the game's own level loads
    with pytest.raises(RecordError, match=r"players\[1\]\.level: .* no AI level 'godlike'"):
        load_record(record_with_level(game), levels=True)
    with pytest.raises(RecordError, match="no AI level 'godlike'"):
        load_saved_record(json.loads(record_with_level(game)))  # saves and Replays
    (tmp_path / "bad.json").write_text(record_with_level(game))
    assert replay_loader(tmp_path / "bad.json") is None and "no AI level 'godlike'" in capsys.readouterr().err
    assert load_record(record_with_level(game)).players[1].level == "godlike"  # the arena's own bots stay readable


def test_replay_of_a_double_or_nothing_record_with_an_unknown_level_exits_2_with_a_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(record_with_level("double-or-nothing"))
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(bad), "--data-dir", str(tmp_path / "d")],
                            cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "no AI level 'godlike'" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("game", list(GAMES))
def test_a_history_file_with_an_unknown_level_is_reported_and_replays_keep_the_app_alive(pg, tmp_path, game):
    history = tmp_path / game / "history"
    history.mkdir(parents=True)
    (history / "20250101-000000-00.json").write_text(record_with_level(game))
    (history / "20250102-000000-00.json").write_text(record_with_level(game, GAMES[game].default_level))
    from game.screens.replays import ReplaysScene

    app = make_app(tmp_path)
    app.game_id = game
    scene = ReplaysScene(app, game)
    app.stack.push(scene)
    assert len(scene.rounds) == 1
    assert any("no AI level 'godlike'" in p for p in app.problems)
    scene.open(0)  # the good one opens as a replay
    assert app.stack.top.replaying
    app.run(max_frames=5, fixed_dt=1 / 60)
    assert app.running


def test_a_replay_whose_table_fails_is_told_and_the_app_goes_on(pg, tmp_path, monkeypatch):
    history = tmp_path / "double-or-nothing" / "history"
    history.mkdir(parents=True)
    (history / "20250102-000000-00.json").write_text(record_with_level("double-or-nothing", "hard"))
    from game.screens.replays import ReplaysScene
    from game.tables.double_or_nothing.table import DoubleTable

    app = make_app(tmp_path)
    scene = ReplaysScene(app, "double-or-nothing")
    app.stack.push(scene)

    def broken(*args, **kwargs):
        raise ValueError("a table that can't be built")

    monkeypatch.setattr(DoubleTable, "__init__", broken)
    scene.open(0)
    assert app.stack.top is scene and any("could not be replayed" in p for p in app.problems)
    app.run(max_frames=3, fixed_dt=1 / 60)
    assert app.running


import errno  # noqa: E402


def unreadable(monkeypatch, *paths):
    """Reads of ``paths`` fail as a mode-000 file's do for a normal user (tests may run as root)."""
    real_open = os.open
    blocked = {str(p) for p in paths}

    def guarded(path, flags, *args, **kwargs):
        if str(path) in blocked and flags & (os.O_WRONLY | os.O_RDWR) == 0:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)


def test_an_unreadable_settings_file_is_never_saved_over_and_the_player_is_told(pg, tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    original = json.dumps({"volume": 30, "four_colour": True})
    path.write_text(original)
    unreadable(monkeypatch, path)
    app = make_app(tmp_path)
    [problem] = [p for p in app.problems if "settings" in p]
    assert "could not be read" in problem and "not allowed to read" in problem and "write" not in problem
    assert app.settings.volume == 70  # defaults in memory
    app.settings.cycle("volume")
    app.save_settings()  # a change in the Settings screen
    assert app.settings.volume == 80 and path.read_text() == original
    assert any("not save over it" in p for p in app.problems) and not corrupt_files(tmp_path)


def test_an_unreadable_statistics_file_is_never_saved_over(pg, tmp_path, monkeypatch):
    from game.shell.shelf import Shelf

    path = tmp_path / "snap" / "stats.json"
    path.parent.mkdir()
    original = json.dumps({"version": 1, "games": {}})
    path.write_text(original)
    unreadable(monkeypatch, path)
    shelf = Shelf(tmp_path, "snap")
    assert any("could not be read" in p and "not allowed to read" in p for p in shelf.problems)
    shelf.stats.count_round("snap", [("You", "human", None), ("Bot", "ai", "easy")], [10, 0])
    told = shelf.save_stats()
    assert told and "not save over it" in told
    assert path.read_text() == original and not corrupt_files(tmp_path)


def test_settings_a_newer_version_added_survive_a_save(tmp_path):
    from game.shell.settings import Settings

    (tmp_path / "settings.json").write_text(json.dumps({"volume": 30, "a_newer_setting": [1, {"x": 2}]}))
    settings, problem = Settings.load(tmp_path)
    assert problem is None
    settings.cycle("volume")
    settings.save(tmp_path)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["a_newer_setting"] == [1, {"x": 2}] and saved["volume"] == 40
    assert Settings.load(tmp_path)[0].volume == 40


def test_a_newer_journal_is_left_untouched_and_our_rounds_go_beside_it(pg, tmp_path):
    folder = tmp_path / "snap"
    folder.mkdir()
    newer = '{"journal": 2, "entries": "moves", "record": {"format": "snap/1"}}\n{"a": 1}\n'
    (folder / "save.journal").write_text(newer)
    app = make_app(tmp_path)
    assert any("journal" in p and "newer version" in p for p in app.problems)
    app.start_game(GameSetup.all_ai(["easy", "easy"], "snap"))
    app.run(max_frames=400, fixed_dt=1 / 60)
    assert len(app.stack.top.record.actions) > 0
    app.saves.flush()
    assert (folder / "save.journal").read_text() == newer and not corrupt_files(tmp_path)
    assert (folder / "save-v1.journal").exists()
    again = make_app(tmp_path)
    assert (folder / "save.journal").read_text() == newer
    assert again.resume("snap") is not None  # our own round is offered beside it


def test_replay_of_the_180_byte_snap_record_answers_in_seconds(tmp_path):
    bad = tmp_path / "snap.json"
    bad.write_text(json.dumps({"format": "snap/1", "seed": 1, "options": {"auto_flip": 2},
                               "players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
                               "actions": [], "clock": 4503599627370496}))
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(bad), "--data-dir", str(tmp_path / "d")],
                            cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "length limit" in result.stderr and "Traceback" not in result.stderr


def test_start_up_replays_a_long_saved_round_once(pg, tmp_path, monkeypatch):
    from engine.envelope import GameRecord

    actions = [{"seat": i % 2, "at": i * 200, "type": "flip"} for i in range(400)]
    (tmp_path / "snap").mkdir()
    (tmp_path / "snap" / "save.json").write_text(json.dumps(
        {"format": "snap/1", "seed": 1, "players": [{"name": "A"}, {"name": "B"}], "actions": actions}))
    replays = []
    real = GameRecord.replay

    def counted(self, state=None):
        replays.append(len(self.entries))
        return real(self, state)

    monkeypatch.setattr(GameRecord, "replay", counted)
    app = make_app(tmp_path)
    app.step(0.0, [])  # the title with its Resume line
    assert app.latest_pending() is not None and app.shelf("snap").saves.describe_pending()
    assert replays == [400]


def test_a_saved_game_whose_table_fails_is_told_and_the_app_goes_on(pg, tmp_path, monkeypatch):
    from game.tables.snap.table import SnapTable

    app = make_app(tmp_path)
    app.start_game(GameSetup.all_ai(["easy", "easy"], "snap"))
    app.run(max_frames=300, fixed_dt=1 / 60)
    app.saves.flush()
    again = make_app(tmp_path)

    def broken(*args, **kwargs):
        raise KeyError("a table that can't be built")

    monkeypatch.setattr(SnapTable, "__init__", broken)
    assert again.resume("snap") is None
    assert any("could not be opened" in p for p in again.problems)
    again.run(max_frames=3, fixed_dt=1 / 60)
    assert again.running and (tmp_path / "snap" / "save.journal").exists()

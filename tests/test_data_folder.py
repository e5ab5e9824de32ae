"""The data folder carries the collection's name (TheCardRoom); a player's folder of the old name moves there.

Each test points HOME and XDG_DATA_HOME (what platformdirs reads) at a temp folder, fills the old folder the way
an earlier version left it (settings, a saved round, a replay, statistics) and starts the real app headless.
"""

import errno
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from engine.games import game_info  # noqa: E402
from game.shell import datafolder  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.shell.shelf import Shelf  # noqa: E402
from game.screens.title import TitleScene  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import finished_record, frame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = [("You", "human", None), ("Bot", "ai", "standard")]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A temp HOME and XDG_DATA_HOME: the old and the new data folder, both inside ``tmp_path``."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    old, new = datafolder.old_data_dir(), datafolder.default_data_dir()
    assert tmp_path in old.parents and tmp_path in new.parents, (old, new)
    assert old.name == "SprintSnapScore" and new.name == "TheCardRoom"
    return old, new


def fill_old_folder(folder):
    """What an earlier version kept: settings, an unfinished round to resume, a replay and statistics."""
    settings = Settings()
    settings.four_colour = True
    settings.card_size = "large"
    settings.save(folder)
    unfinished = finished_record(3)
    unfinished.actions = unfinished.actions[:5]
    unfinished.scores = None
    shelf = Shelf(folder, "sprint")
    shelf.folder.mkdir(parents=True, exist_ok=True)
    (shelf.folder / "save.json").write_text(unfinished.dumps())
    (shelf.folder / "history").mkdir()
    (shelf.folder / "history" / "20250101-100000-00.json").write_text(finished_record(4).dumps())
    shelf.stats.count_round(game_info("sprint").record_format, SEATS, [120, 80])
    assert shelf.save_stats() is None
    return unfinished


def tree(folder):
    """Every file under ``folder`` with its bytes (to show a folder was left exactly as it was)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def start(pg_size=(1280, 720)):
    """The real app started the way the window starts it: no --data-dir, on the title."""
    app = App(pg_size, None, seed=5, resizable=False)
    app.to_title()
    frame(app)
    return app


def assert_players_data(app, unfinished):
    assert app.settings.four_colour and app.settings.card_size == "large"
    stats = app.shelf("sprint").stats.to_json()
    assert stats["games"][game_info("sprint").record_format], stats
    rounds, problems = app.shelf("sprint").saves.history()
    assert len(rounds) == 1 and not problems
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.buttons[0].key == "resume"
    title.on_button("resume")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.record.actions == unfinished.actions  # sprint-snap-score/1 resumes


def test_the_old_folder_moves_to_the_new_name_and_the_title_says_so(pg, home):
    old, new = home
    unfinished = fill_old_folder(old)
    before = tree(old)
    app = start()
    assert app.data_dir == new and not old.exists()
    assert tree(new) == before
    notices = app.stack.top.notices()
    assert len(notices) == 1 and "moved from" in notices[0] and str(old) in notices[0] and str(new) in notices[0]
    assert_players_data(app, unfinished)
    again = start()  # said once: the next start finds the new folder and says nothing
    assert again.data_dir == new and not again.problems


def test_when_both_folders_exist_the_new_one_is_used_and_the_old_one_left_alone(pg, home):
    old, new = home
    fill_old_folder(old)
    before = tree(old)
    Settings().save(new)  # this version has run already: its settings are the defaults
    app = start()
    assert app.data_dir == new and not app.problems
    assert not app.settings.four_colour and app.shelf("sprint").saves.pending is None
    app.settings.four_colour = True
    app.settings.save(app.data_dir)
    assert tree(old) == before and json.loads((new / "settings.json").read_text())["four_colour"]


def refuse_rename_of(folder, monkeypatch):
    """``os.rename`` of ``folder`` fails as it does across disks; every other rename works."""
    rename = os.rename

    def across_disks(src, dst, *args, **kwargs):
        if os.fspath(src) == os.fspath(folder):
            raise OSError(errno.EXDEV, "Invalid cross-device link", os.fspath(src))
        return rename(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "rename", across_disks)


def test_a_folder_that_cant_be_renamed_is_copied_and_the_old_one_kept(pg, home, monkeypatch):
    old, new = home
    unfinished = fill_old_folder(old)
    before = tree(old)
    staging = new.with_name(f".{new.name}.copying-killed")
    staging.mkdir(parents=True)
    (staging / "settings.json").write_text("{}")  # a copy a killed start left half done: not taken for the data
    os.utime(staging, (time.time() - 2 * datafolder.STALE_COPY_S,) * 2)
    running = new.with_name(f".{new.name}.copying-running")  # another start's, under way: left to it
    running.mkdir()
    refuse_rename_of(old, monkeypatch)
    app = start()
    assert app.data_dir == new and tree(new) == before and tree(old) == before
    assert not staging.exists() and running.exists()
    assert list(new.parent.glob(f".{new.name}.copying*")) == [running]  # this start's own copy became the folder
    notices = app.stack.top.notices()
    assert len(notices) == 1 and "copied from" in notices[0] and "left as it was" in notices[0]
    assert_players_data(app, unfinished)


def test_a_folder_that_cant_be_copied_either_stays_in_use_and_the_title_says_why(pg, home, monkeypatch):
    old, new = home
    unfinished = fill_old_folder(old)
    before = tree(old)
    refuse_rename_of(old, monkeypatch)
    copy2, copied = shutil.copy2, []

    def disk_full(src, dst, **kwargs):
        if copied:
            raise OSError(errno.ENOSPC, "No space left on device", dst)
        copied.append(src)
        return copy2(src, dst, **kwargs)

    monkeypatch.setattr(shutil, "copy2", disk_full)
    app = start()
    assert copied  # the copy began, then failed half way
    assert app.data_dir == old and not new.exists() and not list(new.parent.glob(f".{new.name}.copying*"))
    assert tree(old) == before
    notices = app.stack.top.notices()
    assert len(notices) == 1 and "could not be moved" in notices[0] and "the disk is full" in notices[0]
    assert f"keeps using {old}" in notices[0]
    assert_players_data(app, unfinished)
    app.settings.volume = 30
    app.settings.save(app.data_dir)  # the game goes on saving in the old folder
    assert json.loads((old / "settings.json").read_text())["volume"] == 30


def test_data_dir_on_the_command_line_leaves_both_folders_alone(pg, home, tmp_path):
    old, new = home
    fill_old_folder(old)
    before = tree(old)
    app = App((1280, 720), tmp_path / "stick", seed=5, resizable=False)
    assert app.data_dir == tmp_path / "stick" and not app.problems
    assert tree(old) == before and not new.exists()


def test_the_outer_folder_of_the_windows_layout_goes_when_empty(tmp_path):
    # Windows keeps data in <LOCALAPPDATA>\<author>\<app>: both are the app's name
    old = tmp_path / "SprintSnapScore" / "SprintSnapScore"
    new = tmp_path / "TheCardRoom" / "TheCardRoom"
    fill_old_folder(old)
    before = tree(old)
    assert datafolder.settle(old, new)[0] == new
    assert tree(new) == before and not (tmp_path / "SprintSnapScore").exists()


def test_resume_selftest_without_data_dir_finds_the_moved_save(home, tmp_path):
    old, new = home
    fill_old_folder(old)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-m", "game", "--selftest", "--resume"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "moved from" in result.stderr and "resume selftest: ok" in result.stdout
    assert not old.exists() and len(list((new / "sprint" / "history").iterdir())) == 2


def test_another_start_that_copies_first_wins_and_this_one_uses_its_copy(home, monkeypatch):
    old, new = home
    fill_old_folder(old)
    before = tree(old)
    refuse_rename_of(old, monkeypatch)
    copy2 = shutil.copy2

    def other_start_finishes(src, dst, **kwargs):
        if not new.exists():  # the other start's copy lands while this one is half way
            shutil.copytree(old, new, copy_function=copy2)
        return copy2(src, dst, **kwargs)

    monkeypatch.setattr(shutil, "copy2", other_start_finishes)
    assert datafolder.settle(old, new) == (new, None)
    assert tree(new) == before and tree(old) == before and not list(new.parent.glob(f".{new.name}.copying*"))


def test_a_move_another_start_made_meanwhile_is_used_not_the_old_folder_gone(home, monkeypatch):
    old, new = home
    fill_old_folder(old)
    before = tree(old)
    rename = os.rename

    def moved_by_the_other_start(src, dst, *args, **kwargs):
        if os.fspath(src) == os.fspath(old):
            rename(src, dst)  # the other start got there first: this one's rename finds nothing
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", os.fspath(src))
        return rename(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "rename", moved_by_the_other_start)
    assert datafolder.settle(old, new) == (new, None)
    assert tree(new) == before and not old.exists()


def test_an_empty_new_folder_does_not_hide_the_old_data(home):
    old, new = home
    fill_old_folder(old)
    before = tree(old)
    new.mkdir(parents=True)
    folder, notice = datafolder.settle(old, new)
    assert folder == new and tree(new) == before and notice and "moved from" in notice


def test_an_old_folder_that_cant_be_looked_at_is_reported_not_a_crash(pg, home, monkeypatch):
    old, new = home
    fill_old_folder(old)
    is_dir = Path.is_dir

    def denied(self):
        if self == old:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return is_dir(self)

    monkeypatch.setattr(Path, "is_dir", denied)
    app = start()
    assert app.data_dir == new
    notices = app.stack.top.notices()
    assert len(notices) == 1 and "could not be looked at" in notices[0], notices

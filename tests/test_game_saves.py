"""Save and resume through the real loop: the save after every action, Resume, kill -9, damaged and newer saves,
hot-seat privacy after resume, the history and the Replays screen (SDL dummy drivers)."""

import json
import os
import signal
import subprocess
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.sprint.records import Record  # noqa: E402
from engine.sprint import Lay, Phase  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.screens.replays import ReplaysScene  # noqa: E402
from game.tables.sprint.tools import table_mismatches  # noqa: E402
from game.shell.saves import HISTORY_SIZE, SIDE_SAVE_NAME  # noqa: E402
from game.screens import PassDeviceScene, TitleScene  # noqa: E402
from game.tables.sprint.round_over import RoundOverScene  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import DT, frame, wait, click, finished_record  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def new_app(data_dir, anim="fast"):
    """An app as a fresh launch sees it: it loads whatever is in ``data_dir``."""
    app = App((1280, 720), data_dir, seed=5, resizable=False)
    app.settings.animation_speed = anim
    app.settings.ai_speed = "instant"
    app.settings.confirm_discard = False  # tests discard without the first-game question
    app.think_ms = 30
    app.to_title()
    app.step(DT, [])
    return app


def click_button(app, key):
    top = app.stack.top
    button = next(b for b in top.buttons if b.key == key)
    click(app, button.rect.center)


def button_keys(app):
    return [b.key for b in app.stack.top.buttons]


def play_human_turn(app, table):
    """The bottom human's turn with the mouse: draw from a pile, lay the first match if any, discard."""
    L = table.layout
    state = table.state
    if state.phase is Phase.DRAW:
        click(app, L.stock.center if state.stock else L.discard.center)
        wait(app, lambda: table.my_turn() or state.current != table.viewer or state.is_over)
    while table.my_turn() and state.phase is Phase.BUILD:
        lays = [a for a in state.legal_actions() if isinstance(a, Lay)]
        if lays:
            table.selected = set(lays[0].cards)
            click(app, L.buttons["lay"].center)
        else:
            card = max(table.model.hands[table.viewer], key=lambda c: c.rank)
            table.selected = {card}
            click(app, L.discard.center)
        wait(app, lambda: table.my_turn() or state.current != table.viewer or state.is_over)


def play_until(app, table, actions):
    """Run the loop, playing human turns, until the round has at least ``actions`` actions."""
    while len(table.record.actions) < actions and not table.state.is_over:
        top = app.stack.top
        if isinstance(top, PassDeviceScene):
            top.ready()
            frame(app)
        elif table.my_turn():
            play_human_turn(app, table)
        else:
            frame(app)


def saved(data_dir, name="save.json"):
    return Record.loads((data_dir / "sprint" / name).read_bytes())


def test_every_action_is_saved_and_the_file_replays_to_the_live_state(pg, tmp_path):
    app = new_app(tmp_path)
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "master")], first=0, deal=42))
    table = app.stack.top
    checked = 0
    while not table.state.is_over:
        count = len(table.record.actions)
        if table.my_turn():
            play_human_turn(app, table)
        else:
            frame(app)
        if len(table.record.actions) != count and not table.state.is_over:
            app.saves.flush()  # the write runs beside the loop; it started with the action
            on_disk = saved(tmp_path)
            assert on_disk.actions == table.record.actions
            assert on_disk.final_state() == table.state
            checked += 1
        assert checked < 400
    assert checked > 10
    app.saves.flush()
    data = json.loads((tmp_path / "sprint" / "history").glob("*.json").__next__().read_text())
    assert data["players"][1]["think_ms"] == 30 and data["setup"] == {"first": 0, "deal": 42}
    # the finished round went to the history and the save is gone
    assert not (tmp_path / "sprint" / "save.json").exists()
    [kept] = list((tmp_path / "sprint" / "history").glob("*.json"))
    assert Record.loads(kept.read_bytes()).final_state() == table.state


def test_resume_from_the_title_continues_at_the_exact_state(pg, tmp_path):
    app = new_app(tmp_path)
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard"), SeatConfig("Ben", "ai", "apprentice")],
                             first=1, deal=9))
    table = app.stack.top
    play_until(app, table, 14)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window is closed mid-round
    frame(app)
    assert not app.running
    app.saves.flush()
    live_state, live_model = table.state.clone(), table.model
    while table.steps or table.flights:  # what the table would show once its last cards land
        table.motion.update(1.0)

    again = new_app(tmp_path)
    again.settings.ai_speed = "normal"  # so no bot acts in the frame of the click
    assert isinstance(again.stack.top, TitleScene) and button_keys(again)[0] == "resume"
    on_disk = saved(tmp_path)
    click_button(again, "resume")
    resumed = again.stack.top
    assert isinstance(resumed, TableScene) and not resumed.replaying
    assert resumed.state == live_state
    assert table_mismatches(resumed, on_disk) == []
    assert [sorted(h) for h in resumed.model.hands] == [sorted(h) for h in live_model.hands]
    assert resumed.model.laid == live_model.laid and resumed.model.discard == live_model.discard
    assert not resumed.flights and not resumed.steps  # no deal or catch-up animation
    # and the round goes on from there: the bots through the scheduler, the human by clicks
    resumed.driver.delay = 0.0
    before = len(resumed.record.actions)
    play_until(again, resumed, before + 6)
    again.saves.flush()
    assert saved(tmp_path).actions[:before] == resumed.record.actions[:before]
    assert saved(tmp_path).final_state() == resumed.state


def test_kill_9_mid_round_then_resume_selftest_finishes_the_same_round(tmp_path):
    (tmp_path / "settings.json").write_text('{"ai_speed": "fast", "animation_speed": "fast"}')
    proc = subprocess.Popen([sys.executable, "-m", "game", "--autoplay", "standard,apprentice", "--data-dir", str(tmp_path)],
                            cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    save = tmp_path / "sprint" / "save.json"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if len(json.loads(save.read_bytes())["actions"]) >= 6:
                    break
            except (OSError, ValueError):
                pass
            assert proc.poll() is None, proc.stderr.read().decode()
            time.sleep(0.05)
        else:
            raise AssertionError("the autoplay game never saved six actions")
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(10) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    killed = Record.loads(save.read_bytes())
    assert killed.scores is None and len(killed.actions) >= 6

    result = subprocess.run([sys.executable, "-m", "game", "--resume", "--selftest", "--data-dir", str(tmp_path)],
                            cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    assert "resume selftest: ok" in result.stdout
    [kept] = list((tmp_path / "sprint" / "history").glob("*.json"))
    finished = Record.loads(kept.read_bytes())
    assert finished.scores is not None
    assert finished.actions[:len(killed.actions)] == killed.actions and len(finished.actions) > len(killed.actions)
    assert not save.exists()


def test_resume_selftest_fails_without_a_save_and_resume_does_not_mix_with_other_modes(tmp_path):
    result = subprocess.run([sys.executable, "-m", "game", "--resume", "--selftest", "--data-dir", str(tmp_path)],
                            cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "no saved round" in result.stderr
    mixed = subprocess.run([sys.executable, "-m", "game", "--resume", "--autoplay", "standard,master"],
                           cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert mixed.returncode == 2 and "--resume goes alone or with --selftest" in mixed.stderr


def test_a_resumed_selftest_that_does_not_match_the_save_fails(pg, tmp_path, monkeypatch):
    from game.tables.sprint import table as table_module

    app = new_app(tmp_path)
    app.start_game(GameSetup.all_ai(["standard", "apprentice"]))
    play_until(app, app.stack.top, 5)
    app.saves.flush()
    pygame.quit()
    pygame.init()
    real = table_module.TableScene.catch_up
    monkeypatch.setattr(table_module.TableScene, "catch_up", lambda self, actions: real(self, actions[:-1]))
    assert modes.resume_selftest("sprint", tmp_path) == 1


def test_a_damaged_save_is_set_aside_and_reported_and_nothing_else_is_touched(pg, tmp_path):
    (tmp_path / "save.json").write_text('{"format": "sprint-snap-score/1", "players": [{"name": "A"}], "deal": 7')
    (tmp_path / "settings.json").write_text('{"animation_speed": "slow"}')
    settings_before = (tmp_path / "settings.json").read_bytes()
    app = new_app(tmp_path)
    assert any("saved round file was damaged" in p and "could not be resumed" in p for p in app.problems)
    assert "resume" not in button_keys(app)
    [aside] = list((tmp_path / "sprint").glob("save.json.corrupt-*"))
    assert aside.read_text().endswith('"deal": 7')
    assert not (tmp_path / "sprint" / "save.json").exists()
    assert (tmp_path / "settings.json").read_bytes() == settings_before


def test_a_save_from_a_newer_version_is_refused_and_never_touched(pg, tmp_path):
    newer = json.dumps({"format": "sprint-snap-score/2", "players": "whatever a newer game writes", "actions": []})
    (tmp_path / "save.json").write_text(newer)
    app = new_app(tmp_path)
    assert any("newer version" in p and "sprint-snap-score/2" in p for p in app.problems)
    assert "resume" not in button_keys(app)
    assert not list(tmp_path.glob("*.corrupt-*"))
    # a new round here is saved beside it, never over it
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], first=0, deal=3))
    play_until(app, app.stack.top, 4)
    app.saves.flush()
    assert (tmp_path / "sprint" / "save.json").read_text() == newer
    assert len(saved(tmp_path, SIDE_SAVE_NAME).actions) >= 4
    # next launch: still refused, still untouched, and our own round is offered
    again = new_app(tmp_path)
    assert any("newer version" in p for p in again.problems)
    assert button_keys(again)[0] == "resume"
    click_button(again, "resume")
    assert isinstance(again.stack.top, TableScene)
    assert (tmp_path / "sprint" / "save.json").read_text() == newer and not list(tmp_path.glob("*.corrupt-*"))


def test_a_resumed_hotseat_game_starts_at_the_pass_device_screen(pg, tmp_path):
    app = new_app(tmp_path)
    app.start_game(GameSetup.hotseat(["Ann", "Bea"], ["standard"]))
    table = app.stack.find(TableScene)
    play_until(app, table, 8)
    while not table.my_turn():  # stop with a hand on screen, as a player would
        top = app.stack.top
        top.ready() if isinstance(top, PassDeviceScene) else None
        frame(app)
    app.saves.flush()

    again = App((1280, 720), tmp_path, seed=5, resizable=False)
    again.settings.ai_speed = "instant"
    again.settings.confirm_discard = False
    again.to_title()
    again.step(DT, [])
    click_button(again, "resume")  # the frame after the click is the first one with the table
    resumed = again.stack.find(TableScene)
    assert isinstance(again.stack.top, PassDeviceScene)
    hidden = set()
    for p in range(resumed.state.num_players):
        hidden |= set(resumed.state.hand(p)) - set(resumed.state.observation(p).known_cards[p])
    assert not set(again.art.faces_blitted) & hidden, "a hand was shown before the pass-device screen"
    seat = again.stack.top.seat
    assert seat == resumed.turns.next_human(resumed.state.current) and resumed.pending_pass
    again.stack.top.ready()
    assert resumed.viewer == seat and not resumed.pending_pass and resumed.shows_face(seat)


def test_a_finished_round_goes_to_the_history_which_keeps_the_last_20(pg, tmp_path):
    history = tmp_path / "sprint" / "history"
    history.mkdir(parents=True)
    old = finished_record(1).dumps()
    for i in range(HISTORY_SIZE + 3):
        (history / f"20200101-0000{i:02d}-00.json").write_text(old)
    app = new_app(tmp_path, anim="off")
    app.start_game(GameSetup.all_ai(["apprentice", "standard"]))
    table = app.stack.top
    wait(app, lambda: isinstance(app.stack.top, RoundOverScene), 120)
    app.saves.flush()
    files = sorted(history.glob("*.json"))
    assert len(files) == HISTORY_SIZE
    assert files[0].name == "20200101-000004-00.json"  # the four oldest are gone
    assert Record.loads(files[-1].read_bytes()).actions == table.record.actions
    assert not (tmp_path / "sprint" / "save.json").exists()


def test_a_new_round_keeps_an_unfinished_saved_one_in_the_history(pg, tmp_path):
    app = new_app(tmp_path)
    app.start_game(GameSetup.all_ai(["standard", "apprentice"]))
    first = app.stack.top
    play_until(app, first, 5)
    app.saves.flush()
    unfinished = saved(tmp_path)
    app.to_title()
    click_button(app, "game:sprint")
    click_button(app, "quick")
    click_button(app, "yes")  # it asks before a new round replaces the saved one
    play_until(app, app.stack.top, 2)
    app.saves.flush()
    [kept] = list((tmp_path / "sprint" / "history").glob("*.json"))
    assert Record.loads(kept.read_bytes()).actions[:len(unfinished.actions)] == unfinished.actions
    assert saved(tmp_path).actions == app.stack.find(TableScene).record.actions


def test_the_replays_screen_lists_the_history_and_opens_a_replay(pg, tmp_path):
    history = tmp_path / "sprint" / "history"
    history.mkdir(parents=True)
    records = [finished_record(seed) for seed in (3, 4)]
    for i, rec in enumerate(records):
        (history / f"20250102-10000{i}-00.json").write_text(rec.dumps())
    (history / "20250102-100009-00.json").write_text("not json")
    app = new_app(tmp_path, anim="off")
    click_button(app, "game:sprint")
    click_button(app, "replays")
    screen = app.stack.top
    assert isinstance(screen, ReplaysScene)
    assert [k for k in button_keys(app) if k.startswith("open:")] == ["open:0", "open:1"]
    assert any("replay 20250102-100009-00.json" in p for p in app.problems)
    click_button(app, "open:0")  # the newest first
    table = app.stack.top
    assert isinstance(table, TableScene) and table.replaying
    wait(app, lambda: isinstance(app.stack.top, RoundOverScene), 120)
    assert table.state == records[1].final_state()
    assert not (tmp_path / "sprint" / "save.json").exists()  # watching a replay saves nothing


def _in_thread(fn, *args):
    """``fn(*args)`` on a daemon thread; its result, or AssertionError if it still runs after 10 s (a hang)."""
    import threading

    out = []
    worker = threading.Thread(target=lambda: out.append(fn(*args)), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), f"{fn.__name__} hangs"
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_refuses_a_fifo_and_a_huge_number_with_a_message(tmp_path, capsys):
    from game.shell.headless import load_record

    os.mkfifo(tmp_path / "pipe.json")
    assert _in_thread(load_record, tmp_path / "pipe.json") is None
    assert "not a regular file" in capsys.readouterr().err
    huge = finished_record(3).dumps().replace('"seed":', '"seed":' + "9" * 5000 + ',"was":', 1)
    (tmp_path / "huge.json").write_text(huge)
    assert load_record(tmp_path / "huge.json") is None
    assert "malformed number" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("where", ["settings.json", "stats.json", "save.json", "history/20250101-000000-00.json"])
def test_a_fifo_in_place_of_a_data_file_is_set_aside_and_reported(pg, tmp_path, where):
    (tmp_path / "history").mkdir()
    os.mkfifo(tmp_path / where)
    app = _in_thread(new_app, tmp_path)
    if where.startswith("history"):
        _in_thread(click_button, app, "game:sprint")
        _in_thread(click_button, app, "replays")
        assert isinstance(app.stack.top, ReplaysScene)
    assert any("not a regular file" in p for p in app.problems), app.problems
    assert not (tmp_path / where).exists()
    # settings are global; the rest is the game's, moved into its folder (an old version's place) and set aside there
    kept = tmp_path / where if where == "settings.json" else tmp_path / "sprint" / where
    assert list(kept.parent.glob(f"{kept.name}.corrupt-*"))


def _no_background_writes(monkeypatch):
    """As if the process were killed before the background thread wrote anything."""
    from game.shell import saves

    monkeypatch.setattr(saves.Writer, "submit", lambda self, kind, job: None)


def test_every_action_is_on_disk_when_the_table_shows_it(pg, tmp_path, monkeypatch):
    from game.shell.saves import SaveStore

    _no_background_writes(monkeypatch)
    app = new_app(tmp_path)
    app.start_game(GameSetup.all_ai(["standard", "apprentice"]))
    table = app.stack.top
    for target in (1, 2, 7, 12):
        play_until(app, table, target)
        recovered = SaveStore.open(tmp_path / "sprint")  # what a restart after kill -9 finds
        assert not recovered.problems
        assert Record.from_json(recovered.pending).actions == table.record.actions


def test_a_kill_after_the_history_write_neither_offers_resume_nor_duplicates(pg, tmp_path, monkeypatch):
    from game.shell import saves

    monkeypatch.setattr(saves.SaveStore, "_remove", staticmethod(lambda path: None))  # killed before the removal
    app = new_app(tmp_path, anim="off")
    app.start_game(GameSetup.all_ai(["apprentice", "standard"]))
    table = app.stack.top
    wait(app, lambda: isinstance(app.stack.top, RoundOverScene), 120)
    app.saves.flush()
    monkeypatch.undo()
    again = new_app(tmp_path)
    assert "resume" not in button_keys(again) and again.saves.pending is None
    [kept] = list((tmp_path / "sprint" / "history").glob("*.json"))
    assert Record.loads(kept.read_bytes()).actions == table.record.actions
    assert not [p.name for p in (tmp_path / "sprint").iterdir() if p.name not in ("history", "stats.json")]


def test_a_history_that_cannot_be_written_is_told_at_once_and_the_round_is_not_resumable(pg, tmp_path):
    (tmp_path / "sprint").mkdir(exist_ok=True)
    (tmp_path / "sprint" / "history").write_text("a file where the folder should be")
    app = new_app(tmp_path, anim="off")
    app.start_game(GameSetup.all_ai(["apprentice", "standard"]))
    table = app.stack.top
    wait(app, lambda: table.state.is_over, 120)
    app.saves.flush()  # the history is written beside the loop: the next frame tells, whatever the player does
    frame(app)
    assert table.toast and table.toast[2] and "history" in table.toast[0]
    assert "Errno" not in table.toast[0]
    app.saves.flush()
    again = new_app(tmp_path)
    assert "resume" not in button_keys(again) and again.saves.pending is None
    assert any("history" in p for p in again.problems)
    (tmp_path / "sprint" / "history").unlink()  # the folder can be written again: the round goes there, once
    third = new_app(tmp_path)
    [kept] = list((tmp_path / "sprint" / "history").glob("*.json"))
    assert Record.loads(kept.read_bytes()).actions == table.record.actions
    assert "resume" not in button_keys(third) and not third.problems


def test_a_new_round_after_a_failed_history_write_keeps_the_finished_one(pg, tmp_path):
    (tmp_path / "sprint").mkdir(exist_ok=True)
    (tmp_path / "sprint" / "history").write_text("a file where the folder should be")
    app = new_app(tmp_path, anim="off")
    app.start_game(GameSetup.all_ai(["apprentice", "standard"]))
    finished = app.stack.top
    wait(app, lambda: finished.state.is_over, 120)
    app.start_game(GameSetup.all_ai(["apprentice", "standard"]))
    play_until(app, app.stack.top, 1)
    app.saves.flush()
    kept = tmp_path / "sprint" / "save.journal.finished"
    from game.shell.storage import read_journal_text
    assert Record.from_json(read_journal_text(kept.read_text())).actions == finished.record.actions
    assert saved(tmp_path).actions == app.stack.top.record.actions  # the new round is saved as usual


def test_a_deal_number_from_a_file_is_bounded():
    from game.shell.resume import setup_of

    record = finished_record(3)
    for deal, kept in ((42, 42), (10**9 - 1, 10**9 - 1), (10**4000, None), (-1, None), (True, None)):
        record.extra["setup"] = {"first": 0, "deal": deal}
        assert setup_of(record).deal == kept


def test_a_kill_before_a_finished_round_is_filed_files_it_at_the_next_start(pg, tmp_path, monkeypatch):
    _no_background_writes(monkeypatch)  # the round ends, and the process dies before the writer thread runs
    app = new_app(tmp_path, anim="off")
    app.start_game(GameSetup.all_ai(["apprentice", "standard"]))
    table = app.stack.top
    wait(app, lambda: table.state.is_over, 120)
    monkeypatch.undo()
    again = new_app(tmp_path)
    assert "resume" not in button_keys(again) and not again.problems
    [kept] = list((tmp_path / "sprint" / "history").glob("*.json"))
    assert Record.loads(kept.read_bytes()).actions == table.record.actions
    assert not [p.name for p in (tmp_path / "sprint").iterdir() if p.name not in ("history", "stats.json")]

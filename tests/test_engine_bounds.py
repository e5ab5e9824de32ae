"""What a record may claim is bounded, so no file can freeze loading, --replay, Replays or start-up (issue 27, item 1)."""

from __future__ import annotations

import json
import threading
import time

import pytest

from engine.envelope import RecordError
from engine.games import GAMES, load_record
from engine.sprint.records import MAX_ACTIONS
from engine.snap import new_game
from engine.snap.game import LONGEST_GAME_MS

TWO_HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def snap_record(clock, **extra):
    return json.dumps({"format": "snap/1", "seed": 1, "options": {"auto_flip": 2}, "players": TWO_HUMANS,
                       "actions": [], "clock": clock, **extra})


def within(seconds, fn, *args):
    """``fn(*args)`` on a daemon thread: its result or exception; fails once that thread has spent ``seconds`` of CPU
    time (its own clock where the system has one, else the process's: a loaded machine's wall clock runs on while the
    thread waits for a core, so the work done judges it), or when it still runs after a minute of wall time (blocked)."""
    out: list = []
    clocks: list = []

    def run():
        if hasattr(time, "pthread_getcpuclockid"):
            clocks.append(time.pthread_getcpuclockid(threading.get_ident()))
        try:
            out.append(("ok", fn(*args)))
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out.append(("raised", exc))

    def cpu():
        try:
            return time.clock_gettime(clocks[0])
        except OSError:  # the thread ended as it was read
            return 0.0

    worker = threading.Thread(target=run, daemon=True)
    end = time.monotonic() + max(60.0, seconds)
    cpu0 = time.process_time()
    worker.start()
    while worker.is_alive() and time.monotonic() < end:
        spent = cpu() if clocks else time.process_time() - cpu0
        assert spent < seconds, f"{fn.__name__} still runs after {seconds} s of CPU time"
        worker.join(0.02)
    assert not worker.is_alive(), f"{fn.__name__} still runs after a minute"
    return out[0]


@pytest.mark.parametrize("clock", [4503599627370496, 10**10, 10**8, LONGEST_GAME_MS + 1])
def test_a_snap_record_claiming_more_time_than_a_game_lasts_is_refused_at_once(clock):
    kind, value = within(2, load_record, snap_record(clock))
    assert kind == "raised" and isinstance(value, RecordError) and "length limit" in str(value)


def test_an_action_after_the_length_limit_is_refused_at_once():
    text = json.dumps({"format": "snap/1", "seed": 1, "players": TWO_HUMANS,
                       "actions": [{"seat": 0, "at": 10**12, "type": "flip"}]})
    kind, value = within(2, load_record, text)
    assert kind == "raised" and "end by" in str(value)


def test_a_record_using_the_whole_length_limit_loads_quickly_and_the_game_ended_on_time():
    kind, record = within(3, load_record, snap_record(LONGEST_GAME_MS))  # CPU time, and a hang fails after a minute
    assert kind == "ok", record
    state = record.final_state()
    assert state.is_over and state.end_reason == "time"


def test_snap_with_no_time_limit_ends_on_time_at_its_length_limit():
    state = new_game(2, {"auto_flip": 2, "time_limit": 0}, 4)
    events = state.advance(LONGEST_GAME_MS - 1)
    assert not state.is_over and len(events) >= LONGEST_GAME_MS // 2000 - 1
    state.advance(LONGEST_GAME_MS)
    assert state.is_over and state.end_reason == "time"
    timed = new_game(2, {"time_limit": 3}, 4)
    assert timed.next_deadline() == 3 * 60_000  # a chosen time limit still rules


@pytest.mark.parametrize("game", list(GAMES))
def test_a_record_with_more_actions_than_any_game_is_refused_before_replaying(game):
    info = GAMES[game]
    limit = MAX_ACTIONS if game == "sprint" else info.most_actions
    data = {"format": info.format, "seed": 1, "players": TWO_HUMANS,
            "actions": [{"seat": 0, "player": 0, "type": "flip"}] * (limit + 1)}
    if game == "sprint":
        data["deal"] = {"hands": [[], []], "discard": [], "stock": []}
    kind, value = within(5, load_record, json.dumps(data))
    assert kind == "raised" and isinstance(value, RecordError) and "at most" in str(value)


def test_start_up_replays_and_history_never_freeze_on_such_a_file(tmp_path):
    from game.shell.saves import SaveStore

    folder = tmp_path / "snap"
    (folder / "history").mkdir(parents=True)
    (folder / "save.json").write_text(snap_record(4503599627370496))
    (folder / "history" / "20250101-000000-00.json").write_text(snap_record(10**9))
    kind, store = within(5, SaveStore.open, folder)
    assert kind == "ok" and store.pending is None
    assert any("length limit" in p for p in store.problems)
    kind, (rounds, problems) = within(5, store.history)
    assert rounds == [] and any("length limit" in p for p in problems)

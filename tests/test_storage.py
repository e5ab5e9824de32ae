"""Data files: atomic writes, corrupt files set aside and reported, statistics counted right."""

import json
import os

import pytest

from game.shell.stats import HOTSEAT, StatLine, Statistics
from game.shell.storage import DataError, read_json, set_aside, write_json


def test_write_then_read(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    write_json(path, {"volume": 0.5})
    assert read_json(path, "settings") == ({"volume": 0.5}, None)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_missing_file_is_not_a_problem(tmp_path):
    assert read_json(tmp_path / "nothing.json", "settings") == (None, None)


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00", b"", b"[" * 100000 + b"]" * 100000])
def test_corrupt_file_is_set_aside_and_reported(tmp_path, content):
    path = tmp_path / "stats.json"
    path.write_bytes(content)
    value, problem = read_json(path, "statistics")
    assert value is None and "statistics file was damaged" in problem
    assert not path.exists()
    (kept,) = tmp_path.glob("stats.json.corrupt-*")
    assert kept.read_bytes() == content  # nothing lost
    assert kept.name in problem


def test_a_refused_check_is_set_aside_too(tmp_path):
    path = tmp_path / "stats.json"
    write_json(path, {"version": "one"})
    value, problem = read_json(path, "statistics", Statistics.from_json)
    assert value is None and "version-1" in problem
    assert list(tmp_path.glob("stats.json.corrupt-*"))


def test_set_aside_never_overwrites(tmp_path):
    for _ in range(3):
        path = tmp_path / "save.json"
        path.write_text("x")
        set_aside(path)
    assert len(list(tmp_path.glob("save.json.corrupt-*"))) == 3


def test_write_is_atomic_when_interrupted(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    write_json(path, {"n": 1})

    def crash(*args):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_json(path, {"n": 2})
    monkeypatch.undo()
    assert json.loads(path.read_text()) == {"n": 1}


def test_stat_line_counts_streaks():
    line = StatLine()
    for score, outcome in [(10, "won"), (12, "won"), (3, "lost"), (8, "won"), (8, "shared")]:
        line.add(score, outcome)
    assert (line.played, line.won, line.shared, line.lost) == (5, 3, 1, 1)
    assert line.best == 12 and line.average == pytest.approx(41 / 5)
    assert line.longest_streak == 2 and line.streak == 0


def test_statistics_per_level_and_hotseat():
    stats = Statistics()
    seats = [("Ann", "human", None), ("Bot", "ai", "standard"), ("Max", "ai", "master")]
    assert stats.count_round("sss", seats, [10, 4, 10]) == ["master"]
    assert stats.line("sss", "master").shared == 1
    hot = [("Ann", "human", None), ("Bea", "human", None)]
    assert stats.count_round("sss", hot, [5, 9]) == [f"{HOTSEAT}:Ann", f"{HOTSEAT}:Bea"]
    assert stats.line("sss", f"{HOTSEAT}:Bea").won == 1
    assert stats.count_round("sss", [("A", "ai", "standard"), ("B", "ai", "apprentice")], [1, 2]) == []
    again = Statistics.from_json(json.loads(json.dumps(stats.to_json())))
    assert again == stats


def test_statistics_refuse_nonsense():
    with pytest.raises(DataError):
        Statistics.from_json({"version": 1, "games": {"g": {"standard": {"played": 2, "won": 5}}}})
    with pytest.raises(DataError):
        StatLine.from_json({"played": -1})
    with pytest.raises(DataError):
        StatLine.from_json({"played": 1, "lost": 1, "streak": -1})


# --- every value the game writes, it reads back -------------------------------------------------------

from hypothesis import given, settings as hsettings, strategies as st  # noqa: E402

from engine.sprint.records import PlayerInfo, Record  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from game.shell.stats import load_statistics, save_statistics  # noqa: E402
from game.shell.storage import describe_os_error, read_file  # noqa: E402

SEAT_KINDS = st.sampled_from([("human", None), ("ai", "apprentice"), ("ai", "standard"), ("ai", "strategist"),
                              ("ai", "master")])


def random_finished_scores(seed, players):
    """The scores of a real round played to the end with random legal actions."""
    import random

    rng = random.Random(seed)
    record, state = Record.new([PlayerInfo(f"P{i}") for i in range(players)], seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        record.append(state.current, action, state.apply(action))
    return list(state.result.scores)


@hsettings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.lists(SEAT_KINDS, min_size=2, max_size=5)), min_size=1, max_size=4))
def test_statistics_the_game_writes_are_read_back_after_any_finished_rounds(tmp_path_factory, rounds):
    data_dir = tmp_path_factory.mktemp("stats")
    stats, path, problem = load_statistics(data_dir)
    assert problem is None
    for seed, kinds in rounds:
        seats = [(f"Seat {i}", kind, level) for i, (kind, level) in enumerate(kinds)]
        stats.count_round("sss", seats, random_finished_scores(seed, len(seats)))
        assert save_statistics(stats, path) is None
    again, _, problem = load_statistics(data_dir)
    assert problem is None and again == stats
    assert not list(data_dir.glob("*.corrupt-*"))


def test_a_losing_round_with_a_negative_total_is_read_back(tmp_path):
    stats, path, _ = load_statistics(tmp_path)
    stats.count_round("sss", [("You", "human", None), ("Ada", "ai", "standard")], [-1, 58])
    save_statistics(stats, path)
    again, _, problem = load_statistics(tmp_path)
    assert problem is None and again.line("sss", "standard").total == -1


def test_a_newer_statistics_file_is_left_alone_and_ours_is_kept_beside_it(tmp_path):
    newer = json.dumps({"version": 2, "games": {"sss": "a newer layout"}})
    (tmp_path / "stats.json").write_text(newer)
    stats, path, problem = load_statistics(tmp_path)
    assert "newer version" in problem and stats == Statistics()
    assert path.name == "stats-v1.json" and not list(tmp_path.glob("*.corrupt-*"))
    stats.count_round("sss", [("You", "human", None), ("Ada", "ai", "standard")], [10, 3])
    assert save_statistics(stats, path) is None
    again, _, problem = load_statistics(tmp_path)
    assert again == stats and "newer version" in problem
    assert (tmp_path / "stats.json").read_text() == newer
    (tmp_path / "stats.json").unlink()  # the newer game's file is gone: ours takes the usual name again
    again, path, problem = load_statistics(tmp_path)
    assert again == stats and problem is None and path.name == "stats.json"


def test_a_statistics_save_error_is_told_in_words(tmp_path, monkeypatch):
    import errno

    stats, path, _ = load_statistics(tmp_path)

    def full(src, dst):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(src))

    monkeypatch.setattr(os, "replace", full)
    problem = save_statistics(stats, path)
    assert problem and "disk is full" in problem
    assert "Errno" not in problem and ".tmp" not in problem and str(tmp_path) not in problem
    assert "Errno" not in describe_os_error(PermissionError(errno.EACCES, "Permission denied", "/x/.a.tmp"))


def test_a_utf8_bom_file_is_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 30}).encode())
    assert read_json(path, "settings") == ({"volume": 30}, None)
    record, _ = Record.new([PlayerInfo("A"), PlayerInfo("B")], 4)
    assert Record.loads(b"\xef\xbb\xbf" + record.dumps().encode()).deal == record.deal
    assert Record.loads("\ufeff" + record.dumps()).deal == record.deal


def test_a_setting_of_the_wrong_type_is_reported_and_the_file_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": "loud", "animation_speed": "slow", "sound": 1}))
    settings, problem = Settings.load(tmp_path)
    assert settings.animation_speed == "slow"  # the good values are kept
    assert settings.volume == Settings().volume and settings.sound is Settings().sound
    assert problem and "volume" in problem and "sound" in problem and "animation" not in problem
    [kept] = tmp_path.glob("settings.json.corrupt-*")
    assert json.loads(kept.read_text())["volume"] == "loud" and kept.name in problem
    assert Settings.load(tmp_path) == (settings, None)  # told once: the file now holds what is used


def test_unknown_settings_from_a_newer_version_are_not_a_problem(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"volume": 30, "a_newer_setting": [1, 2]}))
    settings, problem = Settings.load(tmp_path)
    assert problem is None and settings.volume == 30


def run_briefly(fn, *args):
    """``fn(*args)`` on a daemon thread; its result, or AssertionError if it is still running after 10 s."""
    import threading

    out = []
    worker = threading.Thread(target=lambda: out.append(fn(*args)), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), f"{fn.__name__} hangs"
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["settings.json", "stats.json"])
def test_a_fifo_in_place_of_a_file_is_set_aside_and_reported(tmp_path, name):
    os.mkfifo(tmp_path / name)
    value, problem = run_briefly(read_json, tmp_path / name, "statistics")
    assert value is None and "not a regular file" in problem
    assert not (tmp_path / name).exists() and list(tmp_path.glob(f"{name}.corrupt-*"))


def test_read_file_refuses_a_folder(tmp_path):
    with pytest.raises(OSError):
        read_file(tmp_path)
    (tmp_path / "stats.json").mkdir()
    value, problem = read_json(tmp_path / "stats.json", "statistics")
    assert value is None and "not a regular file" in problem and list(tmp_path.glob("stats.json.corrupt-*"))


def test_statistics_refuse_unbounded_keys():
    with pytest.raises(DataError):
        Statistics.from_json({"version": 1, "games": {"sss": {"hotseat:" + "x" * 100_000: {}}}})


# --- the journal: an action is on disk before the table shows it ------------------------------------

from game.shell.storage import Journal, read_journal_text  # noqa: E402


def journal_of(path):
    return read_journal_text(path.read_bytes().decode())


def test_the_journal_is_its_header_with_every_entry_appended(tmp_path):
    journal = Journal(tmp_path / "save.journal")
    journal.start({"format": "any-game/1", "actions": [{"n": 0}], "extra": "kept"})
    journal.append([{"n": 1}])
    journal.append([{"n": 2}, {"n": 3}])
    assert journal.count == 4 and journal.appended == 3
    assert journal_of(tmp_path / "save.journal") == {"format": "any-game/1", "actions": [{"n": i} for i in range(4)],
                                                     "extra": "kept"}
    journal.discard()
    assert not (tmp_path / "save.journal").exists()


def test_an_append_cut_short_by_a_kill_is_left_out_and_the_rest_kept(tmp_path):
    path = tmp_path / "save.journal"
    journal = Journal(path)
    journal.start({"actions": []})
    journal.append([{"n": 0}, {"n": 1}])
    journal.close()
    whole = path.read_bytes()
    with open(path, "ab") as out:
        out.write(b'{"n": 2, "ty')  # the process died in the middle of a write
    assert journal_of(path)["actions"] == [{"n": 0}, {"n": 1}]
    path.write_bytes(whole[:-1])  # or just before the newline: that append never returned either
    assert journal_of(path)["actions"] == [{"n": 0}]
    path.write_bytes(whole.replace(b'{"n":0}', b'{"n":0'))
    with pytest.raises(DataError, match="line 2"):
        journal_of(path)
    with pytest.raises(DataError):
        read_journal_text("")
    with pytest.raises(DataError):
        read_journal_text('{"journal": 1, "entries": "actions", "record": {"actions": 3}}\n')


def test_a_newer_journal_is_left_alone(tmp_path):
    path = tmp_path / "save.journal"
    path.write_text('{"journal": 2, "whatever": true}\n')
    value, problem = read_json(path, "saved round", decode=read_journal_text)
    assert value is None and "newer version" in problem and path.exists()


def test_compaction_folds_entries_into_the_header_and_keeps_later_ones(tmp_path):
    path = tmp_path / "save.journal"
    journal = Journal(path)
    journal.start({"actions": []})
    journal.append([{"n": i} for i in range(5)])
    header = journal.header({"actions": [{"n": i} for i in range(3)], "note": "compacted"})
    generation = journal.generation
    journal.append([{"n": 5}])  # appended after the compacted header was made
    journal.compact(header, 3, generation)
    assert path.read_bytes().count(b"\n") == 4  # the header and three entries
    assert journal_of(path) == {"actions": [{"n": i} for i in range(6)], "note": "compacted"}
    journal.append([{"n": 6}])  # appends go on in the new file
    assert journal_of(path)["actions"] == [{"n": i} for i in range(7)] and journal.count == 7
    assert [p.name for p in tmp_path.iterdir()] == ["save.journal"]
    # a compaction made for a journal since replaced does nothing
    old = journal.generation
    journal.start({"actions": [], "round": 2})
    journal.compact(header, 3, old)
    assert journal_of(path) == {"actions": [], "round": 2}

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
    write_json(path, {"version": 99})
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

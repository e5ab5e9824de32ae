"""Network play survives: a client killed mid-game rejoins with its token and the game ends with nothing lost;
the host killed mid-game resumes from its journal and its clients rejoin by themselves.  Every byte each client
received is checked for cards its seat may not see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.games import load_record_data
from game.shell.storage import read_journal_text
from net_helpers import finish_all, leaks, player, serve, views, wait_for

CASES = {
    "snap": ("remote,remote,bot:hard", ("--option", "time_limit=3"), ("--level", "hard")),
    "scamper": ("remote,remote,bot:easy", ("--option", "rounds=2"), ()),
}


STARTS_S = 60.0
"""At most this long for the game to be under way before a player or the host is killed (it starts within seconds,
longer on a loaded machine: the wait ends when it is).  The game then takes as long as it takes: a killed-and-restarted
game of two rounds (Scamper) or three minutes (Snap) takes 10-25 s, longer under load; the test fails on a stall
(:func:`finish_all`), not on a slow game."""


def _player(port: int, tmp_path: Path, i: int, level: tuple[str, ...]):
    return player(port, f"P{i}", "--seed", str(i), "--token-file", str(tmp_path / f"token{i}"),
                  "--dump", str(tmp_path / f"dump{i}"), *level)


def _dumps(tmp_path: Path, count: int) -> list[Path]:
    return [tmp_path / f"dump{i}" for i in range(count)]


def _players(port: int, tmp_path: Path, count: int, level: tuple[str, ...]) -> list:
    return [_player(port, tmp_path, i, level) for i in range(count)]


def _check_everything_reached(game: str, tmp_path: Path, count: int) -> None:
    for i in range(count):
        dump = tmp_path / f"dump{i}"
        seen = views(dump)
        assert seen and seen[-1]["over"], f"player {i} did not see the end"
        seats = set(seen[-1]["seats"])
        assert leaks(game, dump, seats) == []


@pytest.mark.parametrize("game", list(CASES))
def test_a_client_killed_mid_game_rejoins_and_the_game_ends(game: str, tmp_path: Path) -> None:
    seats, options, level = CASES[game]
    journal = tmp_path / "game.journal"
    host, port = serve(game, seats, "--journal", str(journal), *options)
    players = _players(port, tmp_path, 2, level)
    assert wait_for(lambda: len(seen := views(tmp_path / "dump1")) >= 8 and not seen[-1]["over"], STARTS_S), \
        "no game to leave"
    players[1].kill()
    players[1].wait()
    before = views(tmp_path / "dump1")[-1]["version"]
    players[1] = _player(port, tmp_path, 1, level)
    *reports, (code, lines, err) = finish_all([*players, host], _dumps(tmp_path, 2))
    assert code == 0 and lines and lines[-1].get("over"), (err[-2000:], [(r[1], r[2][-500:]) for r in reports])
    for rc, out, perr in reports:
        assert rc == 0 and out[-1]["over"], (out, perr[-2000:])
    rejoined = [v for v in views(tmp_path / "dump1") if v["version"] >= before]
    assert rejoined, "the rejoined client got the current picture"
    record = load_record_data(read_journal_text(journal.read_text(encoding="utf-8")))
    assert record.final_state().is_over, "the journal holds the whole game"
    assert len(record.to_json()["actions"]) == lines[-1]["actions"]
    _check_everything_reached(game, tmp_path, 2)


@pytest.mark.parametrize("game", list(CASES))
def test_the_host_killed_mid_game_resumes_from_its_journal(game: str, tmp_path: Path) -> None:
    seats, options, level = CASES[game]
    journal = tmp_path / "game.journal"
    host, port = serve(game, seats, "--journal", str(journal), *options)
    players = _players(port, tmp_path, 2, level)
    assert wait_for(lambda: journal.exists() and len(journal.read_bytes().splitlines()) >= 8, STARTS_S), \
        "no game to kill"
    host.kill()
    host.wait()
    kept = len(read_journal_text(journal.read_text(encoding="utf-8"))["actions"])
    host, again = serve(game, seats, "--journal", str(journal), "--resume", "--port", str(port), *options)
    assert again == port
    *reports, (code, lines, err) = finish_all([*players, host], _dumps(tmp_path, 2))
    assert code == 0 and lines and lines[-1].get("over"), (err[-2000:], [(r[1], r[2][-500:]) for r in reports])
    for rc, out, perr in reports:
        assert rc == 0 and out[-1]["over"], (out, perr[-2000:])
    record = load_record_data(json.loads(json.dumps(read_journal_text(journal.read_text(encoding="utf-8")))))
    assert record.final_state().is_over
    assert len(record.to_json()["actions"]) > kept
    _check_everything_reached(game, tmp_path, 2)

"""Network play on the loopback interface: a host and two to four client processes play every game to its end."""

from __future__ import annotations

import pytest

from net_helpers import finish, player, serve

GAMES = {
    # game: (seats, host options, player level)
    "sprint": ("remote,remote,bot:standard", (), None),
    "snap": ("remote,remote,bot:hard", ("--option", "time_limit=3"), "hard"),
    "ratscrew": ("remote,remote,bot:hard", (), "hard"),
    "scamper": ("remote,remote,remote,bot:easy", ("--option", "rounds=1"), None),
    "double-or-nothing": ("remote,remote", ("--option", "mode=duel"), None),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_clients_play_the_game_to_its_end(game: str) -> None:
    seats, options, level = GAMES[game]
    host, port = serve(game, seats, *options)
    level_args = ("--level", level) if level else ()
    players = [player(port, f"P{i}", "--seed", str(i), *level_args) for i in range(seats.count("remote"))]
    reports = [finish(p) for p in players]
    code, lines, err = finish(host)
    assert code == 0, err[-2000:]
    assert lines[-1].get("over") is True, (lines, err[-2000:])
    for rc, out, perr in reports:
        assert rc == 0 and out and out[-1]["over"], (out, perr[-2000:])
        if game not in ("snap", "ratscrew"):  # in a race a press may come after the match is gone: refused
            assert out[-1]["refused"] == 0, out

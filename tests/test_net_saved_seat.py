"""A friend whose app was closed mid-game takes the same seat back when it joins that table again (the seat's
token is remembered on disk); a token the table doesn't know is forgotten; a damaged file is set aside."""

from __future__ import annotations

import json
import time
from pathlib import Path

from game.net.authority import SeatSpec
from game.net.host import Host, HostConfig
from game.screens import net_seats
from game.screens.net_session import NetSession, join_session

ROOM = "KXPTAM"


def _until(session: NetSession, check, seconds: float = 60.0) -> bool:
    """Polls until ``check()`` holds (at once on a quiet machine; a loaded one may take a while), at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        session.poll()
        if check():
            return True
        time.sleep(0.01)
    return False


def _host() -> Host:
    host = Host(HostConfig("sprint", [SeatSpec("remote"), SeatSpec("remote")], room=ROOM, seed=4,
                           ai_speed="instant", bind="127.0.0.1", auto_start=False))
    host.start()
    return host


def test_an_app_closed_mid_lobby_takes_its_seat_back_with_the_remembered_token(tmp_path: Path) -> None:
    host = _host()
    try:
        first, problem = join_session("127.0.0.1", host.port, ROOM, "Ann", tmp_path)
        assert first is not None and problem == ""
        assert _until(first, lambda: bool(first.seats))
        seat = first.seats
        first.client.close()  # the app is closed: its client and everything in memory are gone
        other, _ = join_session("127.0.0.1", host.port, ROOM, "Bob")  # a newcomer takes the other seat
        assert other is not None and _until(other, lambda: bool(other.seats))
        assert other.seats != seat
        again, problem = join_session("127.0.0.1", host.port, ROOM, "Ann", tmp_path)
        assert again is not None and problem == "" and again.saved_token
        assert _until(again, lambda: bool(again.seats))
        assert again.seats == seat  # the same seat, proved by the remembered token
        again.client.close()
        other.client.close()
    finally:
        host.stop()


def test_a_token_the_table_does_not_know_is_forgotten_and_the_player_told(tmp_path: Path) -> None:
    host = _host()
    try:
        net_seats.remember(tmp_path, "127.0.0.1", host.port, ROOM, "0123456789abcdef01234567")
        session, _ = join_session("127.0.0.1", host.port, ROOM, "Ann", tmp_path)
        assert session is not None and session.saved_token
        assert _until(session, lambda: bool(session.problem))
        assert "forgotten" in session.problem and "Join again" in session.problem
        assert net_seats.saved_token(tmp_path, "127.0.0.1", host.port, ROOM) == (None, None)
        session.client.close()
    finally:
        host.stop()


def test_a_damaged_seats_file_is_set_aside_and_told_and_the_join_goes_on(tmp_path: Path) -> None:
    (tmp_path / net_seats.FILE).write_text('{"x": {"token": 5}}')
    token, problem = net_seats.saved_token(tmp_path, "127.0.0.1", 47474, ROOM)
    assert token is None and problem and "damaged" in problem and "newcomer" in problem
    assert not (tmp_path / net_seats.FILE).exists() and list(tmp_path.iterdir())  # kept aside, not deleted
    assert net_seats.remember(tmp_path, "127.0.0.1", 47474, ROOM, "abc") is None
    assert json.loads((tmp_path / net_seats.FILE).read_text())[f"127.0.0.1:47474:{ROOM}"]["token"] == "abc"
    assert net_seats.saved_token(tmp_path, "127.0.0.1", 47474, ROOM.lower()) == ("abc", None)

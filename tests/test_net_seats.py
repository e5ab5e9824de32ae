"""Seats at a hosted table: a turn game waits for a dropped player, or hands the seat to a bot after the host's
wait; several seats of one computer play through one connection; a race pauses while a player is away."""

from __future__ import annotations

import time

from game.net.authority import SeatSpec
from game.net.client import Client
from game.net.host import Host, HostConfig
from game.net.player import SeatPlayer

ROOM = "KXPTAM"
WAIT_S = 30.0
"""At most this long for what a test waits for (a message, a turn, a game's end): each wait ends as soon as it comes,
so a generous limit costs a quiet machine nothing and spares a loaded one."""


def _join(host: Host, name: str, token: str | None = None) -> SeatPlayer:
    client = Client()
    client.connect("127.0.0.1", host.port, ROOM, name, token)
    player = SeatPlayer(client)
    welcome = client.wait("welcome")
    assert welcome is not None
    player.take(welcome)
    client.ready()
    return player


def _play(players: list[SeatPlayer], seconds: float = WAIT_S, until: object = None) -> bool:
    """The players play for ``seconds``, or until each one's game is over or ``until()`` holds (which it says)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not all(p.over for p in players) and not (callable(until) and until()):
        for p in players:
            for message in p.client.poll():
                p.take(message)
            p.act()
        time.sleep(0.002)
    return all(p.over for p in players) or (callable(until) and bool(until()))


def test_a_bot_takes_a_dropped_turn_seat_after_the_hosts_wait() -> None:
    host = Host(HostConfig("sprint", [SeatSpec("remote"), SeatSpec("remote")], room=ROOM, seed=4, ai_speed="instant",
                           bot_after_s=0.3))
    host.start()
    try:
        stays, leaves = _join(host, "Stays"), _join(host, "Leaves")
        assert _play([stays, leaves], until=lambda: stays.version >= 3)
        leaves.client.close()
        assert _play([stays], until=lambda: any(s["bot_playing"] for s in host.lobby()["seats"]))
        assert [s["bot_playing"] for s in host.lobby()["seats"]] == [False, True]
        _play([stays], 120)  # to the game's end: a loaded machine may take a while
        assert stays.over and host.authority is not None and host.authority.is_over
    finally:
        host.stop()


def test_without_a_bot_the_turn_game_waits_and_the_player_comes_back() -> None:
    host = Host(HostConfig("sprint", [SeatSpec("remote"), SeatSpec("remote")], room=ROOM, seed=4, ai_speed="instant"))
    host.start()
    try:
        stays, leaves = _join(host, "Stays"), _join(host, "Leaves")
        assert _play([stays, leaves], until=lambda: stays.version >= 3)
        token, seat = leaves.client.token, leaves.client.seats[0]
        leaves.client.close()
        assert host.authority is not None
        # its turn comes (stays plays its own first, however slowly), then the game waits for it
        assert _play([stays], until=lambda: host.authority.state.to_move()[0] == seat)
        before = host.authority.version
        _play([stays], 1.0)
        assert host.authority.state.to_move()[:1] == (seat,) and host.authority.version == before, "the game waits"
        back = _join(host, "Back", token)
        _play([stays, back], 120)  # to the game's end
        assert stays.over and back.over
    finally:
        host.stop()


def test_one_connection_plays_several_seats_of_this_computer() -> None:
    host = Host(HostConfig("scamper", [SeatSpec("here"), SeatSpec("here"), SeatSpec("bot", "easy")], {"rounds": 1},
                           room=ROOM, seed=9, ai_speed="instant"))
    host.start()
    try:
        local = _join(host, "Us", host.local_token)
        assert local.client.seats == (0, 1)
        _play([local], 120)  # to the game's end
        assert local.over
    finally:
        host.stop()


def test_a_race_pauses_while_a_player_is_away() -> None:
    host = Host(HostConfig("snap", [SeatSpec("remote"), SeatSpec("remote")], room=ROOM, seed=4, time_scale=5))
    host.start()
    try:
        stays, leaves = _join(host, "Stays"), _join(host, "Leaves")
        assert _play([stays, leaves], until=lambda: stays.version >= 3)
        token = leaves.client.token
        leaves.client.close()
        paused = stays.client.wait("pause", WAIT_S)
        assert paused is not None and "reconnecting" in paused["reason"]
        clock = host.game_ms()
        time.sleep(0.3)
        assert host.game_ms() == clock, "the game's clock stands still"
        back = _join(host, "Back", token)
        assert stays.client.wait("resume", WAIT_S) is not None
        assert back.client.wait("view", WAIT_S) is not None
    finally:
        host.stop()


def test_a_wrong_room_code_or_a_full_table_is_a_clear_message() -> None:
    host = Host(HostConfig("sprint", [SeatSpec("remote"), SeatSpec("bot", "standard")], room=ROOM, seed=4))
    host.start()
    try:
        wrong = Client()
        wrong.connect("127.0.0.1", host.port, "ACDEFH", "Lost")
        lost = wrong.wait("status", WAIT_S)
        while lost is not None and lost["state"] != "lost":
            lost = wrong.wait("status", WAIT_S)
        assert lost is not None and "room code" in lost["reason"]
        first = _join(host, "First")
        late = Client()
        late.connect("127.0.0.1", host.port, ROOM.lower(), "Late")  # typed in lower case: the same code
        refused = late.wait("refused", WAIT_S)
        assert refused is not None and "full" in refused["reason"]
        first.client.close()
        late.close()
    finally:
        host.stop()


def test_a_view_says_which_seat_played_what() -> None:
    host = Host(HostConfig("sprint", [SeatSpec("remote"), SeatSpec("bot", "standard")], room=ROOM, seed=4,
                           ai_speed="instant"))
    host.start()
    try:
        me = _join(host, "Me")
        first = me.client.wait("view", WAIT_S)
        assert first is not None and first["full"] and first["plays_obj"] == []
        me.take(first)
        later = None
        end = time.monotonic() + 20
        while (later is None or not later["plays_obj"]) and time.monotonic() < end:
            _play([me], 0.05)
            later = me.client.view
        seat, action, events = later["plays_obj"][0]
        assert seat in (0, 1) and events and not later["full"]
        assert action is not None and type(action).__module__.startswith("engine.")
    finally:
        host.stop()


def test_the_lobby_keeps_the_names_the_host_gave() -> None:
    host = Host(HostConfig("scamper", [SeatSpec("here", name="Ann"), SeatSpec("here", name="Bob"),
                                       SeatSpec("bot", "easy", "Clever Clogs"), SeatSpec("remote")], room=ROOM, seed=1))
    host.start()
    try:
        local = _join(host, "This computer", host.local_token)
        friend = _join(host, "Cy")
        assert local.client.wait("lobby", WAIT_S) is not None and friend.client.seats == (3,)
        _play([local, friend], 0.3)
        seats = host.lobby()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bob", "Clever Clogs", "Cy"]
        assert seats[2]["level"] == "easy"
    finally:
        host.stop()

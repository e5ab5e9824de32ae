"""A view the client can't read never leaves its table a version behind without a word: it rejoins and takes the
whole picture (a real host on 127.0.0.1)."""

from __future__ import annotations

import time
from typing import Any

from game.net.authority import SeatSpec
from game.net.client import Client
from game.net.host import Host, HostConfig

ROOM = "KXPTAM"


def messages_until(client: Client, check: Any, seconds: float = 60.0) -> list[dict[str, Any]]:
    """The messages until one passes ``check`` (it ends then: a generous limit spares a loaded machine)."""
    out: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not any(check(m) for m in out):
        out += client.poll()
        time.sleep(0.01)
    return out


def test_a_view_the_client_cannot_read_makes_it_rejoin_and_take_the_whole_picture() -> None:
    host = Host(HostConfig("scamper", [SeatSpec("remote"), SeatSpec("bot", "standard")], room=ROOM, seed=3,
                           ai_speed="slow"))
    host.start()
    client = Client()
    try:
        client.connect("127.0.0.1", host.port, ROOM, "Ann")
        assert client.wait("welcome") is not None
        client.ready()
        assert client.wait("view") is not None  # the game started
        bad = {"t": "view", "version": 10_000, "at": 0, "over": False, "full": False, "events": [], "plays": [],
               "seats": [0], "state": {"O": "os:system", "a": {}}}  # no engine value: it can't be read
        assert host._loop is not None and host.authority is not None
        version = host.authority.version
        host._loop.call_soon_threadsafe(lambda: host.conns[0].send(bad))
        seen = messages_until(client, lambda m: m["t"] == "view" and m.get("full"))
        states = [m.get("state") for m in seen if m["t"] == "status"]
        assert "reconnecting" in states  # before: nothing at all (the view was dropped without a word)
        full = [m for m in seen if m["t"] == "view" and m.get("full")]
        assert full and full[-1]["state_obj"] is not None and full[-1]["version"] >= version
    finally:
        client.close()
        host.stop()

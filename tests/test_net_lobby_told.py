"""The host tells its clients the lobby: a change of who is in, ready, started, over or paused at once, a ping that
moved within a few seconds, and never a change kept back for good (seen as a friend's ping that never showed)."""

from __future__ import annotations

import time
from typing import Any

from game.net import host as host_module
from game.net.authority import SeatSpec
from game.net.clock import ClockSync
from game.net.host import LOBBY_PINGS_S, PING_S, Host, HostConfig


class Conn:
    """A client's connection as the host's lobby reads it: its seats, its clock sync, what it was sent."""

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats
        self.closed = False
        self.sync = ClockSync()
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def lobbies(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["t"] == "lobby"]


def a_host(monkeypatch: Any, clock: list[float]) -> tuple[Host, Conn, Conn]:
    monkeypatch.setattr(host_module, "now_ms", lambda: clock[0])
    host = Host(HostConfig("scamper", [SeatSpec("here"), SeatSpec("remote"), SeatSpec("bot", "standard")],
                           room="KXPTAM", seed=3))
    here, friend = Conn((0,)), Conn((1,))
    host.conns += [here, friend]  # type: ignore[list-item]
    host.ready |= {0, 1}
    return host, here, friend


def ticks(host: Host, clock: list[float], seconds: float) -> None:
    """The host's ticker for ``seconds``: the lobby looked at with every round of pings."""
    for _ in range(round(seconds / PING_S)):
        clock[0] += PING_S * 1000
        host._lobby_changed()


def test_a_friends_first_ping_reaches_the_lobby_even_when_it_came_just_after_a_change(monkeypatch: Any) -> None:
    clock = [100_000.0]
    host, here, friend = a_host(monkeypatch, clock)
    host._lobby_changed()  # the friend is in and ready: told at once
    assert here.lobbies()[-1]["seats"][1]["ping_ms"] is None
    clock[0] += 10
    friend.sync.add(clock[0] - 3, clock[0], 5.0)  # the friend's first pong: a ping of 3 ms
    ticks(host, clock, LOBBY_PINGS_S + PING_S)
    assert here.lobbies()[-1]["seats"][1]["ping_ms"] == 3  # before: kept back for good (the lobby never changed again)
    assert host.lobby()["seats"][1]["ping_ms"] == 3
    told = len(here.lobbies())
    ticks(host, clock, 10 * LOBBY_PINGS_S)
    assert len(here.lobbies()) == told  # nothing moved: nothing sent


def test_only_pings_wait_the_rest_is_told_at_once(monkeypatch: Any) -> None:
    clock = [100_000.0]
    host, here, friend = a_host(monkeypatch, clock)
    friend.sync.add(clock[0] - 3, clock[0], 5.0)
    host._lobby_changed()
    told = len(here.lobbies())
    clock[0] += 100
    friend.sync.samples.clear()
    friend.sync.add(clock[0] - 2, clock[0], 5.0)  # a ping moved (3 -> 2 ms) ...
    host._lobby_changed()
    assert len(here.lobbies()) == told  # ... told a little later, or with the next change ...
    host.paused_reason = "Ada is reconnecting..."  # ... which is told at once, the ping with it
    host._lobby_changed()
    lobby = here.lobbies()[-1]
    assert lobby["paused"] == "Ada is reconnecting..." and lobby["seats"][1]["ping_ms"] == 2
    assert friend.lobbies()[-1] == lobby


def test_a_tick_that_raises_is_reported_and_the_host_keeps_ticking(monkeypatch: Any, capsys: Any) -> None:
    """Once the ticker stopped for good at the first error (bots never moved again: a stalled game)."""
    host = Host(HostConfig("scamper", [SeatSpec("remote"), SeatSpec("bot", "standard")], room="KXPTAM", seed=3,
                           bind="127.0.0.1", port=0))
    calls: list[float] = []

    def tick(t: float, dt: float) -> None:
        calls.append(t)
        if len(calls) == 2:
            raise RuntimeError("a bot tripped")

    monkeypatch.setattr(host, "_tick", tick)
    host.start()
    try:
        deadline = time.monotonic() + 10
        while len(calls) < 12 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        host.stop()
    assert len(calls) >= 12  # ticks went on after the error
    assert isinstance(host.error, RuntimeError)
    assert "a bot tripped" in capsys.readouterr().err

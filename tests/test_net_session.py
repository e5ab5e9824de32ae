"""The network session: the host's messages as the lobby and a remote table take them (a scripted client, no sockets)."""

from __future__ import annotations

from typing import Any

from game.kit.remote import Refusal, View
from game.screens.net_session import Lobby, NetSession


class ScriptedClient:
    def __init__(self) -> None:
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[tuple[int, dict[str, Any], int | None]] = []
        self.readies: list[bool] = []

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def ready(self, ready: bool = True) -> None:
        self.readies.append(ready)

    def send(self, seat: int, action: dict[str, Any], stamp_ms: int | None = None) -> int:
        self.sent.append((seat, action, stamp_ms))
        return len(self.sent)

    def clock_ms(self) -> int:
        return 1000

    def close(self) -> None:
        pass


def lobby_message(connected: bool = True) -> dict[str, Any]:
    return {"t": "lobby", "room": "KXPTAM", "game": "snap", "started": True, "paused": "", "address": "127.0.0.1",
            "port": 47474, "seats": [{"seat": 0, "kind": "here", "name": "Host", "connected": True, "ready": True,
                                      "ping_ms": None},
                                     {"seat": 1, "kind": "remote", "name": "Ada", "connected": connected, "ready": True,
                                      "ping_ms": 42}]}


def view(n: int) -> dict[str, Any]:
    return {"t": "view", "version": n, "state_obj": f"state {n}", "events_obj": [f"event {n}"]}


def test_after_a_rejoin_the_views_that_follow_the_fresh_picture_wait_for_the_table_that_opens_on_it() -> None:
    client = ScriptedClient()
    session = NetSession(client, Lobby("snap", {}, []))
    client.inbox = [{"t": "welcome", "seats": [1], "game": "snap", "options": {}}, lobby_message(), view(1), view(2)]
    session.poll()
    assert session.started is not None and session.state == "state 1" and session.seats == [1]
    assert [u.state for u in session.updates() if isinstance(u, View)] == ["state 2"]
    assert session.connection(0) == "" and session.connection(1) == ""  # my own seat: no badge; the host's: none
    client.inbox = [{"t": "status", "state": "reconnecting"}]
    assert session.updates() == [] and session.waiting_for() == "Reconnecting to the host..."
    assert session.connection(1) == "reconnecting..."
    client.inbox = [{"t": "status", "state": "connected"}, {"t": "welcome", "seats": [1], "game": "snap", "options": {}},
                    view(7), view(8)]
    assert session.updates() == []  # the old table takes nothing more: the fresh picture is for the next one
    assert session.fresh_picture and session.state == "state 7" and session.waiting_for() is None
    session.fresh_picture = False  # the table opened on it
    assert [u.state for u in session.updates() if isinstance(u, View)] == ["state 8"]


def test_refusals_name_the_seat_of_the_refused_action_and_badges_show_the_ping() -> None:
    from engine.snap import Flip

    client = ScriptedClient()
    session = NetSession(client, Lobby("snap", {}, []))
    client.inbox = [{"t": "welcome", "seats": [0], "game": "snap", "options": {}}, lobby_message(), view(1)]
    session.poll()
    session.send(0, Flip(), 995.4)
    assert [(seat, stamp) for seat, _, stamp in client.sent] == [(0, 995)]
    client.inbox = [{"t": "refused", "reason": "it is not your turn to flip.", "n": 1}]
    [refusal] = session.updates()
    assert isinstance(refusal, Refusal) and refusal.seat == 0 and refusal.reason == "It is not your turn to flip."
    assert session.connection(1) == "42 ms"
    client.inbox = [lobby_message(connected=False)]
    session.poll()
    assert session.connection(1) == "reconnecting..."


def test_a_refused_join_keeps_the_hosts_reason_when_the_connection_then_closes() -> None:
    client = ScriptedClient()
    session = NetSession(client, Lobby("sprint", {}, []))
    client.inbox = [{"t": "status", "state": "connected"}, {"t": "refused", "reason": "no room KXPTAM here"},
                    {"t": "status", "state": "lost", "reason": "no room KXPTAM here"}]
    session.poll()
    assert session.problem == "The host says: no room KXPTAM here"

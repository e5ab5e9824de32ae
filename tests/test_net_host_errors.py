"""What the host does with an error met while serving one client's action: the action's fate is told truly.

Once an error met after the action was played (making one client's view) went back to the sender as a refusal
("the host could not take that message"): the sender's table took its action for refused while the host had
played it, and the clients after the failing one never heard of it: a game that waited for a player who did not
know it was their turn.  Connections here are real :class:`game.net.connection.Connection` objects over a writer
that keeps the bytes; no socket, no thread.
"""

from __future__ import annotations

import json
from typing import Any

from game.net import protocol
from game.net.authority import SeatSpec
from game.net.connection import Connection
from game.net.host import Host, HostConfig


class Transport:
    def get_write_buffer_size(self) -> int:
        return 0


class Writer:
    """What a connection writes to: the lines it sent."""

    def __init__(self) -> None:
        self.data = b""
        self.closed = False
        self.transport = Transport()

    def write(self, data: bytes) -> None:
        self.data += data

    def close(self) -> None:
        self.closed = True

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.data.splitlines() if line]


def connection(seats: tuple[int, ...]) -> tuple[Connection, Writer]:
    writer = Writer()
    conn = Connection(None, writer)  # type: ignore[arg-type]
    conn.seats = seats
    return conn, writer


def a_started_game() -> tuple[Host, list[tuple[Connection, Writer]]]:
    """A Scamper game of three people (no bots) under way, each at a connection the host knows."""
    host = Host(HostConfig("scamper", [SeatSpec("remote"), SeatSpec("remote"), SeatSpec("remote")], room="KXPTAM", seed=3))
    conns = [connection((seat,)) for seat in range(3)]
    host.conns += [c for c, _ in conns]
    host.ready |= {0, 1, 2}
    host._begin()
    return host, conns


def test_a_played_action_is_never_told_refused_and_every_other_client_hears_of_it(capsys: Any) -> None:
    host, conns = a_started_game()
    authority = host.authority
    assert authority is not None
    mover = authority.state.to_move()[0]
    action = authority.rules.action_to_json(authority.state.legal_actions(mover)[0])
    broken, _ = conns[(mover + 1) % 3]

    def fails(*args: Any) -> None:
        raise RuntimeError("this client's view could not be made")

    broken.send_view = fails  # type: ignore[method-assign]
    version = authority.version
    for _, writer in conns:
        writer.data = b""
    host._handle(conns[mover][0], {"t": "act", "seat": mover, "action": action, "n": 4})
    assert authority.version == version + 1  # played
    sender = conns[mover][1].messages()
    assert not [m for m in sender if m["t"] == "refused"], sender  # before: "the host could not take that message"
    assert [m["version"] for m in sender if m["t"] == "view"] == [version + 1]
    for conn, writer in conns:  # every client after the broken one still hears of it
        if conn is not broken:
            assert [m["version"] for m in writer.messages() if m["t"] == "view"] == [version + 1]
    assert broken.closed  # its client rejoins with its token and takes the whole picture
    assert isinstance(host.error, RuntimeError) and "could not be made" in capsys.readouterr().err


def test_an_action_the_engine_trips_on_is_refused_with_the_reason_and_reported(capsys: Any, monkeypatch: Any) -> None:
    host, conns = a_started_game()
    authority = host.authority
    assert authority is not None
    mover = authority.state.to_move()[0]
    action = authority.rules.action_to_json(authority.state.legal_actions(mover)[0])

    def trips(*args: Any) -> Any:
        raise KeyError("a bug in the engine")

    monkeypatch.setattr(type(authority.state), "why_illegal", trips)
    host._handle(conns[mover][0], {"t": "act", "seat": mover, "action": action, "n": 9})
    refused = [m for m in conns[mover][1].messages() if m["t"] == "refused"]
    assert refused == [{"t": "refused", "reason": "the host could not take that action (KeyError)", "n": 9}]
    assert isinstance(host.error, KeyError) and "a bug in the engine" in capsys.readouterr().err


def test_a_friend_who_joins_under_a_bots_name_keeps_it_and_the_bot_takes_another() -> None:
    """The Host screen names its bots Ada, Ben, ... (AI_NAMES): a friend called Ada sat beside a bot called Ada."""
    host = Host(HostConfig("scamper", [SeatSpec("here", name="Host"), SeatSpec("remote"), SeatSpec("bot", "standard", "Ada"),
                                       SeatSpec("bot", "standard", "Ben")], room="KXPTAM", seed=3))
    conn, writer = connection(())
    host.conns.append(conn)
    host._hello(conn, {"t": "hello", "v": protocol.VERSION, "room": "KXPTAM", "name": "ada"})
    names = [seat["name"] for seat in host.lobby()["seats"]]
    assert names == ["Host", "ada", "Cleo", "Ben"]  # before: "ada" beside the bot "Ada"
    assert [m for m in writer.messages() if m["t"] == "lobby"][-1]["seats"][2]["name"] == "Cleo"
    host._begin()
    assert host.authority is not None and [p.name for p in host.authority.record.players] == names


def test_an_action_whose_journal_write_fails_stands_every_client_sees_it_and_the_error_is_reported(
        capsys: Any, tmp_path: Any) -> None:
    """The journal's write comes after the engine played the action: a full disk there used to refuse it to the
    sender (who took it back) while the game had moved on, and no other client heard of it."""
    host = Host(HostConfig("scamper", [SeatSpec("remote"), SeatSpec("remote"), SeatSpec("remote")], room="KXPTAM",
                           seed=3, journal=tmp_path / "game.journal"))
    conns = [connection((seat,)) for seat in range(3)]
    host.conns += [c for c, _ in conns]
    host.ready |= {0, 1, 2}
    host._begin()
    authority = host.authority
    assert authority is not None and authority.journal is not None
    mover = authority.state.to_move()[0]
    action = authority.rules.action_to_json(authority.state.legal_actions(mover)[0])

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    authority.journal.append = full  # type: ignore[method-assign]
    version, actions = authority.version, len(authority.record.actions)
    for _, writer in conns:
        writer.data = b""
    host._handle(conns[mover][0], {"t": "act", "seat": mover, "action": action, "n": 5})
    assert authority.version == version + 1 and len(authority.record.actions) == actions + 1  # it stands
    sender = conns[mover][1].messages()
    assert not [m for m in sender if m["t"] == "refused"], sender
    for _, writer in conns:  # everyone sees it, the sender too
        views = [m for m in writer.messages() if m["t"] == "view"]
        assert [m["version"] for m in views] == [version + 1] and views[0]["plays"][0]["seat"] == mover
    assert isinstance(host.error, OSError) and "No space left on device" in capsys.readouterr().err


def test_after_a_failed_journal_write_the_next_action_writes_the_journal_whole_so_the_game_still_resumes(
        tmp_path: Any) -> None:
    """A journal that missed one action (a full disk, then space again) used to go on appending after the hole:
    resuming the game from it failed at the first action after the gap."""
    from game.net.authority import Authority

    host = Host(HostConfig("scamper", [SeatSpec("remote"), SeatSpec("remote")], room="KXPTAM", seed=3,
                           journal=tmp_path / "game.journal"))
    host.conns += [c for c, _ in (connection((seat,)) for seat in range(2))]
    host.ready |= {0, 1}
    host._begin()
    authority = host.authority
    assert authority is not None and authority.journal is not None
    journal = authority.journal
    real_append = journal.append
    fails = [True]

    def full_once(*args: Any, **kwargs: Any) -> None:
        if fails.pop() if fails else False:
            raise OSError(28, "No space left on device")
        real_append(*args, **kwargs)

    journal.append = full_once  # type: ignore[method-assign]
    for _ in range(4):
        mover = authority.state.to_move()[0]
        action = authority.rules.action_to_json(authority.state.legal_actions(mover)[0])
        assert authority.submit(mover, action, 0)[0] is None
    assert journal.count == len(authority.record.entries) == 4
    resumed = Authority.resume(authority.info, host.config.seats, tmp_path / "game.journal")
    assert len(resumed.record.entries) == 4 and resumed.state.snapshot() == authority.state.snapshot()

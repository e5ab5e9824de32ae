"""A message fuzzer against a live host on 127.0.0.1: malformed, oversized, out-of-turn, forged and flooded
messages (over 10,000) get only refusals; the host never stops, never acts on one, and still serves good
clients who then play the game to its end."""

from __future__ import annotations

import json
import random
import socket
import threading
import time

from engine.games import game_info
from game.net import protocol
from game.net.authority import SeatSpec
from game.net.client import Client
from game.net.host import Host, HostConfig
from game.net.player import SeatPlayer

ROOM = "KXPTAM"


class Raw:
    """A socket sending whatever it is given and counting the lines that come back."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.lines: list[dict] = []
        self.closed = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                buffer += data
                *lines, buffer = buffer.split(b"\n")
                self.lines.extend(json.loads(line) for line in lines if line)
        except OSError:
            pass
        self.closed = True

    def send(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError:
            self.closed = True

    def refusals(self) -> int:
        return sum(1 for m in self.lines if m.get("t") == "refused")

    def close(self) -> None:
        self.sock.close()


def _garbage(rng: random.Random) -> bytes:
    """One line no host should take."""
    kind = rng.randrange(8)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b"x") + b"\n"
    if kind == 1:
        return b'{"t": "act", "seat": 0, "action": {"type": "dr' + b"\n"
    if kind == 2:
        return json.dumps(rng.choice([[], 3, "hello", None, {"x": 1}, {"t": 5}])).encode() + b"\n"
    if kind == 3:
        return protocol.encode({"t": rng.choice(["fly", "", "HELLO", "act2"]), "n": 1})
    if kind == 4:
        return protocol.encode({"t": "act", "seat": rng.choice([-1, 64, 10**9, "0", None]), "action": {}, "n": 1})
    if kind == 5:
        return protocol.encode({"t": "act", "seat": 0, "action": {"type": "draw", "x": [[[[[[1]]]]]]}, "n": 1})
    if kind == 6:
        return protocol.encode({"t": "hello", "v": protocol.VERSION, "room": rng.choice(["ABC", "kxptam", "BBBBBB", 7]), "name": "x"})
    return protocol.encode({"t": "pong", "n": "1", "c": -5})


def test_ten_thousand_bad_messages_get_only_refusals_and_good_clients_play_on() -> None:
    rng = random.Random(26)
    info = game_info("sprint")
    host = Host(HostConfig("sprint", [SeatSpec("remote"), SeatSpec("remote")], room=ROOM, seed=5, ai_speed="instant",
                           flood_rate=1e6, flood_burst=1e6))
    host.start()
    good: list[Client] = []
    try:
        good += [Client(), Client()]
        players = [SeatPlayer(c) for c in good]
        for i, client in enumerate(good):
            client.connect("127.0.0.1", host.port, ROOM, f"Good {i}")
            welcome = client.wait("welcome")
            assert welcome is not None
            players[i].take(welcome)
            client.ready()
        for i, client in enumerate(good):
            view = client.wait("view")
            assert view is not None
            players[i].take(view)
        seat_of = {c.seats[0]: c for c in good}
        state = good[0].view["state_obj"]
        mover = state.to_move()[0]
        waiting = 1 - mover
        actions_before = len(host.authority.record.to_json()["actions"])

        # a fuzzer joined with the waiting player's token: out-of-turn and forged actions, garbage
        joined = Raw(host.port)
        joined.send(protocol.encode({"t": "hello", "v": protocol.VERSION, "room": ROOM, "name": "Fuzz", "token": seat_of[waiting].token}))
        sent = 0
        legal_for_mover = [info.rules().action_to_json(a) for a in state.legal_actions(mover)]
        lines = []
        for i in range(7000):
            pick = i % 4
            if pick == 0:  # out of turn: a legal action, but not this seat's turn
                lines.append(protocol.encode({"t": "act", "seat": waiting, "action": rng.choice(legal_for_mover), "n": i}))
            elif pick == 1:  # forged: an action for a seat that is not its own
                lines.append(protocol.encode({"t": "act", "seat": mover, "action": rng.choice(legal_for_mover), "n": i}))
            elif pick == 2:  # nonsense actions
                lines.append(protocol.encode({"t": "act", "seat": waiting, "n": i,
                                              "action": rng.choice([{"type": "lay", "cards": ["ZZ"]}, {"type": "fly"},
                                                                    {"type": "discard", "card": 5}, {}])}))
            else:
                lines.append(_garbage(rng))
        for start in range(0, len(lines), 200):
            joined.send(b"".join(lines[start:start + 200]))
            sent += len(lines[start:start + 200])
            time.sleep(0.01)

        # strangers who never joined, and over-long lines (each closes its connection)
        strangers = [Raw(host.port) for _ in range(4)]
        for stranger in strangers:
            batch = [_garbage(rng) for _ in range(500)]
            stranger.send(b"".join(batch))
            sent += len(batch)
        for _ in range(20):
            long = Raw(host.port)
            long.send(b'{"t":"hello","name":"' + b"x" * (protocol.MAX_CLIENT_BYTES + 10) + b'"}\n')
            sent += 1
            deadline = time.monotonic() + 30  # closed at once; a loaded machine may take a moment
            while not long.closed and time.monotonic() < deadline:
                time.sleep(0.01)
            assert long.closed and long.refusals() == 1
        # a flood at the default limits: refused, then cut off; the host carries on
        host.config.flood_rate, host.config.flood_burst = 100.0, 200.0
        flood = Raw(host.port)
        flood.send(b"".join(protocol.encode({"t": "ready", "ready": True}) for _ in range(1000)))
        sent += 1000
        assert sent >= 10_000

        deadline = time.monotonic() + 60  # ends as soon as every refusal came
        expected = 7000 - 1  # every bad line refused (the one hello was taken)
        while (joined.refusals() < expected or "slow down" not in json.dumps(flood.lines)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert joined.refusals() >= expected, joined.refusals()
        for stranger in strangers:
            assert stranger.refusals() >= 400
        assert flood.refusals() >= 1 and "slow down" in json.dumps(flood.lines)
        assert len(host.authority.record.to_json()["actions"]) == actions_before, "the fuzzer moved nobody"
        refusal_reasons = {m["reason"] for m in joined.lines if m.get("t") == "refused"}
        assert "It is not your turn." in refusal_reasons and "that is not your seat" in refusal_reasons
        joined.close()

        # the waiting player, pushed out by the fuzzer's use of its token, comes back with it
        index = good.index(seat_of[waiting])
        back = Client()
        back.connect("127.0.0.1", host.port, ROOM, "Good again", token=seat_of[waiting].token)
        seat_of[waiting].close()
        good[index] = back
        players[index] = SeatPlayer(back)

        # the good clients (the waiting one rejoins) play the game to its end
        end = time.monotonic() + 120  # ends with the game
        while time.monotonic() < end and not all(p.over for p in players):
            for p in players:
                for message in p.client.poll():
                    p.take(message)
                p.act()
            time.sleep(0.002)
        assert all(p.over for p in players)
        assert host._thread is not None and host._thread.is_alive()
    finally:
        for client in good:
            client.close()  # (the host's bye ends them too, unless it never reached them: then they would retry)
        host.stop()

"""A headless player: joins a host and plays its seats with the game's bots, from the states it receives.

``python -m game.net.player --port P --room CODE [--name N] [--level L] [--address A] [--token-file F]
[--seconds S] [--json]`` joins, says ready, and plays until the game is over; it prints one JSON
object (seats, actions sent, refusals, bytes received, the last version, whether the game ended).
With ``--token-file`` it keeps its seat token there and rejoins with it when started again (the
tests kill it mid-game and start it anew).

The bots see only what the client received: the decoded state's ``observation(seat)``.  Turn games:
the bot's ``think`` on that observation when one of its seats is to move.  Races: the level's
:class:`ai.reflex.ReflexScheduler` observes each new view; its actions are sent at their sampled
moments, measured from when the view arrived, stamped with this client's clock.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.games import game_info
from game.net.client import Client


class SeatPlayer:
    """Plays the seats of one :class:`Client` with bots."""

    def __init__(self, client: Client, level: str | None = None, seed: int = 0, time_scale: float = 1.0) -> None:
        self.time_scale = time_scale
        self.client = client
        self.level = level
        self.seed = seed
        self.info: Any = None
        self.bots: dict[int, Any] = {}
        self.state: Any = None
        self.version = 0
        self.asked: dict[int, int] = {}  # turn games: seat -> the version its move was sent for
        self.timers: list[tuple[float, int, Any]] = []  # races: (client ms, seat, action)
        self.arrived = 0.0
        self.since = 0
        self.sent = 0
        self.refused: list[str] = []
        self.over = False

    def take(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "welcome":
            self.info = game_info(message["game"])
            level = self.level or self.info.default_level
            self.bots = {s: self.info.make_bot(level, seed=self.seed * 10 + s) for s in message["seats"]}
        elif kind == "view":
            self.state, self.version, self.over = message["state_obj"], message["version"], message["over"]
            self.arrived = self.client.clock_ms()
            if self.info is not None and self.info.realtime and not self.over:
                self._react()
        elif kind == "refused":
            self.refused.append(str(message.get("reason")))
            self.asked.clear()

    def _react(self) -> None:
        self.timers = []
        for seat, bot in self.bots.items():
            observation = self.state.observation(seat)
            bot.observe(observation)
            since = getattr(observation, "since", 0)
            while bot.next_due() is not None:
                timed = bot.pop_next()
                self.timers.append((self.arrived + max(0, timed.at - since) / self.time_scale, seat, timed.action))
        self.timers.sort(key=lambda t: t[0])

    def act(self) -> None:
        """Send whatever is due now."""
        if self.state is None or self.over or self.info is None:
            return
        rules = self.info.rules()
        if self.info.realtime:
            now = self.client.clock_ms()
            while self.timers and self.timers[0][0] <= now:
                _, seat, action = self.timers.pop(0)
                self.client.send(seat, rules.action_to_json(action), now)
                self.sent += 1
            return
        movers = self.state.to_move()
        for seat in movers[:1]:
            if seat in self.bots and self.asked.get(seat) != self.version:
                think = self.bots[seat].think(self.state.observation(seat))
                try:
                    while True:
                        next(think)
                except StopIteration as stop:
                    action = stop.value
                self.asked[seat] = self.version
                self.client.send(seat, rules.action_to_json(action))
                self.sent += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.player", description=__doc__.split("\n")[0])
    parser.add_argument("--address", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--room", required=True)
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--level", default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--token-file", type=Path, default=None)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--dump", type=Path, default=None, help="append every line received to this file")
    parser.add_argument("--time-scale", type=float, default=1.0, help=argparse.SUPPRESS)  # the host's (tests)
    args = parser.parse_args(argv)
    token = None
    if args.token_file is not None and args.token_file.exists():
        token = args.token_file.read_text(encoding="utf-8").strip() or None
    dump = args.dump.open("ab") if args.dump is not None else None
    client = Client(retry_s=min(30.0, args.seconds), dump=dump)
    client.connect(args.address, args.port, args.room, args.name, token)
    player = SeatPlayer(client, args.level, args.seed, args.time_scale)
    end = time.monotonic() + args.seconds
    lost = ""
    while time.monotonic() < end and not player.over:
        for message in client.poll():
            if message["t"] == "welcome":
                if args.token_file is not None:
                    args.token_file.write_text(message["token"], encoding="utf-8")
                client.ready()
            elif message["t"] == "status" and message["state"] == "lost":
                lost = message.get("reason", "lost")
            player.take(message)
        if lost:
            break
        player.act()
        time.sleep(0.002)
    report = {"seats": list(client.seats), "sent": player.sent, "refused": len(player.refused),
              "refusals": player.refused[:5], "bytes": client.bytes_received, "version": player.version,
              "over": player.over, "lost": lost}
    client.close()
    if dump is not None:
        dump.close()
    if args.json:
        print(json.dumps(report))
    return 0 if player.over else 1


if __name__ == "__main__":
    sys.exit(main())

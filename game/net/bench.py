"""How fairly and quickly races are judged across a network: host and clients on 127.0.0.1 through delay proxies.

``python -m game.net.bench --game snap --clients 4 --latency-ms 40 --jitter-ms 15 --json`` runs a Snap
host and ``--clients`` clients, each behind its own :class:`~game.net.proxy.DelayProxy` (client ``i`` of
``n`` gets a one-way latency of ``latency * (0.5 + i / (n - 1))``, so they differ, plus up to ``jitter``
ms per chunk).  The clients flip in turn; whenever a view shows a snap, every client presses Snap! at a
scripted moment after that view reached it: 200 ms plus 30 ms times its place in a random order drawn
for that view.  Client 0 forges: it stamps each press 100 ms earlier than it made it.

It prints one JSON object: ``judged_order_accuracy`` (of every pair of honest presses to the same
view, the share the host put in the scripted order), ``forged_wins`` (views where the forger, not
scripted first, was judged first), ``action_rtt_ms_p50`` / ``_p99`` (from sending a press to the
host's answer naming it: a view with its call, or a refusal), ``bytes_per_action`` (all bytes the host
sent to the clients, pings and lobby included, per action the host took), ``window_ms`` (the claim
window at the end), ``views`` (scripted rounds judged) and the settings.  Bounded: ``--rounds`` views
with a snap or ``--seconds``, whichever comes first.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from engine.games import game_info, playable_games
from game.net.authority import SeatSpec
from game.net.client import Client
from game.net.host import Host, HostConfig
from game.net.proxy import DelayProxy

ROOM = "KXPTAM"
REACTION_MS = 200
SPACING_MS = 30
FORGED_EARLY_MS = 100
FLIP_AFTER_MS = 150


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 1)


class Scripted:
    """One bench client: flips in turn, presses Snap! at its scripted moment for each view showing a snap."""

    def __init__(self, index: int, client: Client, forger: bool, seed: int, count: int, actions: dict[str, Any]) -> None:
        self.actions = actions  # "call" and "flip" in the game's record form
        self.index = index
        self.client = client
        self.forger = forger
        self.seed = seed
        self.count = count
        self.seat = -1
        self.plan: list[tuple[float, str, int]] = []  # (client ms, action, cue version)
        self.cued: set[int] = set()
        self.flip_for = -1
        self.sent: dict[int, tuple[float, int]] = {}  # n -> (sent at, cue version)
        self.rtts: list[float] = []
        self.cue_of: dict[int, int] = {}  # n -> cue version

    def rank(self, version: int) -> int:
        order = list(range(self.count))
        random.Random(self.seed * 1_000_003 + version).shuffle(order)
        return order.index(self.index)

    def take(self, message: dict[str, Any], now: float) -> None:
        kind = message["t"]
        now = float(message.get("arrived", now))
        if kind == "welcome":
            self.seat = message["seats"][0]
            self.client.ready()
        elif kind == "view":
            state, version = message["state_obj"], message["version"]
            for event in message["events_obj"]:
                if getattr(event, "seat", None) == self.seat or self.seat in getattr(event, "seats", ()):
                    self._answered_by_view(now)
            if message["over"]:
                return
            if state.snap_piles() and version not in self.cued:
                self.cued.add(version)
                self.plan.append((now + REACTION_MS + SPACING_MS * self.rank(version), "call", version))
            elif state.turn == self.seat and self.flip_for != version and not state.snap_piles():
                self.flip_for = version
                self.plan.append((now + FLIP_AFTER_MS, "flip", version))
            self.plan.sort()
        elif kind == "refused" and message.get("n") in self.sent:
            sent_at, _ = self.sent.pop(message["n"])
            self.rtts.append(now - sent_at)

    def _answered_by_view(self, now: float) -> None:
        for n, (sent_at, _) in sorted(self.sent.items()):
            self.rtts.append(now - sent_at)
            del self.sent[n]
            return

    def act(self, now: float) -> None:
        while self.plan and self.plan[0][0] <= now:
            made, action, cue = self.plan.pop(0)  # stamped when it was due: a key read then, sent a moment later
            stamp = made - FORGED_EARLY_MS if self.forger and action == "call" else made
            n = self.client.send(self.seat, self.actions[action], int(stamp))
            if action == "call":
                self.sent[n] = (now, cue)
                self.cue_of[n] = cue


def run(game: str, clients: int, latency_ms: float, jitter_ms: float, rounds: int, seconds: float, seed: int) -> dict[str, Any]:
    info = game_info(game)
    if not info.realtime or not hasattr(info.rules(), "snap_piles"):
        raise ValueError("the bench scripts calls on a race whose state says when a match shows (snap_piles), "
                         "with Snap and Flip actions")
    rules = info.rules()
    actions = {"call": rules.action_to_json(rules.Snap()), "flip": rules.action_to_json(rules.Flip())}
    options = {"decks": 2} if any(o.key == "decks" for o in info.options) else {}  # more cards: more rounds
    host = Host(HostConfig(game, [SeatSpec("remote") for _ in range(clients)], options, room=ROOM, seed=seed,
                           keep_judged=True))
    host.start()
    proxies, scripted = [], []
    try:
        for i in range(clients):
            latency = latency_ms * (0.5 + i / max(1, clients - 1))
            proxy = DelayProxy(host.port, latency, jitter_ms, seed * 100 + i)
            proxies.append(proxy)
            client = Client()
            client.connect("127.0.0.1", proxy.start(), ROOM, f"Bench {i}")
            scripted.append(Scripted(i, client, i == 0, seed, clients, actions))
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            now = float(scripted[0].client.clock_ms())
            for s in scripted:
                for message in s.client.poll():
                    s.take(message, now)
                s.act(now)
            if len({c for s in scripted for c in s.cued}) > rounds or (host.authority is not None and host.authority.is_over):
                break
            time.sleep(0.001)
        time.sleep((latency_ms * 3 + jitter_ms + 200) / 1000)  # the last presses reach the host
        return _report(host, scripted, clients, latency_ms, jitter_ms, seed)
    finally:
        for s in scripted:
            s.client.close()
        host.stop()
        for proxy in proxies:
            proxy.stop()


def _report(host: Host, scripted: list[Scripted], clients: int, latency_ms: float, jitter_ms: float,
            seed: int) -> dict[str, Any]:
    by_seat = {s.seat: s for s in scripted}
    presses: dict[int, list[tuple[int, int, int]]] = {}  # cue version -> [(judged at, rank, client index)]
    for entry in list(host.judged):
        s = by_seat.get(entry["seat"])
        if s is None or entry["n"] not in s.cue_of:
            continue
        cue = s.cue_of[entry["n"]]
        presses.setdefault(cue, []).append((entry["at"], s.rank(cue), s.index))
    right = pairs = forged_wins = judged_views = 0
    for cue, items in presses.items():
        if len(items) < clients:
            continue
        judged_views += 1
        honest = [i for i in items if not scripted[i[2]].forger]
        for a in range(len(honest)):
            for b in range(a + 1, len(honest)):
                first, second = sorted((honest[a], honest[b]), key=lambda i: i[1])
                pairs += 1
                right += first[0] < second[0] or (first[0] == second[0] and False)
        earliest = min(items, key=lambda i: (i[0], i[1]))
        if scripted[earliest[2]].forger and earliest[1] != 0:
            forged_wins += 1
    rtts = [r for s in scripted for r in s.rtts]
    actions = len(host.authority.record.to_json()["actions"]) if host.authority is not None else 0
    sent = sum(s.client.bytes_received for s in scripted)
    window = host.authority.window_ms if host.authority is not None else 0
    return {
        "game": host.info.id, "clients": clients, "latency_ms": latency_ms, "jitter_ms": jitter_ms, "seed": seed,
        "judged_order_accuracy": round(right / pairs, 4) if pairs else None, "pairs": pairs, "views": judged_views,
        "forged_wins": forged_wins, "action_rtt_ms_p50": _percentile(rtts, 0.5), "action_rtt_ms_p99": _percentile(rtts, 0.99),
        "bytes_per_action": round(sent / actions) if actions else None, "actions": actions, "window_ms": window,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default=next(i.id for i in playable_games() if i.realtime))
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--latency-ms", type=float, default=40)
    parser.add_argument("--jitter-ms", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=40, help="views with a snap to judge")
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 2 <= args.clients <= 6:
        parser.error("--clients: 2 to 6")
    report = run(args.game, args.clients, args.latency_ms, args.jitter_ms, args.rounds, args.seconds, args.seed)
    print(json.dumps(report) if args.json else "\n".join(f"{k}: {v}" for k, v in report.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

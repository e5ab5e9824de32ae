"""Ratscrew engine speed: whole games through the public API.

``python -m engine.bench --game ratscrew [--seconds 3] [--players 2-6] [--seed 1]``
plays games to the end: the player whose turn it is lays, and whenever a snap
shows a random seat snaps 100 ms later (a second one sometimes at the same
millisecond, to exercise ties).  Every action goes through ``legal_actions``
and a validated ``apply``.  It prints JSON with ``actions_per_s``,
``games_per_s`` and ``actions_per_game``.  One process: the figure is per core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from . import new_game
from .game import MAX_SEATS, MIN_SEATS, Ratscrew
from .moves import LAY, SNAP

MAX_ACTIONS = 20000


def play_one(state: Ratscrew, rng: random.Random) -> int:
    """Play ``state`` to its end (or :data:`MAX_ACTIONS`); return the number of actions."""
    at = actions = 0
    while not state.is_over and actions < MAX_ACTIONS:
        at += 100
        state.advance(at)
        if state.snaps():
            seats = rng.sample(range(state.num_seats), k=min(2, state.num_seats))[: rng.choice((1, 1, 2))]
            for seat in seats:
                if SNAP in state.legal_actions(seat):
                    state.apply(SNAP, seat, at)
                    actions += 1
            continue
        if LAY in state.legal_actions(state.turn):
            state.apply(LAY, state.turn, at)
            actions += 1
    return actions


def run(seconds: float, players: list[int], seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new_game(players[games % len(players)], {}, rng.getrandbits(32))
        actions += play_one(state, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "seconds": round(elapsed, 3),
        "players": players,
        "games": games,
        "actions": actions,
        "actions_per_s": round(actions / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(actions / max(games, 1), 1),
    }


def _players(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    try:
        counts = list(range(int(lo), int(hi or lo) + 1))
    except ValueError:
        counts = []
    if not counts or counts[0] < MIN_SEATS or counts[-1] > MAX_SEATS:
        raise argparse.ArgumentTypeError(f"players must be within {MIN_SEATS}-{MAX_SEATS}, like 3 or 2-6")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench --game ratscrew", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    parser.add_argument("--players", type=_players, default=_players("2-6"), help="player counts, cycled (default 2-6)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.seconds, args.players, args.seed)))
    return 0

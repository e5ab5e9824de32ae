"""Ratscrew engine speed: whole games through the public API.

``python -m engine.bench --game ratscrew [--seconds 3] [--players 2-6] [--seed 1]``
plays games to the end: the player whose turn it is lays, and whenever a snap
shows a random seat snaps 100 ms later (a second one sometimes at the same
millisecond, to exercise ties).  Every action goes through ``legal_actions``
and a validated ``apply``.  It prints JSON with ``actions_per_s``,
``games_per_s``, ``actions_per_game``, ``unfinished`` (games cut off
after :data:`MAX_ACTIONS`) and the time one ``apply`` takes
(``apply_us_mean``, ``apply_us_p99``, ``apply_us_max``, in microseconds; the
stack can hold the whole deck).  One process: the figure is per core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from . import new_game
from .game import MAX_SEATS, MIN_SEATS, Ratscrew
from .moves import LAY, SNAP, Action

MAX_ACTIONS = 20000


def play_one(state: Ratscrew, rng: random.Random, apply_ns: list[int]) -> bool:
    """Play ``state`` to its end (or :data:`MAX_ACTIONS`), noting how long each ``apply`` took; finished?"""
    at = 0
    start = len(apply_ns)
    while not state.is_over and len(apply_ns) - start < MAX_ACTIONS:
        at += 100
        state.advance(at)
        moves: list[tuple[Action, int]]
        if state.snaps():
            seats = rng.sample(range(state.num_seats), k=2)[: rng.choice((1, 1, 2))]
            moves = [(SNAP, seat) for seat in seats]
        else:
            moves = [(LAY, state.turn)]
        for action, seat in moves:
            if action in state.legal_actions(seat):
                t0 = time.perf_counter_ns()
                state.apply(action, seat, at)
                apply_ns.append(time.perf_counter_ns() - t0)
    return state.is_over


def run(seconds: float, players: list[int], seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    apply_ns: list[int] = []
    games = unfinished = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        unfinished += not play_one(new_game(players[games % len(players)], {}, rng.getrandbits(32)), rng, apply_ns)
        games += 1
    elapsed = time.perf_counter() - start
    actions = len(apply_ns)
    ordered = sorted(apply_ns)
    return {
        "seconds": round(elapsed, 3),
        "players": players,
        "games": games,
        "unfinished": unfinished,  # stopped at MAX_ACTIONS
        "actions": actions,
        "actions_per_s": round(actions / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(actions / max(games, 1), 1),
        "apply_us_mean": round(sum(ordered) / max(actions, 1) / 1000, 1),
        "apply_us_p99": round(ordered[int(0.99 * (actions - 1))] / 1000, 1) if ordered else 0,
        "apply_us_max": round(ordered[-1] / 1000, 1) if ordered else 0,
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

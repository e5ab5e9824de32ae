"""Snap's engine speed: ``python -m engine.bench --game snap [--seconds 3] [--players 2-6] [--variant own]``.

Random legal play through the public API, as the random-simulation test plays
it: time steps of 0 to 600 ms, timers advanced, a random seat's random legal
action applied with validation.  Prints JSON with ``actions_per_s`` and
``games_per_s``; one process, so the figures are per core.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from . import MAX_PLAYERS, MIN_PLAYERS, new_game

STEPS = (0, 1, 7, 40, 150, 600)


def run(seconds: float, players: list[int], variant: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(players[games % len(players)], {"variant": variant}, rng.getrandbits(32))
        at = 0
        while not state.is_over:
            at += rng.choice(STEPS)
            state.advance(at)
            seats = [s for s in state.to_move() if state.legal_actions(s)]
            if seats and not state.is_over:
                seat = rng.choice(seats)
                state.apply(rng.choice(state.legal_actions(seat)), seat, at)
                actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"seconds": round(elapsed, 3), "players": players, "variant": variant, "games": games, "actions": actions,
            "actions_per_s": round(actions / elapsed), "games_per_s": round(games / elapsed, 1)}


def _players(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    counts = list(range(int(lo), int(hi or lo) + 1))
    if not counts or counts[0] < MIN_PLAYERS or counts[-1] > MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"players must be within {MIN_PLAYERS}-{MAX_PLAYERS}, like 3 or 2-6")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench --game snap", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=_players, default=_players("2-6"))
    parser.add_argument("--variant", choices=("own", "shared"), default="own")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.seconds, args.players, args.variant, args.seed)))
    return 0

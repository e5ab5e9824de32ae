"""Scamper engine speed: random legal games through the public API.

``python -m engine.bench --game scamper [--seconds 3] [--players 4] [--rounds 10] [--seed 1]``
plays whole games for the given time: each decision lists the legal actions,
picks one uniformly and applies it with validation (events included).  The
stock is reshuffled when it runs out (random play rarely goes down, and a
replayed round would rarely end).  Prints JSON with ``decisions_per_s``.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from . import MAX_SEATS, MIN_SEATS, new_game


def run(seconds: float, players: int, rounds: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    decisions = games = rounds_played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new_game(players, {"rounds": rounds, "stock_out": "reshuffle"}, rng.getrandbits(32))
        while not state.is_over and time.perf_counter() < deadline:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        rounds_played += len(state.sheet.lines)
        games += state.is_over
    elapsed = time.perf_counter() - start
    return {
        "game": "scamper", "seconds": round(elapsed, 3), "players": players, "rounds_per_game": rounds,
        "games": games, "rounds": rounds_played, "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench --game scamper", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    parser.add_argument("--players", type=int, default=4, choices=range(MIN_SEATS, MAX_SEATS + 1), metavar="2-10")
    parser.add_argument("--rounds", type=int, default=1, choices=range(1, 11), metavar="1-10",
                        help="rounds per game (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.seconds, args.players, args.rounds, args.seed)))
    return 0

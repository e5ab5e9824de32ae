"""Sprint, Snap, Score's engine speed: random legal rounds through the public API.

``python -m engine.bench --game sprint [--seconds 3] [--players 2-5] [--seed 1]`` plays whole
rounds for the given time: each decision lists the legal actions, picks one
uniformly and applies it with validation (events included).  It prints JSON with
``decisions_per_s`` (player actions; replacement draws are not decisions) and
``rounds_per_s``.  One process, so the figure is per core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from . import MAX_PLAYERS, MIN_PLAYERS, Round


def run(seconds: float, players: list[int], seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    decisions = rounds = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = Round.deal(players[rounds % len(players)], rng.getrandbits(32), 0)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        rounds += 1
    elapsed = time.perf_counter() - start
    return {
        "seconds": round(elapsed, 3),
        "players": players,
        "rounds": rounds,
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed),
        "rounds_per_s": round(rounds / elapsed, 1),
        "decisions_per_round": round(decisions / max(rounds, 1), 1),
    }


def _players(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    counts = list(range(int(lo), int(hi or lo) + 1))
    if not counts or counts[0] < MIN_PLAYERS or counts[-1] > MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"players must be within {MIN_PLAYERS}-{MAX_PLAYERS}, like 2 or 2-5")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench --game sprint", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    parser.add_argument("--players", type=_players, default=_players("2-5"), help="player counts, cycled (default 2-5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.seconds, args.players, args.seed)))
    return 0

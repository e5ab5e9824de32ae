"""Engine speed of Double or Nothing at each scale: random legal Duels at fixed game numbers.

``python -m engine.bench --game double-or-nothing --game-number 1,10,20,30 --json`` plays
Duels at each game number for ``--seconds`` (default 2) and prints
``{"actions_per_s": {"1": ..., "10": ..., ...}}``: each action is listing the
legal actions, picking one at random and applying it with validation and events.
Counts, not cards, so game 30 should run as fast as game 1 (``ratio`` is the
last game number's rate over the first's).  One process: the figures are per core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from .actions import Mode
from .run import MAX_GAME, Run


def actions_per_second(game: int, seconds: float, seed: int) -> float:
    """Random legal actions applied per second in Duels at ``game``."""
    rng = random.Random(seed)
    actions = 0
    state = Run(Mode.DUEL, game, rng.getrandbits(32))
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            if state.is_over:
                state = Run(Mode.DUEL, game, rng.getrandbits(32))
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))], seat)
            actions += 1
        if time.perf_counter() >= deadline:
            break
    return actions / (time.perf_counter() - start)


def _game_numbers(text: str) -> list[int]:
    try:
        games = [int(g) for g in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected game numbers like 1,10,20,30, got {text!r}") from None
    if not games or any(not 1 <= g <= MAX_GAME for g in games):
        raise argparse.ArgumentTypeError(f"game numbers run from 1 to {MAX_GAME}")
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench --game double-or-nothing",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--game-number", type=_game_numbers, default=[1, 10, 20, 30],
                        help="game numbers to measure, comma-separated (default 1,10,20,30)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per game number (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON only (the default output is JSON too)")
    args = parser.parse_args(argv)
    rates = {str(g): round(actions_per_second(g, args.seconds, args.seed)) for g in args.game_number}
    first, last = rates[str(args.game_number[0])], rates[str(args.game_number[-1])]
    out = {"actions_per_s": rates, "ratio": round(last / first, 3) if first else None}
    print(json.dumps(out))
    return 0

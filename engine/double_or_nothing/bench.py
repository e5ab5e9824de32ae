"""Engine speed of Double or Nothing at each scale: random legal Duels at fixed game numbers.

``python -m engine.bench --game double-or-nothing --game-number 1,10,20,30 --json`` plays
Duels at each game number for ``--seconds`` (default 2; the game numbers take
turns in short slices so that the machine's load falls on all alike) and prints
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


class _Table:
    """Random legal Duels at one game number, played a slice at a time."""

    def __init__(self, game: int, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.state = Run(Mode.DUEL, game, self.rng.getrandbits(32))
        self.actions = 0
        self.seconds = 0.0

    def play_for(self, seconds: float) -> None:
        rng = self.rng
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in range(100):
                state = self.state
                if state.is_over:
                    state = self.state = Run(Mode.DUEL, self.game, rng.getrandbits(32))
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randrange(len(legal))], seat)
                self.actions += 1
            if time.perf_counter() >= deadline:
                break
        self.seconds += time.perf_counter() - start


def actions_per_second(games: list[int], seconds: float, seed: int, slices: int = 20) -> dict[int, float]:
    """Random legal actions applied per second in Duels at each game number.

    The game numbers take turns in ``slices`` short slices, so a change in the
    machine's load falls on all of them alike.
    """
    tables = [_Table(g, seed) for g in games]
    for _ in range(slices):
        for table in tables:
            table.play_for(seconds / slices)
    return {t.game: t.actions / t.seconds for t in tables}


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
    rates = {str(g): round(rate) for g, rate in actions_per_second(args.game_number, args.seconds, args.seed).items()}
    first, last = rates[str(args.game_number[0])], rates[str(args.game_number[-1])]
    out = {"actions_per_s": rates, "ratio": round(last / first, 3) if first else None}
    print(json.dumps(out))
    return 0

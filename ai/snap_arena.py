"""Snap's arena: bot levels play each other headless, through the same reflex scheduler as the table.

    python -m ai.arena --game snap --players hard,medium,easy --games 100 --seed 1 --json

Player ``j`` (the j-th level of ``--players``) sits at seat ``(j + i) mod n`` in
game ``i``, so every level gets every seat.  Bots are driven by
:func:`ai.reflex.run_until` with a fixed ``--step-ms`` (their actions carry
their own sampled times, so the step only changes how often they are asked).
A game still going after ``--max-minutes`` of game time counts as unfinished.
Per player: ``win_share`` (1 per win, 1/k for a k-way draw), ``snaps_won``,
``average_snap_ms``, ``false_calls`` per game.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from engine.snap import MAX_PLAYERS, MIN_PLAYERS, SnapWon, new_game

from .reflex import run_until
from .snap import LEVELS, make_bot


def play(levels: list[str], games: int, seed: int, step_ms: int, max_minutes: float, variant: str) -> dict[str, Any]:
    n = len(levels)
    rng = random.Random(seed)
    share = [0.0] * n
    snaps: list[list[int]] = [[] for _ in range(n)]
    false_calls = [0] * n
    unfinished = 0
    game_ms: list[int] = []
    for i in range(games):
        seat_of = [(j + i) % n for j in range(n)]
        player_at = {s: j for j, s in enumerate(seat_of)}
        state = new_game(n, {"variant": variant}, rng.getrandbits(32))
        bots = {seat_of[j]: make_bot(levels[j], seed=rng.getrandbits(32)) for j in range(n)}
        now = 0
        while not state.is_over and now < max_minutes * 60_000:
            now += step_ms
            for played in run_until(state, bots, now):
                for event in played.events:
                    if isinstance(event, SnapWon):
                        snaps[player_at[event.seat]].append(event.reaction_ms)
        outcome = state.outcome()
        if outcome is None:
            unfinished += 1
            continue
        game_ms.append(now)
        for seat, count in enumerate(state.false_calls):
            false_calls[player_at[seat]] += count
        for seat in outcome.winners:
            share[player_at[seat]] += 1 / len(outcome.winners)
    finished = max(1, games - unfinished)
    return {
        "games": games, "unfinished": unfinished, "variant": variant,
        "median_game_s": round(statistics.median(game_ms) / 1000, 1) if game_ms else None,
        "players": [
            {"level": levels[j], "win_share": round(share[j] / finished, 3), "snaps_won": len(snaps[j]),
             "average_snap_ms": round(statistics.fmean(snaps[j])) if snaps[j] else None,
             "false_calls_per_game": round(false_calls[j] / finished, 2)}
            for j in range(n)
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.arena --game snap", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="hard,medium,easy", help=f"levels, comma-separated ({', '.join(LEVELS[:3])})")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--step-ms", type=int, default=50)
    parser.add_argument("--max-minutes", type=float, default=20.0)
    parser.add_argument("--variant", choices=("own", "shared"), default="own")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = args.players.split(",")
    if not MIN_PLAYERS <= len(levels) <= MAX_PLAYERS or any(lv not in LEVELS[:3] for lv in levels):
        parser.error(f"--players: {MIN_PLAYERS} to {MAX_PLAYERS} of {', '.join(LEVELS[:3])}")
    result = play(levels, max(1, args.games), args.seed, max(1, args.step_ms), args.max_minutes, args.variant)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games ({result['unfinished']} unfinished), median {result['median_game_s']} s of play")
        for p in result["players"]:
            print(f"  {p['level']:>6}: win share {p['win_share']:.3f}, {p['snaps_won']} snaps won, "
                  f"average {p['average_snap_ms']} ms, {p['false_calls_per_game']} false calls a game")
    return 0

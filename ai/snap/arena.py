"""Snap's arena: bot levels play each other headless, through the same reflex scheduler as the table.

    python -m ai.arena --game snap --players hard,medium,easy --games 100 --seed 1 [--duplicate] --json

The shared report and seating are :mod:`ai.arenakit`'s; a game's ``scores``
are the cards each seat holds at the end (what the engine's outcome gives).
Bots are driven by :func:`ai.reflex.run_until` with a fixed ``--step-ms``
(their actions carry their own sampled times, so the step only changes how
often they are asked).  A game still going after ``--max-minutes`` of game
time counts as unfinished and is left out of the figures.  Snap's own fields,
per player in ``players``: ``win_share`` (1 per win, 1/k for a k-way draw),
``snaps_won``, ``average_snap_ms``, ``false_calls_per_game``; and
``unfinished``, ``finished``, ``variant``, ``median_game_s``.
``behaviours`` counts, by level, ``miss`` (matches it saw and never called)
and ``false_call`` (calls at changes with nothing to call).

The old entry point ``python -m ai.snap_arena`` (player ``j`` at seat
``(j + i) mod n`` in game ``i``, deals from one random stream) runs one more
release with a notice.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from functools import partial
from typing import Any, Sequence

from engine.envelope import GameRecord
from engine.games import game_info
from engine.snap import MAX_PLAYERS, MIN_PLAYERS, SnapGame, SnapWon, new_game

from ..arenakit import GameArena, GameResult, Race, Seating, ai_players, play_all, race_behaviours, result_of, save_record
from ..arenakit import seatings, summarize
from . import LEVELS, make_bot


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
        race = Race(state, bots, step_ms)
        for played in race.run(lambda now: now >= max_minutes * 60_000):
            for event in played.events:
                if isinstance(event, SnapWon):
                    snaps[player_at[event.seat]].append(event.reaction_ms)
        now = race.now
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


def play_seating(spec: Seating, levels: Sequence[str], options: dict[str, Any], step_ms: int, max_minutes: float,
                 record_dir: str | None) -> GameResult | None:
    """One game of a run; None if it was still going after ``max_minutes`` of game time."""
    n = len(levels)
    names = [levels[spec.seating[seat]] for seat in range(n)]
    record, state = GameRecord.begin(game_info("snap"), ai_players(levels, spec), spec.deal_seed, options)
    assert isinstance(state, SnapGame)
    bots = {seat: make_bot(names[seat], seed=spec.bot_seed * 8 + seat) for seat in range(n)}
    snaps: list[tuple[int, int]] = []
    race = Race(state, bots, step_ms, record)
    for played in race.run(lambda now: now >= max_minutes * 60_000):
        snaps += [(spec.seating[e.seat], e.reaction_ms) for e in played.events if isinstance(e, SnapWon)]
    save_record(record_dir, spec.index, record.dumps())
    if state.outcome() is None:
        return None
    false_calls = [0] * n
    for seat, count in enumerate(state.false_calls):
        false_calls[spec.seating[seat]] += count
    return result_of(spec, state, behaviours=race_behaviours(bots, names),
                     extra={"snaps": snaps, "false_calls": false_calls, "ms": race.now})


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The one arena's run of Snap (:mod:`ai.arena_cli`): the shared report plus Snap's own fields."""
    levels = args.players
    options = game_info("snap").resolve_options({"variant": args.variant})
    specs = seatings(len(levels), args.games, args.seed, args.duplicate)
    play_one = partial(play_seating, levels=levels, options=options, step_ms=max(1, args.step_ms),
                       max_minutes=args.max_minutes, record_dir=args.record_dir)
    played = play_all(play_one, specs, args.jobs)
    results = [r for r in played if r is not None]
    report = summarize(levels, results)
    n = len(levels)
    snaps: list[list[int]] = [[] for _ in range(n)]
    for r in results:
        for player, ms in r.extra["snaps"]:
            snaps[player].append(ms)
    finished = len(results)
    ms = [r.extra["ms"] for r in results]
    report.update({
        "games": len(specs), "finished": finished, "unfinished": len(specs) - finished, "variant": args.variant,
        "median_game_s": round(statistics.median(ms) / 1000, 1) if ms else None,
        "players": [
            {"level": levels[j], "win_share": report["score_share"][j], "snaps_won": len(snaps[j]),
             "average_snap_ms": round(statistics.fmean(snaps[j])) if snaps[j] else None,
             "false_calls_per_game": round(sum(r.extra["false_calls"][j] for r in results) / max(1, finished), 2)}
            for j in range(n)
        ],
    })
    return report


def _flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--step-ms", type=int, default=50, help="game time between scheduler calls (default 50)")
    parser.add_argument("--max-minutes", type=float, default=20.0, help="a game still going after this is unfinished")
    parser.add_argument("--variant", choices=("own", "shared"), default="own")


def _check(args: argparse.Namespace) -> str | None:
    bad = [lv for lv in args.players if lv not in LEVELS[:3]]
    return f"--players: unknown level {bad[0]!r}: choose from {', '.join(LEVELS[:3])}" if bad else None


def main(argv: list[str] | None = None) -> int:
    """The old command line (``python -m ai.snap_arena``), kept one release."""
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


ARENA = GameArena(_flags, run, default_players="hard,medium,easy", default_games=50, old_main=main, check=_check)
"""Snap's part of ``python -m ai.arena`` (its registry entry names it)."""


if __name__ == "__main__":
    from ..arena_cli import old_entry

    raise SystemExit(old_entry("snap"))

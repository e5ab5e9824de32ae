"""Measure a real-time bot level against its table: ``python -m ai.reaction --game snap --level hard --samples 2000 --json``.

With ``--matched STRENGTH --human-mean M --contests N`` it judges the Matched
level instead: a simulated human of mean ``M`` against a Matched bot, the bot's
share of contested calls (:mod:`ai.matched_study`).

Situations come from random legal play of the game (any registered real-time
game whose ``bots`` make a :class:`~ai.reflex.ReflexScheduler`).  In each, one
seat's bot, fresh, observes the position through the same scheduler the table
uses, and whatever the scheduler hands back is classified by its urge:

* ``mean_ms``, ``median_ms``, ``p90_ms``: delay from the change that showed a
  match to the bot's correct call (calls it made);
* ``miss_rate``: the share of matches it never called;
* ``false_rate``: the share of quiet changes (nothing to call) on which it
  called anyway.

It runs until ``--samples`` situations with a match were seen.  Extra keys:
the level's table figures (``table_mean_ms``, ``table_miss``, ``table_false``),
``quiet_samples`` and ``game``/``level``.  Where a game's bots scale their
reaction by how hard a cue is to recognise (Ratscrew: a dark queen quicker, a
sandwich deep in the stack slower), ``mean_scale`` is the mean scale of the
calls made and ``expected_mean_ms`` the table's mean times it, the figure
``mean_ms`` should match (for Snap both are the plain table: scale 1).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

from engine.games import GAMES, GameInfo, game_info

from .reflex import ReflexScheduler, Urge

HORIZON_MS = 30_000
STEPS = (0, 1, 7, 40, 150, 600)


def measure(info: GameInfo, level: str, samples: int, seed: int = 1, **settings: Any) -> dict[str, Any]:
    """The measured reflexes of ``level`` over ``samples`` situations with something to call."""
    rng = random.Random(seed)
    rules = info.rules()
    delays: list[int] = []
    scales: list[float] = []
    offered = missed = quiet = mistakes = 0
    table = None
    while offered < samples:
        seats = rng.randint(info.min_seats, info.max_seats)
        state = rules.new_game(seats, info.resolve_options(), rng.getrandbits(32))
        at = 0
        while not state.is_over and offered < samples:
            live = state.to_move()
            seat = rng.choice(live)
            bot = info.make_bot(level, seed=rng.getrandbits(32), **settings)
            if not isinstance(bot, ReflexScheduler):
                raise ValueError(f"{info.title}'s bots are not reflex bots")
            table = bot.reflexes
            observation = state.observation(seat)
            bot.observe(observation)
            for timed in bot.due(observation.since + HORIZON_MS):
                if timed.urge is Urge.CLAIM:
                    delays.append(timed.at - observation.since)
            scales += bot.tally.scales
            offered += bot.tally.claims
            missed += bot.tally.missed
            quiet += bot.tally.quiet
            mistakes += bot.tally.mistakes
            at += rng.choice(STEPS)
            state.advance(at)
            movers = [s for s in state.to_move() if state.legal_actions(s)]
            if movers and not state.is_over:
                mover = rng.choice(movers)
                state.apply(rng.choice(state.legal_actions(mover)), mover, at)
            elif not state.is_over:
                deadline = state.next_deadline()
                if deadline is None:
                    break
                at = max(at, deadline)
                state.advance(at)
    assert table is not None
    return {
        "game": info.id,
        "level": level,
        "samples": offered,
        "mean_ms": round(statistics.fmean(delays), 1) if delays else None,
        "median_ms": statistics.median(delays) if delays else None,
        "p90_ms": statistics.quantiles(delays, n=10)[8] if len(delays) > 1 else None,
        "miss_rate": round(missed / offered, 4) if offered else None,
        "false_rate": round(mistakes / quiet, 4) if quiet else None,
        "quiet_samples": quiet,
        "table_mean_ms": round(table.mean_ms, 1),
        "mean_scale": round(statistics.fmean(scales), 4) if scales else None,
        "expected_mean_ms": round(table.mean_ms * statistics.fmean(scales), 1) if scales else None,
        "table_miss": round(table.miss, 4),
        "table_false": round(table.false_rate, 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.reaction", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default=next(info.id for info in GAMES.values() if info.realtime and info.bots))
    parser.add_argument("--level", default="medium")
    parser.add_argument("--mean", type=float, default=None, help="the Custom level's mean reaction (ms)")
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--matched", default=None, help="judge the Matched level of this strength (gentle, even, tough) "
                        "against a simulated human: see ai.matched_study")
    parser.add_argument("--human-mean", type=float, default=600.0, help="--matched: the simulated human's mean reaction (ms)")
    parser.add_argument("--contests", type=int, default=100, help="--matched: how many contested calls to play")
    parser.add_argument("--seeds", type=int, default=1, help="--matched: runs (seeds from --seed on) to average")
    args = parser.parse_args(argv)
    try:
        info = game_info(args.game)
        if not info.realtime or not info.bots:
            raise ValueError(f"{info.title} has no reflex bots to measure")
        if args.matched is not None:
            from .matched_study import study

            result = study(info, args.matched, args.human_mean, args.contests, args.seed, args.seeds)
            print(json.dumps(result) if args.json else "\n".join(f"{k:>18}: {v}" for k, v in result.items()))
            return 0
        info.level(args.level)
        settings = {"mean_ms": args.mean} if args.mean is not None else {}
        result = measure(info, args.level, max(1, args.samples), args.seed, **settings)
    except ValueError as exc:
        print(f"ai.reaction: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>14}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The Scamper arena: bots play whole games headless, on duplicate deals.

    python -m ai.arena --game scamper --players hard,standard --deals 20 --rounds 10 --seed 1

Each deal (a seed) is played once per rotation of the seats: player ``j`` sits
at seat ``(j + r) mod n`` in rotation ``r``, so every player plays every seat of
the same deal.  It prints JSON, per player (by the order of ``--players``):

* ``score_share``: a game won alone counts 1, a k-way shared win 1/k, averaged
  over games (for two players: the win rate, ties as half);
* ``ci95``: a 95% t interval of the score share over deals (each deal's games
  are averaged first, so a deal counts once);
* ``margin_per_round``: the mean, over rounds played, of the other players'
  average round points minus this player's (lower is better in Scamper, so a
  positive margin is good), with its own per-deal 95% interval;
* ``mean_total``: the mean final total;
and, by player name, ``decision_ms`` (median and 99th percentile) and
``behaviours``: how often each behaviour a bot counts fired out of the
decisions where it could (``fired``, ``opportunities``, ``rate``; Hard's
``hold``: it kept a contract it could have laid).

A player is a level, or ``hard:nohold`` for a Hard that lays its contract as
soon as it can, or ``hard:hold=S/K/R`` for a Hard with another hold rule
(:class:`~ai.scamper.bots.HoldRule`; to measure what holding is worth).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any, Sequence

from engine.scamper import MAX_SEATS, MIN_SEATS, new_game

from ..stats import behaviour_report
from . import LEVELS, Bot, HoldRule, make_bot


def variant(text: str) -> dict[str, Any]:
    """The :func:`~ai.scamper.make_bot` settings a Hard player's suffix stands for: ``nohold``
    (lays its contract at once) or ``hold=S/K/R`` (``HoldRule(min_stock=S, min_stuck=K, max_risk=R)``)."""
    if text == "nohold":
        return {"hold": False}
    name, _, numbers = text.partition("=")
    parts = numbers.split("/")
    if name != "hold" or len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"unknown variant {text!r}: use nohold or hold=S/K/R, like hold=45/4/80")
    return {"hold": HoldRule(*map(int, parts))}

MAX_DECISIONS = 200_000
"""A game still going after this many decisions is a bug (a replayed round that never ends, a bot loop)."""


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (Cornish-Fisher)."""
    z = 1.959963984540054
    if df <= 0:
        return math.inf
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def t_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% t interval of the mean of ``values``."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return round(mean - half, 4), round(mean + half, 4)


def player_bot(name: str, seed: int) -> Bot:
    """The bot a player name stands for: a level, perhaps with a variant (``hard:nohold``)."""
    level, _, suffix = name.partition(":")
    return make_bot(level, seed=seed, **(variant(suffix) if suffix else {}))


def play(levels: Sequence[str], seed: int, options: dict[str, Any], bot_seed: int, times: dict[str, list[float]],
         counts: dict[str, dict[str, list[int]]]) -> tuple[tuple[int, ...], list[tuple[int, ...]], tuple[int, ...]]:
    """One game, player ``levels[seat]`` at each seat: (final totals, each round's points, placings).

    Adds each decision's time to ``times`` and each bot's behaviour counts to ``counts``, by player name.
    """
    state = new_game(len(levels), options, seed)
    bots = [player_bot(level, bot_seed * 31 + seat) for seat, level in enumerate(levels)]
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        seat = state.current
        obs = state.observation(seat)
        start = time.perf_counter()
        action = bots[seat].decide(obs)
        times[levels[seat]].append((time.perf_counter() - start) * 1000)
        state.apply(action, seat)
    for level, bot in zip(levels, bots):
        mine = counts.setdefault(level, {})
        for name, (fired, chances) in bot.counts.items():
            total = mine.setdefault(name, [0, 0])
            total[0] += fired
            total[1] += chances
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"game {seed} ({','.join(levels)}) did not end in {MAX_DECISIONS} decisions")
    return outcome.scores, [line.points for line in state.sheet.lines], outcome.placings


def run(players: Sequence[str], deals: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    n = len(players)
    times: dict[str, list[float]] = {level: [] for level in players}
    counts: dict[str, dict[str, list[int]]] = {}
    share_by_deal: list[list[float]] = [[] for _ in players]
    margin_by_deal: list[list[float]] = [[] for _ in players]
    totals: list[list[int]] = [[] for _ in players]
    games = 0
    for deal in range(deals):
        deal_seed = seed * 100_003 + deal
        shares = [0.0] * n
        margins: list[list[float]] = [[] for _ in players]
        for rotation in range(n):
            seat_of = [(j + rotation) % n for j in range(n)]
            levels = [""] * n
            for j, seat in enumerate(seat_of):
                levels[seat] = players[j]
            scores, rounds, placings = play(levels, deal_seed, options, deal_seed * n + rotation, times,
                                            counts)
            games += 1
            winners = [s for s in range(n) if placings[s] == 1]
            for j, seat in enumerate(seat_of):
                if seat in winners:
                    shares[j] += 1 / len(winners)
                totals[j].append(scores[seat])
                for points in rounds:
                    others = (sum(points) - points[seat]) / (n - 1)
                    margins[j].append(others - points[seat])
        for j in range(n):
            share_by_deal[j].append(shares[j] / n)
            margin_by_deal[j].append(statistics.fmean(margins[j]))
    report: dict[str, Any] = {
        "game": "scamper", "players": list(players), "deals": deals, "games": games, "seed": seed,
        "options": options, "results": [],
    }
    for j, level in enumerate(players):
        report["results"].append({
            "player": j, "level": level,
            "score_share": round(statistics.fmean(share_by_deal[j]), 4),
            "ci95": t_interval(share_by_deal[j]),
            "margin_per_round": round(statistics.fmean(margin_by_deal[j]), 2),
            "margin_ci95": t_interval(margin_by_deal[j]),
            "mean_total": round(statistics.fmean(totals[j]), 1),
        })
    report["decision_ms"] = {
        level: {"median": round(statistics.median(ts), 3), "p99": round(sorted(ts)[int(0.99 * (len(ts) - 1))], 3),
                "decisions": len(ts)}
        for level, ts in times.items() if ts
    }
    report["behaviours"] = behaviour_report(counts)
    return report


def _players(text: str) -> list[str]:
    levels = [p.strip() for p in text.split(",") if p.strip()]
    if not MIN_SEATS <= len(levels) <= MAX_SEATS:
        raise argparse.ArgumentTypeError(f"name {MIN_SEATS} to {MAX_SEATS} players, like hard,standard")
    for name in levels:
        level, _, suffix = name.partition(":")
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
        if suffix and level != "hard":
            raise argparse.ArgumentTypeError(f"{name!r}: only Hard has variants")
        if suffix:
            try:
                variant(suffix)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
    return levels


def main(argv: list[str] | None = None) -> int:
    """``python -m ai.arena --game scamper ...``: print the JSON report."""
    parser = argparse.ArgumentParser(prog="python -m ai.arena --game scamper", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=_players, default=_players("standard,easy"),
                        help="levels, one per player (default standard,easy); hard:nohold is Hard without holding, hard:hold=S/K/R another hold rule")
    parser.add_argument("--deals", type=int, default=10, help="deals, each played once per seat rotation (default 10)")
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10",
                        help="rounds per game (default 10)")
    parser.add_argument("--stock-out", default="replay", choices=("replay", "add-pack", "reshuffle"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="accepted for symmetry with Sprint's arena; runs in one process")
    parser.add_argument("--json", action="store_true", help="accepted for symmetry with the other arenas; the report is always JSON")
    args = parser.parse_args(argv)
    options = {"rounds": args.rounds, "stock_out": args.stock_out}
    print(json.dumps(run(args.players, args.deals, args.seed, options)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The arena: bots play Sprint, Snap, Score against each other, headless.

    python -m ai.arena --players strategist,standard --games 2000 --seed 1 --duplicate --json

Seating.  Player ``j`` (the j-th name of ``--players``) normally sits at seat
``j``, and the first player rotates: game ``i`` starts with seat ``i mod n``.
With ``--duplicate`` each deal is played once per rotation of the seats (player
``j`` at seat ``(j + r) mod n`` in rotation ``r``), all with the same first seat
(``deal mod n``), so every player gets every seat and every hand of the deal.
``--games`` then counts rounds, rounded up to a multiple of the number of players.

Scoring.  ``wins`` counts rounds a player won alone, ``ties`` the rounds with a
shared win; ``score_share`` gives 1 for a win and 1/k for a k-way shared win,
divided by the number of games (for two players: the win rate, ties as half).
Intervals.  ``ci95_deal`` is the 95% interval of the score share taken over
deals: each deal's games are averaged first, then a Student t interval is taken
over the deals (see :mod:`ai.stats`).  In a duplicate run the games of a deal
are paired, so this is the interval to read; without ``--duplicate`` every game
is its own deal.  ``margin`` is a player's mean points per game minus the mean
of the others' (for two players: the rival's), with ``margin_ci95_deal`` its
interval over deals.  ``ci95_unpaired`` is the Wilson interval that treats every
game as an independent trial (a tie counts as half a success): wider than the
truth for duplicate runs.  ``ci95`` is the same unpaired interval under its old
name, kept for older readers.

``behaviours`` counts, by level, how often each behaviour a level's blurb
describes fired out of the decisions where it could (``fired``,
``opportunities``, ``rate``; the bots define them, see ``Bot.counts``).
``decision_ms`` gives the median and 99th percentile of the wall time a bot
took per decision, by level.  Master's ``--think-ms`` budget is counted here in
CPU time of its thread (:func:`arena_bot`), so a busy machine slows a run down
without weakening Master.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Sequence

from engine.records import Deal, PlayerInfo, Record
from engine.sprint import MAX_PLAYERS, MIN_PLAYERS, Round

from . import LEVEL_NAMES, LEVELS, make_bot
from .bots import Bot
from .master import Master
from .stats import behaviour_report, deal_report

BotFactory = Callable[..., Bot]
"""Makes the bot of a level: ``factory(level, seed=..., think_ms=...)``, like :func:`~ai.make_bot`."""

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One round of an arena run: which deal, who sits where."""

    index: int
    deal_seed: int
    seating: tuple[int, ...]  # seating[seat] = player index
    first_seat: int
    levels: tuple[str, ...]  # by player index
    bot_seed: int
    think_ms: int
    record_dir: str | None


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    scores: tuple[int, ...]  # by player index
    winners: tuple[int, ...]  # player indices
    decision_ms: dict[str, list[float]]
    deal_seed: int = 0
    behaviours: dict[str, dict[str, tuple[int, int]]] | None = None  # level -> name -> (fired, opportunities)


def game_specs(
    levels: Sequence[str], games: int, seed: int, duplicate: bool, think_ms: int, record_dir: str | None
) -> list[GameSpec]:
    """The rounds of a run, in order (see the module docstring for the seating)."""
    n = len(levels)
    specs = []
    if duplicate:
        deals = -(-games // n)
        for d in range(deals):
            for r in range(n):
                index = d * n + r
                seating = tuple((seat - r) % n for seat in range(n))
                specs.append(GameSpec(index, seed * 1_000_000 + d, seating, d % n, tuple(levels),
                                      seed * 1_000_003 + index, think_ms, record_dir))
    else:
        for i in range(games):
            specs.append(GameSpec(i, seed * 1_000_000 + i, tuple(range(n)), i % n, tuple(levels),
                                  seed * 1_000_003 + i, think_ms, record_dir))
    return specs


def arena_bot(level: str, seed: int | None = None, think_ms: int = 1000) -> Bot:
    """A level's bot as the arena plays it: Master's ``--think-ms`` counts the CPU time of its thread.

    At the table the budget is wall time; here, on a machine shared with other
    work, wall time would give Master less thinking the busier the machine.
    """
    bot = make_bot(level, seed, think_ms)
    if isinstance(bot, Master):
        bot.clock = time.thread_time
    return bot


def play_game(spec: GameSpec, factory: BotFactory = arena_bot) -> GameResult:
    """Play one round; every bot sees only its own observation.

    The one exception is for studies, never for the levels: a bot with a
    ``watch_table`` method (the oracles of :mod:`ai.ceiling`) is handed the live
    state once, to measure what seeing hidden cards would be worth.  It must
    only read it.  A bot of one of the :data:`~ai.LEVELS` is refused the state.
    """
    n = len(spec.levels)
    seat_levels = [spec.levels[spec.seating[s]] for s in range(n)]
    bots = [factory(level, seed=spec.bot_seed * 8 + s, think_ms=spec.think_ms) for s, level in enumerate(seat_levels)]
    state = Round.deal(n, spec.deal_seed, spec.first_seat)
    for bot in bots:
        watch = getattr(bot, "watch_table", None)
        if watch is not None:
            if bot.level in LEVELS:
                raise ValueError(f"a {bot.level} bot may not see the table, only its observation")
            watch(state)
    record = None
    if spec.record_dir is not None:
        players = [PlayerInfo(f"{LEVEL_NAMES.get(level, level)} {spec.seating[s] + 1}", "ai", level) for s, level in enumerate(seat_levels)]
        record = Record(tuple(players), Deal.of(state), spec.first_seat, spec.deal_seed)
    times: dict[str, list[float]] = {level: [] for level in set(seat_levels)}
    while not state.is_over:
        seat = state.current
        obs = state.observation(seat)
        t0 = time.perf_counter()
        action = bots[seat].decide(obs)
        times[seat_levels[seat]].append((time.perf_counter() - t0) * 1000.0)
        events = state.apply(action)
        if record is not None:
            record.append(seat, action, events)
    assert state.result is not None
    if record is not None and spec.record_dir is not None:
        path = os.path.join(spec.record_dir, f"game-{spec.index:05d}.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(record.dumps())
    scores = [0] * n
    for seat, score in enumerate(state.result.scores):
        scores[spec.seating[seat]] = score
    winners = tuple(sorted(spec.seating[s] for s in state.result.winners))
    return GameResult(spec.index, tuple(scores), winners, times, spec.deal_seed, behaviour_counts(bots))


def behaviour_counts(bots: Sequence[Bot]) -> dict[str, dict[str, tuple[int, int]]]:
    """The bots' behaviour counts summed by level: ``{level: {name: (fired, opportunities)}}``."""
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for bot in bots:
        mine = out.setdefault(bot.level, {})
        for name, (fired, chances) in bot.counts.items():
            f, c = mine.get(name, (0, 0))
            mine[name] = (f + fired, c + chances)
    return out


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, center - half), min(1.0, center + half))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    k = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[k]


def summarize(levels: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The arena's JSON report."""
    n = len(levels)
    games = len(results)
    wins = [0] * n
    share = [0.0] * n
    totals = [0] * n
    ties = 0
    times: dict[str, list[float]] = {}
    counts: dict[str, dict[str, tuple[int, int]]] = {}
    for r in results:
        for level, named in (r.behaviours or {}).items():
            mine = counts.setdefault(level, {})
            for name, (fired, chances) in named.items():
                f, c = mine.get(name, (0, 0))
                mine[name] = (f + fired, c + chances)
        if len(r.winners) == 1:
            wins[r.winners[0]] += 1
        else:
            ties += 1
        for j in r.winners:
            share[j] += 1.0 / len(r.winners)
        for j in range(n):
            totals[j] += r.scores[j]
        for level, ts in r.decision_ms.items():
            times.setdefault(level, []).extend(ts)
    decision_ms = {}
    for level in sorted(times, key=lambda name: (LEVELS.index(name) if name in LEVELS else len(LEVELS), name)):
        ts = sorted(times[level])
        decision_ms[level] = {
            "p50": round(percentile(ts, 0.50), 3),
            "p99": round(percentile(ts, 0.99), 3),
            "max": round(ts[-1] if ts else 0.0, 3),
            "decisions": len(ts),
        }
    unpaired = [[round(lo, 4), round(hi, 4)] for lo, hi in (wilson(s, games) for s in share)]
    paired = deal_report(n, [r.deal_seed for r in results], [r.scores for r in results], [r.winners for r in results])
    return {
        "players": list(levels),
        "games": games,
        "wins": wins,
        "ties": ties,
        "score_share": [round(s / games, 4) if games else 0.0 for s in share],
        **paired,
        "ci95_unpaired": unpaired,
        "ci95": unpaired,
        "mean_score": [round(t / games, 3) if games else 0.0 for t in totals],
        "behaviours": behaviour_report(counts),
        "decision_ms": decision_ms,
    }


def run(
    levels: Sequence[str],
    games: int,
    seed: int = 1,
    duplicate: bool = False,
    think_ms: int = 1000,
    jobs: int = 1,
    record_dir: str | None = None,
    factory: BotFactory = arena_bot,
    known: Sequence[str] = LEVELS,
) -> dict[str, Any]:
    """Play a whole arena run and return the report (``factory`` and ``known``: for studies)."""
    for level in levels:
        if level not in known:
            raise ValueError(f"unknown AI level {level!r}: choose from {', '.join(known)}")
    if not MIN_PLAYERS <= len(levels) <= MAX_PLAYERS:
        raise ValueError(f"the arena seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(levels)}")
    if record_dir is not None:
        os.makedirs(record_dir, exist_ok=True)
    specs = game_specs(levels, games, seed, duplicate, think_ms, record_dir)
    play = partial(play_game, factory=factory)
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play, specs, chunksize=max(1, len(specs) // (jobs * 8)))
    else:
        results = [play(spec) for spec in specs]
    report = summarize(levels, results)
    report.update({"seed": seed, "duplicate": duplicate, "think_ms": think_ms})
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m ai.arena [--game ID] ...``: the arena of that game (default Sprint)."""
    from engine.games import run_tool

    return run_tool("arena", "python -m ai.arena", argv) or 0


def sprint_main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ai.arena --game sprint",
        description="Play Sprint, Snap, Score bots against each other and report how they did.",
        epilog=(
            "Seating: player j sits at seat j and the first seat rotates (game i starts with seat i mod n). "
            "With --duplicate every deal is played once per seat rotation, so each player holds every hand; "
            "--games then counts rounds and is rounded up to a multiple of the number of players. "
            "score_share counts a win as 1 and a k-way shared win as 1/k; ci95_deal is its 95% interval over deals "
            "(each deal's games averaged first), margin the mean points ahead of the others per game; "
            "ci95_unpaired (alias ci95) is the Wilson interval treating the games as independent."
        ),
    )
    parser.add_argument("--players", required=True, help=f"2-5 comma-separated levels from: {', '.join(LEVELS)}")
    parser.add_argument("--games", type=int, default=100, help="rounds to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    parser.add_argument("--duplicate", action="store_true", help="play each deal once per seat rotation")
    parser.add_argument("--record-dir", help="write every round as a sprint-snap-score/1 record in this folder")
    parser.add_argument("--think-ms", type=int, default=1000, help="Master's think budget per decision, in ms of CPU time (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    levels = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        report = run(levels, args.games, args.seed, args.duplicate, args.think_ms, args.jobs, args.record_dir)
    except ValueError as exc:
        parser.error(str(exc))
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} games, seed {args.seed}{', duplicate' if args.duplicate else ''}")
        print_report(report)
    return 0


def print_report(report: dict[str, Any]) -> None:
    """The report in words (the ``--json`` form has every field)."""
    print(f"  {report['deals']} deals; intervals over deals (ci95_deal), Wilson over games marked unpaired")
    for j, level in enumerate(report["players"]):
        lo, hi = report["ci95_deal"][j]
        ulo, uhi = report["ci95_unpaired"][j]
        mlo, mhi = report["margin_ci95_deal"][j]
        print(f"  {j + 1}. {LEVEL_NAMES.get(level, level):<11} wins {report['wins'][j]:>5}  share {report['score_share'][j]:.3f}"
              f"  [{lo:.3f}, {hi:.3f}] (unpaired [{ulo:.3f}, {uhi:.3f}])  margin {report['margin'][j]:+.2f}"
              f" [{mlo:+.2f}, {mhi:+.2f}]  mean score {report['mean_score'][j]:+.2f}")
    print(f"  shared wins: {report['ties']}")
    for level, named in report["behaviours"].items():
        for name, b in named.items():
            print(f"  {LEVEL_NAMES.get(level, level)} {name}: {b['fired']} of {b['opportunities']} ({b['rate']:.1%})")
    for level, t in report["decision_ms"].items():
        print(f"  {LEVEL_NAMES.get(level, level)} decisions: p50 {t['p50']} ms, p99 {t['p99']} ms")


if __name__ == "__main__":
    sys.exit(main())

"""Sprint, Snap, Score's part of the arena: bots play each other headless.

    python -m ai.arena --players strategist,standard --games 2000 --seed 1 --duplicate --json
    python -m ai.arena --game ID --players A,B --games N --seed S [--duplicate] [--record-dir DIR] --json

``python -m ai.arena`` (:mod:`ai.arena_cli`) is the one command line for every game;
without ``--game`` it runs this, Sprint's arena.  The seating, the report and its
statistics are shared by every game (:mod:`ai.arenakit`, :mod:`ai.stats`).

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
import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Sequence

from engine.sprint.records import Deal, PlayerInfo, Record
from engine.sprint import MAX_PLAYERS, MIN_PLAYERS, Round

from . import LEVEL_NAMES, LEVELS, make_bot
from .bots import Bot
from .master import Master
from .. import arenakit
from ..arenakit import GameArena, GameResult, play_all, save_record, seatings, show_studies_the_table
from ..stats import add_counts, percentile, wilson

__all__ = ["ARENA", "GameSpec", "GameResult", "game_specs", "arena_bot", "play_game", "behaviour_counts", "summarize",
           "run", "print_report", "wilson", "percentile"]

BotFactory = Callable[..., Bot]
"""Makes the bot of a level: ``factory(level, seed=..., think_ms=...)``, like :func:`~ai.make_bot`."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One round of an arena run: which deal, who sits where (:class:`~ai.arenakit.Seating`), and how bots play."""

    index: int
    deal_seed: int
    seating: tuple[int, ...]  # seating[seat] = player index
    first_seat: int
    levels: tuple[str, ...]  # by player index
    bot_seed: int
    think_ms: int
    record_dir: str | None


def game_specs(
    levels: Sequence[str], games: int, seed: int, duplicate: bool, think_ms: int, record_dir: str | None
) -> list[GameSpec]:
    """The rounds of a run, in order (:func:`ai.arenakit.seatings`)."""
    return [GameSpec(s.index, s.deal_seed, s.seating, s.first_seat, tuple(levels), s.bot_seed, think_ms, record_dir)
            for s in seatings(len(levels), games, seed, duplicate)]


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
    ``watch_table`` method (the oracles of :mod:`ai.sprint.ceiling`) is handed the live
    state once, to measure what seeing hidden cards would be worth.  It must
    only read it.  A bot of one of the :data:`~ai.LEVELS` is refused the state.
    """
    n = len(spec.levels)
    seat_levels = [spec.levels[spec.seating[s]] for s in range(n)]
    bots = [factory(level, seed=spec.bot_seed * 8 + s, think_ms=spec.think_ms) for s, level in enumerate(seat_levels)]
    state = Round.deal(n, spec.deal_seed, spec.first_seat)
    show_studies_the_table(bots, state, LEVELS)
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
    if record is not None:
        save_record(spec.record_dir, spec.index, record.dumps())
    scores = [0] * n
    for seat, score in enumerate(state.result.scores):
        scores[spec.seating[seat]] = score
    winners = tuple(sorted(spec.seating[s] for s in state.result.winners))
    return GameResult(spec.index, tuple(scores), winners, times, spec.deal_seed, behaviour_counts(bots))


def behaviour_counts(bots: Sequence[Bot]) -> dict[str, dict[str, tuple[int, int]]]:
    """The bots' behaviour counts summed by level: ``{level: {name: (fired, opportunities)}}``."""
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for bot in bots:
        add_counts(out, bot.level, bot.counts)
    return out


def summarize(levels: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The arena's JSON report (:func:`ai.arenakit.summarize`, levels in ladder order)."""
    return arenakit.summarize(levels, results, order=LEVELS)


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
    specs = game_specs(levels, games, seed, duplicate, think_ms, record_dir)
    results = play_all(partial(play_game, factory=factory), specs, jobs)
    report = summarize(levels, results)
    report.update({"seed": seed, "duplicate": duplicate, "think_ms": think_ms})
    return report


def _sprint_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--think-ms", type=int, default=1000,
                        help="Master's think budget per decision, in ms of CPU time (default 1000)")


def _sprint_run(args: argparse.Namespace) -> dict[str, Any]:
    return run(args.players, args.games, args.seed, args.duplicate, args.think_ms, args.jobs, args.record_dir)


def print_text(report: dict[str, Any]) -> None:
    print(f"{report['games']} games, seed {report['seed']}{', duplicate' if report['duplicate'] else ''}")
    print_report(report)


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


ARENA = GameArena(_sprint_flags, _sprint_run, games_help="rounds to play; records are sprint-snap-score/1",
                  print_text=print_text)
"""Sprint's part of ``python -m ai.arena`` (its registry entry names it)."""

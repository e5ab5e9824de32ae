"""The Scamper arena: bots play whole games headless.

    python -m ai.arena --game scamper --players hard,standard --games 40 --duplicate --rounds 10 --seed 1 --json

One game is a whole game of ``--rounds`` rounds.  The shared report and
seating are :mod:`ai.arenakit`'s: with ``--duplicate`` a deal (a seed) is
played once per rotation of the seats, so ``--games N`` plays ``N / players``
deals (rounded up); ``margin`` is the others' mean total minus this player's
(lowest wins, so ahead is positive).  Scamper's own fields: ``options``,
``rounds`` and, per player in ``results``: ``score_share``, ``ci95`` (the per-deal
interval), ``margin_per_round`` with ``margin_ci95`` and ``mean_total``.

The old form below (``--deals D``, the same as ``--games D*players
--duplicate`` on other deal seeds) runs one more release with a notice.

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
``sides``, when a level plays in more than one seat (``expert,hard,expert,hard``):
per level, its seats' games won together (``score_share``) and the mean, over
rounds, of the other levels' average points minus its own average
(``margin_per_round``), each with its per-deal 95% interval;
and, by player name, ``decision_ms`` (median and 99th percentile) and
``behaviours``: how often each behaviour a bot counts fired out of the
decisions where it could (``fired``, ``opportunities``, ``rate``; Hard's
``hold``: it kept a contract it could have laid).

A player is a level, or ``hard:nohold`` for a Hard that lays its contract as
soon as it can, or ``hard:hold=S/K/R`` for a Hard with another hold rule
(:class:`~ai.scamper.bots.HoldRule`; to measure what holding is worth); Expert
takes the same variants (``expert:nohold``) and any of its weights as ``FIELD=VALUE``
(:class:`~ai.scamper.ExpertParams`), settings joined by ``+``:
``expert:deny_weight=8+opening=pass``; :mod:`ai.scamper.pair` compares two such
players on the same deals.  Expert's ``behaviours`` count
``take_by_odds`` (it took the top card because it saves draws), ``shed_points``
(another player was down and it shed a dearer card than the odds alone pick),
``keep_prospects`` (once down, it kept a card that could still join a meld where
Hard would have thrown it) and ``hold``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Sequence

from engine.envelope import GameRecord
from engine.games import game_info
from engine.scamper import MAX_SEATS, MIN_SEATS, ScamperGame, new_game

from ..arenakit import GameArena, GameResult, Seating, ai_players, play_all, play_turns, result_of, save_record, seatings
from ..arenakit import show_studies_the_table
from ..arenakit import summarize
from ..stats import add_counts, behaviour_report, mean_interval, per_deal_means
from ..stats import t_quantile as student_t
from . import BOT_LEVELS, Bot, ExpertParams, HoldRule, make_bot


def variant(text: str, level: str = "hard") -> dict[str, Any]:
    """The :func:`~ai.scamper.make_bot` settings a Hard or Expert player's suffix stands for, settings joined by
    ``+``: ``nohold`` (lays its contract at once), ``hold=S/K/R`` (``HoldRule(min_stock=S, min_stuck=K,
    max_risk=R)``) and, for Expert, ``FIELD=VALUE`` for any of :class:`~ai.scamper.ExpertParams` (another
    weight or rule to measure, like ``expert:take_rule=odds+deny_weight=8``)."""
    settings: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    for part in text.split("+"):
        name, _, value = part.partition("=")
        if part == "nohold":
            settings["hold"] = False
        elif name == "hold" and len(parts := value.split("/")) == 3 and all(p.isdigit() for p in parts):
            settings["hold"] = HoldRule(*map(int, parts))
        elif level == "expert" and name in EXPERT_FIELDS and value:
            fields[name] = _field_value(name, value)
        else:
            more = ", or FIELD=VALUE of Expert's weights" if level == "expert" else ""
            raise ValueError(f"unknown variant {part!r}: use nohold or hold=S/K/R, like hold=45/4/80{more}")
    if fields:
        settings["params"] = ExpertParams(**fields)
    return settings


EXPERT_FIELDS = {f.name: f for f in dataclasses.fields(ExpertParams)}


TEXT_CHOICES = {"take_rule": ("hard", "odds"), "opening": ("odds", "take", "pass")}
"""The values Expert's text weights take (:class:`~ai.scamper.ExpertParams`)."""


def _field_value(name: str, text: str) -> Any:
    """``text`` read as a value of Expert's weight ``name`` (of its default's kind)."""
    default = EXPERT_FIELDS[name].default
    try:
        if isinstance(default, bool):
            if text not in ("true", "false"):
                raise ValueError(text)
            return text == "true"
        if isinstance(default, str):
            if text not in TEXT_CHOICES.get(name, ()):
                raise ValueError(text)
            return text
        value = int(text) if isinstance(default, int) else float(text)
        if not math.isfinite(value) or (name.endswith("samples") and value < 1):
            raise ValueError(text)
        return value
    except ValueError:
        raise ValueError(f"{name}={text!r}: not a value of Expert's {name} (default {default!r})") from None


MAX_DECISIONS = 200_000
"""A game still going after this many decisions is a bug (a replayed round that never ends, a bot loop)."""


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (:func:`ai.stats.t_quantile`)."""
    return math.inf if df <= 0 else student_t(df)


def t_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% t interval of the mean of ``values`` (:func:`ai.stats.mean_interval`)."""
    _, low, high = mean_interval(values)
    return round(low, 4), round(high, 4)


STUDY_PLAYERS: dict[str, Callable[[str, int], Bot]] = {}
"""Players only a study makes, by name before the ``:`` (the suffix and the seed -> the bot): the study's module
registers them (:mod:`ai.scamper.ceiling`).  A study's bot with a ``watch_table`` method is handed the game's whole
state to read (as Sprint's arena does); a bot of a level is refused it."""


def player_bot(name: str, seed: int) -> Bot:
    """The bot a player name stands for: a level, perhaps with a variant (``hard:nohold``), or a study's player."""
    level, _, suffix = name.partition(":")
    if level in STUDY_PLAYERS:
        return STUDY_PLAYERS[level](suffix, seed)
    return make_bot(level, seed=seed, **(variant(suffix, level) if suffix else {}))


def play(levels: Sequence[str], seed: int, options: dict[str, Any], bot_seed: int, times: dict[str, list[float]],
         counts: dict[str, dict[str, tuple[int, int]]],
         record: GameRecord | None = None) -> tuple[tuple[int, ...], list[tuple[int, ...]], tuple[int, ...]]:
    """One game, player ``levels[seat]`` at each seat: (final totals, each round's points, placings).

    Adds each decision's time to ``times`` and each bot's behaviour counts to
    ``counts``, by player name; every action to ``record`` (its game: ``seed``).
    """
    state = record.start() if record is not None else new_game(len(levels), options, seed)
    assert isinstance(state, ScamperGame)
    bots = [player_bot(level, bot_seed * 31 + seat) for seat, level in enumerate(levels)]
    show_studies_the_table(bots, state, BOT_LEVELS)
    try:
        play_turns(state, dict(enumerate(bots)), levels, record, times, MAX_DECISIONS)
    except RuntimeError:
        raise RuntimeError(f"game {seed} ({','.join(levels)}) did not end in {MAX_DECISIONS} decisions") from None
    for level, bot in zip(levels, bots):
        add_counts(counts, level, bot.counts)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.scores, [line.points for line in state.sheet.lines], outcome.placings


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal of :func:`run`, played once per rotation of the seats: per player its share of the games won,
    its mean margin per round and its totals; per side (a level in several seats) the same as one side."""

    shares: tuple[float, ...]
    margins: tuple[float, ...]
    totals: tuple[tuple[int, ...], ...]
    side_share: dict[str, float]
    side_margin: dict[str, float]
    times: dict[str, list[float]]
    counts: dict[str, dict[str, tuple[int, int]]]


def play_deal(deal: int, players: Sequence[str], seed: int, options: dict[str, Any]) -> DealResult:
    """Deal ``deal`` of a run of ``seed`` (its seed: ``seed * 100_003 + deal``), once per rotation of the seats."""
    n = len(players)
    times: dict[str, list[float]] = {level: [] for level in players}
    counts: dict[str, dict[str, tuple[int, int]]] = {}
    sides = list(dict.fromkeys(players))  # a level in several seats is also judged as one side
    deal_seed = seed * 100_003 + deal
    shares = [0.0] * n
    margins: list[list[float]] = [[] for _ in players]
    totals: list[list[int]] = [[] for _ in players]
    side_rounds: dict[str, list[float]] = {level: [] for level in sides}
    for rotation in range(n):
        seat_of = [(j + rotation) % n for j in range(n)]
        levels = [""] * n
        for j, seat in enumerate(seat_of):
            levels[seat] = players[j]
        scores, rounds, placings = play(levels, deal_seed, options, deal_seed * n + rotation, times, counts)
        winners = [s for s in range(n) if placings[s] == 1]
        for j, seat in enumerate(seat_of):
            if seat in winners:
                shares[j] += 1 / len(winners)
            totals[j].append(scores[seat])
            for points in rounds:
                others = (sum(points) - points[seat]) / (n - 1)
                margins[j].append(others - points[seat])
        for level in sides if len(sides) > 1 else ():
            for points in rounds:
                mine = [points[s] for s in range(n) if levels[s] == level]
                rest = [points[s] for s in range(n) if levels[s] != level]
                side_rounds[level].append(statistics.fmean(rest) - statistics.fmean(mine))
    return DealResult(
        tuple(share / n for share in shares), tuple(statistics.fmean(m) for m in margins),
        tuple(tuple(t) for t in totals),
        {level: sum(shares[j] for j in range(n) if players[j] == level) / n for level in side_rounds if side_rounds[level]},
        {level: statistics.fmean(side_rounds[level]) for level in side_rounds if side_rounds[level]},
        times, counts)


def run(players: Sequence[str], deals: int, seed: int, options: dict[str, Any], jobs: int = 1) -> dict[str, Any]:
    """``deals`` deals, each once per rotation of the seats (in ``jobs`` worker processes: the same report)."""
    n = len(players)
    done = play_all(partial(play_deal, players=players, seed=seed, options=options), range(deals), jobs)
    times: dict[str, list[float]] = {level: [] for level in players}
    counts: dict[str, dict[str, tuple[int, int]]] = {}
    for result in done:
        for level, ts in result.times.items():
            times[level] += ts
        for level, bot_counts in result.counts.items():
            add_counts(counts, level, bot_counts)
    share_by_deal = [[r.shares[j] for r in done] for j in range(n)]
    margin_by_deal = [[r.margins[j] for r in done] for j in range(n)]
    totals = [[t for r in done for t in r.totals[j]] for j in range(n)]
    sides = list(dict.fromkeys(players))
    side_share = {level: [r.side_share[level] for r in done if level in r.side_share] for level in sides}
    side_margin = {level: [r.side_margin[level] for r in done if level in r.side_margin] for level in sides}
    games = deals * n
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
    if len(sides) < n and len(sides) > 1:
        report["sides"] = [{
            "level": level, "seats": players.count(level),
            "score_share": round(statistics.fmean(side_share[level]), 4), "ci95": t_interval(side_share[level]),
            "margin_per_round": round(statistics.fmean(side_margin[level]), 2),
            "margin_ci95": t_interval(side_margin[level]),
        } for level in sides]
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
        if level not in BOT_LEVELS:
            raise argparse.ArgumentTypeError(f"unknown level {level!r}: choose from {', '.join(BOT_LEVELS)}")
        if suffix and level not in ("hard", "expert"):
            raise argparse.ArgumentTypeError(f"{name!r}: only Hard and Expert have variants")
        if suffix:
            try:
                variant(suffix, level)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
    return levels


def play_seating(spec: Seating, players: Sequence[str], options: dict[str, Any], record_dir: str | None) -> GameResult:
    """One game of a run of the one arena: the shared result; ``extra``: each player's mean margin per round."""
    n = len(players)
    levels = [players[spec.seating[seat]] for seat in range(n)]
    record = GameRecord(game_info("scamper"), tuple(ai_players(players, spec)), spec.deal_seed, options)
    times: dict[str, list[float]] = {}
    counts: dict[str, dict[str, tuple[int, int]]] = {}
    _, rounds, _ = play(levels, spec.deal_seed, options, spec.bot_seed, times, counts, record)
    save_record(record_dir, spec.index, record.dumps())
    margins = [0.0] * n
    for seat in range(n):
        ahead = [(sum(points) - points[seat]) / (n - 1) - points[seat] for points in rounds]
        margins[spec.seating[seat]] = statistics.fmean(ahead)
    return result_of(spec, record.final_state(), times, counts, margins)


def run_games(args: argparse.Namespace) -> dict[str, Any]:
    """The one arena's run of Scamper (:mod:`ai.arena_cli`): the shared report plus Scamper's own fields."""
    players = args.players
    options = game_info("scamper").resolve_options({"rounds": args.rounds, "stock_out": args.stock_out})
    specs = seatings(len(players), args.games, args.seed, args.duplicate)
    results = play_all(partial(play_seating, players=players, options=options, record_dir=args.record_dir),
                       specs, args.jobs)
    report = summarize(players, results, lower_wins=True, order=players)
    deals = [r.deal_seed for r in results]
    rows = []
    for j, level in enumerate(players):
        per_round = per_deal_means(deals, [r.extra[j] for r in results])
        mean, low, high = mean_interval(per_round)
        rows.append({"player": j, "level": level, "score_share": report["score_share"][j],
                     "ci95": report["ci95_deal"][j], "margin_per_round": round(mean, 2),
                     "margin_ci95": [round(low, 4), round(high, 4)],
                     "mean_total": round(statistics.fmean(r.scores[j] for r in results), 1)})
    report.update({"options": options, "rounds": args.rounds, "results": rows})
    return report


def _flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10",
                        help="rounds per game (default 10)")
    parser.add_argument("--stock-out", default="replay", choices=("replay", "add-pack", "reshuffle"))


def _check(args: argparse.Namespace) -> str | None:
    try:
        _players(",".join(args.players))
    except argparse.ArgumentTypeError as exc:
        return f"--players: {exc}"
    return None


def new_form(argv: list[str]) -> str:
    """The one arena's command for an old one: ``--deals D`` is ``--games D*players --duplicate``."""
    out = ["python -m ai.arena --game scamper"]
    players = 2
    for i, a in enumerate(argv):
        if i and argv[i - 1] == "--players":
            players = len([p for p in a.split(",") if p.strip()])
    skip = False
    for i, a in enumerate(argv):
        if skip:
            skip = False
        elif a == "--deals" and i + 1 < len(argv):
            deals = argv[i + 1]
            out.append(f"--games {int(deals) * players if deals.isdigit() else deals + '*' + str(players)} --duplicate")
            skip = True
        else:
            out.append(a)
    if "--json" not in argv:
        out.append("--json")
    return " ".join(out)


def main(argv: list[str] | None = None) -> int:
    """The old command line (``--deals``), kept one release: print the JSON report."""
    parser = argparse.ArgumentParser(prog="python -m ai.arena --game scamper", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=_players, default=_players("standard,easy"),
                        help="levels, one per player (default standard,easy); hard:nohold is Hard without holding, hard:hold=S/K/R another hold rule (expert: the same, and any of its weights, expert:deny_weight=8+opening=pass)")
    parser.add_argument("--deals", type=int, default=10, help="deals, each played once per seat rotation (default 10)")
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10",
                        help="rounds per game (default 10)")
    parser.add_argument("--stock-out", default="replay", choices=("replay", "add-pack", "reshuffle"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, each playing whole deals (default 1; the report is the same)")
    parser.add_argument("--json", action="store_true", help="accepted for symmetry with the other arenas; the report is always JSON")
    args = parser.parse_args(argv)
    options = {"rounds": args.rounds, "stock_out": args.stock_out}
    print(json.dumps(run(args.players, args.deals, args.seed, options, args.jobs)))
    return 0


ARENA = GameArena(_flags, run_games, default_players="standard,easy", default_games=20,
                  games_help="games to play, each of --rounds rounds (with --duplicate: games / players deals)",
                  old_main=main, old_flags=("--deals",), new_form=new_form, check=_check)
"""Scamper's part of ``python -m ai.arena`` (its registry entry names it)."""


if __name__ == "__main__":
    from ..arena_cli import old_entry

    raise SystemExit(old_entry("scamper"))

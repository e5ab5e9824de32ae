"""Ratscrew's arena: bot levels play whole games headless, through the same reflex scheduler as the table.

    python -m ai.arena --game ratscrew --players hard,medium,easy --games 20 --seed 1 [--duplicate] --json

The shared report and seating are :mod:`ai.arenakit`'s (a game's ``scores``:
the cards each seat holds at the end; capped and stalled games are left out of
them).  The old entry point ``python -m ai.ratscrew_arena`` (player ``j`` at
seat ``(j + i) mod n`` in game ``i``) runs one more release with a notice.  Bots are driven by
:func:`ai.reflex.run_until` in steps of ``--step-ms`` of game time (their
actions carry their own sampled times, so the step changes only how often they
are asked, not what happens).

Games can run long (a stack changes hands thousands of times), so a game is
stopped after ``--max-lays`` cards laid in turn (``capped``).  A game in which
nothing can ever happen again (every card laid, a snap showing, and every bot
that could snap it missed it) is stopped as ``stalled``.  Both are listed by
game index and left out of the wins.

Per player: ``wins`` and ``win_share`` (of the finished games), ``stacks_won``
(by snap), ``snaps_by_rule`` (each winning snap under the rule of the pattern
the bot reacted to), ``counted_out`` (stacks won by a count running out with
no snap showing), ``wrong_snaps`` (and per game), ``fastest_snap_ms`` and
``average_snap_ms`` of the winning snaps: from the moment that pattern first
showed to the snap (the arena watches each bot's handed-out cue; the bots
themselves see only their observation).
Game length: ``median_lays``, ``max_lays_played``, ``median_game_s``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from dataclasses import dataclass, field
from typing import Any, Mapping

from functools import partial
from typing import Sequence

from engine.envelope import GameRecord
from engine.games import game_info
from engine.ratscrew import MAX_SEATS, MIN_SEATS, SNAP_RULES, Ratscrew, new_game
from engine.ratscrew.moves import CardLaid, SnapAccepted, SnapWrong, StackWon

from ..arenakit import GameArena, GameResult, Race, Seating, ai_players, play_all, race_behaviours, result_of, save_record
from ..arenakit import seatings, summarize
from . import LEVELS, make_bot
from ..reflex import ReflexScheduler, Timed

ARENA_LEVELS = LEVELS[:3]
RULE_KEYS = tuple(rule.key for rule in SNAP_RULES)


@dataclass(slots=True)
class PlayerTally:
    """One player's figures over a run."""

    level: str
    wins: int = 0
    stacks_won: int = 0
    snaps_by_rule: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RULE_KEYS, 0))
    counted_out: int = 0
    wrong_snaps: int = 0
    snap_ms: list[int] = field(default_factory=list)

    def add(self, other: PlayerTally) -> None:
        """Add another game's figures of the same player."""
        self.wins += other.wins
        self.stacks_won += other.stacks_won
        for rule, count in other.snaps_by_rule.items():
            self.snaps_by_rule[rule] = self.snaps_by_rule.get(rule, 0) + count
        self.counted_out += other.counted_out
        self.wrong_snaps += other.wrong_snaps
        self.snap_ms += other.snap_ms


@dataclass(slots=True)
class GameLength:
    """How one game ended: ``over``, ``capped`` or ``stalled``; its lays and game time."""

    end: str
    lays: int
    ms: int
    behaviours: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)  # what the bots rolled, by level


class Watched(ReflexScheduler):
    """A level's bot exactly as :func:`ai.ratscrew.make_bot` makes it, keeping what it hands out (with its cue), in order."""

    def __init__(self, level: str, seed: int) -> None:
        made = make_bot(level, seed=seed)
        super().__init__(made.bot, made.reflexes, seed)
        self.handed: list[Timed] = []

    def pop_next(self) -> Timed:
        timed = super().pop_next()
        self.handed.append(timed)
        return timed


def _stalled(state: Ratscrew, bots: Mapping[int, ReflexScheduler]) -> bool:
    """Nothing can ever happen again: no timer, and no bot has anything scheduled."""
    return state.next_deadline() is None and all(bot.next_due() is None for bot in bots.values())


def play_one(levels: list[str], seat_of: list[int], seed: int, bot_seed: int, tallies: list[PlayerTally],
             step_ms: int, max_lays: int, options: dict[str, Any] | None = None,
             record: GameRecord | None = None) -> GameLength:
    """Play one game; add each player's figures to ``tallies``; every action to ``record`` (its game: ``seed``)."""
    n = len(levels)
    player_at = {s: j for j, s in enumerate(seat_of)}
    brng = random.Random(bot_seed)
    state = record.start() if record is not None else new_game(n, options or {}, seed)
    assert isinstance(state, Ratscrew)
    bots = {seat_of[j]: Watched(levels[j], brng.getrandbits(32)) for j in range(n)}
    mirror = state.clone()  # the game as it was after each thing played (run_until plays several at once)
    shown: dict[tuple[str, Any], int] = {}  # each pattern showing: when it first showed
    waiting: dict[int, tuple[int, str]] = {}  # valid snaps not yet settled: seat -> (time, rule seen)
    lays = 0
    end = "over"

    def stop(now: int) -> bool:
        nonlocal end
        if lays >= max_lays:
            end = "capped"
        elif now and _stalled(state, bots):
            end = "stalled"
        return end != "over"

    for played in Race(state, bots, step_ms, record).run(stop):
        cue = bots[played.seat].handed.pop(0).cue if played.seat is not None else None
        for event in played.events:
            if isinstance(event, CardLaid):
                lays += 1
            elif isinstance(event, SnapWrong):
                tallies[player_at[event.player]].wrong_snaps += 1
            elif isinstance(event, SnapAccepted):
                assert isinstance(cue, tuple) and cue in shown, "a bot snapped at a pattern not showing"
                waiting[event.player] = (event.at - shown[cue], cue[0])
            elif isinstance(event, StackWon):
                tally = tallies[player_at[event.player]]
                if event.how == "snap":
                    ms, rule = waiting[event.player]
                    tally.stacks_won += 1
                    tally.snap_ms.append(ms)
                    tally.snaps_by_rule[rule] = tally.snaps_by_rule.get(rule, 0) + 1
                elif event.how == "count":
                    tally.counted_out += 1
                waiting.clear()
        if played.seat is None:
            mirror.advance(played.at)
        elif played.refused is None:
            mirror.apply(played.action, played.seat, played.at)
        current = {(r.rule, r.cards) for r in mirror.snaps()}
        shown = {key: shown.get(key, mirror.since) for key in current}
    if state.is_over and state.winner is not None:
        tallies[player_at[state.winner]].wins += 1
    return GameLength(end, lays, state.clock, race_behaviours(bots, [levels[player_at[s]] for s in range(n)]))


def play(levels: list[str], games: int, seed: int, step_ms: int = 500, max_lays: int = 3000,
         options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A run of ``games`` games; the arena's JSON report (see the module docstring)."""
    n = len(levels)
    rng = random.Random(seed)
    tallies = [PlayerTally(level) for level in levels]
    lengths: list[GameLength] = []
    for i in range(games):
        seat_of = [(j + i) % n for j in range(n)]
        lengths.append(play_one(levels, seat_of, rng.getrandbits(32), rng.getrandbits(32), tallies, step_ms,
                                max_lays, options))
    return {"game": "ratscrew", "seed": seed, **_own_fields(tallies, lengths, max_lays)}


def _own_fields(tallies: Sequence[PlayerTally], lengths: Sequence[GameLength], max_lays: int) -> dict[str, Any]:
    """Ratscrew's own figures of a run (see the module docstring)."""
    games = len(lengths)
    finished = [g for g in lengths if g.end == "over"]
    return {
        "games": games, "max_lays": max_lays,
        "finished": len(finished),
        "capped": [i for i, g in enumerate(lengths) if g.end == "capped"],
        "stalled": [i for i, g in enumerate(lengths) if g.end == "stalled"],
        "median_lays": statistics.median(g.lays for g in finished) if finished else None,
        "max_lays_played": max(g.lays for g in lengths),
        "median_game_s": round(statistics.median(g.ms for g in finished) / 1000, 1) if finished else None,
        "players": [
            {"level": t.level, "wins": t.wins, "win_share": round(t.wins / len(finished), 3) if finished else None,
             "stacks_won": t.stacks_won, "snaps_by_rule": t.snaps_by_rule, "counted_out": t.counted_out,
             "wrong_snaps": t.wrong_snaps, "wrong_snaps_per_game": round(t.wrong_snaps / games, 2),
             "fastest_snap_ms": min(t.snap_ms) if t.snap_ms else None,
             "average_snap_ms": round(statistics.fmean(t.snap_ms)) if t.snap_ms else None}
            for t in tallies
        ],
    }


def play_seating(spec: Seating, levels: Sequence[str], options: dict[str, Any], step_ms: int, max_lays: int,
                 record_dir: str | None) -> tuple[GameResult | None, list[PlayerTally], GameLength]:
    """One game of a run: its result (None if capped or stalled), each player's figures and how it ended."""
    n = len(levels)
    record = GameRecord(game_info("ratscrew"), tuple(ai_players(levels, spec)), spec.deal_seed, options)
    tallies = [PlayerTally(level) for level in levels]
    seat_of = [spec.seat_of(j) for j in range(n)]
    length = play_one(list(levels), seat_of, spec.deal_seed, spec.bot_seed, tallies, step_ms, max_lays, options, record)
    save_record(record_dir, spec.index, record.dumps())
    state = record.final_state() if length.end == "over" else None
    result = None if state is None else result_of(spec, state, behaviours=length.behaviours)
    return result, tallies, length


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The one arena's run of Ratscrew (:mod:`ai.arena_cli`): the shared report plus Ratscrew's own fields."""
    levels = args.players
    options = game_info("ratscrew").resolve_options()
    specs = seatings(len(levels), args.games, args.seed, args.duplicate)
    play = partial(play_seating, levels=levels, options=options, step_ms=max(1, args.step_ms), max_lays=args.max_lays,
                   record_dir=args.record_dir)
    played = play_all(play, specs, args.jobs)
    tallies = [PlayerTally(level) for level in levels]
    for _, mine, _ in played:
        for total, t in zip(tallies, mine):
            total.add(t)
    report = summarize(levels, [r for r, _, _ in played if r is not None])
    report.update(_own_fields(tallies, [length for _, _, length in played], args.max_lays))
    return report


def _flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--step-ms", type=int, default=500, help="game time between scheduler calls (default 500)")
    parser.add_argument("--max-lays", type=int, default=3000, help="stop a game after this many cards laid in turn")


def _check(args: argparse.Namespace) -> str | None:
    bad = [lv for lv in args.players if lv not in ARENA_LEVELS]
    if bad:
        return f"--players: unknown level {bad[0]!r}: choose from {', '.join(ARENA_LEVELS)}"
    return "--max-lays must be at least 1" if args.max_lays < 1 else None


def main(argv: list[str] | None = None) -> int:
    """The old command line (``python -m ai.ratscrew_arena``), kept one release."""
    parser = argparse.ArgumentParser(prog="python -m ai.arena --game ratscrew", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="hard,medium,easy", help=f"levels, comma-separated ({', '.join(ARENA_LEVELS)})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--step-ms", type=int, default=500, help="game time between scheduler calls (default 500)")
    parser.add_argument("--max-lays", type=int, default=3000, help="stop a game after this many cards laid in turn")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = [p.strip().lower() for p in args.players.split(",") if p.strip()]
    if not MIN_SEATS <= len(levels) <= MAX_SEATS or any(lv not in ARENA_LEVELS for lv in levels):
        parser.error(f"--players: {MIN_SEATS} to {MAX_SEATS} of {', '.join(ARENA_LEVELS)}")
    if args.games < 1 or args.max_lays < 1:
        parser.error("--games and --max-lays must be at least 1")
    result = play(levels, args.games, args.seed, max(1, args.step_ms), args.max_lays)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games: {result['finished']} finished, capped {result['capped'] or 'none'}, "
              f"stalled {result['stalled'] or 'none'}; median {result['median_lays']} lays, {result['median_game_s']} s")
        for p in result["players"]:
            rules = ", ".join(f"{k} {v}" for k, v in p["snaps_by_rule"].items())
            print(f"  {p['level']:>6}: {p['wins']} wins ({p['win_share']}), {p['stacks_won']} stacks snapped ({rules}), "
                  f"{p['counted_out']} counted out, {p['wrong_snaps']} wrong snaps, fastest {p['fastest_snap_ms']} ms, "
                  f"average {p['average_snap_ms']} ms")
    return 0


ARENA = GameArena(_flags, run, default_players="hard,medium,easy", default_games=20, old_main=main, check=_check)
"""Ratscrew's part of ``python -m ai.arena`` (its registry entry names it)."""


if __name__ == "__main__":
    from ..arena_cli import old_entry

    raise SystemExit(old_entry("ratscrew"))

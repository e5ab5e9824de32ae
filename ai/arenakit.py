"""What every game's arena shares: who sits where, one game's result, the report, records and the loops.

``python -m ai.arena --game ID`` (:mod:`ai.arena_cli`) runs any game's arena
through the :class:`GameArena` its registry entry names.  A game's arena plays
one :class:`Seating` at a time and hands back a :class:`GameResult`;
:func:`summarize` turns the results into the report every game shares (score
share, intervals over deals, margin, behaviours, decision times) from
:mod:`ai.stats`.

Seating (:func:`seatings`).  Player ``j`` (the j-th name of ``--players``)
normally sits at seat ``j`` and the first seat rotates: game ``i`` starts with
seat ``i mod n`` and has a deal of its own.  With ``duplicate`` each deal is
played once per rotation of the seats (player ``j`` at seat ``(j + r) mod n`` in
rotation ``r``), all with the same first seat, so every player holds every seat
and every hand of the deal; ``games`` is then rounded up to a multiple of the
number of players.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

from engine.core import GameState, Ms
from engine.envelope import GameRecord, PlayerInfo

from .reflex import Played, ReflexScheduler, run_until
from .stats import add_counts, behaviour_report, deal_report, decision_report, wilson


@dataclass(frozen=True, slots=True)
class Seating:
    """One game of a run: which deal, who sits where, who starts, the bots' seed."""

    index: int
    deal_seed: int
    seating: tuple[int, ...]  # seating[seat] = player index
    first_seat: int
    bot_seed: int

    def seat_of(self, player: int) -> int:
        return self.seating.index(player)


def seatings(players: int, games: int, seed: int, duplicate: bool) -> list[Seating]:
    """The games of a run, in order (see the module docstring)."""
    n = players
    out = []
    if duplicate:
        for d in range(-(-games // n)):
            for r in range(n):
                index = d * n + r
                out.append(Seating(index, seed * 1_000_000 + d, tuple((seat - r) % n for seat in range(n)), d % n,
                                   seed * 1_000_003 + index))
    else:
        for i in range(games):
            out.append(Seating(i, seed * 1_000_000 + i, tuple(range(n)), i % n, seed * 1_000_003 + i))
    return out


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game's result, by player index (not seat); ``extra``: the game's own figures."""

    index: int
    scores: tuple[int, ...]  # by player index
    winners: tuple[int, ...]  # player indices
    decision_ms: dict[str, list[float]]
    deal_seed: int = 0
    behaviours: dict[str, dict[str, tuple[int, int]]] | None = None  # level -> name -> (fired, opportunities)
    extra: Any = None


def result_of(spec: Seating, state: GameState, times: dict[str, list[float]] | None = None,
              behaviours: dict[str, dict[str, tuple[int, int]]] | None = None, extra: Any = None) -> GameResult:
    """A finished game's result by player: its outcome's scores and winners, seats mapped to players."""
    outcome = state.outcome()
    assert outcome is not None, "the game is not over"
    scores = [0] * len(spec.seating)
    for seat, score in enumerate(outcome.scores):
        scores[spec.seating[seat]] = score
    winners = tuple(sorted(spec.seating[s] for s in outcome.winners))
    return GameResult(spec.index, tuple(scores), winners, times or {}, spec.deal_seed, behaviours, extra)


def summarize(levels: Sequence[str], results: Sequence[GameResult], lower_wins: bool = False,
              order: Sequence[str] = ()) -> dict[str, Any]:
    """The report every game's arena gives (see README's arena section); ``order``: levels' order for ``decision_ms``."""
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
            add_counts(counts, level, named)
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
    unpaired = [[round(lo, 4), round(hi, 4)] for lo, hi in (wilson(s, games) for s in share)]
    paired = deal_report(n, [r.deal_seed for r in results], [r.scores for r in results], [r.winners for r in results],
                         lower_wins)
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
        "decision_ms": decision_report(times, order),
    }


S = TypeVar("S")
T = TypeVar("T")


def play_all(play: Callable[[S], T], specs: Sequence[S], jobs: int = 1) -> list[T]:
    """Every game of a run, in worker processes when ``jobs`` > 1 (``play`` must then pickle)."""
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            return pool.map(play, specs, chunksize=max(1, len(specs) // (jobs * 8)))
    return [play(spec) for spec in specs]


def ai_players(names: Sequence[str], spec: Seating) -> list[PlayerInfo]:
    """The record's seats: player ``j``'s name and number at its seat; the level is the name up to any ``:variant``."""
    out = []
    for seat in range(len(spec.seating)):
        name = names[spec.seating[seat]]
        out.append(PlayerInfo(f"{name} {spec.seating[seat] + 1}", "ai", name.partition(":")[0]))
    return out


def record_path(record_dir: str, index: int) -> str:
    return os.path.join(record_dir, f"game-{index:05d}.json")


def save_record(record_dir: str | None, index: int, text: str) -> None:
    """Write one game's record as ``game-NNNNN.json`` in ``record_dir`` (nothing when it is None)."""
    if record_dir is not None:
        os.makedirs(record_dir, exist_ok=True)
        with open(record_path(record_dir, index), "w", encoding="utf-8") as f:
            f.write(text)


def show_studies_the_table(bots: Sequence[Any], state: object, levels: Sequence[str]) -> None:
    """Hand the live ``state`` to each study's bot that asks for it (a ``watch_table`` method: the ceiling studies'
    oracles, which only read it); a bot of one of ``levels`` (the game's levels) is refused it."""
    for bot in bots:
        watch = getattr(bot, "watch_table", None)
        if watch is not None:
            if bot.level in levels:
                raise ValueError(f"a {bot.level} bot may not see the table, only its observation")
            watch(state)


def play_turns(state: GameState, bots: Mapping[int, Any], names: Sequence[str], record: GameRecord | None = None,
               times: dict[str, list[float]] | None = None, max_decisions: int | None = None) -> int:
    """Play a turn game to its end: the seat to move decides from its observation; returns the decisions made.

    ``names[seat]`` keys each decision's time (ms) in ``times``; every action
    goes to ``record``.  A game still going after ``max_decisions`` raises.
    """
    made = 0
    while not state.is_over:
        if max_decisions is not None and made >= max_decisions:
            raise RuntimeError(f"the game did not end in {max_decisions} decisions")
        seat = state.to_move()[0]
        obs = state.observation(seat)
        t0 = time.perf_counter()
        action = bots[seat].decide(obs)
        if times is not None:
            times.setdefault(names[seat], []).append((time.perf_counter() - t0) * 1000.0)
        events = state.apply(action, seat)
        if record is not None:
            record.append(seat, action, events)
        made += 1
    if record is not None:
        record.note_outcome(state)
    return made


class Race:
    """A real-time game played headless in steps of ``step_ms`` of game time, as the table's frames would.

    :meth:`run` yields what :func:`~ai.reflex.run_until` played, in order;
    accepted actions and timers go to ``record`` with their times, so it
    replays exactly.  ``now`` is the game time reached.
    """

    def __init__(self, state: GameState, bots: Mapping[int, ReflexScheduler], step_ms: Ms,
                 record: GameRecord | None = None) -> None:
        self.state = state
        self.bots = bots
        self.step_ms = step_ms
        self.record = record
        self.now: Ms = 0

    def run(self, stop: Callable[[Ms], bool] = lambda now: False) -> Iterator[Played]:
        """Play until the game is over or ``stop(now)``."""
        record = self.record
        while not self.state.is_over and not stop(self.now):
            self.now += self.step_ms
            for played in run_until(self.state, self.bots, self.now):
                if record is not None:
                    if played.seat is None:
                        record.note_time(played.at)
                    elif played.refused is None:
                        record.append(played.seat, played.action, list(played.events), played.at)
                yield played
        if record is not None:
            record.note_outcome(self.state)


def race_behaviours(bots: Mapping[int, ReflexScheduler], names: Sequence[str]) -> dict[str, dict[str, tuple[int, int]]]:
    """What reflex bots rolled, by name: ``miss`` (of the matches they saw) and ``false_call`` (of quiet changes)."""
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for seat, bot in bots.items():
        add_counts(out, names[seat], {"miss": (bot.tally.missed, bot.tally.claims),
                                      "false_call": (bot.tally.mistakes, bot.tally.quiet)})
    return out


@dataclass(frozen=True)
class GameArena:
    """A game's part of ``python -m ai.arena``: its own flags, its run, and its old command line.

    ``run(args)`` gets the parsed flags (``args.players`` a list of names,
    ``games``, ``seed``, ``duplicate``, ``record_dir``, ``jobs`` and the game's
    own) and returns the report.  ``old_flags`` are flags only the old command
    line has (or ``is_old(argv)`` says so); ``new_form(argv)`` says the new
    command for an old one.
    """

    add_flags: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], dict[str, Any]]
    default_players: str | None = None
    games_help: str = "games to play"
    default_games: int = 100
    old_main: Callable[[list[str]], int] | None = None
    old_flags: tuple[str, ...] = ()
    is_old: Callable[[list[str]], bool] = field(default=lambda argv: False)  # an old command without an old flag
    new_form: Callable[[list[str]], str] | None = None
    check: Callable[[argparse.Namespace], str | None] = field(default=lambda args: None)
    print_text: Callable[[dict[str, Any]], None] | None = None

"""Where a Scamper level's points go, round by round: the arena's duplicate deals, each round's points by cause.

    python -m ai.scamper.causes --players expert,hard --deals 60 --seed 9101

Plays exactly the games of the arena's ``--deals`` form (:func:`ai.scamper.arena.play`,
the same deal and bot seeds), then reads each round from the game's actions
and sorts every seat's round into one cause:

* ``out``: it went out (0 points);
* ``caught_down``: someone else went out while it was down (the cards it could not shed);
* ``caught_not_down``: someone else went out before it laid its contract (its whole hand).

Per level (each level plays every seat of every deal equally often, so the
levels' figures compare directly) it prints JSON: ``points_per_round`` and,
per cause, its ``rate`` (of the level's rounds), ``mean_points`` and
``points_per_round`` (rate times mean: the causes add up to the level's
points a round); ``wild_points_per_round`` (caught holding jokers and deuces);
per contract round (``by_round``) the mean points; ``went_down_turn`` (the
mean of its own turns before it laid the contract, when it did); and
``opening`` (as first to play, how often it took the face-up card and the
mean points after taking or passing).  With two levels, ``swing`` is, per
cause and per round, the second level's points a round minus the first's
(positive: the first level is ahead there).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.envelope import GameRecord, PlayerInfo
from engine.games import game_info
from engine.melds import is_wild
from engine.scamper import PASS, Draw, Phase, ScamperGame, card_points
from engine.scamper.events import ContractLaid, RoundScored, RoundVoided

from .arena import _players, play

CAUSES = ("out", "caught_down", "caught_not_down")


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One seat's round: its level, the contract round, its points, the cause, its wild points in hand at the end,
    the turns it took before laying its contract (``None``: it never did) and its opening choice if it was first."""

    level: str
    round_no: int
    points: int
    cause: str
    wild_points: int
    down_turn: int | None
    opening: str | None


@dataclass(slots=True)
class _Round:
    turns: list[int]
    down_turn: list[int | None]
    opening: list[str | None]
    points: dict[int, int] = field(default_factory=dict)


def round_lines(record: GameRecord, levels: Sequence[str]) -> list[RoundLine]:
    """Every seat's rounds in a recorded game (its actions replayed on the engine)."""
    state = record.start()
    assert isinstance(state, ScamperGame)
    n = len(levels)
    lines: list[RoundLine] = []
    now = _Round([0] * n, [None] * n, [None] * n)
    for seat, action, _ in record.actions:
        phase, down = state.phase, list(state.down)
        if phase is Phase.OPENING:
            now.opening[seat] = "pass" if action == PASS else "take"
        elif isinstance(action, Draw):
            now.turns[seat] += 1
        wilds = [sum(card_points(c) for c in hand if is_wild(c)) for hand in state.hands]
        for event in state.apply(action, seat):
            if isinstance(event, ContractLaid):
                now.down_turn[seat] = now.turns[seat]
                down[seat] = True
            elif isinstance(event, RoundScored):
                for s in range(n):
                    cause = "out" if s == event.went_out else "caught_down" if down[s] else "caught_not_down"
                    lines.append(RoundLine(levels[s], event.round_no, event.points[s], cause,
                                           0 if s == event.went_out else wilds[s], now.down_turn[s], now.opening[s]))
            if isinstance(event, (RoundScored, RoundVoided)):  # a voided round is dealt again from the start
                now = _Round([0] * n, [None] * n, [None] * n)
    return lines


def collect(players: Sequence[str], deals: int, seed: int, options: dict[str, Any]) -> list[RoundLine]:
    """The rounds of the arena's ``--deals`` run of ``players`` (same seeds: the same games)."""
    n = len(players)
    lines: list[RoundLine] = []
    for deal in range(deals):
        deal_seed = seed * 100_003 + deal
        for rotation in range(n):
            levels = [""] * n
            for j in range(n):
                levels[(j + rotation) % n] = players[j]
            seats = tuple(PlayerInfo(f"{level} {seat + 1}", "ai", level.partition(":")[0]) for seat, level in enumerate(levels))
            record = GameRecord(game_info("scamper"), seats, deal_seed, options)
            play(levels, deal_seed, options, deal_seed * n + rotation, {}, {}, record)
            lines += round_lines(record, levels)
    return lines


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 2) if values else 0.0


def level_report(lines: Sequence[RoundLine]) -> dict[str, Any]:
    """One level's figures (see the module's docstring)."""
    total = len(lines)
    causes = {}
    for cause in CAUSES:
        points = [line.points for line in lines if line.cause == cause]
        causes[cause] = {"rate": round(len(points) / total, 4), "mean_points": _mean(points),
                         "points_per_round": round(sum(points) / total, 2)}
    by_round: dict[int, list[int]] = defaultdict(list)
    for line in lines:
        by_round[line.round_no].append(line.points)
    first = [line for line in lines if line.opening is not None]
    taken = [line.points for line in first if line.opening == "take"]
    return {
        "rounds": total, "points_per_round": round(sum(line.points for line in lines) / total, 2),
        "causes": causes, "wild_points_per_round": round(sum(line.wild_points for line in lines) / total, 2),
        "by_round": {str(k): _mean(v) for k, v in sorted(by_round.items())},
        "went_down_turn": _mean([line.down_turn for line in lines if line.down_turn is not None]),
        "opening": {"first": len(first), "take_rate": round(len(taken) / len(first), 4) if first else 0.0,
                    "after_take": _mean(taken), "after_pass": _mean([line.points for line in first if line.opening == "pass"])},
    }


def report(players: Sequence[str], lines: Sequence[RoundLine]) -> dict[str, Any]:
    levels = list(dict.fromkeys(players))
    out: dict[str, Any] = {"players": list(players), "levels": {lv: level_report([x for x in lines if x.level == lv])
                                                                 for lv in levels}}
    if len(levels) == 2:
        a, b = (out["levels"][lv] for lv in levels)
        out["swing"] = {
            "causes": {c: round(b["causes"][c]["points_per_round"] - a["causes"][c]["points_per_round"], 2) for c in CAUSES},
            "by_round": {k: round(b["by_round"][k] - a["by_round"][k], 2) for k in a["by_round"]},
            "total": round(b["points_per_round"] - a["points_per_round"], 2),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.scamper.causes", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=_players, default=_players("expert,hard"),
                        help="levels, one per seat, as the arena takes them (default expert,hard)")
    parser.add_argument("--deals", type=int, default=20, help="deals, each once per rotation of the seats (default 20)")
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    options = {"rounds": args.rounds, "stock_out": "replay"}  # as the arena's --deals form
    print(json.dumps(report(args.players, collect(args.players, args.deals, args.seed, options))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

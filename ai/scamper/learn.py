"""Fit Expert's learned evaluation (:mod:`ai.scamper.value`) from games bots play: a dev command, bounded and seeded.

    nice -n 15 python -m ai.scamper.learn --players expert,hard --games 40 --seed 8101 [--rounds 10]

Plays ``--games`` whole games (game ``g``'s deal seed ``seed * 100_003 + g``,
the players rotated one seat each game) and, at every discard a ``--learner``
seat (default: the first player's level) makes before it is down, records the
features of the hand it keeps (:func:`ai.scamper.value.features`) and, once the
round is scored, that seat's points in it (a round dealt again when the stock
ran out is dropped).  It fits the weights by least squares (a small ridge keeps
them finite) on the games but every fifth and prints JSON: the samples, the
fit's R squared on the games it saw and on the held-out fifth, the mean points,
and ``weights`` by feature name; ``--table`` prints the weights as the tuple
:data:`ai.scamper.value.WEIGHTS` holds instead.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Sequence

from engine.scamper import Discard, Phase, ScamperGame, new_game
from engine.scamper.events import RoundVoided

from ..cli_args import positive_int
from .arena import _players, player_bot
from .odds import Yardstick
from .value import NAMES, features, hand_points, situation

Raw = tuple[list[float], float, int, int, float]
"""What one discard leaves, before the features are made: the situation's terms, the kept hand's draws, points and
wild points, and the seat's points that round."""

Sample = tuple[list[float], float]
"""A kept hand's features and the seat's points that round."""


def game_samples(levels: Sequence[str], learner: str, seed: int, options: dict[str, Any],
                 bot_seed: int) -> list[Raw]:
    """One game's samples (:data:`Raw`), one for each of ``learner``'s discards before going down."""
    state = new_game(len(levels), options, seed)
    assert isinstance(state, ScamperGame)
    bots = [player_bot(level, bot_seed * 31 + seat) for seat, level in enumerate(levels)]
    pending: dict[int, list[tuple[list[float], float, int, int]]] = {}
    out: list[Raw] = []
    while not state.is_over:
        seat = state.to_move()[0]
        obs = state.observation(seat)
        action = bots[seat].decide(obs)
        if (levels[seat] == learner and obs.phase is Phase.PLAY and not obs.is_down
                and isinstance(action, Discard)):
            rest = list(obs.hand)
            rest.remove(action.card)
            draws = Yardstick.of(obs).draws(sorted(rest))
            pending.setdefault(seat, []).append((situation(obs), draws, *hand_points(rest)))
        lines = len(state.sheet.lines)
        events = state.apply(action, seat)
        if any(isinstance(e, RoundVoided) for e in events):
            pending.clear()
        if len(state.sheet.lines) > lines:
            points = state.sheet.lines[-1].points
            out += [(*row, float(points[s])) for s, rows in pending.items() for row in rows]
            pending.clear()
    return out


def fit(samples: Sequence[Sample], ridge: float = 1e-3) -> list[float]:
    """Least-squares weights for ``samples`` (ridge ``ridge`` times the number of samples, the constant spared)."""
    if not samples:
        raise ValueError("no samples to fit")
    k = len(samples[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in samples:
        for i, xi in enumerate(x):
            if xi:
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                b[i] += xi * y
    for i in range(1, k):
        a[i][i] += ridge * len(samples)
    return solve(a, b)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` and ``b`` are changed)."""
    n = len(b)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the features are not independent: no single fit")
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, n):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (b[r] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def r_squared(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    """The share of the points' variance the weights explain on ``samples``."""
    ys = [y for _, y in samples]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    left = sum((y - sum(w * v for w, v in zip(weights, x))) ** 2 for x, y in samples)
    return 1 - left / total if total else 0.0


def play_games(tables: Sequence[Sequence[str]], learner: str, games: int, seed: int,
               options: dict[str, Any]) -> list[list[Raw]]:
    """Each game's samples: ``games`` games at each table (players rotated one seat a game)."""
    out = []
    for t, players in enumerate(tables):
        n = len(players)
        for game in range(games):
            levels = [players[(seat - game) % n] for seat in range(n)]
            deal = (seed + 1000 * t) * 100_003 + game
            out.append(game_samples(levels, learner, deal, options, deal))
    return out


def samples_of(raw: Sequence[Raw]) -> list[Sample]:
    """The features and points of raw samples."""
    return [(features(context, draws, points, wild), y) for context, draws, points, wild, y in raw]


def run(by_game: Sequence[Sequence[Raw]], ridge: float = 1e-3) -> dict[str, Any]:
    """The fit's report (see the module's text): every fifth game held out."""
    seen = samples_of([r for g, rows in enumerate(by_game) if g % 5 != 4 for r in rows])
    held = samples_of([r for g, rows in enumerate(by_game) if g % 5 == 4 for r in rows])
    weights = fit(seen, ridge)
    return {"samples": len(seen), "held_out": len(held), "mean_points": round(sum(y for _, y in seen) / len(seen), 2),
            "r2": round(r_squared(seen, weights), 4), "r2_held_out": round(r_squared(held, weights), 4) if held else None,
            "weights": {name: round(w, 3) for name, w in zip(NAMES, weights)}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.scamper.learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", action="append",
                        help="the levels at a table, e.g. expert,hard (again for another table; default expert,hard)")
    parser.add_argument("--learner", help="the level whose discards are recorded (default: the first player's)")
    parser.add_argument("--games", type=positive_int, default=40, help="games to play at each table (at least 1)")
    parser.add_argument("--save", help="also write every game's samples to this JSON file")
    parser.add_argument("--load", action="append", default=[],
                        help="fit samples a --save wrote instead of playing (again for more files)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--table", action="store_true", help="print the weights as value.WEIGHTS holds them")
    args = parser.parse_args(argv)
    try:
        tables = [_players(text) for text in args.players or ["expert,hard"]]
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    learner = args.learner or tables[0][0]
    if any(learner not in players for players in tables):
        parser.error(f"--learner {learner!r} is not at every table")
    options = {"rounds": args.rounds, "stock_out": "replay"}
    if args.load:
        by_game = []
        for name in args.load:
            try:
                with open(name, encoding="utf-8") as f:
                    by_game += json.load(f)["games"]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                parser.error(f"--load {name}: not samples a --save wrote ({exc})")
        given: dict[str, Any] = {"load": args.load}
    else:
        by_game = play_games(tables, learner, args.games, args.seed, options)
        given = {"tables": tables, "learner": learner, "games": args.games, "seed": args.seed, "options": options}
        if args.save:
            with open(args.save, "w", encoding="utf-8") as f:
                json.dump({**given, "games": by_game}, f)
    try:
        report = {**given, **run(by_game)}
    except ValueError as exc:
        parser.error(str(exc))
    if args.table:
        print("(" + ", ".join(repr(w) for w in report["weights"].values()) + ")")
    else:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

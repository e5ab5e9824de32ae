"""A learned evaluation of Scamper hands, fitted from games bots play: a study tool, bounded and seeded.

    nice -n 15 python -m ai.scamper.learn --games 30 --seed 8201 --explore 0.3 \
        --players expert,hard --players expert,hard,expert,hard

The eighth attempt at Expert (README, Scamper's bots) tried discarding by a
learned evaluation; it was not better than Expert's, and this trainer is what is
left of it: it measures what a draw toward the contract is worth in points.

Plays ``--games`` whole games at each table given by ``--players`` (table
``t``'s game ``g`` has the deal seed ``(seed + 1000 t) * 100_003 + g``, the
players rotated one seat each game) and, at every discard a ``--learner`` seat
(default: the first player's level) makes before it is down, records the
situation (:func:`situation`), the kept hand's yardstick draws
(:class:`~ai.scamper.odds.Yardstick`) and points and, once the round is scored,
that seat's points in it (a round dealt again when the stock ran out is
dropped); ``--explore P`` makes that share of those discards at random instead,
so the samples show what a worse hand costs, not only the hands the learner's
own choice leaves.  The model says what share of the kept hand's points the seat
still holds when the round is scored (0 if it goes out, about 1 if it is caught
before going down), a logistic function of :data:`NAMES`: the situation's terms
(:data:`SITUATION`) alone and times the kept hand's (:data:`CANDIDATE`), so a
draw has its own worth in each situation.  The weights are fitted by Newton's
method (each sample weighed by its points, a small ridge) on every game but each
fifth.  It prints JSON: the samples, the R squared of the expected points left
(points times share) against the points the seat had, on the games it saw and on
the held-out fifth, ``held_share_by_draws`` (the model's share at 1, 2, 4, 8 and
16 draws, averaged over the situations seen), ``points_per_draw`` (the mean over
the samples of what one more draw costs the kept hand in expected points) and
``weights`` by feature name.  ``--save FILE`` keeps the samples, ``--load FILE``
fits them again without playing.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from typing import Any, Callable, Sequence

from engine.scamper import Discard, Observation, Phase, ScamperGame, card_points, new_game
from engine.scamper.events import RoundVoided

from ..cli_args import positive_int
from .arena import _players, player_bot
from .odds import Yardstick

DRAWS_CAP = 25.0
"""Draws beyond this count as this many (a dead hand is rated :data:`~ai.scamper.odds.DEAD` draws)."""

SITUATION = ("one", "threat", "stock", "crowd", "down_share", "fewest", "whole", "turns")
"""The situation's terms, the same for every hand the seat may keep: a constant, whether another player is down, the
stock left (/50), whether more than two sit at the table, the share of the others who are down, the fewest cards
another player holds (/10), whether the contract takes the whole hand (laying it is going out: nobody is down
before the round ends) and the turns this seat has played in the round (/10)."""

CANDIDATE = ("draws", "log_draws")
"""The kept hand's terms: its yardstick draws to the contract (capped, /10) and their logarithm."""
NAMES = SITUATION + tuple(f"{s}*{c}" for s in SITUATION for c in CANDIDATE)
"""The features' names, in the order of :func:`features` (and of the fitted weights)."""


def situation(obs: Observation) -> list[float]:
    """The situation's terms (:data:`SITUATION`), the same for every hand Expert may keep this turn."""
    others = [s for s in range(obs.num_seats) if s != obs.seat]
    down = sum(1 for s in others if obs.down[s])
    return [1.0, float(down > 0), obs.stock_size / 50, float(obs.num_seats > 2), down / max(1, len(others)),
            min(obs.hand_sizes[s] for s in others) / 10 if others else 0.0,
            float(sum(r.size for r in obs.contract.requirements) >= len(obs.hand) - 1),
            len(obs.discarded[obs.seat]) / 10]


def candidate(draws: float) -> list[float]:
    """A kept hand's terms (:data:`CANDIDATE`), from its yardstick draws."""
    capped = min(draws, DRAWS_CAP)
    return [capped / 10, math.log1p(capped)]


def features(context: Sequence[float], draws: float) -> list[float]:
    """The model's features (:data:`NAMES`) for a hand of ``draws`` kept in the situation ``context``."""
    terms = candidate(draws)
    return list(context) + [s * c for s in context for c in terms]


def held_share(context: Sequence[float], draws: float, weights: Sequence[float]) -> float:
    """The share of its points a hand of ``draws`` kept in the situation ``context`` still holds at the round's
    end by the model of ``weights`` (the chance of being caught with it, roughly)."""
    z = sum(w * x for w, x in zip(weights, features(context, draws)))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


Raw = tuple[list[float], float, int, float]
"""What one discard leaves, before the features are made: the situation's terms, the kept hand's draws and points,
and the seat's points that round."""

Sample = tuple[list[float], float, float]
"""A kept hand's features, the share of its points the seat held when the round was scored (at most 1), and the
hand's points (the sample's weight)."""


def game_samples(levels: Sequence[str], learner: str, seed: int, options: dict[str, Any],
                 bot_seed: int, explore: float = 0.0) -> list[Raw]:
    """One game's samples (:data:`Raw`), one for each of ``learner``'s discards before going down; with
    ``explore``, that share of those discards is a card drawn at random instead (seeded by ``bot_seed``), so the
    samples show what a worse kept hand costs, not only the hands the learner's own choice leaves."""
    rng = random.Random(bot_seed)
    state = new_game(len(levels), options, seed)
    assert isinstance(state, ScamperGame)
    bots = [player_bot(level, bot_seed * 31 + seat) for seat, level in enumerate(levels)]
    pending: dict[int, list[tuple[list[float], float, int]]] = {}
    out: list[Raw] = []
    while not state.is_over:
        seat = state.to_move()[0]
        obs = state.observation(seat)
        action = bots[seat].decide(obs)
        if (levels[seat] == learner and obs.phase is Phase.PLAY and not obs.is_down
                and isinstance(action, Discard)):
            if explore and rng.random() < explore:
                action = rng.choice([a for a in obs.legal_actions() if isinstance(a, Discard)])
            rest = list(obs.hand)
            rest.remove(action.card)
            draws = Yardstick.of(obs).draws(sorted(rest))
            pending.setdefault(seat, []).append((situation(obs), draws, sum(map(card_points, rest))))
        lines = len(state.sheet.lines)
        events = state.apply(action, seat)
        if any(isinstance(e, RoundVoided) for e in events):
            pending.clear()
        if len(state.sheet.lines) > lines:
            points = state.sheet.lines[-1].points
            out += [(*row, float(points[s])) for s, rows in pending.items() for row in rows]
            pending.clear()
    return out


def fit(samples: Sequence[Sample], ridge: float = 1e-3, rounds: int = 25) -> list[float]:
    """Logistic weights for ``samples`` by Newton's method (each sample weighed by its points; a ridge of ``ridge``
    times the total weight, the constant spared, keeps them finite), until a step moves no weight by 1e-6."""
    if not samples:
        raise ValueError("no samples to fit")
    k = len(samples[0][0])
    weights = [0.0] * k
    total = sum(p for _, _, p in samples) or 1.0
    for _ in range(rounds):
        hess = [[0.0] * k for _ in range(k)]
        grad = [0.0] * k
        for x, t, p in samples:
            q = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(w * v for w, v in zip(weights, x))))))
            g, h = p * (q - t), p * q * (1 - q)
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += g * xi
                    row = hess[i]
                    for j, xj in enumerate(x):
                        row[j] += h * xi * xj
        for i in range(1, k):
            grad[i] += ridge * total * weights[i]
            hess[i][i] += ridge * total
        step = solve(hess, grad)
        weights = [w - s for w, s in zip(weights, step)]
        if max(map(abs, step)) < 1e-6:
            break
    return weights


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


def r_squared(raw: Sequence[Raw], weights: Sequence[float]) -> float:
    """The share of the variance of the seat's points the model's expected points left explain on ``raw``."""
    ys = [y for *_, y in raw]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    left = sum((y - points * held_share(context, draws, weights)) ** 2 for context, draws, points, y in raw)
    return 1 - left / total if total else 0.0


def play_games(tables: Sequence[Sequence[str]], learner: str, games: int, seed: int,
               options: dict[str, Any], explore: float = 0.0, sampler: Callable[..., list[Any]] | None = None
               ) -> list[list[Any]]:
    """Each game's samples: ``games`` games at each table (players rotated one seat a game), by ``sampler``
    (:func:`game_samples` unless another study's, with the same arguments)."""
    sample = sampler or game_samples
    out = []
    for t, players in enumerate(tables):
        n = len(players)
        for game in range(games):
            levels = [players[(seat - game) % n] for seat in range(n)]
            deal = (seed + 1000 * t) * 100_003 + game
            out.append(sample(levels, learner, deal, options, deal, explore))
    return out


def samples_of(raw: Sequence[Raw]) -> list[Sample]:
    """The model's samples of raw ones (a hand of no points says nothing of its points' share and is left out)."""
    return [(features(context, draws), min(1.0, y / points), float(points)) for context, draws, points, y in raw
            if points > 0]


def run(by_game: Sequence[Sequence[Raw]], ridge: float = 1e-3) -> dict[str, Any]:
    """The fit's report (see the module's text): every fifth game held out."""
    seen = [r for g, rows in enumerate(by_game) if g % 5 != 4 for r in rows]
    held = [r for g, rows in enumerate(by_game) if g % 5 == 4 for r in rows]
    if not seen:
        raise ValueError("no samples to fit")
    weights = fit(samples_of(seen), ridge)
    price = [points * (held_share(context, draws + 1, weights) - held_share(context, draws, weights))
             for context, draws, points, _ in seen]
    return {"samples": len(seen), "held_out": len(held), "mean_points": round(sum(y for *_, y in seen) / len(seen), 2),
            "r2": round(r_squared(seen, weights), 4), "r2_held_out": round(r_squared(held, weights), 4) if held else None,
            "held_share_by_draws": {str(d): round(sum(held_share(context, d, weights) for context, *_ in seen) / len(seen), 3)
                                    for d in (1, 2, 4, 8, 16)},
            "points_per_draw": round(sum(price) / len(price), 2),
            "weights": {name: round(w, 4) for name, w in zip(NAMES, weights)}}


def main(argv: list[str] | None = None) -> int:
    return study_main(argv, "python -m ai.scamper.learn", __doc__, game_samples, run, default_games=40)


def study_main(argv: list[str] | None, prog: str, doc: str | None, sampler: Callable[..., list[Any]],
               report_of: Callable[[list[list[Any]]], dict[str, Any]], default_games: int) -> int:
    """The command line of a study that plays games for samples (``sampler``, see :func:`play_games`) or loads
    them, and prints the fit's report (``report_of`` every game's samples) as JSON."""
    parser = argparse.ArgumentParser(prog=prog, description=(doc or "").split("\n\n")[0])
    parser.add_argument("--players", action="append",
                        help="the levels at a table, e.g. expert,hard (again for another table; default expert,hard)")
    parser.add_argument("--learner", help="the level whose discards are recorded (default: the first player's)")
    parser.add_argument("--games", type=positive_int, default=default_games,
                        help=f"games to play at each table (at least 1, default {default_games})")
    parser.add_argument("--explore", type=float, default=0.0,
                        help="the share of the learner's discards made at random instead (0 to 1, default 0)")
    parser.add_argument("--save", help="also write every game's samples to this JSON file")
    parser.add_argument("--load", action="append", default=[],
                        help="fit samples a --save wrote instead of playing (again for more files)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=10, choices=range(1, 11), metavar="1-10")
    args = parser.parse_args(argv)
    try:
        tables = [_players(text) for text in args.players or ["expert,hard"]]
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    learner = args.learner or tables[0][0]
    if any(learner not in players for players in tables):
        parser.error(f"--learner {learner!r} is not at every table")
    options = {"rounds": args.rounds, "stock_out": "replay"}
    if not 0 <= args.explore <= 1:
        parser.error(f"--explore {args.explore}: give a share from 0 to 1")
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
        by_game = play_games(tables, learner, args.games, args.seed, options, args.explore, sampler)
        given = {"tables": tables, "learner": learner, "games": args.games, "seed": args.seed, "options": options,
                 "explore": args.explore}
        if args.save:
            with open(args.save, "w", encoding="utf-8") as f:
                json.dump({**given, "games": by_game}, f)
    try:
        report = {**given, **report_of(by_game)}
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A learned model of a Scamper hand's SPEED, fitted from games bots play: a study tool, bounded and seeded.

    nice -n 15 python -m ai.scamper.speed --games 60 --seed 8301 --explore 0.25 \
        --players expert,hard --players expert,hard,expert,hard

What is left of the ninth attempt at Expert (README, Scamper's bots): Expert
choosing its discard and its take by this model was not better than Expert's
own yardstick, so the game does not use it.  Plays games as
:mod:`ai.scamper.learn` does (the same tables, deal seeds, ``--explore``,
``--save`` and ``--load``) and, at every discard a ``--learner`` seat makes
before it is down, records the situation (:func:`ai.scamper.learn.situation`),
the kept hand's terms (:func:`hand_terms`: what the yardstick's draws are made
of) and how many of its own turns later it could first lay its contract
(``None`` if the round ended first: it was caught).  For each horizon ``k`` of
:data:`HORIZONS` it fits by Newton's method a logistic model of P(the hand can
lay its contract within ``k`` of its own turns, before the round ends) from the
chance of drawing what it lacks in ``k`` draws (:func:`hit_chance`) and the
situation, every fifth game held out; :func:`expected_turns` sums them.  It
prints JSON: per horizon the base rate and the held-out log loss of the model
and of one of the situation and the yardstick's draws alone, the mean error of
the expected turns on the held-out games, and the weights (:data:`WEIGHTS` holds
those of the command above).
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from engine.scamper import Discard, LayContract, Phase, ScamperGame, new_game
from engine.scamper.events import RoundVoided

from .arena import player_bot
from .learn import SITUATION, fit, situation, study_main
from .odds import DEAD, Yardstick

HORIZONS = (1, 2, 3, 4, 6, 8)
"""The turns within which the model says how likely the hand is to be able to lay its contract."""

CAP = 9
"""Expected turns are counted up to this many (a hand not ready within 8 turns counts 9)."""

HAND = ("missing", "log_missing", "first", "single", "wilds", "dead")
"""A kept hand's terms: the cards it lacks (capped at 6, /3) and log(1 + that), the share of the unseen cards that
would fill one of them and of those that fill the best single combination, its wilds (/2), and whether no unseen
card helps it."""

MODEL = ("hit", "log_hit", "missing", "wilds", "dead")
"""The horizon model's hand terms: the chance of drawing every card lacking within the horizon's turns, one stock
card a turn, at the hand's rates (:func:`hit_chance`) and its logarithm; then the hand's cards lacking, wilds and
whether it is dead (:data:`HAND`).  The situation's terms calibrate that for the race: being caught first, or
taking from the discard pile."""

CROSSED = ("crowd", "whole", "stock")
"""Situation terms that also multiply each hand term (the race differs with more seats, when laying is going out,
and as the stock runs down)."""

NAMES = SITUATION + MODEL + tuple(f"{s}*{h}" for s in CROSSED for h in MODEL)
"""The features' names, in the order of :func:`features`."""


WEIGHTS: tuple[tuple[float, ...], ...] = (
    (-0.03, 0.1258, 0.1913, -0.0427, -0.1515, 0.0058, -0.0443, -0.1274, 0.3062, 0.4819, -0.0953, 0.2012, 0.0883, 0.0511, -0.0041, -0.132, -0.0898, 0.0, 0.0192, 0.2933, 0.116, 0.1513, 0.0883, 0.5462, 0.1708, -0.3912, -0.0164, 0.0209),
    (-0.2158, 0.1836, 0.2703, -0.1513, -0.1485, 0.1487, -0.3857, -0.1656, 0.3454, 0.5781, 0.0179, 0.4361, 0.1734, -0.0745, -0.0282, -0.191, -0.0659, 0.0, -0.0699, 0.0905, 0.0943, 0.0174, 0.1734, 0.3422, 0.1855, -0.1783, -0.0893, 0.0445),
    (-0.46, 0.1731, 0.3248, -0.243, -0.0493, 0.3305, -0.5924, -0.2196, 0.5568, 0.5499, -0.1034, 0.5354, 0.2606, -0.2258, -0.0755, -0.2572, -0.0187, 0.0, -0.0238, -0.0295, 0.0084, -0.0265, 0.2606, 0.3642, 0.2061, -0.1947, -0.1345, 0.0726),
    (-0.6329, 0.1219, 0.3751, -0.2218, 0.0767, 0.4885, -0.724, -0.2998, 0.7357, 0.4118, -0.2271, 0.5415, 0.3389, -0.3479, -0.0654, -0.3149, 0.022, 0.0, 0.0639, -0.1222, -0.1172, -0.0452, 0.3389, 0.3149, 0.2556, -0.233, -0.1583, 0.0999),
    (-0.6465, 0.1594, 0.3828, -0.2725, 0.1578, 0.7533, -0.8398, -0.3972, 0.7761, 0.2213, -0.3146, 0.4245, 0.3847, -0.3928, -0.1334, -0.4002, 0.0604, 0.0, 0.0932, -0.2839, -0.1533, -0.1241, 0.3847, 0.1601, 0.4501, -0.2261, -0.0821, 0.1203),
    (-0.7273, 0.1977, 0.3713, -0.2356, 0.2457, 0.9291, -0.7791, -0.4167, 0.7726, 0.0544, -0.392, 0.3148, 0.3376, -0.4924, -0.1114, -0.4472, 0.1297, 0.0, -0.0456, -0.2861, -0.0624, -0.1374, 0.3376, 0.0925, 0.5532, -0.255, -0.0405, 0.1077),
)
"""The fitted weights, one row per horizon of :data:`HORIZONS`, in the order of :data:`NAMES`, of the command in
the module's text (10635 samples; held-out log loss at 1 turn 0.116, at 8 turns 0.462;
the situation and the yardstick's draws alone: 0.148 and 0.481)."""


def hand_terms(stick: Yardstick, hand: Sequence[int]) -> list[float]:
    """The kept hand's terms (:data:`HAND`) against ``stick``'s unseen cards."""
    found = stick.profile(hand)
    wilds = sum(1 for c in hand if c >= 52 or c % 13 == 0) / 2
    if found is None or (found[0] and not found[1]):
        return [2.0, math.log1p(6), 0.0, 0.0, wilds, 1.0]
    missing, first, single = found
    capped = min(missing, 6)
    return [capped / 3, math.log1p(capped), first / stick.total, single / stick.total, wilds, 0.0]


def hit_chance(missing: int, first: float, single: float, turns: int) -> float:
    """The chance that ``turns`` draws bring ``missing`` cards: the first at the rate ``first``, each after it
    at ``single`` (the shares of the unseen cards that help)."""
    odds = [1.0] + [0.0] * missing  # odds[j]: j cards found so far
    for _ in range(turns):
        for j in range(missing - 1, -1, -1):
            rate = first if j == 0 else single
            odds[j + 1] += odds[j] * rate
            odds[j] *= 1 - rate
    return odds[missing]


def features(context: Sequence[float], terms: Sequence[float], turns: int) -> list[float]:
    """The features (:data:`NAMES`) of the model of the horizon ``turns`` for a kept hand of ``terms``
    (:func:`hand_terms`) in the situation ``context``."""
    missing = round(terms[0] * 3)
    hit = hit_chance(missing, terms[2], terms[3], turns) if not terms[5] else 0.0
    own = [hit, math.log(hit + 1e-3), terms[0], terms[4], terms[5]]
    crossed = [context[SITUATION.index(s)] for s in CROSSED]
    return list(context) + own + [c * h for c in crossed for h in own]


def ready_odds(context: Sequence[float], terms: Sequence[float],
               weights: Sequence[Sequence[float]] = WEIGHTS) -> list[float]:
    """P(ready within k own turns) for each horizon of :data:`HORIZONS`, by the models of ``weights`` (made to
    rise with k; a hand that lacks nothing is ready next turn)."""
    if terms[0] == 0 and not terms[5]:
        return [1.0] * len(HORIZONS)
    out: list[float] = []
    for w, k in zip(weights, HORIZONS):
        z = sum(a * b for a, b in zip(w, features(context, terms, k)))
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
        out.append(max(p, out[-1]) if out else p)
    return out


def expected_turns(context: Sequence[float], terms: Sequence[float],
                   weights: Sequence[Sequence[float]] = WEIGHTS) -> float:
    """Expected own turns until the hand can lay its contract, counted up to :data:`CAP`: 1 + the sum over
    k = 1..CAP-1 of P(not ready within k), the horizons between those fitted read off linearly."""
    odds = dict(zip(HORIZONS, ready_odds(context, terms, weights)))
    total = 1.0
    for k in range(1, CAP):
        if k in odds:
            p = odds[k]
        else:
            lo = max(h for h in HORIZONS if h < k)
            hi = min((h for h in HORIZONS if h > k), default=lo)
            p = odds[lo] + (odds[hi] - odds[lo]) * (k - lo) / (hi - lo) if hi != lo else odds[lo]
        total += 1 - p
    return total


Raw = tuple[list[float], list[float], float, "int | None"]
"""One discard: the situation's terms, the kept hand's terms, its yardstick draws, and the own turns until the seat
could lay its contract (``None``: the round ended first)."""


def game_samples(levels: Sequence[str], learner: str, seed: int, options: dict[str, Any],
                 bot_seed: int, explore: float = 0.0) -> list[Raw]:
    """One game's samples (:data:`Raw`) for each of ``learner``'s discards before it is down; ``explore`` as in
    :func:`ai.scamper.learn.game_samples`."""
    rng = random.Random(bot_seed)
    state = new_game(len(levels), options, seed)
    assert isinstance(state, ScamperGame)
    bots = [player_bot(level, bot_seed * 31 + seat) for seat, level in enumerate(levels)]
    pending: dict[int, list[tuple[list[float], list[float], float, int]]] = {}
    turns: dict[int, int] = {}
    out: list[Raw] = []
    while not state.is_over:
        seat = state.to_move()[0]
        obs = state.observation(seat)
        action = bots[seat].decide(obs)
        if levels[seat] == learner and obs.phase is Phase.PLAY and not obs.is_down:
            if len(obs.discarded[seat]) + 1 > turns.get(seat, -1):
                turns[seat] = len(obs.discarded[seat]) + 1  # this turn's number (a turn may take several actions)
                if any(isinstance(a, LayContract) for a in obs.legal_actions()):
                    out += [(c, t, d, turns[seat] - at) for c, t, d, at in pending.pop(seat, [])]
            if isinstance(action, Discard):
                if explore and rng.random() < explore:
                    action = rng.choice([a for a in obs.legal_actions() if isinstance(a, Discard)])
                rest = list(obs.hand)
                rest.remove(action.card)
                stick = Yardstick.of(obs)
                kept = sorted(rest)
                pending.setdefault(seat, []).append((situation(obs), hand_terms(stick, kept), stick.draws(kept),
                                                     turns[seat]))
        lines = len(state.sheet.lines)
        events = state.apply(action, seat)
        if any(isinstance(e, RoundVoided) for e in events):
            pending.clear()
            turns.clear()
        if len(state.sheet.lines) > lines:
            out += [(c, t, d, None) for rows in pending.values() for c, t, d, _ in rows]
            pending.clear()
            turns.clear()
    return out


def _ready(turns: int | None, k: int) -> float:
    return float(turns is not None and turns <= k)


def _log_loss(rows: Sequence[tuple[list[float], float]], weights: Sequence[float]) -> float:
    total = 0.0
    for x, y in rows:
        z = max(-30.0, min(30.0, sum(a * b for a, b in zip(weights, x))))
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


def _draws_only(context: Sequence[float], draws: float) -> list[float]:
    """The baseline's features: the situation and the yardstick's draws (capped)."""
    capped = min(draws, 25.0) if draws < DEAD else 25.0
    return list(context) + [capped / 10, math.log1p(capped)]


def run(by_game: Sequence[Sequence[Raw]], ridge: float = 1e-3) -> dict[str, Any]:
    """The fit's report (see the module's text): every fifth game held out."""
    seen = [r for g, rows in enumerate(by_game) if g % 5 != 4 for r in rows]
    held = [r for g, rows in enumerate(by_game) if g % 5 == 4 for r in rows]
    if not seen:
        raise ValueError("no samples to fit")
    report: dict[str, Any] = {"samples": len(seen), "held_out": len(held),
                              "never_ready": round(sum(r[3] is None for r in seen) / len(seen), 3)}
    weights = []
    by_k = {}
    for k in HORIZONS:
        rows = [(features(c, t, k), _ready(n, k)) for c, t, _, n in seen]
        w = fit([(x, y, 1.0) for x, y in rows], ridge, rounds=12)
        base = fit([(_draws_only(c, d), _ready(n, k), 1.0) for c, _, d, n in seen], ridge, rounds=12)
        weights.append(w)
        test = [(features(c, t, k), _ready(n, k)) for c, t, _, n in held]
        test_base = [(_draws_only(c, d), _ready(n, k)) for c, _, d, n in held]
        by_k[str(k)] = {"rate": round(sum(y for _, y in rows) / len(rows), 3),
                        "log_loss_held_out": round(_log_loss(test, w), 4) if held else None,
                        "draws_only_held_out": round(_log_loss(test_base, base), 4) if held else None}
    report["by_horizon"] = by_k
    errors = [(expected_turns(c, t, weights) - min(n if n is not None else CAP, CAP)) for c, t, _, n in held]
    report["expected_turns_bias_held_out"] = round(sum(errors) / len(errors), 3) if errors else None
    report["weights"] = [[round(v, 4) for v in w] for w in weights]
    return report


def main(argv: list[str] | None = None) -> int:
    return study_main(argv, "python -m ai.scamper.speed", __doc__, game_samples, run, default_games=30)


if __name__ == "__main__":
    raise SystemExit(main())

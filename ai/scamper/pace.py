"""How fast a Scamper hand is: the learned model of the own turns until a kept hand can lay its contract.

Fitted by :mod:`ai.scamper.speed` (the study tool: its samples, fit and figures)
and read by Expert's discard (:mod:`ai.scamper.expert`).  For each horizon ``k``
of :data:`HORIZONS` a logistic model gives P(the hand can lay the round's
contract within ``k`` of its own turns, before the round ends) from the
situation (:func:`situation`) and the kept hand's terms (:func:`hand_terms`:
what the yardstick's draws are made of); :func:`expected_turns` sums them.
Pure arithmetic, no randomness.
"""

from __future__ import annotations

import math
from typing import Sequence

from engine.scamper import Observation

from .odds import Yardstick

SITUATION = ("one", "threat", "stock", "crowd", "down_share", "fewest", "whole", "turns")
"""The situation's terms, the same for every hand the seat may keep: a constant, whether another player is down, the
stock left (/50), whether more than two sit at the table, the share of the others who are down, the fewest cards
another player holds (/10), whether the contract takes the whole hand (laying it is going out: nobody is down
before the round ends) and the turns this seat has played in the round (/10)."""


def situation(obs: Observation) -> list[float]:
    """The situation's terms (:data:`SITUATION`), the same for every hand Expert may keep this turn."""
    others = [s for s in range(obs.num_seats) if s != obs.seat]
    down = sum(1 for s in others if obs.down[s])
    return [1.0, float(down > 0), obs.stock_size / 50, float(obs.num_seats > 2), down / max(1, len(others)),
            min(obs.hand_sizes[s] for s in others) / 10 if others else 0.0,
            float(sum(r.size for r in obs.contract.requirements) >= len(obs.hand) - 1),
            len(obs.discarded[obs.seat]) / 10]


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


__all__ = ["CAP", "HORIZONS", "SITUATION", "WEIGHTS", "expected_turns", "hand_terms", "ready_odds", "situation"]

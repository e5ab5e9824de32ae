"""How fast a Scamper hand is: a learned model of the own turns until a kept hand can lay its contract.

Fitted by :mod:`ai.scamper.speed` (a study tool: the samples, the fit and its
figures) from games bots play, and used by Expert's ``speed`` variant
(:mod:`ai.scamper.expert`).  For each horizon ``k`` of :data:`HORIZONS` a
logistic model gives P(the hand can lay the round's contract within ``k`` of
its own turns, before the round ends) from the situation (:func:`situation`)
and the kept hand's terms (:func:`hand_terms`: what the yardstick's draws are
made of); :func:`expected_turns` sums them.  Pure arithmetic, no randomness.
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

CROSSED = ("crowd", "whole", "stock")
"""Situation terms that also multiply each hand term (the race differs with more seats, when laying is going out,
and as the stock runs down)."""

NAMES = SITUATION + HAND + tuple(f"{s}*{h}" for s in CROSSED for h in HAND)
"""The features' names, in the order of :func:`features`."""


WEIGHTS: tuple[tuple[float, ...], ...] = (
    (1.2046, 0.1709, 0.833, 0.3821, -0.0364, 0.0394, 0.0141, -0.4515, -0.9383, -1.2578, 0.352, 0.1318, -0.0479, 0.0937, -0.2444, -0.1869, 0.23, 0.0872, -0.1472, 0.0, -0.3811, -0.562, 0.1242, 0.1469, 0.0561, 0.0937, -1.5472, -1.6833, 0.767, 0.2664, 0.1324, 0.0225),
    (0.6709, 0.2473, 0.6539, 0.0845, -0.0535, 0.2522, -0.1662, -0.368, -0.9153, -1.091, 0.59, 0.2034, 0.116, 0.1861, -0.1639, -0.0991, 0.2449, 0.0475, -0.1594, 0.0, -0.2229, -0.362, 0.1933, 0.156, 0.0011, 0.1861, -1.2405, -1.0156, 1.2129, 0.3543, 0.0577, 0.0484),
    (0.618, 0.2465, 0.5592, -0.1358, 0.0383, 0.4682, -0.3851, -0.3743, -0.9797, -1.0776, 0.6431, 0.2798, 0.1976, 0.2776, -0.0858, -0.0189, 0.187, 0.0184, -0.1177, 0.0, -0.0645, -0.2281, 0.2574, 0.1851, -0.0237, 0.2776, -1.1488, -0.7072, 1.3087, 0.4538, 0.0014, 0.0777),
    (0.6168, 0.1994, 0.5246, -0.2199, 0.1614, 0.6453, -0.5203, -0.4178, -0.9064, -1.0242, 0.6511, 0.3202, 0.2548, 0.3657, -0.0975, -0.0199, 0.1173, 0.0017, -0.069, 0.0, 0.0676, -0.2213, 0.2248, 0.2136, -0.0118, 0.3657, -1.0571, -0.568, 1.2648, 0.4601, -0.0667, 0.1079),
    (0.5677, 0.2503, 0.4317, -0.3698, 0.2318, 0.935, -0.7032, -0.4723, -0.7738, -0.8514, 0.6833, 0.4027, 0.2509, 0.4437, -0.0605, -0.0385, 0.0014, -0.0052, 0.0174, 0.0, 0.2836, -0.1944, 0.1589, 0.2763, -0.0347, 0.4437, -1.0196, -0.4263, 1.2214, 0.4593, -0.0914, 0.1365),
    (0.4581, 0.2852, 0.3679, -0.4383, 0.3051, 1.1076, -0.7719, -0.4752, -0.6492, -0.7583, 0.6665, 0.438, 0.221, 0.4275, -0.0825, -0.0764, -0.1163, -0.0152, 0.0994, 0.0, 0.3767, -0.1885, 0.0795, 0.3031, -0.0439, 0.4275, -0.8973, -0.3511, 1.1269, 0.4291, -0.1016, 0.1305),
)
"""The fitted weights, one row per horizon of :data:`HORIZONS`, in the order of :data:`NAMES`:
``python -m ai.scamper.speed --games 60 --seed 8301 --explore 0.25 --players expert,hard
--players expert,hard,expert,hard`` (10635 samples; held-out log loss at 1 turn 0.118, at 8 turns 0.460)."""


def hand_terms(stick: Yardstick, hand: Sequence[int]) -> list[float]:
    """The kept hand's terms (:data:`HAND`) against ``stick``'s unseen cards."""
    found = stick.profile(hand)
    wilds = sum(1 for c in hand if c >= 52 or c % 13 == 0) / 2
    if found is None or (found[0] and not found[1]):
        return [2.0, math.log1p(6), 0.0, 0.0, wilds, 1.0]
    missing, first, single = found
    capped = min(missing, 6)
    return [capped / 3, math.log1p(capped), first / stick.total, single / stick.total, wilds, 0.0]


def features(context: Sequence[float], terms: Sequence[float]) -> list[float]:
    """The model's features (:data:`NAMES`)."""
    crossed = [context[SITUATION.index(s)] for s in CROSSED]
    return list(context) + list(terms) + [c * h for c in crossed for h in terms]


def ready_odds(context: Sequence[float], terms: Sequence[float],
               weights: Sequence[Sequence[float]] = WEIGHTS) -> list[float]:
    """P(ready within k own turns) for each horizon of :data:`HORIZONS`, by the models of ``weights`` (made to
    rise with k; a hand that lacks nothing is ready next turn)."""
    if terms[0] == 0 and not terms[5]:
        return [1.0] * len(HORIZONS)
    x = features(context, terms)
    out: list[float] = []
    for w in weights:
        z = sum(a * b for a, b in zip(w, x))
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
        out.append(max(p, out[-1]) if out else p)
    return out


def expected_turns(context: Sequence[float], terms: Sequence[float], weights: Sequence[Sequence[float]]) -> float:
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



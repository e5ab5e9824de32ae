"""A learned evaluation for Expert: the points a hand not yet down is expected to hold when the round ends.

A linear model fitted offline by least squares (:mod:`ai.scamper.learn`) on
the discards Expert made in games against Hard: after each discard before
going down, the kept hand and the table's situation, and the seat's points
when that round was scored.  The features are products of two small lists:

* the *candidate's* (what differs between the hands Expert may keep): the
  yardstick's draws to the contract (:class:`~ai.scamper.odds.Yardstick`,
  capped), the chance-like ``1 / (1 + draws)``, the hand's points and the
  points of its wilds (which can't be discarded);
* the *situation's* (the same for every candidate): a constant, whether
  another player is down, the stock left, whether more than two sit at the
  table, the share of the others who are down and the fewest cards another
  player holds.

Each situation term times each candidate term is one feature, and the
situation terms alone are features too, so the model says how much a draw or a
point is worth *in this situation*.  :data:`WEIGHTS` is the fitted table (a
constant: the game depends on nothing new); pure arithmetic, microseconds.
"""

from __future__ import annotations

from typing import Sequence

from engine.cards import Card
from engine.melds import is_wild
from engine.scamper import Observation, card_points

DRAWS_CAP = 25.0
"""Draws beyond this count as this many (a dead hand is rated :data:`~ai.scamper.odds.DEAD` draws)."""

SITUATION = ("one", "threat", "stock", "crowd", "down_share", "fewest")
CANDIDATE = ("draws", "chance", "points", "wild_points")
NAMES = SITUATION + tuple(f"{s}*{c}" for s in SITUATION for c in CANDIDATE)
"""The features' names, in the order of :func:`features` and :data:`WEIGHTS`."""


def situation(obs: Observation) -> list[float]:
    """The situation's terms (:data:`SITUATION`), the same for every hand Expert may keep this turn."""
    others = [s for s in range(obs.num_seats) if s != obs.seat]
    down = sum(1 for s in others if obs.down[s])
    return [1.0, float(down > 0), obs.stock_size / 50, float(obs.num_seats > 2), down / max(1, len(others)),
            min(obs.hand_sizes[s] for s in others) / 10 if others else 0.0]


def hand_points(hand: Sequence[Card]) -> tuple[int, int]:
    """A hand's points, and the points of its wilds."""
    return sum(map(card_points, hand)), sum(card_points(c) for c in hand if is_wild(c))


def candidate(draws: float, points: int, wild_points: int) -> list[float]:
    """A kept hand's terms (:data:`CANDIDATE`): from its yardstick draws, its points and its wilds' points."""
    capped = min(draws, DRAWS_CAP)
    return [capped / 10, 1 / (1 + capped), points / 100, wild_points / 100]


def features(context: Sequence[float], draws: float, points: int, wild_points: int) -> list[float]:
    """The model's features (:data:`NAMES`) for a hand kept in the situation ``context``."""
    terms = candidate(draws, points, wild_points)
    return list(context) + [s * c for s in context for c in terms]


def points_left(context: Sequence[float], draws: float, hand: Sequence[Card],
                weights: Sequence[float] | None = None) -> float:
    """The points ``hand`` is expected to hold when the round is scored (0 when the seat goes out)."""
    table = WEIGHTS if weights is None else weights
    return sum(w * x for w, x in zip(table, features(context, draws, *hand_points(hand))))


WEIGHTS: tuple[float, ...] = (0.0,) * len(NAMES)
"""The fitted weights (:mod:`ai.scamper.learn`), one per name of :data:`NAMES`."""


__all__ = ["NAMES", "WEIGHTS", "candidate", "features", "hand_points", "points_left", "situation"]

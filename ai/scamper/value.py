"""A learned evaluation for Expert: the points a hand not yet down is expected to hold when the round ends.

A model fitted offline (:mod:`ai.scamper.learn`) on the discards Expert made
in games against Hard: after each discard before going down, the kept hand and
the table's situation, and the seat's points when that round was scored.  It
says what share of the kept hand's points the seat still holds when the round
is scored (0 if it goes out, about 1 if it is caught before going down), as a
logistic function of features that are products of two small lists:

* the situation's (the same for every hand Expert may keep): a constant,
  whether another player is down, the stock left, whether more than two sit at
  the table, the share of the others who are down, the fewest cards another
  player holds, whether the contract takes the whole hand (laying it is going
  out: nobody is down before the round ends) and the turns this seat has
  played in the round;
* the kept hand's: the yardstick's draws to the contract
  (:class:`~ai.scamper.odds.Yardstick`, capped) and their logarithm.

The situation's terms alone are features too, so the model says how much a
draw is worth *in this situation*.  The expected points left are the kept
hand's points times that share: a dear card kept is paid for when the seat is
caught, a useful card thrown makes being caught likelier.  :data:`WEIGHTS` is
the fitted table (a constant: the game depends on nothing new); pure
arithmetic, microseconds.
"""

from __future__ import annotations

import math
from typing import Sequence

from engine.cards import Card
from engine.scamper import Observation, card_points

DRAWS_CAP = 25.0
"""Draws beyond this count as this many (a dead hand is rated :data:`~ai.scamper.odds.DEAD` draws)."""

SITUATION = ("one", "threat", "stock", "crowd", "down_share", "fewest", "whole", "turns")
CANDIDATE = ("draws", "log_draws")
NAMES = SITUATION + tuple(f"{s}*{c}" for s in SITUATION for c in CANDIDATE)
"""The features' names, in the order of :func:`features` and :data:`WEIGHTS`."""


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


def held_share(context: Sequence[float], draws: float, weights: Sequence[float] | None = None) -> float:
    """The share of its points a hand of ``draws`` kept in the situation ``context`` still holds at the round's
    end (the chance of being caught with it, roughly)."""
    table = WEIGHTS if weights is None else weights
    z = sum(w * x for w, x in zip(table, features(context, draws)))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def points_left(context: Sequence[float], draws: float, hand: Sequence[Card],
                weights: Sequence[float] | None = None, stake: float = 0.0) -> float:
    """The points ``hand`` is expected to hold when the round is scored (0 when the seat goes out); with
    ``stake`` (what going out first would make the others pay), the points the seat expects to lose against
    them, less that stake: being caught less often is worth the stake too."""
    return (sum(map(card_points, hand)) + stake) * held_share(context, draws, weights) - stake


WEIGHTS: tuple[float, ...] = (
    -2.0858, -0.2332, 0.0304, 0.061, -0.1353, -0.2254, 0.0032, -0.1037, 0.6244, 0.7225, 0.6305, 0.1448, -0.3661,
    0.0353, -0.1033, 0.4678, 0.2096, -0.1797, 0.0302, -0.0667, -0.1991, 0.3396, -0.3756, 0.3137,
)
"""The fitted weights, one per name of :data:`NAMES`: ``nice -n 15 python -m ai.scamper.learn --games 30 --seed 8201
--explore 0.3 --players expert,hard --players expert,hard,expert,hard`` (60 games, 5692 discards fitted, 1317 held
out; R squared 0.21, held out 0.29).  Fitted on Expert's own discards alone (``--explore 0``) the model finds a draw
worth next to nothing: the hands it keeps differ little in draws where the situation is alike, so the points decide;
a share of random discards shows what a worse hand really costs."""


__all__ = ["NAMES", "WEIGHTS", "candidate", "features", "held_share", "points_left", "situation"]

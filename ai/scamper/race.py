"""Scamper's race rounds: from round 4 on hands are dealt at the contract's size, so laying it means going out.

Nobody holds or lays early in those rounds: the first to complete the contract ends
the round and every other seat pays its whole hand.  :func:`race_cost` weighs a hand
Expert could keep by what it expects to lose, from a small model of the race:

* each seat needs some number of draws to complete: its own from the yardstick
  (:meth:`~ai.scamper.odds.Yardstick.draws`), an opponent's from a typical hand of
  the round (:func:`typical_draws`: the yardstick over hands dealt from the unseen
  cards, once per round) less the draws it has made this round (a card taken from
  the discard pile counts :data:`TAKE_GAIN` draws: it surely helped);
* a seat needing ``D`` draws completes on each of its turns with chance ``1 / D``,
  the opponents moving first (they play before this seat's next draw);
* the expected loss is ``(1 - P) * points kept - P * H / (n - 1)``: caught with what
  it keeps if it loses the race, and, if it wins, the others' hands (``H``: an
  opponent's hand at the unseen cards' mean points) shared as the margin counts them.

So a seat far behind in the race sheds its dear cards (it will likely pay them), a
seat ahead keeps its outs, and with more opponents a point weighs more.
"""

from __future__ import annotations

import random
import statistics
from typing import Sequence

from engine.cards import Card
from engine.scamper import Observation
from engine.scamper.table import hand_size

from .odds import Yardstick

TAKE_GAIN = 3.0
"""Draws an opponent's take from the discard pile is worth (a stock draw is worth one)."""

MIN_DRAWS = 1.0
"""An opponent is never taken to be closer than this many draws."""

TYPICAL_SAMPLES = 12
"""Hands dealt to judge a typical hand of the round."""

CAP = 40.0
"""Draws above this count as this many (a dead hand is not 1000 draws slower than a poor one)."""


def is_race(obs: Observation) -> bool:
    """Whether this round deals the contract's size (laying it is going out), with nobody down yet."""
    return hand_size(obs.contract) == obs.contract.min_cards and not any(obs.down)


def typical_draws(obs: Observation, stick: Yardstick) -> float:
    """The mean draws (capped at :data:`CAP`) of hands of the round's size dealt from this seat's unseen cards
    (seeded by the round: the same every call of a round)."""
    rng = random.Random(obs.round_no * 1_000_003 + obs.num_seats * 7919 + obs.seat)
    pool = [card for card, n in enumerate(stick.unseen) for _ in range(n)]
    size = min(len(pool), hand_size(obs.contract))
    return statistics.fmean(min(CAP, stick.draws(rng.sample(pool, size))) for _ in range(TYPICAL_SAMPLES))


def opponent_draws(obs: Observation, typical: float) -> list[float]:
    """Each opponent's draws still needed: the typical hand's less what it drew this round."""
    out = []
    for seat in range(obs.num_seats):
        if seat == obs.seat:
            continue
        takes = len(obs.taken[seat])
        turns = len(obs.discarded[seat])
        out.append(max(MIN_DRAWS, typical - (turns - takes) - TAKE_GAIN * takes))
    return out


def end_chance(theirs: Sequence[float]) -> float:
    """The chance some opponent completes before this seat's next turn, when they need ``theirs`` draws: a
    seat needing ``D`` draws completes on each turn with chance ``1 / D``."""
    stay = 1.0
    for d in theirs:
        stay *= 1.0 - 1.0 / max(1.0, min(CAP, d))
    return 1.0 - stay


__all__ = ["is_race", "typical_draws", "opponent_draws", "end_chance", "TAKE_GAIN"]

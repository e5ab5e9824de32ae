"""The race of a round: sampled draws say how soon a hand lays its contract, and what that is worth.

From round 4 on a hand is dealt at the contract's size, so laying the contract is
going out: whoever completes first wins the round and everyone else pays their
whole hand.  A :class:`Race` estimates, for a hand that is not down, the turn it
completes the contract on, by Monte Carlo on counts:

* ``samples`` sequences of future draws are dealt from the cards this seat can't
  see (the same sequences for every hand judged in one decision: common random
  numbers, so two hands are compared on the same luck);
* each hand's best combinations of targets (:class:`~ai.scamper.odds.Yardstick`)
  are filled along a sequence, card by card: a drawn natural a target still needs
  fills its gap (a set's any copy of its rank, a run's the missing place), a wild
  fills any gap a meld may still take a wild for, anything else is thrown back;
  the hand completes at the first draw after which some combination lacks
  nothing (the greedy keep policy: it keeps whatever brings any of its best
  combinations closer);
* the opponents' chance of finishing first comes from a table of Hard's own
  finishing turn per round (:data:`HAZARD`, measured by the arena: the chance a
  player not yet down lays its contract on its k-th turn of the round), read from
  the turns each opponent has already played (its discards this round).

The value of a hand is the expected margin of the round for this seat: the
chance it finishes before every opponent times the points it then makes the
others pay (``win_points``), less the chance it is caught times the points of
the hand it holds.  Pure arithmetic on small lists; a hand's judgement costs
about a millisecond.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from engine.melds import MatchKind
from engine.scamper import Observation

from .odds import JOKER_INDEX, Yardstick

HAZARD: dict[int, tuple[float, ...]] = {
    1: (0.264, 0.264, 0.264, 0.264, 0.301, 0.35),
    2: (0.167, 0.167, 0.178, 0.178, 0.206, 0.214, 0.214, 0.214, 0.214, 0.28),
    3: (0.095, 0.097, 0.119, 0.171, 0.196, 0.245, 0.245, 0.245, 0.245, 0.311, 0.35),
    4: (0.087, 0.121, 0.18, 0.209, 0.229, 0.241, 0.317, 0.35),
    5: (0.063, 0.08, 0.098, 0.157, 0.174, 0.209, 0.209, 0.209, 0.209, 0.209, 0.209, 0.209, 0.233, 0.267),
    6: (0.066, 0.066, 0.104, 0.146, 0.176, 0.176, 0.176, 0.213, 0.35),
    7: (0.019, 0.019, 0.05, 0.069, 0.085, 0.085, 0.087, 0.126, 0.139, 0.157, 0.157, 0.257, 0.291),
    8: (0.013, 0.031, 0.052, 0.059, 0.059, 0.068, 0.073, 0.111, 0.111, 0.15, 0.15, 0.153, 0.164, 0.193, 0.225, 0.27,
        0.333),
    9: (0, 0, 0, 0.012, 0.035, 0.061, 0.096, 0.12, 0.12, 0.12, 0.12, 0.133, 0.19, 0.207, 0.207, 0.207, 0.207, 0.207,
        0.209),
    10: (0, 0, 0, 0, 0, 0, 0, 0, 0.004, 0.009, 0.013, 0.013, 0.013, 0.019, 0.039, 0.064, 0.081, 0.081, 0.081, 0.081,
         0.081, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.101, 0.139),
}
"""Per contract round, the chance Hard lays its contract on its k-th turn of the round (index k - 1) if it has
not yet.  Measured: Hard against Hard, 2 seats, 40 deals (`--seed 4401`, each once per rotation: 160 seat-rounds
a round), Kaplan-Meier over its own turns (a seat caught before laying is censored at the winner's turn), each
value the mean of it and its neighbours, then held from its highest so far (capped at 0.35); past a row's
end its last value holds."""

DOWN_HAZARD = 0.25
"""The chance per turn that a player already down goes out (it is shedding its last cards)."""

MAX_COMBOS = 6
"""Best combinations of targets followed per hand."""


def hazard(round_no: int, turn: int) -> float:
    """The chance a player not down lays its contract on its ``turn``-th turn of round ``round_no``."""
    table = HAZARD.get(round_no, (DOWN_HAZARD,))
    return table[min(turn, len(table)) - 1] if turn > 0 else 0.0


@dataclass(frozen=True, slots=True)
class _Fill:
    """One target of a combination as the filler follows it: the card indexes that fill it, its gap, its wild cap,
    and whether any copy of a needed index fills it (a set) or each index once (a run)."""

    need: frozenset[int]
    gap: int
    cap: int
    is_set: bool


class Race:
    """One decision's view of the race: the draw sequences, the opponents' odds, the hands judged so far."""

    def __init__(self, obs: Observation, stick: Yardstick, rng: random.Random, samples: int, horizon: int,
                 win_points: float) -> None:
        self.stick = stick
        pool = [card for card, n in enumerate(stick.unseen) for _ in range(n)]
        depth = min(horizon, len(pool))
        self.sequences = [rng.sample(pool, depth) for _ in range(samples)] if depth else []
        self.horizon = depth
        self.win_points = win_points
        self.survive = _survival(obs, depth + 1)
        self._turns: dict[tuple[int, ...], list[int]] = {}

    def turns(self, hand: Sequence[int]) -> list[int]:
        """For each draw sequence, the draw on which ``hand`` (card indexes, after its discard) can lay its contract:
        1 for the first draw; ``horizon + 1`` if it can't within the sequence; 0 if it can now."""
        key = tuple(sorted(hand))
        found = self._turns.get(key)
        if found is None:
            found = self._turns[key] = self._follow(key)
        return found

    def _follow(self, hand: tuple[int, ...]) -> list[int]:
        best = self.stick._best(hand)
        never = self.horizon + 1
        if best is None:
            return [never] * len(self.sequences)
        missing, combos = best
        if missing == 0:
            return [0] * len(self.sequences)
        wilds = sum(1 for c in hand if c >= JOKER_INDEX or c % 13 == 0)
        fills = [[_Fill(t.need, t.gap, t.cap, t.kind is MatchKind.SET) for t in combo if t.gap]
                 for combo, _ in combos[:MAX_COMBOS]]
        return [min(_complete(combo, wilds, seq, never) for combo in fills) for seq in self.sequences]

    def win_chance(self, turns: Sequence[int], offset: int = 0) -> float:
        """The chance of finishing before every opponent, finishing on draw ``t + offset`` of each sequence
        (0: this turn, before anyone else plays again)."""
        if not turns:
            return 0.0
        last = len(self.survive) - 1
        return sum(self.survive[min(last, t + offset - 1)] if t + offset > 0 else 1.0 for t in turns) / len(turns)

    def value(self, hand: Sequence[int], points: int, offset: int = 0) -> float:
        """The round's expected margin for this seat keeping ``hand`` (worth ``points`` if caught)."""
        win = self.win_chance(self.turns(hand), offset)
        return win * self.win_points - (1 - win) * points


def _complete(fills: list[_Fill], wilds: int, sequence: Sequence[int], never: int) -> int:
    """The draw on which the combination ``fills`` (with the hand's ``wilds``) lacks nothing, along ``sequence``."""
    gaps = [f.gap for f in fills]
    taken: list[set[int]] = [set() for _ in fills]
    for draw, card in enumerate(sequence, 1):
        if card >= JOKER_INDEX or card % 13 == 0:
            wilds += 1
        else:
            for i, f in enumerate(fills):
                if gaps[i] and card in f.need and (f.is_set or card not in taken[i]):
                    gaps[i] -= 1
                    taken[i].add(card)
                    break
            else:
                continue
        room = sum(min(g, f.cap) for g, f in zip(gaps, fills))
        if sum(gaps) - min(wilds, room) <= 0:
            return draw
    return never


def _survival(obs: Observation, depth: int) -> list[float]:
    """Index ``m``: the chance no opponent finishes in its next ``m + 1`` turns (each opponent plays before this
    seat's next draw; its turns so far are its discards this round)."""
    alive = [1.0] * depth
    for seat in range(obs.num_seats):
        if seat == obs.seat:
            continue
        played = len(obs.discarded[seat])
        p = 1.0
        for m in range(depth):
            h = DOWN_HAZARD if obs.down[seat] else hazard(obs.round_no, played + m + 1)
            p *= 1 - h
            alive[m] *= p
    return alive


__all__ = ["Race", "HAZARD", "hazard"]

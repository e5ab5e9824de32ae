"""Scamper's Expert: Hard's habits, with every choice before going down weighed against the unseen cards.

Before it is down, Expert rates each hand it could keep by the draws it still
needs to lay the contract (:class:`~ai.scamper.odds.Yardstick`: the contract's
requirements against the cards it can't see, partial melds kept or broken by
their outs), and:

* discards the card whose loss costs the fewest draws, less what the card's
  points are worth, plus how likely the next player is to take it: 32 hands
  dealt that player (what it took from the discard pile, the rest from the
  unseen cards), each weighed by the round's public history, so a hand that
  would have wanted a card the player passed over or threw counts 0.05 as much
  (:func:`~ai.scamper.odds.take_odds_steps`); that cost is shared among the
  opponents (4 draws for a sure take with one opponent, 4/3 with three: slowing
  the next player helps the other two as much as Expert);
  once another player is down (the round may end soon) a point weighs more;
* takes the top discard, or the face-up card at the opening, by Hard's rule
  (``take_rule="odds"``, taking when it saves more than the stock's one draw
  and a margin, measured worse);
* holds and swaps as Hard does (:class:`~ai.scamper.bots.Hard`).

Once down, it goes down the way that leaves the fewest cards stuck, discards
first what the next player can't use and what has no prospect of a new meld
(pairs and near-runs kept, :func:`prospects`), and takes a top discard that
makes a new meld with two of its cards.

Each choice is counted for the arena (``counts``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Generator, Sequence

from engine.cards import Card
from engine.melds import is_wild
from engine.scamper import Action, Discard, LayContract, Observation, Phase, card_points

from ..stats import tally
from .bots import Hard, HoldRule
from .odds import Yardstick, run_to_end, take_odds_steps, unseen


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """Expert's weights (draws are the unit)."""

    take_rule: str = "hard"  # take the top card as Hard (when the hand then lacks fewer cards), or by "odds":
    take_margin: float = 1.5  # ... when it saves more than 1 + this many draws
    point_weight: float = 0.02  # draws a discarded point is worth while nobody else is down
    threat_weight: float = 0.1  # ... once another player is down
    feed_weight: float = 1.0  # draws it costs to discard a card the next player could use (per feeds() step)
    lay_by_count: bool = True  # go down the way that leaves the fewest cards stuck (Hard: the fewest points)
    keep_prospects: bool = True  # once down, keep the cards that could still be shed (pairs, near runs)
    take_to_meld: bool = True  # once down, take the top discard when it makes a new meld with the hand
    deny_weight: float = 4.0  # draws it costs to discard a card the next player (not down) would likely take, shared
    # among the opponents: with n seats the next player is one of n - 1, so the weight is deny_weight / (n - 1)
    deny_samples: int = 32  # hands dealt the next player to judge that
    decline_weight: float = 0.05  # a dealt hand that would want a card the next player turned down counts this much
    opening: str = "odds"  # the face-up card at the opening: "odds" (as any top card, by take_rule), "take", "pass"


RATINGS_PER_SLICE = 4
"""Hands rated per slice of :meth:`Expert.think` (a rating costs well under a millisecond)."""


class Expert(Hard):
    level = "expert"

    def __init__(self, seed: int | None = None, hold: HoldRule | None = HoldRule(),
                 params: ExpertParams = ExpertParams()) -> None:
        super().__init__(seed, hold)
        self.params = params
        self._seen: Observation | None = None
        self._stick: Yardstick | None = None
        self._memo: dict[tuple[Card, ...], float] = {}
        self._ahead: tuple[Observation, dict[int, float], tuple[Any, ...]] | None = None

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        """Rates the hands it may keep and the next player's likely hands a few at a time (a slice per frame
        at the table), then decides exactly as :meth:`decide` would (the next player's hands are dealt ahead
        on a copy of the random stream, which moves on only if the decision uses them)."""
        for i, hand in enumerate(self._hands_to_rate(obs), 1):
            self._draws(obs, hand)
            if i % RATINGS_PER_SLICE == 0:
                yield
        if obs.my_turn and obs.phase is Phase.PLAY:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            odds = yield from self._odds_steps(obs, rng)
            self._ahead = (obs, odds, rng.getstate())
        try:
            return self.choose(obs)
        finally:
            self._ahead = None

    def _hands_to_rate(self, obs: Observation) -> list[list[Card]]:
        if obs.is_down or not obs.my_turn:
            return []
        if obs.phase is Phase.PLAY:
            return _without_each(obs.hand, exclude=None)
        if self.params.take_rule == "odds" and obs.discard_pile and not is_wild(obs.discard_pile[-1]):
            return [list(obs.hand)] + _without_each(list(obs.hand) + [obs.discard_pile[-1]], exclude=obs.discard_pile[-1])
        return []

    def _take_odds(self, obs: Observation) -> dict[int, float]:
        """How likely the next player is to take each natural (nothing if it is down: Hard's test covers that)."""
        if self._ahead is not None and self._ahead[0] is obs:
            _, odds, state = self._ahead
            self._ahead = None
            self.rng.setstate(state)
            return odds
        return run_to_end(self._odds_steps(obs, self.rng))

    def _odds_steps(self, obs: Observation, rng: random.Random) -> Generator[None, None, dict[int, float]]:
        nxt = (obs.seat + 1) % obs.num_seats
        if obs.down[nxt] or not self.params.deny_weight:
            return {}
        self._draws(obs, obs.hand)  # the yardstick of this observation
        stick = self._stick
        assert stick is not None
        return (yield from take_odds_steps(obs, stick, rng, self.params.deny_samples, self.params.decline_weight,
                                           RATINGS_PER_SLICE))

    def _draws(self, obs: Observation, hand: Sequence[Card]) -> float:
        """The yardstick's draws for ``hand`` in this observation (each hand rated once)."""
        if self._seen is not obs or self._stick is None:
            self._seen, self._stick, self._memo = obs, Yardstick.of(obs), {}
        key = tuple(sorted(hand))
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = self._stick.draws(key)
        return value

    def takes_top(self, obs: Observation) -> bool:
        """Once down, a top card that makes a new meld with two of the hand's cards is taken (and laid at
        once, so it never goes straight back); otherwise as Hard, by :meth:`wants_top`."""
        top = obs.discard_pile[-1]
        if obs.is_down and self.params.take_to_meld and len(obs.hand) >= 3 and not is_wild(top):
            melds = prospects(obs.hand, top, None) >= 1
            tally(self.counts, "take_to_meld", melds)
            if melds:
                return True
        return super().takes_top(obs)

    def wants_top(self, obs: Observation) -> bool:
        top = obs.discard_pile[-1]
        if obs.phase is Phase.OPENING and self.params.opening != "odds":
            return self.params.opening == "take"
        if obs.is_down or is_wild(top) or self.params.take_rule == "hard":
            return super().wants_top(obs)
        now = self._draws(obs, obs.hand)
        hand = list(obs.hand) + [top]
        after = min((self._draws(obs, rest) for rest in _without_each(hand, exclude=top)), default=now)
        taken = after < now - 1 - self.params.take_margin
        tally(self.counts, "take_by_odds", taken)
        return taken

    def deny_weight(self, obs: Observation) -> float:
        """Draws it costs to feed the next player a card it surely takes: the whole weight with one opponent,
        a share with more (slowing one of them helps the others as much as this seat)."""
        return self.params.deny_weight / max(1, obs.num_seats - 1)

    def lay_cost(self, obs: Observation, lay: LayContract) -> tuple[int, ...]:
        if not self.params.lay_by_count:
            return super().lay_cost(obs, lay)
        stuck = self.stuck_after(obs, lay, more_melds=True)
        return len(stuck), sum(map(card_points, stuck))

    def discard(self, obs: Observation, discards: list[Discard]) -> Action:
        if obs.is_down and self.params.keep_prospects and discards and len(obs.hand) > 1:
            unseen_counts = unseen(obs)
            taking = self._take_odds(obs)
            choice = min(discards, key=lambda d: (self.feeds(obs, d.card), round(4 * taking.get(int(d.card), 0.0)),
                                                  prospects(obs.hand, d.card, unseen_counts), -card_points(d.card)))
            tally(self.counts, "keep_prospects", choice != super().discard(obs, discards))
            return choice
        if obs.is_down or not discards or any(is_wild(d.card) for d in discards):
            return super().discard(obs, discards)
        threat = any(down for seat, down in enumerate(obs.down) if seat != obs.seat)
        taking = self._take_odds(obs)

        def cost(d: Discard, weight: float) -> tuple[float, int]:
            rest = list(obs.hand)
            rest.remove(d.card)
            return (self._draws(obs, rest) - weight * card_points(d.card)
                    + self.params.feed_weight * self.feeds(obs, d.card)
                    + self.deny_weight(obs) * taking.get(int(d.card), 0.0), -card_points(d.card))

        calm = min(discards, key=lambda d: cost(d, self.params.point_weight))
        if not threat:
            return calm
        choice = min(discards, key=lambda d: cost(d, self.params.threat_weight))
        tally(self.counts, "shed_points", choice != calm)
        return choice


def prospects(hand: Sequence[Card], card: Card, unseen_counts: Sequence[int] | None) -> int:
    """How ``card`` could join a new meld with ``hand`` (the hand may hold ``card`` itself once).

    Without ``unseen_counts``: how many melds of three it completes now with two of the hand's naturals.
    With them: the unseen cards (wilds included) that would complete a meld of three with it and one
    other natural of the hand: a second card of its rank, or a card of its suit one or two ranks away.
    """
    others = list(hand)
    if card in others:
        others.remove(card)
    naturals = Counter(c for c in others if not is_wild(c))
    rank, suit = card.rank, card.suit
    same_rank = sum(n for c, n in naturals.items() if c.rank == rank)
    near = {c.rank - rank for c in naturals if c.suit == suit and 0 < abs(c.rank - rank) <= 2}
    if unseen_counts is None:
        runs = sum(1 for a, b in ((-2, -1), (-1, 1), (1, 2)) if a in near and b in near)
        return int(same_rank >= 2) + runs
    wild_outs = unseen_counts[52] + sum(unseen_counts[s * 13] for s in range(4))

    def count(r: int) -> int:
        return unseen_counts[suit * 13 + r - 2] if 3 <= r <= 14 else 0

    outs = 0
    if same_rank:
        outs += wild_outs + sum(unseen_counts[s * 13 + rank - 2] for s in range(4))
    for step in near:
        if abs(step) == 1:
            lo, hi = min(rank, rank + step), max(rank, rank + step)
            outs += wild_outs + count(lo - 1) + count(hi + 1)
        else:
            outs += wild_outs + count(rank + step // 2)
    return outs


def _without_each(hand: Sequence[Card], exclude: Card | None) -> list[list[Card]]:
    """``hand`` less one card, for each distinct natural but ``exclude``."""
    out = []
    for card in Counter(hand):
        if card == exclude or is_wild(card):
            continue
        rest = list(hand)
        rest.remove(card)
        out.append(rest)
    return out


__all__ = ["Expert", "ExpertParams"]

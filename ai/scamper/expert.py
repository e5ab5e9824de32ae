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

Study variants (:class:`ExpertParams`, off by default): in a race round (from round
4 on the hand is dealt at the contract's size, so laying it is going out),
``race="refine"`` judges the few discards the odds rank best (at most
``race_candidates``, within ``race_margin`` draws) by sampled draws
(:class:`~ai.scamper.race.Race`: the turn each kept hand completes the contract on
the same sampled draws, against Hard's measured chance of finishing on each of
its turns) and keeps the hand of the best expected margin of the round (the
chance of finishing first times ``win_points``, less the chance of being caught
times the hand's points); ``race="speed"`` keeps the one likeliest to finish
first; ``race_take`` takes the top card when the hand it keeps after it is worth
more in that race than the stock's draw.  The race's work is a hand a slice of
:meth:`Expert.think`.

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
from .odds import JOKER_INDEX, Yardstick, run_to_end, take_odds_steps, unseen
from .race import Race


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
    race: str = "off"  # in a race round (laying is going out): "off"; "refine": among the discards the odds rank
    # within race_margin draws of the best (at most race_candidates), keep the hand of the best expected margin
    # by sampled draws (:class:`~ai.scamper.race.Race`); "speed": ... the hand most likely to finish first
    race_take: bool = False  # in a race round, take the top card when sampled draws say it is worth more than the stock
    race_candidates: int = 4
    race_margin: float = 1.0
    race_samples: int = 48
    race_horizon: int = 20
    win_points: float = 100.0  # what finishing first makes the others pay, in the race's expected margin
    take_points: float = 0.0  # margin the take must win by (points of expected margin)


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
        self._odds: tuple[Observation, dict[int, float]] | None = None
        self._race_for: tuple[Observation, Race] | None = None

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
            discards = self._race_discards(obs)
            if discards:  # the race's work, a hand a slice (the decision surely discards by it)
                race = self._race(obs)
                for d in self._near(obs, discards):
                    race.turns(indexes(_without(obs.hand, d.card)))
                    yield
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
        if self._odds is not None and self._odds[0] is obs:
            return self._odds[1]
        if self._ahead is not None and self._ahead[0] is obs:
            _, odds, state = self._ahead
            self._ahead = None
            self.rng.setstate(state)
        else:
            odds = run_to_end(self._odds_steps(obs, self.rng))
        self._odds = (obs, odds)
        return odds

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
        if self.params.race_take and not obs.is_down and not is_wild(top) and racing(obs):
            return self._race_takes(obs)
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
        calm = min(discards, key=lambda d: self._cost(obs, d, self.params.point_weight))
        if self._race_discards(obs):
            choice = self._race_discard(obs, discards)
            tally(self.counts, "race_discard", choice != calm)
            return choice
        if not threat:
            return calm
        choice = min(discards, key=lambda d: self._cost(obs, d, self.params.threat_weight))
        tally(self.counts, "shed_points", choice != calm)
        return choice


    def _cost(self, obs: Observation, d: Discard, weight: float) -> tuple[float, int]:
        """What discarding ``d`` costs before going down, in draws (and the card's points, to break ties)."""
        return (self._draws(obs, _without(obs.hand, d.card)) - weight * card_points(d.card)
                + self.params.feed_weight * self.feeds(obs, d.card)
                + self.deny_weight(obs) * self._take_odds(obs).get(int(d.card), 0.0), -card_points(d.card))

    def _race(self, obs: Observation) -> Race:
        """The race as seen from ``obs`` (its draw sequences seeded by the bot's seed and the position, so a
        decision's samples don't depend on the decisions before it)."""
        if self._race_for is not None and self._race_for[0] is obs:
            return self._race_for[1]
        self._draws(obs, obs.hand)  # the yardstick of this observation
        assert self._stick is not None
        p = self.params
        rng = random.Random(None if self.seed is None else f"{self.seed}-{obs.round_no}-{obs.stock_size}-{obs.hand}")
        race = Race(obs, self._stick, rng, p.race_samples, p.race_horizon, p.win_points)
        self._race_for = (obs, race)
        return race

    def _race_discards(self, obs: Observation) -> list[Discard]:
        """The discards the race judges: its turn to discard in a race round, not down, no contract to lay and no
        wild it could throw (else nothing)."""
        if (self.params.race == "off" or not obs.my_turn or obs.phase is not Phase.PLAY or not racing(obs)):
            return []
        actions = obs.legal_actions()
        if any(isinstance(a, LayContract) for a in actions):
            return []
        discards = [a for a in actions if isinstance(a, Discard)]
        return [] if any(is_wild(d.card) for d in discards) else discards

    def _near(self, obs: Observation, discards: list[Discard]) -> list[Discard]:
        """The discards the odds rank best, at most ``race_candidates`` of them within ``race_margin`` draws."""
        ranked = sorted(discards, key=lambda d: self._cost(obs, d, self.params.point_weight))
        best = self._cost(obs, ranked[0], self.params.point_weight)[0]
        return [d for d in ranked[:self.params.race_candidates]
                if self._cost(obs, d, self.params.point_weight)[0] <= best + self.params.race_margin]

    def _race_discard(self, obs: Observation, discards: list[Discard]) -> Discard:
        """Among the discards the odds rank near the best, the one whose kept hand is worth the most in the race
        (``race="speed"``: the likeliest to finish first)."""
        near = self._near(obs, discards)
        if len(near) == 1:
            return near[0]
        race = self._race(obs)
        speed = self.params.race == "speed"

        def worth(d: Discard) -> float:
            rest = _without(obs.hand, d.card)
            kept = indexes(rest)
            if speed:
                return race.win_chance(race.turns(kept))
            return race.value(kept, sum(map(card_points, rest)))

        return max(near, key=worth)  # the first of equals: the odds' order

    def _race_takes(self, obs: Observation) -> bool:
        """Take the top card when the hand kept after it (its best discard by the odds) is worth more in the race
        than drawing from the stock (whose draw may finish the hand this turn)."""
        top = obs.discard_pile[-1]
        race = self._race(obs)
        hand = list(obs.hand) + [top]
        if race.turns(indexes(hand)) and race.turns(indexes(hand))[0] == 0:
            tally(self.counts, "race_take", True)
            return True  # it lays the contract and goes out now
        rests = []
        for card in dict.fromkeys(obs.hand):
            if is_wild(card):
                continue
            rest = list(hand)
            rest.remove(card)
            rests.append(rest)
        if not rests:
            return False
        kept = min(rests, key=lambda r: self._draws(obs, r))
        stock = race.value(indexes(obs.hand), sum(map(card_points, obs.hand)), offset=-1)
        taking = race.value(indexes(kept), sum(map(card_points, kept)))
        taken = taking > stock + self.params.take_points
        tally(self.counts, "race_take", taken)
        return taken


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def racing(obs: Observation) -> bool:
    """Whether laying the contract would be going out: the hand (after its draw) holds one card more than the
    contract's melds take, as from round 4 on."""
    extra = 1 if obs.phase is Phase.PLAY else 0
    return not obs.is_down and len(obs.hand) - extra <= obs.contract.min_cards


def indexes(cards: Sequence[Card]) -> list[int]:
    """Cards as the odds count them (jokers as one index)."""
    return [min(int(c), JOKER_INDEX) for c in cards]


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

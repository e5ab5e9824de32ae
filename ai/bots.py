"""The quick opponents: Apprentice, Standard and Strategist.

Every bot decides from an :class:`~engine.sprint.Observation` alone.  ``think``
is a generator so that slow bots (Master) can be advanced a slice at a time by
the scheduler; the quick bots here finish at the first ``next()``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Generator

from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Action, Lay, Observation, Phase

from .handcalc import (
    DISCARDS,
    RANK_MASK,
    RUN_NEAR1,
    RUN_NEAR2,
    best_partition,
    bits,
    completes_match,
    highest_card,
    largest_match,
    lay_of,
)


class Bot:
    """An opponent of one level.  Subclasses implement :meth:`think` or :meth:`choose`."""

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        """Work out the next action a slice at a time; the action is the return value."""
        return self.choose(obs)
        yield  # unreachable: makes this a generator that finishes at the first next()

    def choose(self, obs: Observation) -> Action:
        raise NotImplementedError

    def decide(self, obs: Observation) -> Action:
        """Run :meth:`think` to the end and return its action."""
        gen = self.think(obs)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


def _only_action(obs: Observation) -> list[Action]:
    actions = obs.legal_actions()
    if not actions:
        raise ValueError("the bot was asked to move when it is not its turn")
    return actions


class Apprentice(Bot):
    """Random pile, random matches until none is left, random discard."""

    level = "apprentice"

    def choose(self, obs: Observation) -> Action:
        actions = _only_action(obs)
        if obs.phase is Phase.DRAW:
            return self.rng.choice(actions)
        lays = [a for a in actions if type(a) is Lay]
        if lays:
            return self.rng.choice(lays)
        return self.rng.choice(actions)


class Standard(Bot):
    """The rules text's Standard player.

    * Draw: the discard pile's top card if and only if it completes a match that
      can be laid this turn; otherwise the stock.
    * Build: lay every match it can, largest first.
    * Discard: the highest-ranked card (aces high).
    """

    level = "standard"

    def choose(self, obs: Observation) -> Action:
        actions = _only_action(obs)
        hand = obs.hand_mask
        if obs.phase is Phase.DRAW:
            if len(actions) == 1:
                return actions[0]
            top = obs.discard_pile[-1]
            return DRAW_DISCARD if completes_match(hand, top) else DRAW_STOCK
        match = largest_match(hand)
        if match:
            return lay_of(match)
        return DISCARDS[highest_card(hand)]


@dataclass(frozen=True, slots=True)
class StrategistParams:
    """Weights of the Strategist's judgement (tuned with the arena)."""

    hold_pairs: bool = True
    hold_min_outs: int = 2  # unseen cards of the pair's rank needed to keep waiting
    hold_min_stock: int = 12  # lay held pairs once the stock is this short
    take_threshold: float = 5.0  # card value that makes the discard top worth taking
    danger_weight: float = 3.0
    stock_per_turn: float = 2.0  # stock cards a turn uses up, draws and replacements together
    tempo_cost: float = 2.5  # points the replacement draws given up by holding are worth


class Strategist(Bot):
    """Counts cards, grows its pairs, keeps cards with live outs and starves the next player.

    What it tracks: the unseen cards (stock and others' unknown cards), the cards
    that are gone (laid, buried in the discard pile, in its hand), and the cards
    each opponent is known to hold (taken from the discard pile).

    * Draw: takes the discard top when it completes a match, or when it is worth
      a lot to the hand (:func:`card_value`); otherwise the stock.
    * Build: lays the disjoint matches worth the most points together (not
      simply the largest first).  Matches whose missing cards are still unseen
      go last, so that the replacement draws of the others can grow them (a pair
      into three of a kind, a run by one).  A pair is held over to a later turn
      only when the odds of drawing its third card pay for the replacement draws
      given up (:meth:`_pair_to_hold`); the final round or a short stock lays all.
    * Discard: the card with the least value to the hand (partners held, live
      outs for sets and runs) plus its danger to the next player, the only one
      who can take it (a rank or run they are known to collect, or likely hold).

    The arena showed tempo rules this game: every card laid is a card drawn, so
    holding a pair over to a later turn almost never pays (it cost 10-20 points
    of score share against Standard with any looser rule than the one here).
    """

    level = "strategist"

    def __init__(self, seed: int | None = None, params: StrategistParams | None = None) -> None:
        super().__init__(seed)
        self.params = params or StrategistParams()

    def choose(self, obs: Observation) -> Action:
        actions = _only_action(obs)
        if obs.phase is Phase.DRAW:
            if len(actions) == 1:
                return actions[0]
            return self._draw(obs)
        return self._build(obs)

    # draw

    def _draw(self, obs: Observation) -> Action:
        hand = obs.hand_mask
        top = obs.discard_pile[-1]
        unseen = obs.unseen_mask()
        if completes_match(hand, top):
            return DRAW_DISCARD
        if card_value(top, hand | 1 << top, unseen) >= self.params.take_threshold:
            return DRAW_DISCARD
        return DRAW_STOCK

    # build

    def _build(self, obs: Observation) -> Action:
        hand = obs.hand_mask
        unseen = obs.unseen_mask()
        _, plan = best_partition(hand, obs.stock_size)
        held = self._pair_to_hold(obs, plan, unseen)
        if obs.stock_size:
            plan.sort(key=lambda m: (-m.bit_count(), growth_outs(m, unseen)))
        for match in plan:
            if match != held:
                return lay_of(match)
        return DISCARDS[self._discard(obs, hand, unseen)]

    def _pair_to_hold(self, obs: Observation, plan: list[int], unseen: int) -> int:
        """The one pair of ``plan`` worth keeping in hand to grow, or 0.

        Holding gives up the pair's replacement draws now (tempo, which decides
        this game more than anything) for the chance of three or four of a kind.
        It is worth it only if the other cards of the rank are unseen and the
        chance of drawing one before the stock runs out, times the extra points,
        beats that tempo cost.  The final round or a short stock lays everything.
        """
        p = self.params
        if not p.hold_pairs or obs.final_turns_left is not None or obs.stock_size < p.hold_min_stock:
            return 0
        unseen_count = unseen.bit_count()
        my_draws = obs.stock_size / (obs.num_players * p.stock_per_turn)
        for m in plan:
            if m.bit_count() != 2:
                continue
            outs = (unseen & RANK_MASK[bits(m)[0]]).bit_count()
            if outs < p.hold_min_outs:
                continue
            p_hit = 1.0 - (1.0 - outs / unseen_count) ** my_draws
            if p_hit * 3.0 >= p.tempo_cost:
                return m
        return 0

    def _discard(self, obs: Observation, hand: int, unseen: int) -> int:
        return min(bits(hand), key=self._discard_order(obs, hand, unseen))

    def _discard_order(self, obs: Observation, hand: int, unseen: int) -> Callable[[int], tuple[float, int]]:
        """Sort key of the cards of ``hand``: the first is the one to discard."""
        nxt = (obs.seat + 1) % obs.num_players
        known_next = 0
        for known in obs.known_cards[nxt]:
            known_next |= 1 << known
        unknown_next = obs.hand_sizes[nxt] - len(obs.known_cards[nxt])
        share = unknown_next / max(1, unseen.bit_count())
        weight = self.params.danger_weight if obs.final_turns_left is None else 0.0

        def key(c: int) -> tuple[float, int]:
            value = card_value(c, hand, unseen)
            if weight:
                value += weight * danger(c, known_next, unseen, share)
            return (value, -(c % 13))  # among equals, drop the higher rank

        return key


VALUE_WEIGHTS = {
    "pair": 2.0, "same": 1.5, "set_out": 0.5, "lone_out": 0.4,
    "adjacent": 1.0, "adjacent_out": 0.3, "gap": 0.8, "near_out": 0.15,
}
"""Weights of :func:`card_value`, tuned with the arena against Standard."""


def card_value(c: int, hand: int, unseen: int) -> float:
    """How much card ``c`` (held in ``hand``) is worth keeping: partners and live outs."""
    w = VALUE_WEIGHTS
    others = hand & ~(1 << c)
    same = (others & RANK_MASK[c]).bit_count()
    outs = (unseen & RANK_MASK[c]).bit_count()
    if same:
        value = w["pair"] + w["same"] * same + w["set_out"] * outs
    else:
        value = w["lone_out"] * outs
    near1 = others & RUN_NEAR1[c]
    near2 = others & RUN_NEAR2[c] & ~RUN_NEAR1[c]
    if near1:
        value += w["adjacent"] + w["adjacent_out"] * (unseen & RUN_NEAR2[c]).bit_count()
    elif near2:
        value += w["gap"] if unseen & RUN_NEAR1[c] else 0.0
    else:
        value += w["near_out"] * (unseen & RUN_NEAR1[c]).bit_count()
    return value


def growth_outs(match: int, unseen: int) -> int:
    """Unseen cards that would make ``match`` one card bigger if drawn before it is laid."""
    low = (match & -match).bit_length() - 1
    if match & RANK_MASK[low] == match:  # a set
        return (unseen & RANK_MASK[low]).bit_count()
    high = match.bit_length() - 1
    ends = 0
    if low % 13:
        ends |= 1 << (low - 1)
    if high % 13 != 12:
        ends |= 1 << (high + 1)
    return (unseen & ends).bit_count()


def danger(c: int, known_next: int, unseen: int, share: float) -> float:
    """How useful card ``c`` on the discard pile would be to the next player."""
    risk = 0.0
    if known_next & RANK_MASK[c]:
        risk += 4.0
    if known_next & RUN_NEAR1[c] and (known_next | unseen) & RUN_NEAR2[c] & ~RUN_NEAR1[c] & ~(1 << c):
        risk += 3.0
    elif (known_next & RUN_NEAR2[c]).bit_count() >= 2:
        risk += 3.0
    risk += 1.5 * share * (unseen & RANK_MASK[c]).bit_count()
    return risk


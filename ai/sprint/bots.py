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
    RANK_OF,
    bits,
    completes_match,
    highest_card,
    largest_match,
    lay_of,
)
from ..stats import tally


class Bot:
    """An opponent of one level.  Subclasses implement :meth:`think` or :meth:`choose`."""

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.counts: dict[str, list[int]] = {}
        """How often each behaviour the level describes fired: ``name -> [fired, opportunities]``."""

    def note(self, behaviour: str, fired: bool) -> None:
        """Count one opportunity for ``behaviour`` (for the arena's report)."""
        tally(self.counts, behaviour, fired)

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
    """Random pile, random matches until none is left, random discard.

    Counts: ``random_draw`` (draws with both piles open; fired: it took the
    discard, about half the time) and ``lay_any`` (build steps with a match in
    hand; fired: it laid one).
    """

    level = "apprentice"

    def choose(self, obs: Observation) -> Action:
        actions = _only_action(obs)
        if obs.phase is Phase.DRAW:
            action = self.rng.choice(actions)
            if len(actions) == 2:
                self.note("random_draw", action == DRAW_DISCARD)
            return action
        lays = [a for a in actions if type(a) is Lay]
        if lays:
            self.note("lay_any", True)
            return self.rng.choice(lays)
        return self.rng.choice(actions)


class Standard(Bot):
    """The rules text's Standard player.

    * Draw: the discard pile's top card if and only if it completes a match that
      can be laid this turn; otherwise the stock.
    * Build: lay every match it can, largest first.
    * Discard: the highest-ranked card (aces high).

    Counts: ``take_to_complete`` (draws with both piles open; fired: it took
    the discard, which it does exactly when the card completes a match),
    ``lay_everything`` (build steps with a match in hand; fired: it laid the
    largest) and ``discard_highest`` (discards; fired: the highest card).
    """

    level = "standard"

    def choose(self, obs: Observation) -> Action:
        actions = _only_action(obs)
        hand = obs.hand_mask
        if obs.phase is Phase.DRAW:
            if len(actions) == 1:
                return actions[0]
            top = obs.discard_pile[-1]
            take = completes_match(hand, top)
            self.note("take_to_complete", take)
            return DRAW_DISCARD if take else DRAW_STOCK
        match = largest_match(hand)
        if match:
            self.note("lay_everything", True)
            return lay_of(match)
        self.note("discard_highest", True)
        return DISCARDS[highest_card(hand)]


@dataclass(frozen=True, slots=True)
class StrategistParams:
    """Weights of the Strategist's judgement (tuned with the arena)."""

    hold_pairs: bool = True
    hold_min_rank: int = 10  # only pairs of this rank or higher are held over (opponents shed high cards)
    hold_min_outs: int = 2  # unseen cards of the pair's rank needed to hold it
    hold_min_stock: int = 34  # with a shorter stock every pair is laid
    hold_turns: int = 1  # own turns a pair may be held over before it is laid anyway
    take_threshold: float = 5.0  # card value that makes the discard top worth taking
    danger_weight: float = 3.0


class Strategist(Bot):
    """Counts cards, holds its best pair to grow it, keeps cards with live outs and starves the next player.

    What it tracks: the unseen cards (stock and others' unknown cards), the cards
    that are gone (laid, buried in the discard pile, in its hand), and the cards
    each opponent is known to hold (taken from the discard pile).

    * Draw: takes the discard top when it completes a match (in particular the
      third card of a pair it holds), or when it is worth a lot to the hand
      (:func:`card_value`); otherwise the stock.
    * Build: lays the disjoint matches worth the most points together (not
      simply the largest first).  Matches whose missing cards are still unseen
      go last, so that the replacement draws of the others can grow them (a pair
      into three of a kind, a run by one).  One pair may be held over to its
      next turn, hoping for three of a kind (:meth:`_pair_to_hold`): a pair of
      tens or higher (high cards are what the other levels shed, so the pile
      often brings the third back) whose two other cards are both unseen, early
      in the round while the stock is long.
    * Discard: the card with the least value to the hand (partners held, live
      outs for sets and runs) plus its danger to the next player, the only one
      who can take it (a rank or run they are known to collect, or likely hold).

    The arena showed tempo rules this game: every card laid is a card drawn, so
    holding a pair over costs the replacement draws it gives up.  Holding any
    pair with live outs while the stock was long cost about 0.20 of score share
    against Standard; the narrow rule here costs about 0.015 and a quarter of
    the pairs it holds become three of a kind.

    Counts for the arena (``counts``): ``hold_pair`` (turns it could lay a pair
    before the final round; fired: it ended the turn holding one),
    ``held_pair_grew`` (pairs held; fired: later laid as three or four of a
    kind), ``take_to_grow`` (draws where the pile's top card is of the rank of a
    pair in hand; fired: taken) and ``dodge_feed`` (discards before the final
    round where the card worth least to its hand carries a risk of completing a
    match for the next player; fired: it discarded another card).
    """

    level = "strategist"

    def __init__(self, seed: int | None = None, params: StrategistParams | None = None) -> None:
        super().__init__(seed)
        self.params = params or StrategistParams()
        self._held: dict[int, int] = {}  # pair mask -> the turn it was first held over
        self._pair_turn = -1  # the last turn counted as a chance to hold a pair

    def choose(self, obs: Observation) -> Action:
        actions = _only_action(obs)
        if obs.phase is Phase.DRAW:
            if len(actions) == 1:
                return actions[0]
            return self._draw(obs)
        return self._build(obs)

    def _count(self, behaviour: str, opportunities: int = 0, fired: int = 0) -> None:
        c = self.counts.setdefault(behaviour, [0, 0])
        c[0] += fired
        c[1] += opportunities

    # draw

    def _draw(self, obs: Observation) -> Action:
        hand = obs.hand_mask
        top = obs.discard_pile[-1]
        unseen = obs.unseen_mask()
        action = DRAW_STOCK
        if completes_match(hand, top):
            action = DRAW_DISCARD
        elif card_value(top, hand | 1 << top, unseen) >= self.params.take_threshold:
            action = DRAW_DISCARD
        if (hand & RANK_MASK[top]).bit_count() >= 2:
            self.note("take_to_grow", action == DRAW_DISCARD)
        return action

    # build

    def _build(self, obs: Observation) -> Action:
        hand = obs.hand_mask
        unseen = obs.unseen_mask()
        _, plan = best_partition(hand, obs.stock_size)
        if obs.stock_size and obs.final_turns_left is None and self._pair_turn != obs.turn:
            if any(m.bit_count() == 2 for m in plan):
                self._pair_turn = obs.turn
                self._count("hold_pair", opportunities=1)
        held = self._pair_to_hold(obs, plan, unseen)
        if held and held not in self._held:
            self._held[held] = obs.turn
            self._count("held_pair_grew", opportunities=1)
        if obs.stock_size:
            plan.sort(key=lambda m: (-m.bit_count(), growth_outs(m, unseen)))
        for match in plan:
            if match != held:
                if match.bit_count() > 2:
                    for pair in self._held:
                        if pair & match == pair:
                            self._count("held_pair_grew", fired=1)
                            del self._held[pair]
                            break
                return lay_of(match)
        if held:
            self._count("hold_pair", fired=1)
        return DISCARDS[self._discard(obs, hand, unseen)]

    def _pair_to_hold(self, obs: Observation, plan: list[int], unseen: int) -> int:
        """The one pair of ``plan`` worth keeping in hand to grow, or 0.

        Holding gives up the pair's replacement draws for a turn (tempo, which
        decides this game more than anything) for the chance of three of a kind:
        only a pair of :attr:`~StrategistParams.hold_min_rank` or higher, whose
        other cards are all unseen, while the stock is long, and for one turn.
        """
        p = self.params
        if not p.hold_pairs or obs.final_turns_left is not None or obs.stock_size < p.hold_min_stock:
            return 0
        best = 0
        best_outs = 0
        for m in plan:
            if m.bit_count() != 2:
                continue
            c = bits(m)[0]
            if RANK_OF[c] < p.hold_min_rank:
                continue
            since = self._held.get(m, obs.turn)
            if (obs.turn - since) // obs.num_players >= p.hold_turns:
                continue
            outs = (unseen & RANK_MASK[c]).bit_count()
            if outs >= p.hold_min_outs and outs > best_outs:
                best, best_outs = m, outs
        return best

    def _discard(self, obs: Observation, hand: int, unseen: int) -> int:
        cards = bits(hand)
        choice = min(cards, key=self._discard_order(obs, hand, unseen))
        if obs.final_turns_left is None and len(cards) > 1:
            nxt = (obs.seat + 1) % obs.num_players
            known_next = 0
            for known in obs.known_cards[nxt]:
                known_next |= 1 << known
            share = (obs.hand_sizes[nxt] - len(obs.known_cards[nxt])) / max(1, unseen.bit_count())
            plain = min(cards, key=lambda c: (card_value(c, hand, unseen), -(c % 13)))
            if danger(plain, known_next, unseen, share):
                self.note("dodge_feed", choice != plain)
        return choice

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


"""Master: determinized sampling with playouts, an anytime search in small slices.

For each decision Master repeats, until its budget is spent:

1. **Sample a world** consistent with its observation: the unseen cards
   (``obs.unseen_mask()``) are shuffled; each opponent holds the cards it is known
   to have taken from the discard pile plus random unseen cards up to its hand
   size; the rest is the stock, in random order.
2. **Play every candidate action out** in that same world with the same playout
   dice (common random numbers, so the comparison between candidates is fair
   even with few worlds): the action is applied with
   :meth:`~engine.sprint.Round.apply_unchecked` and every seat then follows
   :func:`rollout_action` to the end of the round.
3. Score each candidate by the share of the win it got (1 for a win, 1/k for a
   k-way tie) plus a small tie-breaker for the margin.

Candidates are every legal action, except that discards are cut to the few
the Strategist's judgement likes best.  ``think`` yields after at most
``slice_ms`` of work, so a game loop can advance it once per frame.

The budget ``think_ms`` is wall time from the first ``next()``; with ``playouts``
set, the search stops after that many worlds instead, which makes a decision a
pure function of the seed and the observation (tests use this).
"""

from __future__ import annotations

import random
import time
from typing import Generator

from engine.cards import ALL_CARDS
from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Action, Discard, Lay, Observation, Phase, Round

from .bots import Bot, Strategist, card_value, danger
from .handcalc import RANK_MASK, RUN_NEAR1, RUN_NEAR2, RANK_OF, bits, completes_match, largest_match, lay_of, DISCARDS

MAX_DISCARD_CANDIDATES = 3
DEFAULT_SLICE_MS = 3.0
OVERRULE_Z = 2.0
"""The search overrules the Strategist's choice only if its paired gain is this many standard errors above zero."""
MARGIN_WEIGHT = 0.01
"""Reward per point of margin over the best rival (clipped at 30), next to the win share."""


class Master(Bot):
    """The strongest level: plays each candidate out in many sampled worlds."""

    level = "master"

    def __init__(
        self,
        seed: int | None = None,
        think_ms: int = 1000,
        *,
        playouts: int | None = None,
        slice_ms: float = DEFAULT_SLICE_MS,
    ) -> None:
        super().__init__(seed)
        self.think_ms = think_ms
        self.playouts = playouts
        self.slice_ms = slice_ms
        self._salt = self.rng.getrandbits(64)
        self._judge = Strategist(seed)
        self.last_worlds = 0  # worlds sampled for the last decision (for tests and tuning)

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        actions = obs.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move when it is not its turn")
        candidates = candidate_actions(obs, actions)
        favourite = self._judge.decide(obs)
        if favourite not in candidates:
            candidates.append(favourite)
        self.last_worlds = 0
        if len(candidates) == 1:
            return candidates[0]
        start = time.perf_counter()
        deadline = start + self.think_ms / 1000.0
        slice_s = self.slice_ms / 1000.0
        slice_end = start + slice_s
        rng = random.Random(f"{self._salt}:{obs.turn}:{obs.phase.value}:{obs.hand_mask}:{len(obs.discard_pile)}")
        sampler = WorldSampler(obs)
        fav = candidates.index(favourite)
        gains = [0.0] * len(candidates)  # sums of (candidate - favourite) per world
        squares = [0.0] * len(candidates)
        worlds = 0
        seat = obs.seat
        while True:
            world = sampler.sample(rng)
            dice = rng.getrandbits(32)
            scores = []
            abandoned = False
            for action in candidates:
                state = world.clone()
                state.apply_unchecked(action)
                scores.append(playout(state, seat, random.Random(dice)))
                now = time.perf_counter()
                if now >= slice_end:
                    if worlds and self.playouts is None and now >= deadline:
                        abandoned = True  # an incomplete world would unbalance the comparison
                        break
                    yield
                    slice_end = time.perf_counter() + slice_s
            if abandoned:
                break
            base = scores[fav]
            for i, s in enumerate(scores):
                d = s - base
                gains[i] += d
                squares[i] += d * d
            worlds += 1
            if self.playouts is not None:
                if worlds >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_worlds = worlds
        best = fav
        best_mean = 0.0
        if worlds >= 2:
            for i in range(len(candidates)):
                mean = gains[i] / worlds
                var = max(0.0, squares[i] / worlds - mean * mean) / (worlds - 1)
                if mean > best_mean and mean > OVERRULE_Z * var**0.5:
                    best, best_mean = i, mean
        return candidates[best]


def candidate_actions(obs: Observation, actions: list[Action]) -> list[Action]:
    """The actions worth searching: every draw and lay, and the most promising discards."""
    if obs.phase is Phase.DRAW:
        return actions
    lays = [a for a in actions if type(a) is Lay]
    discards = [a for a in actions if type(a) is Discard]
    if len(discards) <= MAX_DISCARD_CANDIDATES:
        return lays + discards
    hand = obs.hand_mask
    unseen = obs.unseen_mask()
    nxt = (obs.seat + 1) % obs.num_players
    known_next = 0
    for c in obs.known_cards[nxt]:
        known_next |= 1 << c
    share = (obs.hand_sizes[nxt] - len(obs.known_cards[nxt])) / max(1, unseen.bit_count())
    ranked = sorted(
        discards,
        key=lambda a: (card_value(a.card, hand, unseen) + danger(a.card, known_next, unseen, share), -RANK_OF[a.card]),
    )
    return lays + ranked[:MAX_DISCARD_CANDIDATES]


class WorldSampler:
    """Deals the unseen cards of an observation into full states at random."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.unseen = bits(obs.unseen_mask())
        self.known = [sum(1 << c for c in cards) for cards in obs.known_cards]
        self.laid = [[sum(1 << c for c in m) for m in ms] for ms in obs.laid]
        self.discard = [int(c) for c in obs.discard_pile]
        self.needs = [
            0 if p == obs.seat else obs.hand_sizes[p] - len(obs.known_cards[p]) for p in range(obs.num_players)
        ]
        if sum(self.needs) + obs.stock_size != len(self.unseen):
            raise ValueError("the observation's card counts don't add up")

    def sample(self, rng: random.Random) -> Round:
        obs = self.obs
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands = []
        i = 0
        for p, need in enumerate(self.needs):
            if p == obs.seat:
                hands.append(obs.hand_mask)
                continue
            hand = self.known[p]
            for c in cards[i : i + need]:
                hand |= 1 << c
            i += need
            hands.append(hand)
        return Round(
            hands,
            cards[i:],
            self.discard[:],
            0,
            laid=[m[:] for m in self.laid],
            known=self.known[:],
            current=obs.current_player,
            phase=obs.phase,
            final_turns_left=obs.final_turns_left,
            turn=obs.turn,
        )


def playout(state: Round, seat: int, rng: random.Random) -> float:
    """Play ``state`` to the end with :func:`rollout_action`; ``seat``'s share of the win."""
    while state.phase is not Phase.OVER:
        state.apply_unchecked(rollout_action(state, rng))
    result = state.result
    assert result is not None
    scores = result.scores
    mine = scores[seat]
    rival = max(s for p, s in enumerate(scores) if p != seat)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    margin = max(-30, min(30, mine - rival))
    return share + MARGIN_WEIGHT * margin


def rollout_action(state: Round, rng: random.Random) -> Action:
    """A fast, sensible move for the current player, seeing only its own hand.

    Draw: the discard top if it completes a match, else the stock.  Build: lay
    the largest match; otherwise discard the card with the fewest partners in
    hand (higher rank first among equals, with a coin flip between exact ties).
    """
    hand = state.hands[state.current]
    if state.phase is Phase.DRAW:
        if not state.discard:
            return DRAW_STOCK
        if not state.stock or completes_match(hand, state.discard[-1]):
            return DRAW_DISCARD
        return DRAW_STOCK
    match = largest_match(hand)
    if match:
        return lay_of(match)
    best = -1
    best_key = 1e9
    for c in bits(hand):
        others = hand & ~(1 << c)
        key = (
            3.0 * (others & RANK_MASK[c]).bit_count()
            + 2.0 * (others & RUN_NEAR1[c]).bit_count()
            + 0.7 * (others & RUN_NEAR2[c]).bit_count()
            - 0.01 * RANK_OF[c]
            + 0.001 * rng.random()
        )
        if key < best_key:
            best, best_key = c, key
    return DISCARDS[best]

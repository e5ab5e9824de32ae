"""Master: determinized sampling with playouts, an anytime search in small slices.

For each decision Master repeats, until its budget is spent:

1. **Sample a world** consistent with its observation (:class:`WorldSampler`):
   the unseen cards (``obs.unseen_mask()``) are shuffled; each opponent holds the
   cards it is known to have taken from the discard pile plus random unseen cards
   up to its hand size; the rest is the stock, in random order.  Since every
   player lays what it can before it discards, an opponent's hand holding a
   match it could lay is redealt.
2. **Play every candidate action out** in that same world with the same playout
   dice (common random numbers: the candidates are compared on identical luck,
   which is what makes a few dozen worlds informative).  The action is applied
   with :meth:`~engine.sprint.Round.apply_unchecked`, then every seat follows
   :func:`rollout_action`, a light Strategist.  While the stock is long a playout
   stops after one more round of turns and values the position (laid points and
   hand promise, as a margin over the best rival); once the stock is short it
   runs to the end and values the final margin plus a bonus for the win.
3. **Decide**: the Strategist's own choice is the default; a candidate overrules
   it only if its paired gain over that choice, world by world, is clearly above
   zero (``OVERRULE_Z`` standard errors).  The arena showed why: in this game
   the luck of the draw swamps most decisions, and an unguarded ``argmax`` over
   noisy playouts picks noise.

Candidates are every legal action, except that discards are cut to the few the
Strategist's judgement likes best.  ``think`` yields after at most ``slice_ms``
of work, so a game loop can advance it once per frame.

The budget ``think_ms`` is wall time from the first ``next()``; with ``playouts``
set, the search stops after that many worlds instead, which makes a decision a
pure function of the seed and the observation (tests use this).
"""

from __future__ import annotations

import random
import time
from typing import Generator

from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Action, Discard, Lay, Observation, Phase, Round

from .bots import Bot, Strategist, card_value, danger
from .handcalc import FULL_DECK, RANK_MASK, RANK_OF, RUN_NEAR2, bits, completes_match, largest_match, lay_of, legal_matches, DISCARDS

MAX_DISCARD_CANDIDATES = 3
DEFAULT_SLICE_MS = 3.0
OVERRULE_Z = 1.5
"""The search overrules the Strategist's choice only if its paired gain is this many standard errors above zero."""
WIN_BONUS = 10.0
"""Points a won round is worth on top of its margin, in playouts that reach the end."""
HORIZON_TURNS: int | None = 1
"""Rounds of turns a playout looks ahead before valuing the position (None: to the end)."""
FULL_PLAYOUT_STOCK = 12
"""With this few stock cards or fewer, playouts go to the end of the round."""
SAMPLE_TRIES = 20
LAID_OUT_OPPONENTS = True
"""Sample only opponent hands with nothing left to lay (they lay all before discarding)."""
PROMISE_WEIGHT = 1.0
"""Points per hand card with a partner, when a playout stops early."""


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
        sampler = self.sampler(obs)
        fav = candidates.index(favourite)
        gains = [0.0] * len(candidates)  # sums of (candidate - favourite) per world
        squares = [0.0] * len(candidates)
        worlds = 0
        seat = obs.seat
        stop_turn = None
        if HORIZON_TURNS is not None and obs.stock_size > FULL_PLAYOUT_STOCK:
            stop_turn = obs.turn + HORIZON_TURNS * obs.num_players + 1
        while True:
            world = sampler.sample(rng)
            dice = rng.getrandbits(32)
            scores = []
            abandoned = False
            for action in candidates:
                state = world.clone()
                state.apply_unchecked(action)
                scores.append(playout(state, seat, random.Random(dice), stop_turn))
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

    def sampler(self, obs: Observation) -> WorldSampler:
        """What deals the hidden cards of ``obs`` into worlds (a study can swap it for an oracle)."""
        return WorldSampler(obs)


def candidate_actions(obs: Observation, actions: list[Action]) -> list[Action]:
    """The actions worth searching: every draw and lay, and the most promising discards."""
    if obs.phase is Phase.DRAW:
        return actions
    lays = [a for a in actions if type(a) is Lay]
    discards = [a for a in actions if type(a) is Discard]
    if len(discards) <= MAX_DISCARD_CANDIDATES:
        every: list[Action] = [*lays, *discards]
        return every
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
    chosen: list[Action] = [*lays, *ranked[:MAX_DISCARD_CANDIDATES]]
    return chosen


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
        """A full state that looks exactly like the observation to its seat.

        Opponents lay every match they can before they discard, so an opponent's
        sampled hand is redealt (up to ``SAMPLE_TRIES`` times) while it holds a
        match it could lay.
        """
        obs = self.obs
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands = []
        for p, need in enumerate(self.needs):
            if p == obs.seat:
                hands.append(obs.hand_mask)
                continue
            known = self.known[p]
            for attempt in range(SAMPLE_TRIES if LAID_OUT_OPPONENTS else 1):
                hand = known
                for c in cards[:need]:
                    hand |= 1 << c
                if not legal_matches(hand):
                    break
                rng.shuffle(cards)
            cards = cards[need:]
            hands.append(hand)
        return self.world(hands, cards)

    def world(self, hands: list[int], stock: list[int]) -> Round:
        """The full state with these hands and this stock (top last), the rest as observed."""
        obs = self.obs
        return Round(
            hands,
            stock,
            self.discard[:],
            0,
            laid=[m[:] for m in self.laid],
            known=self.known[:],
            current=obs.current_player,
            phase=obs.phase,
            final_turns_left=obs.final_turns_left,
            turn=obs.turn,
        )


def playout(state: Round, seat: int, rng: random.Random, stop_turn: int | None = None) -> float:
    """Play ``state`` on with :func:`rollout_action`; how good the outcome is for ``seat``.

    Played to the end, the value is the margin over the best rival plus a bonus
    for the win share.  With ``stop_turn`` the playout stops once that many turns
    have ended and values the position instead: laid points plus the promise of
    each hand (:func:`hand_promise`), again as a margin over the best rival.
    """
    if stop_turn is None:
        while state.phase is not Phase.OVER:
            state.apply_unchecked(rollout_action(state, rng))
    else:
        while state.phase is not Phase.OVER and state.turn < stop_turn:
            state.apply_unchecked(rollout_action(state, rng))
    result = state.result
    if result is not None:
        scores = result.scores
        mine: float = scores[seat]
        rival = max(s for p, s in enumerate(scores) if p != seat)
        share = 1.0 / len(result.winners) if seat in result.winners else 0.0
        return mine - rival + WIN_BONUS * share
    values = [state.laid_points(p) + PROMISE_WEIGHT * hand_promise(state.hands[p]) for p in range(state.num_players)]
    mine = values[seat]
    return mine - max(v for p, v in enumerate(values) if p != seat)


def hand_promise(hand: int) -> float:
    """Cards of ``hand`` with a partner in it (same rank, or a run neighbour within 2)."""
    count = 0
    for c in bits(hand):
        if hand & ~(1 << c) & (RANK_MASK[c] | RUN_NEAR2[c]):
            count += 1
    return count


def rollout_action(state: Round, rng: random.Random) -> Action:
    """A fast, sensible move for the current player, seeing only its own hand.

    A light Strategist: draw the discard top if it completes a match, else the
    stock; lay the largest match; otherwise discard the card worth least to the
    hand (:func:`~ai.bots.card_value`, counting as unseen every card that is not
    in this hand, laid or in the discard pile).  Ties are broken by a coin flip.
    """
    p = state.current
    hand = state.hands[p]
    if state.phase is Phase.DRAW:
        if not state.discard:
            return DRAW_STOCK
        if not state.stock or completes_match(hand, state.discard[-1]):
            return DRAW_DISCARD
        return DRAW_STOCK
    match = largest_match(hand)
    if match:
        return lay_of(match)
    gone = hand
    for laid in state.laid:
        for m in laid:
            gone |= m
    for c in state.discard:
        gone |= 1 << c
    unseen = FULL_DECK & ~gone
    best = -1
    best_key = 1e9
    for c in bits(hand):
        key = card_value(c, hand, unseen) + 0.01 * rng.random()
        if key < best_key:
            best, best_key = c, key
    return DISCARDS[best]

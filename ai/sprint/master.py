"""Master: the Strategist, plus a determinized search of the endgame, in small slices.

The arena showed where a search earns its keep in this game: a flat search from
the first move loses to the Strategist (the luck of the draw swamps a few
dozen playouts of a long round), but in the endgame the round is short, the
stock race and the last turns decide it, and playouts tell options apart.  So:

* While the stock holds more than :data:`ENDGAME_STOCK` cards, Master plays the
  Strategist's move at once, except that it never holds a pair over to grow it
  (:data:`BASE_PARAMS`: the arena measured that holding costs the Strategist share).
* In the endgame it repeats, up to :data:`WORLDS` times or until its budget is
  spent:

  1. **Sample a world** consistent with its observation (:class:`WorldSampler`):
     the unseen cards are shuffled; each opponent holds the cards it is known to
     have taken from the discard pile plus random unseen cards up to its hand
     size; the rest is the stock, in random order.  Inference: every player lays
     what it can before it discards, so an opponent's hand holding a match it
     could lay is redealt.
  2. **Play every candidate out** in that same world to the end of the round,
     every seat following :func:`strategist_move` (the Strategist's own rules,
     as each seat would see them).  All candidates meet the same world, so they
     are compared on identical luck (common random numbers).
  3. **Score** each outcome for Master against the whole table, not one rival
     (:func:`outcome_value`): its points minus the mean of the others', plus a
     bonus for its share of the win.

* **Decide**: the Strategist's own choice is the default; another candidate
  overrules it only if its gain over that choice, world by world, is above
  :data:`OVERRULE_POINTS` and :data:`OVERRULE_Z` standard errors above zero.
  A candidate that can no longer plausibly get there is dropped along the way,
  and the search ends early when none is left.

Candidates are the draws, the lays of the Strategist's plan and the largest
lays, and the few discards the Strategist likes best.  ``think`` yields as soon
as ``slice_ms`` of work is done (it looks at the clock every few moves of a
playout), so a game loop runs as many slices a frame as its own budget allows
(:data:`ai.scheduler.THINK_BUDGET_MS`) and no frame is long.  The budget
``think_ms`` runs on ``Master.clock`` from the first ``next()``: wall time at
the table, the thread's CPU time in the arena.  With ``playouts`` set, the
search samples exactly that many worlds instead, which makes a decision a pure
function of the seed and the observation (tests use this).

Counts for the arena: ``endgame_search`` (decisions with a choice; fired: it
searched) and ``overrule`` (searches; fired: it played other than the
Strategist).
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable, Generator

from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Action, Discard, Lay, Observation, Phase, Round

from .bots import Bot, Strategist, StrategistParams, card_value, danger, growth_outs
from .handcalc import DISCARDS, FULL_DECK, best_partition, bits, completes_match, lay_of, legal_matches

ENDGAME_STOCK = 20
"""Master searches once the stock holds this many cards or fewer."""
WORLDS = 60
"""Sampled worlds per searched decision at most (fewer if the think budget runs out first)."""
SETTLED_WORLDS = 12
"""From this many worlds on, every 4 worlds, a candidate that could no longer plausibly overrule
(:data:`SETTLED_Z` standard errors) is dropped, and the search ends when none is left."""
SETTLED_Z = 2.5
MAX_DISCARD_CANDIDATES = 3
MAX_LAY_CANDIDATES = 4
DEFAULT_SLICE_MS = 0.2
"""Work per slice: a slice ends at the first check past this (checks come every :data:`CHECK_MOVES` moves, a few
microseconds each); well under the scheduler's share of a frame, which runs slices while it has time left."""
CHECK_MOVES = 4
OVERRULE_Z = 2.0
"""The search overrules the Strategist only if its paired gain is this many standard errors above zero ..."""
OVERRULE_POINTS = 0.5
"""... and at least this many points of :func:`outcome_value` a round."""
WIN_BONUS = 30.0
"""Points a won round is worth on top of the margin over the field."""
SAMPLE_TRIES = 20
LAID_OUT_OPPONENTS = True
"""Sample only opponent hands with nothing left to lay (they lay all before discarding)."""
BASE_PARAMS = StrategistParams(hold_pairs=False)
"""Master's own moves outside the search: the Strategist's, without holding pairs over (holding costs share)."""


class Master(Bot):
    """The strongest level: the Strategist, overruled where an endgame search finds clearly better."""

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
        self._judge = Strategist(seed, BASE_PARAMS)
        self.last_worlds = 0  # worlds sampled for the last decision (for tests and tuning)
        self.clock: Callable[[], float] = time.perf_counter
        """What the budget and the slices are measured on: wall time at the table; the arena
        swaps in the CPU time of the thread, so that a busy machine does not weaken Master."""

    def think(self, obs: Observation) -> Generator[None, None, Action]:
        actions = obs.legal_actions()
        if not actions:
            raise ValueError("the bot was asked to move when it is not its turn")
        favourite = self._judge.decide(obs)
        self.last_worlds = 0
        if len(actions) == 1:
            return favourite
        searching = obs.stock_size <= ENDGAME_STOCK
        self.note("endgame_search", searching)
        if not searching:
            return favourite
        candidates = candidate_actions(obs, actions, self._judge)
        if favourite not in candidates:
            candidates.append(favourite)
        if len(candidates) == 1:
            return favourite
        clock = self.clock
        start = clock()
        deadline = start + self.think_ms / 1000.0
        slice_s = self.slice_ms / 1000.0
        slice_end = start + slice_s
        rng = random.Random(f"{self._salt}:{obs.turn}:{obs.phase.value}:{obs.hand_mask}:{len(obs.discard_pile)}")
        sampler = self.sampler(obs)
        fav = candidates.index(favourite)
        gains = [0.0] * len(candidates)  # sums of (candidate - favourite) per world
        squares = [0.0] * len(candidates)
        counts = [0] * len(candidates)  # worlds each candidate was played in
        alive = [i for i in range(len(candidates)) if i != fav]
        worlds = 0
        seat = obs.seat
        wanted = self.playouts if self.playouts is not None else WORLDS
        while worlds < wanted and alive:
            world = sampler.sample(rng)
            values: dict[int, float] = {}
            abandoned = False
            for i in [fav, *alive]:
                state = world.clone()
                state.apply_unchecked(candidates[i])
                moves = 0
                while state.phase is not Phase.OVER:
                    state.apply_unchecked(strategist_move(state))
                    moves += 1
                    if moves % CHECK_MOVES == 0 and clock() >= slice_end:
                        if worlds and self.playouts is None and clock() >= deadline:
                            abandoned = True  # an incomplete world would unbalance the comparison
                            break
                        yield
                        slice_end = clock() + slice_s
                if abandoned:
                    break
                result = state.result
                assert result is not None
                values[i] = outcome_value(result.scores, result.winners, seat)
            if abandoned:
                break
            base = values[fav]
            for i in alive:
                d = values[i] - base
                gains[i] += d
                squares[i] += d * d
                counts[i] += 1
            worlds += 1
            if self.playouts is None and worlds >= SETTLED_WORLDS and worlds % 4 == 0:
                alive = [i for i in alive if _may_overrule(gains[i], squares[i], counts[i])]
        self.last_worlds = worlds
        best = fav
        best_mean = 0.0
        for i in range(len(candidates)):
            n = counts[i]
            if n < 2:
                continue
            mean = gains[i] / n
            var = max(0.0, squares[i] / n - mean * mean) * n / (n - 1)
            if mean > best_mean and mean >= OVERRULE_POINTS and mean > OVERRULE_Z * (var / n) ** 0.5:
                best, best_mean = i, mean
        self.note("overrule", best != fav)
        return candidates[best]

    def sampler(self, obs: Observation) -> WorldSampler:
        """What deals the hidden cards of ``obs`` into worlds (a study can swap it for an oracle)."""
        return WorldSampler(obs)


def _may_overrule(total: float, square: float, worlds: int) -> bool:
    """Whether a candidate's gain over the favourite could still plausibly reach :data:`OVERRULE_POINTS`."""
    mean = total / worlds
    var = max(0.0, square / worlds - mean * mean) * worlds / (worlds - 1)
    return mean + SETTLED_Z * math.sqrt(var / worlds) >= OVERRULE_POINTS


def candidate_actions(obs: Observation, actions: list[Action], judge: Strategist | None = None) -> list[Action]:
    """The actions worth searching: both draws, the likeliest lays and the discards the Strategist likes best."""
    if obs.phase is Phase.DRAW:
        return actions
    hand = obs.hand_mask
    lays = [a for a in actions if type(a) is Lay]
    discards = [a for a in actions if type(a) is Discard]
    chosen: list[Action] = []
    if lays:
        _, plan = best_partition(hand, obs.stock_size)
        chosen.extend(lay_of(m) for m in plan)
        for lay in sorted(lays, key=lambda a: -len(a.cards)):
            if len(chosen) >= MAX_LAY_CANDIDATES:
                break
            if lay not in chosen:
                chosen.append(lay)
    unseen = obs.unseen_mask()
    order = (judge or Strategist())._discard_order(obs, hand, unseen)
    ranked = sorted(discards, key=lambda a: order(a.card))
    chosen.extend(ranked[:MAX_DISCARD_CANDIDATES])
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


def outcome_value(scores: tuple[int, ...] | list[int], winners: tuple[int, ...], seat: int) -> float:
    """How good a finished round is for ``seat``: points over the field's mean, plus its win share.

    Against several opponents the mean of the others keeps every rival in view
    (beating the field is what wins a many-player round); for two players it is
    the plain margin.
    """
    n = len(scores)
    mine = scores[seat]
    field = (sum(scores) - mine) / (n - 1)
    share = 1.0 / len(winners) if seat in winners else 0.0
    return mine - field + WIN_BONUS * share


_ROLLOUT = StrategistParams()


def strategist_move(state: Round) -> Action:
    """The Strategist's move for the current player of ``state``, from what that player may see.

    The same rules as :class:`~ai.sprint.bots.Strategist` (it never holds a pair over
    to a later turn, a rare choice that needs memory), computed straight from
    the state so that a playout costs microseconds per move: the player's hand,
    the cards it can place (its hand, the discard pile, the matches laid, the
    cards others took from the pile), and the next player's known cards.
    """
    p = state.current
    hand = state.hands[p]
    if state.phase is Phase.DRAW:
        if not state.discard:
            return DRAW_STOCK
        if not state.stock:
            return DRAW_DISCARD
        top = state.discard[-1]
        if completes_match(hand, top):
            return DRAW_DISCARD
        if card_value(top, hand | 1 << top, FULL_DECK & ~_placed(state, p)) >= _ROLLOUT.take_threshold:
            return DRAW_DISCARD
        return DRAW_STOCK
    stock = len(state.stock)
    _, plan = best_partition(hand, stock)
    unseen = FULL_DECK & ~_placed(state, p)
    if plan:
        if stock and len(plan) > 1:
            plan.sort(key=lambda m: (-m.bit_count(), growth_outs(m, unseen)))
        return lay_of(plan[0])
    n = state.num_players
    nxt = (p + 1) % n
    known_next = state.known[nxt]
    weight = _ROLLOUT.danger_weight if state.final_turns_left is None else 0.0
    share = (state.hands[nxt].bit_count() - known_next.bit_count()) / max(1, unseen.bit_count())
    best = -1
    best_key = (1e9, 0)
    for c in bits(hand):
        value = card_value(c, hand, unseen)
        if weight:
            value += weight * danger(c, known_next, unseen, share)
        key = (value, -(c % 13))
        if key < best_key:
            best, best_key = c, key
    return DISCARDS[best]


def _placed(state: Round, p: int) -> int:
    """The cards player ``p`` can place: its hand, the pile, the laid matches, others' known cards."""
    seen = state.hands[p]
    for c in state.discard:
        seen |= 1 << c
    for q in range(state.num_players):
        for m in state.laid[q]:
            seen |= m
        if q != p:
            seen |= state.known[q]
    return seen

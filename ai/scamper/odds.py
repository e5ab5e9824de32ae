"""The odds of a hand that is not down yet: how many draws it still needs, against the cards unseen.

Expert's yardstick (:mod:`ai.scamper.expert`).  From one seat's observation,
:func:`unseen` counts the cards it can't see (the stock and the others' hands:
every pack's copies minus its hand, the discard pile and the melds).  A
:class:`Yardstick` then rates a hand by :meth:`Yardstick.draws`: the expected
number of draws until it can lay the round's contract, estimated like this:

* each requirement of the contract gets its candidate targets (a set of one
  rank, a run window of one suit), each with the naturals the hand holds, its
  gap and its *outs*: the unseen cards that would fill the gap;
* a combination of one target per requirement lacks ``missing`` cards after
  the hand's wilds are spent (each meld takes at most as many wilds as the
  majority rule lets it);
* the hand's draws are ``U / useful`` for the first missing card, where
  ``U`` is the number of unseen cards and ``useful`` the outs of every target
  in any best combination plus the unseen wilds while a wild still helps (a
  hand with three pairs toward two sets is helped by any of the three ranks),
  then ``U / useful`` of the best single combination for each card after.

A target whose cards are all in sight has no outs: a dead partial meld is worth
less than a live one.  Deuces count as wilds throughout (a deuce natural in its
own run place is rare).  Pure arithmetic on small lists: a rating costs tens of
microseconds, so a bot can rate every discard each turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, product
from typing import Generator, Iterator, Sequence

from engine.cards import STANDARD_SIZE
from engine.melds import Contract, MatchKind, is_wild, max_wilds
from engine.melds import run_to_end as run_to_end  # the engine's, named here too (Expert imports it from here)
from engine.scamper import Observation, packs_for

from engine.scamper.table import JOKERS_PER_PACK, PACK_SIZE

JOKER_INDEX = STANDARD_SIZE
DEAD = 1000.0
"""The draws of a hand no unseen card can help."""

TOP_TARGETS = 5
"""Candidate targets kept per requirement (the most naturals, then the most outs)."""


def unseen(obs: Observation) -> list[int]:
    """How many copies of each card (index 0-51, and 52 for jokers) this seat can't see."""
    in_play = obs.stock_size + sum(obs.hand_sizes) + len(obs.discard_pile) + sum(len(m.cards) for m in obs.melds)
    packs = max(packs_for(obs.num_seats), round(in_play / PACK_SIZE))  # more if packs were added
    counts = [packs] * STANDARD_SIZE + [JOKERS_PER_PACK * packs]
    seen = list(obs.hand) + list(obs.discard_pile) + [c for m in obs.melds for c in m.cards]
    for card in seen:
        index = min(int(card), JOKER_INDEX)
        counts[index] -= 1
    return [max(0, n) for n in counts]


@dataclass(frozen=True, slots=True)
class _Target:
    kind: MatchKind
    rank: int  # a set's rank, a run's first rank
    suit: int  # a run's suit, -1 for a set
    size: int
    naturals: int
    gap: int
    cap: int  # wilds the meld may take
    outs: int  # unseen cards that would fill a place
    need: frozenset[int]  # card indexes that would fill a place


class Yardstick:
    """Rates hands for one seat's view of one round (the unseen cards are counted once)."""

    def __init__(self, contract: Contract, unseen_counts: Sequence[int]) -> None:
        self.contract = contract
        self.unseen = list(unseen_counts)
        self.total = max(1, sum(self.unseen))
        self.wild_outs = self.unseen[JOKER_INDEX] + sum(self.unseen[s * 13] for s in range(4))
        self.rank_outs = [0, 0] + [sum(self.unseen[s * 13 + r - 2] for s in range(4)) for r in range(2, 15)]
        reqs = sorted(contract.requirements, key=lambda r: (r.kind is MatchKind.SET, -r.size))
        self.groups = [(req, reqs.count(req)) for req in dict.fromkeys(reqs)]

    @classmethod
    def of(cls, obs: Observation) -> Yardstick:
        return cls(obs.contract, unseen(obs))

    def draws(self, hand: Sequence[int]) -> float:
        """Expected draws before ``hand`` can lay the contract (0: it can now, if it keeps a card)."""
        found = self.profile(hand)
        if found is None:
            return DEAD
        missing, first, single = found
        if missing == 0:
            return 0.0
        if first <= 0:
            return DEAD
        return self.total / first + (missing - 1) * self.total / max(single, 1)

    def profile(self, hand: Sequence[int]) -> tuple[int, int, int] | None:
        """What :meth:`draws` is made of: the fewest cards the hand lacks, the unseen cards that would fill one of
        them (in any best combination of targets) and those of the best single combination; ``None`` if some
        requirement has no target."""
        best = self._best(hand)
        if best is None:
            return None
        best_missing, combos = best
        if best_missing == 0:
            return 0, 0, 0
        union: set[int] = set()
        single = 0
        any_room = False
        for combo, room in combos:
            need = set().union(*(t.need for t in combo if t.gap))
            union |= need
            any_room = any_room or room
            single = max(single, sum(self.unseen[i] for i in need) + (self.wild_outs if room else 0))
        first = sum(self.unseen[i] for i in union) + (self.wild_outs if any_room else 0)
        return best_missing, first, single

    def wanted(self, hand: Sequence[int]) -> set[int]:
        """The naturals (card indexes) that would bring ``hand`` closer to the contract: what a player
        holding it would take from the discard pile."""
        best = self._best(hand)
        if best is None or best[0] == 0:
            return set()
        return set().union(*(t.need for combo, _ in best[1] for t in combo if t.gap))

    def _best(self, hand: Sequence[int]) -> tuple[int, list[tuple[tuple[_Target, ...], bool]]] | None:
        """The fewest cards any combination of targets lacks, and every combination that lacks that few
        (with whether a wild would still help it); ``None`` if some requirement has no target."""
        nat = [0] * STANDARD_SIZE
        wilds = 0
        for card in hand:
            if card >= STANDARD_SIZE or card % 13 == 0:
                wilds += 1
            else:
                nat[card] += 1
        groups = []
        for req, count in self.groups:
            targets = self._targets(req.kind, req.size, nat)
            if len(targets) < count:
                return None
            groups.append(list(combinations(targets, count)))
        best_missing = 1 << 30
        best: list[tuple[tuple[_Target, ...], bool]] = []
        for parts in product(*groups):
            combo = tuple(t for part in parts for t in part)
            missing, room = self._missing(combo, wilds, nat)
            if missing < best_missing:
                best_missing, best = missing, [(combo, room)]
            elif missing == best_missing:
                best.append((combo, room))
        return best_missing, best

    @staticmethod
    def _missing(combo: tuple[_Target, ...], wilds: int, nat: list[int]) -> tuple[int, bool]:
        """Cards the combination lacks after the wilds, and whether one more wild would help.

        A run's natural of a set's rank is not there for the set too, and two runs of one suit
        that overlap need two copies of each card they share.
        """
        gaps = [t.gap for t in combo]
        runs = [t for t in combo if t.kind is MatchKind.RUN]
        for i, t in enumerate(combo):
            if t.kind is MatchKind.SET and runs:
                taken = sum(1 for u in runs if u.rank <= t.rank < u.rank + u.size and nat[u.suit * 13 + t.rank - 2])
                have = sum(nat[s * 13 + t.rank - 2] for s in range(4)) - taken
                gaps[i] = t.size - max(0, min(have, t.size))
        if len(runs) == 2 and runs[0].suit == runs[1].suit:
            a, b = runs
            lo, hi = max(a.rank, b.rank), min(a.rank + a.size, b.rank + b.size)
            shared = sum(1 for r in range(lo, hi) if nat[a.suit * 13 + r - 2] == 1)
            gaps[combo.index(b)] += shared
        room = sum(min(g, t.cap) for g, t in zip(gaps, combo))
        return sum(gaps) - min(wilds, room), room > wilds

    def _targets(self, kind: MatchKind, size: int, nat: list[int]) -> list[_Target]:
        """The requirement's best targets in ``nat``: fewest gaps, then most outs."""
        cap = max_wilds(size)
        found: list[_Target] = []
        if kind is MatchKind.SET:
            for rank in range(3, 15):
                have = sum(nat[s * 13 + rank - 2] for s in range(4))
                if have:
                    n = min(have, size)
                    need = frozenset(s * 13 + rank - 2 for s in range(4)) if n < size else frozenset()
                    found.append(_Target(kind, rank, -1, size, n, size - n, cap, self.rank_outs[rank], need))
        else:
            for suit in range(4):
                base = suit * 13
                held = [0] + [1 if nat[base + r] else 0 for r in range(1, 13)]  # index r: rank r + 2; deuces wild
                for start in range(0, 14 - size):
                    n = sum(held[start:start + size])
                    if not n:
                        continue
                    need = frozenset(base + r for r in range(start, start + size) if not held[r] and r)
                    outs = sum(self.unseen[i] for i in need)
                    found.append(_Target(kind, start + 2, suit, size, n, size - n, cap, outs, need))
        found.sort(key=lambda t: (t.gap, -t.outs))
        return found[:TOP_TARGETS]


def next_player_hands(obs: Observation, stick: Yardstick, rng: random.Random, samples: int) -> Iterator[list[int]]:
    """``samples`` hands the next player might hold: the cards it took from the discard pile (and has not thrown
    back), the rest dealt from the unseen cards (card indexes, jokers as 52)."""
    nxt = (obs.seat + 1) % obs.num_seats
    size = obs.hand_sizes[nxt]
    known = [min(int(c), JOKER_INDEX) for c in obs.taken[nxt]]
    for card in obs.discarded[nxt]:
        if min(int(card), JOKER_INDEX) in known:
            known.remove(min(int(card), JOKER_INDEX))
    known = known[:size]
    pool = [card for card, n in enumerate(stick.unseen) for _ in range(n)]
    for index in known:
        if index in pool:
            pool.remove(index)
    for _ in range(samples):
        yield known + rng.sample(pool, min(len(pool), size - len(known)))


def declined(obs: Observation, seat: int) -> list[int]:
    """The naturals (card indexes) ``seat`` turned down this round: the top discards it passed over and the
    cards it threw, in the public history of the observation."""
    return [int(c) for c in obs.passed[seat] + obs.discarded[seat] if not is_wild(c)]


def take_odds_steps(obs: Observation, stick: Yardstick, rng: random.Random, samples: int,
                    decline_weight: float = 1.0, per_slice: int = 4) -> Generator[None, None, dict[int, float]]:
    """For the next player, not down: how likely it is to take each natural if this seat discards it.

    ``samples`` hands it might hold (:func:`next_player_hands`) are each weighed by how well they agree with
    what it turned down this round (:func:`declined`): a hand that would have wanted a card the player passed
    over or threw counts ``decline_weight`` times less for each such card.  The odds of a card are the
    weighted share of the hands that would want it (:meth:`Yardstick.wanted`).  Yields every ``per_slice``
    hands, so a table can spread the work over frames.
    """
    nxt = (obs.seat + 1) % obs.num_seats
    refused = declined(obs, nxt) if decline_weight < 1 else []
    hits: dict[int, float] = {}
    total = 0.0
    for i, hand in enumerate(next_player_hands(obs, stick, rng, samples), 1):
        wanted = stick.wanted(hand)
        weight = decline_weight ** sum(1 for card in refused if card in wanted)
        total += weight
        for card in wanted:
            hits[card] = hits.get(card, 0.0) + weight
        if i % per_slice == 0:
            yield
    return {card: n / total for card, n in hits.items()} if total else {}


def take_odds(obs: Observation, stick: Yardstick, rng: random.Random, samples: int,
              decline_weight: float = 1.0) -> dict[int, float]:
    """:func:`take_odds_steps` run to its end at once."""
    return run_to_end(take_odds_steps(obs, stick, rng, samples, decline_weight))

"""Contracts: the melds a round asks for, whether laid melds meet one, and the ways a hand can.

See the glossary in :mod:`engine.melds`.  :func:`contract_reason` checks melds
being laid; :func:`solve` finds the best way a hand (several packs, wilds) meets
a contract, or comes closest, with the cards it still lacks; :func:`contract_lays`
lists ready-to-lay ways.  The search takes the runs first (they need exact
cards), then the sets (any suit), each at its minimum size: extra cards are
added to the melds afterwards.  A set of 2s (its deuces natural, four cards or
more) is tried after the other sets, for a hand with three deuces or more; its
deuces count as wilds spent when plans are compared, so the search lays deuces
as a set only where that meets the contract better.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Generator, Iterable, Iterator, Sequence, TypeVar

from ..cards import ALL_CARDS, STANDARD_SIZE, Card, format_cards
from .matches import MatchKind
from .wild import DEUCE_SET_MIN, JOKER, Meld, max_wilds

T = TypeVar("T")

_COUNT_WORDS = ("no", "a", "two", "three", "four")


@dataclass(frozen=True, slots=True)
class Requirement:
    """One meld a contract asks for: a set or a run of at least ``size`` cards."""

    kind: MatchKind
    size: int

    def describe(self, count: int = 1) -> str:
        noun = self.kind.value + ("s" if count > 1 else "")
        return f"{_COUNT_WORDS[count]} {noun} of {self.size}"


@dataclass(frozen=True, slots=True)
class Contract:
    """The melds a player must lay, all at once, to go down."""

    requirements: tuple[Requirement, ...]

    @classmethod
    def of(cls, *parts: tuple[str, int]) -> Contract:
        """``Contract.of(("set", 3), ("run", 4))``."""
        return cls(tuple(Requirement(MatchKind(kind), size) for kind, size in parts))

    def describe(self) -> str:
        """In words: ``"two sets of 3 and a run of 4"``."""
        groups: list[tuple[Requirement, int]] = []
        for req in self.requirements:
            if groups and groups[-1][0] == req:
                groups[-1] = (req, groups[-1][1] + 1)
            else:
                groups.append((req, 1))
        return " and ".join(req.describe(n) for req, n in groups)

    @property
    def min_cards(self) -> int:
        return sum(r.size for r in self.requirements)


def contract_reason(melds: Sequence[Meld], contract: Contract) -> str | None:
    """Why ``melds`` don't meet ``contract`` (each meld its own requirement), or ``None``.

    Bigger melds and extra melds are fine.
    """
    for kind in MatchKind:
        sizes = sorted((r.size for r in contract.requirements if r.kind is kind), reverse=True)
        have = sorted((len(m.cards) for m in melds if m.kind is kind), reverse=True)
        if len(have) < len(sizes) or any(h < s for h, s in zip(have, sizes)):
            shown = ", ".join(m.describe() for m in melds) or "nothing"
            return f"This round's contract is {contract.describe()}: these cards make {shown}."
    return None


# --- the search ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """A meld a plan aims at: a set of ``rank``, or a run of ``suit`` from ``rank``; ``size`` cards."""

    kind: MatchKind
    rank: int
    suit: int
    size: int
    naturals: tuple[Card, ...]  # from the hand; a run's in place order, None-free

    @property
    def gap(self) -> int:
        return self.size - len(self.naturals)

    @property
    def of_deuces(self) -> bool:
        """A set of 2s: its deuces are naturals."""
        return self.kind is MatchKind.SET and self.rank == 2

    def wants(self, card: int) -> bool:
        """Whether ``card`` would be a natural this target still lacks."""
        if self.of_deuces:
            return card < STANDARD_SIZE and card % 13 == 0
        if card >= STANDARD_SIZE or card % 13 == 0 and not (self.kind is MatchKind.RUN and self.rank == 2):
            return False
        rank, suit = card % 13 + 2, card // 13
        if self.kind is MatchKind.SET:
            return rank == self.rank
        return suit == self.suit and self.rank <= rank < self.rank + self.size and ALL_CARDS[card] not in self.naturals


@dataclass(frozen=True, slots=True)
class Plan:
    """The best way found to meet a contract from a hand: one target per requirement.

    ``missing`` is how many more cards it needs (0: it can be laid now);
    ``wilds`` are the hand's wilds the plan spends.
    """

    targets: tuple[Target, ...]
    wilds: tuple[Card, ...]
    missing: int

    @property
    def met(self) -> bool:
        return self.missing == 0

    def used(self) -> list[Card]:
        """Every hand card the plan uses, naturals then wilds."""
        return [c for t in self.targets for c in t.naturals] + list(self.wilds)

    def wants(self, card: int) -> bool:
        """Whether ``card`` would bring the plan closer (a wild always would, while cards are missing)."""
        if self.missing and (card >= STANDARD_SIZE or card % 13 == 0):
            return True
        return any(t.wants(card) for t in self.targets)

    def progress(self, show: Callable[[Iterable[int]], str] = format_cards) -> list[str]:
        """Each target in words, with its cards (written by ``show``) and what it still lacks.

        ``["a set of 3: 7H 7S 7C done", "a run of 4: 5H 6H X1, needs 1 more"]``
        (the wilds go to the targets in order, as far as each may take them).
        """
        spare = list(self.wilds)
        out = []
        for t in self.targets:
            take = min(t.gap, max_wilds(t.size), len(spare))
            shown = show(t.naturals + tuple(spare[:take]))
            del spare[:take]
            lacking = t.gap - take
            status = "done" if not lacking else f"needs {lacking} more"
            out.append(f"{Requirement(t.kind, t.size).describe()}: {shown}{',' if lacking else ''} {status}")
        return out

    def melds(self) -> tuple[tuple[Card, ...], ...]:
        """The melds to lay, runs in place order (only for a met plan)."""
        if not self.met:
            raise ValueError("this plan does not meet the contract yet")
        spare = list(self.wilds)
        out = []
        for t in self.targets:
            if t.kind is MatchKind.SET:
                out.append(t.naturals + tuple(spare.pop(0) for _ in range(t.gap)))
                continue
            by_rank: dict[int, Card] = {int(c.rank): c for c in t.naturals}
            out.append(tuple(by_rank[r] if r in by_rank else spare.pop(0) for r in range(t.rank, t.rank + t.size)))
        return tuple(out)


class _Hand:
    """A hand as counts: naturals per card, wilds apart."""

    __slots__ = ("count", "jokers")

    def __init__(self, cards: Sequence[int]) -> None:
        self.count = [0] * STANDARD_SIZE
        self.jokers = 0
        for c in cards:
            if c >= STANDARD_SIZE:
                self.jokers += 1
            else:
                self.count[c] += 1

    def wilds(self) -> int:
        return self.jokers + sum(self.count[s * 13] for s in range(4))

    def wild_cards(self) -> list[Card]:
        """Jokers first, then deuces by suit (the order plans spend them)."""
        return [JOKER] * self.jokers + [ALL_CARDS[s * 13] for s in range(4) for _ in range(self.count[s * 13])]


def _run_targets(hand: _Hand, size: int) -> list[Target]:
    count = hand.count
    out: list[Target] = []
    for suit in range(4):
        out += _suit_windows(tuple(count[suit * 13:suit * 13 + 13]), suit, size)
    return out


@lru_cache(maxsize=4096)
def _suit_windows(held: tuple[int, ...], suit: int, size: int) -> tuple[Target, ...]:
    """The run targets of ``size`` in ``suit`` given how many of each rank (2 to ace) are held.

    A window needs a natural other than its own-suit 2.  Cached: hands change a card at a time.
    """
    out = []
    base = suit * 13
    for start in range(2, 16 - size):
        nat = tuple(ALL_CARDS[base + r - 2] for r in range(start, start + size) if held[r - 2])
        if len(nat) > 1 or (nat and nat[0] % 13):
            out.append(Target(MatchKind.RUN, start, suit, size, nat))
    return tuple(out)


def _rank_cards(hand: _Hand) -> dict[int, list[Card]]:
    """The natural cards of each rank from 3 to ace still in ``hand``."""
    count = hand.count
    out: dict[int, list[Card]] = {}
    for rank in range(3, 15):
        cards: list[Card] = []
        for suit in range(4):
            n = count[suit * 13 + rank - 2]
            if n:
                cards += [ALL_CARDS[suit * 13 + rank - 2]] * n
        if cards:
            out[rank] = cards
    return out


def _set_targets(rank_cards: dict[int, list[Card]], size: int, taken: dict[int, int]) -> list[Target]:
    out = []
    for rank, cards in rank_cards.items():
        used = taken.get(rank, 0)
        if len(cards) > used:
            out.append(Target(MatchKind.SET, rank, -1, size, tuple(cards[used:used + size])))
    return out


def _deuce_targets(hand: _Hand, size: int) -> list[Target]:
    """A set of 2s of at least ``size`` (and at least four) cards, if the hand holds three deuces or more."""
    deuces = [ALL_CARDS[s * 13] for s in range(4) for _ in range(hand.count[s * 13])]
    if len(deuces) < DEUCE_SET_MIN - max_wilds(DEUCE_SET_MIN):
        return []
    size = max(size, DEUCE_SET_MIN)
    return [Target(MatchKind.SET, 2, -1, size, tuple(deuces[:size]))]


def _search_order(contract: Contract) -> list[Requirement]:
    """Runs first, longest first, then sets, largest first."""
    return sorted(contract.requirements, key=lambda r: (r.kind is MatchKind.SET, -r.size))


def _plans(hand_cards: Sequence[int], contract: Contract, bound: list[int] | None,
           steps: bool = False) -> Iterator[Plan | None]:
    """Plans in search order; with ``steps``, ``None`` before each inner step of the search too (a point where
    :func:`solve_steps` may pause).

    With ``bound`` (``[missing, wilds]`` of the best plan so far, updated by the
    caller) a branch stops once it can't beat it: its naturals already fall
    short by more than the wilds may cover, or (once the last run is chosen,
    so the wilds are known) it spends more wilds.  Targets come with the most
    naturals first, so a target short by too much ends its level.
    """
    hand = _Hand(hand_cards)
    reqs = _search_order(contract)
    last_run = max((i for i, r in enumerate(reqs) if r.kind is MatchKind.RUN), default=-1)
    chosen: list[Target] = []
    keys: list[tuple[int, int]] = [(0, 0)] * len(reqs)
    taken: dict[int, int] = {}

    def leaf() -> Plan:
        wild_cards = hand.wild_cards()
        need = sum(min(t.gap, max_wilds(t.size)) for t in chosen)
        fill = min(len(wild_cards), need)
        missing = sum(t.gap for t in chosen) - fill
        return Plan(tuple(chosen), tuple(wild_cards[:fill]), missing)

    def walk(depth: int, short: int, need: int, rank_cards: dict[int, list[Card]] | None) -> Iterator[Plan | None]:
        if depth == len(reqs):
            yield leaf()
            return
        if steps:
            yield None
        req = reqs[depth]
        if req.kind is MatchKind.RUN:
            targets = _run_targets(hand, req.size)
        else:
            if rank_cards is None:
                rank_cards = _rank_cards(hand)
            targets = _set_targets(rank_cards, req.size, taken)
        targets.sort(key=lambda t: (-len(t.naturals), t.rank, t.suit))
        deuces = _deuce_targets(hand, req.size) if req.kind is MatchKind.SET else []
        targets += deuces  # last, and never cut off with the others
        same = depth > 0 and reqs[depth - 1] == req
        wilds = hand.wilds() if depth >= last_run else -1  # known once the last run is chosen
        rest_worse = False  # the targets still to come (but a set of 2s) can't beat the bound
        for target in targets:
            if rest_worse and not target.of_deuces:
                continue
            key = (target.rank, target.suit)
            if same and key < keys[depth - 1]:
                continue
            gap, cap = target.gap, max_wilds(target.size)
            short2, need2 = short + max(0, gap - cap), need + min(gap, cap)
            if bound is not None:
                if short2 > bound[0]:  # targets come with ever fewer naturals
                    if not deuces:
                        break
                    rest_worse = True
                    continue
                if wilds >= 0:
                    own_twos = sum(1 for c in target.naturals if c % 13 == 0)
                    lower = [short2, min(wilds - own_twos, need2)]
                    if lower > bound or (lower == bound and bound[0] == 0):
                        if target.kind is MatchKind.SET and not target.of_deuces:
                            if not deuces:
                                break  # the wilds are known and each later set needs as many or more
                            rest_worse = True
                        continue
            keys[depth] = key
            chosen.append(target)
            if target.kind is MatchKind.RUN or target.of_deuces:
                for c in target.naturals:
                    hand.count[c] -= 1
                yield from walk(depth + 1, short2, need2, None)
                for c in target.naturals:
                    hand.count[c] += 1
            else:
                taken[target.rank] = taken.get(target.rank, 0) + len(target.naturals)
                yield from walk(depth + 1, short2, need2, rank_cards)
                taken[target.rank] -= len(target.naturals)
            chosen.pop()

    yield from walk(0, 0, 0, None)


def _score(plan: Plan) -> tuple[int, int, int]:
    """Fewest missing, then fewest wilds spent (deuces laid as a set of 2s count), then most naturals."""
    deuces = sum(len(t.naturals) for t in plan.targets if t.of_deuces)
    return plan.missing, len(plan.wilds) + deuces, -sum(len(t.naturals) for t in plan.targets)


def solve(hand: Sequence[int], contract: Contract) -> Plan | None:
    """The best plan for ``hand`` (met if it can be); ``None`` if the hand holds no natural for some requirement."""
    best = None
    for best in _best_so_far(hand, contract, False):
        pass
    return best


def solve_steps(hand: Sequence[int], contract: Contract) -> Generator[None, None, Plan | None]:
    """:func:`solve` in slices: it yields after each plan it weighs and each inner step of the search (a bot
    thinking between frames splits its search there) and returns the same plan."""
    best = None
    for best in _best_so_far(hand, contract, True):
        yield
    return best


def _best_so_far(hand: Sequence[int], contract: Contract, steps: bool) -> Iterator[Plan | None]:
    """The search of :func:`solve`: the best plan so far after each plan weighed (and, with ``steps``, after each
    inner step of the search)."""
    bound = [1 << 30, 1 << 30]
    best: Plan | None = None
    for plan in _plans(hand, contract, bound, steps):
        if plan is not None and (best is None or _score(plan) < _score(best)):
            best = plan
            bound[:] = list(_score(plan)[:2])
        yield best


def run_to_end(steps: Generator[None, None, T]) -> T:
    """The value of a computation in slices (a generator that yields between them), every slice run at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value


def contract_lays(hand: Sequence[int], contract: Contract, limit: int = 8) -> list[tuple[tuple[Card, ...], ...]]:
    """Up to ``limit`` distinct ways to lay ``contract`` from ``hand`` now, in search order."""
    out: list[tuple[tuple[Card, ...], ...]] = []
    seen: set[tuple[tuple[Card, ...], ...]] = set()
    for plan in _plans(hand, contract, [0, 1 << 30]):
        if plan is not None and plan.met:
            lay = tuple(sorted(plan.melds()))
            if lay not in seen:
                seen.add(lay)
                out.append(lay)
                if len(out) >= limit:
                    break
    return out

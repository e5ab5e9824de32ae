"""Sprint's melds (matches) as 52-bit masks: one card of each kind, no wilds.

See the glossary in :mod:`engine.melds`.  Lookups are tables built once per
rule set, which is what makes enumeration fast enough for search.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Iterable

from ..cards import ALL_CARDS, STANDARD_SIZE, Card, format_cards, mask_of

SUIT_BITS = 0x1FFF
"""The 13 bits of one suit in a mask (shift by ``13 * suit``)."""

RANK_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The four bits of one rank in a mask (shift by ``rank - 2``)."""


class MatchKind(Enum):
    SET = "set"
    RUN = "run"


class IllegalMatch(ValueError):
    """Cards that do not form a match; the message says why in a player's words."""


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Which sets and runs a game accepts."""

    set_min: int = 2
    set_max: int = 4
    run_min: int = 3

    def describe_set(self) -> str:
        return f"a set is {self.set_min} to {self.set_max} cards of one rank"

    def describe_run(self) -> str:
        return f"a run is {self.run_min} or more cards of one suit in sequence, aces high only"


SPRINT_MELDS = MeldRules()


def triangular(n: int) -> int:
    """Points for a match of ``n`` cards: 1 + 2 + ... + n."""
    return n * (n + 1) // 2


@cache
def _tables(rules: MeldRules) -> tuple[dict[int, MatchKind], tuple[tuple[int, ...], ...], dict[int, tuple[int, ...]]]:
    """(kind of every legal match mask, set sub-masks per rank column, runs per suit pattern).

    Built once per rule set.  The third table fills in as suit patterns are met
    (at most 8,192 of them); it is a pure memo, so sharing it is safe.
    """
    kinds: dict[int, MatchKind] = {}
    set_subsets: list[tuple[int, ...]] = []
    for column in range(16):
        # bits 0..3 of ``column`` stand for the four suits of one rank
        subsets = []
        sub = column
        while sub:
            if rules.set_min <= sub.bit_count() <= rules.set_max:
                subsets.append(sub)
            sub = (sub - 1) & column
        subsets.sort(key=lambda m: (-m.bit_count(), m))
        set_subsets.append(tuple(_spread(m) for m in subsets))
    for rank in range(13):
        for sub in set_subsets[15]:
            kinds[sub << rank] = MatchKind.SET
    for suit in range(4):
        for start in range(13):
            for end in range(start + rules.run_min, 14):
                kinds[((1 << (end - start)) - 1) << (start + 13 * suit)] = MatchKind.RUN
    return kinds, tuple(set_subsets), {}


def _spread(column: int) -> int:
    """Map suit bits 0..3 to the rank column's bits 0, 13, 26, 39."""
    return sum(1 << (13 * s) for s in range(4) if column >> s & 1)


def _runs_in_suit(bits: int, run_min: int) -> tuple[int, ...]:
    """Every run (as 13-bit masks, longest first) inside one suit's bits."""
    runs = []
    start = 0
    while start < 13:
        if not bits >> start & 1:
            start += 1
            continue
        end = start
        while end < 13 and bits >> end & 1:
            end += 1
        for length in range(end - start, run_min - 1, -1):
            for first in range(start, end - length + 1):
                runs.append(((1 << length) - 1) << first)
        start = end
    runs.sort(key=lambda m: (-m.bit_count(), m))
    return tuple(runs)


def match_kind(mask: int, rules: MeldRules = SPRINT_MELDS) -> MatchKind | None:
    """The kind of match the cards of ``mask`` form, or ``None``."""
    return _tables(rules)[0].get(mask)


def matches_in(hand: int, rules: MeldRules = SPRINT_MELDS, max_size: int = 52) -> list[int]:
    """Every match that can be laid from the cards of ``hand``, as masks.

    The order is fixed: sets by rank (largest first), then runs by suit (longest
    first).  ``max_size`` leaves out larger matches.
    """
    _, set_subsets, run_cache = _tables(rules)
    found = []
    if max_size >= rules.set_min:
        for rank in range(13):
            column = hand >> rank & RANK_COLUMN
            if column and column & (column - 1):  # two or more cards of this rank
                suits = (column & 1) | (column >> 12 & 2) | (column >> 24 & 4) | (column >> 36 & 8)
                for sub in set_subsets[suits]:
                    if sub.bit_count() <= max_size:
                        found.append(sub << rank)
    if max_size >= rules.run_min:
        for suit in range(4):
            shift = 13 * suit
            bits = hand >> shift & SUIT_BITS
            if bits.bit_count() < rules.run_min:
                continue
            runs = run_cache.get(bits)
            if runs is None:
                runs = run_cache[bits] = _runs_in_suit(bits, rules.run_min)
            for run in runs:
                if run.bit_count() <= max_size:
                    found.append(run << shift)
    return found


def check_match(cards: Iterable[int], rules: MeldRules = SPRINT_MELDS) -> MatchKind:
    """The kind of match ``cards`` form; raises :class:`IllegalMatch` saying why not."""
    cards = list(cards)
    mask = mask_of(cards)
    kind = _tables(rules)[0].get(mask)
    if kind is not None and len(cards) == mask.bit_count():
        return kind
    raise IllegalMatch(why_not_match(cards, rules))


def why_not_match(cards: list[int], rules: MeldRules = SPRINT_MELDS) -> str:
    """A player-readable reason why ``cards`` are not a match."""
    shown = format_cards(cards)
    if any(c >= STANDARD_SIZE for c in cards):
        return "Jokers can't be used in a match in this game."
    if len(set(cards)) != len(cards):
        return "A card can be used only once in a match."
    ranks = {ALL_CARDS[c].rank for c in cards}
    suits = {ALL_CARDS[c].suit for c in cards}
    if len(ranks) == 1 and len(cards) > rules.set_max:
        return f"A set has at most {rules.set_max} cards: {rules.describe_set()}."
    if len(cards) < min(rules.set_min, rules.run_min):
        return (
            f"A match needs at least {min(rules.set_min, rules.run_min)} cards: "
            f"{rules.describe_set()}; {rules.describe_run()}."
        )
    if len(ranks) == 1:
        return f"A set needs at least {rules.set_min} cards: {rules.describe_set()}."
    if len(suits) == 1:
        if len(cards) < rules.run_min:
            return f"{shown} is too short for a run: a run needs {rules.run_min} or more cards of one suit in sequence."
        return (
            f"{shown} is not in sequence. A run needs {rules.run_min} or more cards of one suit "
            "in sequence; aces are high only (Q-K-A counts, K-A-2 does not)."
        )
    return (
        f"{shown} is neither a set nor a run: {rules.describe_set()}; "
        f"{rules.describe_run()}."
    )


def describe_match(cards: Iterable[int]) -> str:
    """A match in words: ``"7-8-9 of hearts"`` or ``"three queens"``."""
    cards = sorted(cards)
    first = ALL_CARDS[cards[0]]
    if all(ALL_CARDS[c].rank == first.rank for c in cards):
        count = ("", "one", "a pair of", "three", "four")[len(cards)] if len(cards) <= 4 else str(len(cards))
        return f"{count} {first.rank.word}s"
    ranks = "-".join(_short_rank(ALL_CARDS[c]) for c in cards)
    return f"{ranks} of {first.suit_word}"


def _short_rank(card: Card) -> str:
    return card.rank.letter if card.rank > 10 else str(int(card.rank))

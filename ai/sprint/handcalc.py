"""Hand arithmetic on 52-bit masks shared by the bots and Master's playouts.

Everything here is a pure function of masks and counts, cheap enough to call
thousands of times per decision.  Card ``n`` is bit ``n``; within a suit the
bits are in rank order (see :mod:`engine.cards`), so the run neighbours of card
``n`` are bits ``n - 1`` and ``n + 1`` of the same suit.
"""

from __future__ import annotations

from engine.cards import ALL_CARDS, STANDARD_SIZE, cards_of_mask
from engine.melds import RANK_COLUMN, SPRINT_MELDS, matches_in, triangular
from engine.sprint import Discard, Lay

FULL_DECK = (1 << STANDARD_SIZE) - 1

RANK_MASK: tuple[int, ...] = tuple(RANK_COLUMN << (c % 13) for c in range(STANDARD_SIZE))
"""``RANK_MASK[c]``: the four cards of ``c``'s rank."""

_SUIT_RANGE = tuple(0x1FFF << (13 * (c // 13)) for c in range(STANDARD_SIZE))


def _near(c: int, distance: int) -> int:
    """Cards of ``c``'s suit within ``distance`` ranks of it, not ``c`` itself."""
    out = 0
    for d in range(1, distance + 1):
        for n in (c - d, c + d):
            if 0 <= n < STANDARD_SIZE and n // 13 == c // 13:
                out |= 1 << n
    return out


RUN_NEAR1: tuple[int, ...] = tuple(_near(c, 1) for c in range(STANDARD_SIZE))
RUN_NEAR2: tuple[int, ...] = tuple(_near(c, 2) for c in range(STANDARD_SIZE))
RANK_OF: tuple[int, ...] = tuple(c % 13 + 2 for c in range(STANDARD_SIZE))


def bits(mask: int) -> list[int]:
    """Card numbers of ``mask`` in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_matches(hand: int) -> list[int]:
    """Matches that may be laid from ``hand`` now (each leaves a card in hand)."""
    return matches_in(hand, SPRINT_MELDS, hand.bit_count() - 1)


def completes_match(hand: int, card: int) -> bool:
    """Whether taking ``card`` gives a match containing it that can be laid this turn."""
    bit = 1 << card
    full = hand | bit
    for m in matches_in(full, SPRINT_MELDS, full.bit_count() - 1):
        if m & bit:
            return True
    return False


def largest_match(hand: int) -> int:
    """The largest legal match (first in the engine's order among equals), or 0."""
    best = 0
    for m in legal_matches(hand):
        if m.bit_count() > best.bit_count():
            best = m
    return best


def best_partition(hand: int, stock_size: int) -> tuple[int, list[int]]:
    """Disjoint matches from ``hand`` scoring the most points; ``(points, matches)``.

    With an empty stock, the laid cards must leave one in hand; with cards left in
    the stock each lay is followed by replacements, so only the lay-by-lay rule
    (each match smaller than the hand) applies, which the engine checks anyway.
    """
    matches = matches_in(hand, SPRINT_MELDS, hand.bit_count() - 1)
    if not matches:
        return 0, []
    limit = hand.bit_count() - 1 if stock_size == 0 else STANDARD_SIZE
    best_points = 0
    best: list[int] = []

    def search(start: int, used: int, points: int, chosen: list[int]) -> None:
        nonlocal best_points, best
        # Ties go to laying more cards: fewer left to pay for at the end.
        if points > best_points or (points == best_points and used.bit_count() > sum(m.bit_count() for m in best)):
            best_points, best = points, chosen[:]
        for i in range(start, len(matches)):
            m = matches[i]
            if m & used or (used | m).bit_count() > limit:
                continue
            chosen.append(m)
            search(i + 1, used | m, points + triangular(m.bit_count()), chosen)
            chosen.pop()

    search(0, 0, 0, [])
    best.sort(key=lambda m: -m.bit_count())
    return best_points, best


def highest_card(hand: int) -> int:
    """The highest-ranked card (aces high); among equal ranks the last suit (spades)."""
    best = -1
    best_key = -1
    for c in bits(hand):
        key = RANK_OF[c] * 4 + c // 13
        if key > best_key:
            best, best_key = c, key
    return best


DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in ALL_CARDS[:STANDARD_SIZE])
"""``DISCARDS[c]``: the shared action discarding card ``c``."""

_LAYS: dict[int, Lay] = {}


def lay_of(match: int) -> Lay:
    """The shared :class:`Lay` action of a match mask."""
    lay = _LAYS.get(match)
    if lay is None:
        lay = _LAYS[match] = Lay(cards_of_mask(match))
    return lay

"""Playing cards: ranks, suits, text codes and deck building.

A card is written as two characters, rank then suit: ``"TD"`` is the ten of
diamonds, ``"AS"`` the ace of spades.  Ranks are ``2-9 T J Q K A`` and aces are
high.  Jokers are written ``"X1"``, ``"X2"`` and so on.  ``Card("10H")`` reads
the ten as people write it (it prints as ``"TH"``).

``Card`` is a small ``int`` so the rules modules can use bit masks and lookup
tables; every card exists once and is shared.  Cards of a standard deck are
numbered ``suit * 13 + (rank - 2)``, so within one suit the bits of a mask are in
rank order (handy for finding runs), and bit ``n`` of a 52-bit mask is card ``n``.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import IntEnum
from typing import Iterable, Sequence


class Suit(IntEnum):
    """The four suits, in bridge order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(IntEnum):
    """Ranks with aces high: ``Rank.ACE > Rank.KING``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self - 2]

    @property
    def word(self) -> str:
        """The rank as a player says it: ``"7"``, ``"10"``, ``"queen"``."""
        return _RANK_WORDS[self - 2]


RANK_LETTERS = "23456789TJQKA"
_RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

STANDARD_SIZE = 52
"""Cards ``0..51`` are the standard deck; jokers are numbered from 52 on."""

MAX_JOKERS = 4


class Card(int):
    """One playing card; ``Card("QS")`` parses, ``str(card)`` gives the code back."""

    __slots__ = ()

    def __new__(cls, code: str | Card) -> Card:
        if isinstance(code, Card):
            return code
        try:
            code = code.upper()
            return _BY_CODE["T" + code[2:] if code.startswith("10") else code]
        except (KeyError, AttributeError):
            raise ValueError(f"{code!r} is not a card: write rank then suit, like 'TD' or 'AS'") from None

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The standard card of ``rank`` (2-14) and ``suit`` (0-3)."""
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"no card has rank {rank} and suit {suit}")
        return ALL_CARDS[suit * 13 + rank - 2]

    @property
    def is_joker(self) -> bool:
        return self >= STANDARD_SIZE

    @property
    def rank(self) -> Rank:
        if self >= STANDARD_SIZE:
            raise ValueError("a joker has no rank")
        return _RANKS[self]

    @property
    def suit(self) -> Suit:
        if self >= STANDARD_SIZE:
            raise ValueError("a joker has no suit")
        return _SUITS[self]

    @property
    def code(self) -> str:
        return _CODES[self]

    @property
    def name(self) -> str:
        """The card in words: ``"queen of spades"``."""
        if self.is_joker:
            return "joker"
        return f"{self.rank.word} of {self.suit_word}"

    @property
    def suit_word(self) -> str:
        return _SUIT_WORDS[_SUITS[self]]

    def __str__(self) -> str:
        return _CODES[self]

    def __repr__(self) -> str:
        return f"Card({_CODES[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (_CODES[self],))


def _make(index: int) -> Card:
    return int.__new__(Card, index)


ALL_CARDS: tuple[Card, ...] = tuple(_make(i) for i in range(STANDARD_SIZE + MAX_JOKERS))
"""Every card by number: ``ALL_CARDS[n]`` is card ``n``."""

_CODES = tuple(RANK_LETTERS[i % 13] + "CDHS"[i // 13] for i in range(STANDARD_SIZE)) + tuple(
    f"X{j + 1}" for j in range(MAX_JOKERS)
)
_RANKS = tuple(Rank(i % 13 + 2) for i in range(STANDARD_SIZE))
_SUITS = tuple(Suit(i // 13) for i in range(STANDARD_SIZE))
_BY_CODE = {code: ALL_CARDS[i] for i, code in enumerate(_CODES)}


class HiddenCard(Card):
    """A card its viewer may not see (a network client's copy of a state): drawn face down, never named."""

    __slots__ = ()

    def __str__(self) -> str:
        return "??"

    def __repr__(self) -> str:
        return "HIDDEN_CARD"

    @property
    def code(self) -> str:
        return "??"


HIDDEN_CARD: Card = int.__new__(HiddenCard, 1000)
"""The one hidden card (:mod:`engine.wire` puts it where a viewer may not see)."""
HIDDEN_BIT = 64
"""In a hand's bit mask, bits from here up are hidden cards (a network client's copy of another seat's hand)."""
_BIT_CARDS: tuple[Card, ...] = ALL_CARDS + (HIDDEN_CARD,) * (2 * HIDDEN_BIT - len(ALL_CARDS))


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from codes separated by spaces or commas, or from an iterable of codes."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return tuple(Card(code) for code in text)


def whole_decks(cards: Sequence[Card]) -> int:
    """How many whole 52-card decks ``cards`` are (each card once per deck, no jokers); 0 if they are not."""
    decks, extra = divmod(len(cards), STANDARD_SIZE)
    return decks if decks and not extra and Counter(cards) == Counter(standard_deck(decks)) else 0


def format_cards(cards: Iterable[int]) -> str:
    """Codes separated by spaces: the inverse of :func:`parse_cards`."""
    return " ".join(_CODES[c] for c in cards)


def standard_deck(copies: int = 1, jokers: int = 0) -> list[Card]:
    """Unshuffled cards of ``copies`` 52-card decks plus ``jokers`` jokers.

    Games with several decks (Scamper) hold equal cards more than once, so their
    hands are lists rather than masks.
    """
    if copies < 1:
        raise ValueError("a deck needs at least one copy of the 52 cards")
    if not 0 <= jokers <= MAX_JOKERS:
        raise ValueError(f"between 0 and {MAX_JOKERS} jokers")
    return list(ALL_CARDS[:STANDARD_SIZE]) * copies + list(ALL_CARDS[STANDARD_SIZE : STANDARD_SIZE + jokers])


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``cards``; all chance comes from the injected ``rng``."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in card-number order (hidden ones last, :data:`HIDDEN_BIT`)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_BIT_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards`` (a card held twice still sets one bit)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask

"""Melds with wild cards, from several packs (Scamper Sets N' Runs).

See the glossary in :mod:`engine.melds`.  Cards are :class:`~engine.cards.Card`
values; with several packs a hand holds equal cards more than once, so melds
and hands are sequences, and a place in a meld is named by its position.  Every
joker is the one value :data:`JOKER`.

The rules decided here:

* a set is 3+ cards of one rank (suits may repeat); in a set of 2s the deuces
  are natural (jokers stay wild), and such a set needs four cards or more: three
  deuces are never a set of three;
* a run is 3+ cards of one suit in rank order, aces high only;
* jokers and deuces are wild; a deuce in its own place in a run of its suit
  (the 2 of 2-3-4 of diamonds) is natural;
* when a meld is laid its naturals must outnumber its wilds (:func:`max_wilds`);
  adding wilds later is free unless ``keep_majority`` is asked for;
* a natural card may replace the wild that stands for it; the meld stays valid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import ALL_CARDS, STANDARD_SIZE, Card, Rank, format_cards
from .matches import MatchKind

JOKER = ALL_CARDS[STANDARD_SIZE]
"""The one value every joker of every pack has (written ``X1``)."""

MELD_MIN = 3
"""The fewest cards in a set or a run."""

DEUCE_SET_MIN = 4
"""The fewest cards in a set of 2s (three deuces are never a set of three)."""

_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


class IllegalMeld(ValueError):
    """Cards that can't be laid or added as asked; the message says why in a player's words."""


def is_wild(card: int) -> bool:
    """Jokers and deuces are wild (a deuce may still be natural in its own place in a run)."""
    return card >= STANDARD_SIZE or card % 13 == 0


def max_wilds(size: int) -> int:
    """The most wilds a meld of ``size`` cards may hold when laid: naturals must outnumber them."""
    return (size - 1) // 2


def rank_name(rank: int, plural: bool = False) -> str:
    word = Rank(rank).word
    return word + "s" if plural else word


def card_name(rank: int, suit: int) -> str:
    return f"{Rank(rank).word} of {_SUIT_WORDS[suit]}"


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld: its cards in place order and what each place stands for.

    A set's places all stand for ``rank``; a run's place ``i`` stands for the
    card of rank ``rank + i`` in ``suit``.
    """

    kind: MatchKind
    cards: tuple[Card, ...]
    rank: int  # the set's rank, or the rank of the run's first place
    suit: int = -1  # the run's suit; -1 for a set

    @property
    def high(self) -> int:
        """The rank of the top place (a set: its rank)."""
        return self.rank + len(self.cards) - 1 if self.kind is MatchKind.RUN else self.rank

    def place_rank(self, i: int) -> int:
        return self.rank + i if self.kind is MatchKind.RUN else self.rank

    def is_natural_at(self, i: int) -> bool:
        """Whether the card at place ``i`` is natural there (a deuce: in a set of 2s, or its own place in a run)."""
        card = self.cards[i]
        if not is_wild(card):
            return True
        if card >= STANDARD_SIZE:
            return False
        if self.kind is MatchKind.SET:
            return self.rank == 2
        return self.rank + i == 2 and card // 13 == self.suit

    @property
    def wild_places(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.cards)) if not self.is_natural_at(i))

    @property
    def naturals(self) -> int:
        return len(self.cards) - len(self.wild_places)

    @property
    def wilds(self) -> int:
        return len(self.wild_places)

    def stands_for(self, i: int) -> str:
        """What place ``i`` stands for, in words: ``"9 of hearts"`` or ``"a 7"``."""
        if self.kind is MatchKind.RUN:
            return card_name(self.rank + i, self.suit)
        return f"a {rank_name(self.rank)}"

    def natural_for(self, i: int) -> Card | None:
        """The one natural card that belongs at place ``i`` of a run (``None`` for a set)."""
        if self.kind is MatchKind.SET:
            return None
        return Card.of(self.rank + i, self.suit)

    def describe(self) -> str:
        """The meld in words: ``"three 7s"`` or ``"5 to 9 of hearts"``."""
        if self.kind is MatchKind.SET:
            return f"{len(self.cards)} {rank_name(self.rank, plural=True)}"
        return f"{Rank(self.rank).word} to {Rank(self.high).word} of {_SUIT_WORDS[self.suit]}"

    def __str__(self) -> str:
        return format_cards(self.cards)


# --- reading a meld -----------------------------------------------------------


def _ratio_reason(size: int, wilds: int) -> str | None:
    if wilds > max_wilds(size):
        most = max_wilds(size)
        return (f"Too many wilds: a meld of {size} may hold at most {most} wild{'s' if most != 1 else ''} "
                f"(naturals must outnumber wilds), this one has {wilds}.")
    return None


def read_meld(cards: Sequence[Card], keep_majority: bool = True) -> Meld:
    """The meld that ``cards`` form in this order; raises :class:`IllegalMeld` saying why not.

    A run's cards are read low to high, each wild standing for the place it is
    in.  A set's order doesn't matter.  ``keep_majority`` applies the natural
    majority (always, when a meld is laid).
    """
    cards = tuple(ALL_CARDS[c] for c in cards)
    if len(cards) < MELD_MIN:
        raise IllegalMeld(f"A meld needs at least {MELD_MIN} cards: a set of one rank or a run of one suit.")
    plain = [c for c in cards if not is_wild(c)]
    if not plain:
        if all(c >= STANDARD_SIZE for c in cards):
            raise IllegalMeld("A meld needs natural cards: wilds alone make nothing.")
        if len(cards) < DEUCE_SET_MIN:
            raise IllegalMeld(f"Three 2s are never a set of three: a set of 2s needs {DEUCE_SET_MIN} cards or more.")
        meld = Meld(MatchKind.SET, cards, 2)  # its deuces are natural, its jokers wild
    elif len({c.rank for c in plain}) == 1 and not any(c < STANDARD_SIZE and c % 13 == 0 and _deuce_natural_in_run(cards, c) for c in cards):
        meld = Meld(MatchKind.SET, cards, plain[0].rank)
    else:
        meld = _read_run(cards, plain)
    if keep_majority:
        reason = _ratio_reason(len(cards), meld.wilds)
        if reason:
            raise IllegalMeld(reason)
    return meld


def _deuce_natural_in_run(cards: tuple[Card, ...], deuce: Card) -> bool:
    """Whether ``cards`` read as a run would put ``deuce`` in its own place (2-3-4 of its suit)."""
    try:
        run = _read_run(cards, [c for c in cards if not is_wild(c)])
    except IllegalMeld:
        return False
    return any(run.is_natural_at(i) and run.cards[i] == deuce for i in range(len(cards)))


def _read_run(cards: tuple[Card, ...], plain: list[Card]) -> Meld:
    suits = {c.suit for c in plain}
    if len(suits) > 1:
        raise IllegalMeld(
            f"{format_cards(cards)} is neither a set (one rank) nor a run (one suit): "
            "a run needs 3 or more cards of one suit in sequence."
        )
    suit = plain[0].suit
    first = next(i for i, c in enumerate(cards) if not is_wild(c))
    start = cards[first].rank - first
    for i, c in enumerate(cards):
        if not is_wild(c) and c.rank != start + i:
            raise IllegalMeld(
                f"{format_cards(cards)} is not in sequence: a run needs its cards in rank order, "
                "with a wild in the place of each missing card; aces are high only (A-2-3 is not a run)."
            )
    if start < 2 or start + len(cards) - 1 > 14:
        raise IllegalMeld("A run can't go past the ace: aces are high only (Q-K-A counts, A-2-3 does not).")
    return Meld(MatchKind.RUN, cards, start, suit)


def arrange(cards: Sequence[Card], keep_majority: bool = True, wilds_low: bool = False) -> Meld:
    """The best meld ``cards`` make in any order; raises :class:`IllegalMeld` saying why not.

    A selection becomes a set, or a run with the naturals in rank order and the
    wilds in the gaps, then at the top, then at the bottom (``wilds_low``: at the
    bottom first, then the top); a deuce of the run's suit goes to its own place
    when it can.  The reading with most naturals wins.
    """
    cards = tuple(ALL_CARDS[c] for c in cards)
    plain = sorted((c for c in cards if not is_wild(c)), key=lambda c: c.rank)
    wilds = [c for c in cards if is_wild(c)]
    found: list[Meld] = []
    if plain and len({c.rank for c in plain}) == 1:
        found.append(Meld(MatchKind.SET, tuple(plain + wilds), plain[0].rank))
    if plain and len(cards) >= MELD_MIN and len({c.suit for c in plain}) == 1:
        found += _run_arrangements(plain, wilds, len(cards))
    if not found:
        return read_meld(tuple(plain + wilds), keep_majority)  # says why
    best = max(found, key=lambda m: (m.naturals, -m.rank if wilds_low else m.rank))
    if len(best.cards) < MELD_MIN:
        return read_meld(best.cards, keep_majority)
    if keep_majority:
        reason = _ratio_reason(len(cards), best.wilds)
        if reason:
            raise IllegalMeld(reason)
    return best


def _run_arrangements(plain: list[Card], wilds: list[Card], n: int) -> list[Meld]:
    """Every run that ``plain`` (in rank order) and ``wilds`` make, one per first rank."""
    suit = plain[0].suit
    own_deuce = Card.of(2, suit)
    out = []
    for start in range(max(2, plain[-1].rank - n + 1), min(plain[0].rank, 15 - n) + 1):
        placed: list[Card | None] = [None] * n
        for c in plain:
            if placed[c.rank - start] is not None:
                return []  # two cards of one rank: not a run
            placed[c.rank - start] = c
        spare = sorted(wilds, key=lambda c: c == own_deuce)  # the own-suit deuce is taken last
        if start == 2 and placed[0] is None and own_deuce in spare:
            spare.remove(own_deuce)
            placed[0] = own_deuce
        if placed.count(None) != len(spare):
            continue
        out.append(Meld(MatchKind.RUN, tuple(c if c is not None else spare.pop(0) for c in placed), start, suit))
    return out


# --- changing a meld on the table ---------------------------------------------


def add_place(meld: Meld, card: Card) -> bool | None:
    """Where ``card`` would go on ``meld``: ``True`` at the low end, ``False`` at the top, ``None`` nowhere.

    A set has no ends (``False``).  A wild goes on top unless the run already reaches the ace.
    """
    for low in (False, True):
        try:
            add_to_meld(meld, card, low)
        except IllegalMeld:
            continue
        return low
    return None


def add_to_meld(meld: Meld, card: Card, low: bool = False, keep_majority: bool = False) -> Meld:
    """``meld`` with ``card`` added (at the low end of a run if ``low``); raises :class:`IllegalMeld`."""
    card = ALL_CARDS[card]
    if meld.kind is MatchKind.SET:
        if not is_wild(card) and card.rank != meld.rank:
            raise IllegalMeld(f"This is a set of {rank_name(meld.rank, True)}: only a {rank_name(meld.rank)} or a wild fits.")
        new = Meld(MatchKind.SET, meld.cards + (card,), meld.rank)
    else:
        rank = meld.rank - 1 if low else meld.high + 1
        if rank > 14:
            raise IllegalMeld("This run already reaches the ace: nothing goes above an ace.")
        if rank < 2:
            raise IllegalMeld("This run already starts at the 2: nothing goes below it.")
        fits = is_wild(card) or (card.suit == meld.suit and card.rank == rank)
        if not fits:
            end = "bottom" if low else "top"
            raise IllegalMeld(f"This run needs the {card_name(rank, meld.suit)} (or a wild) at its {end}.")
        new = Meld(MatchKind.RUN, (card,) + meld.cards if low else meld.cards + (card,), rank if low else meld.rank, meld.suit)
    if keep_majority:
        reason = _ratio_reason(len(new.cards), new.wilds)
        if reason:
            raise IllegalMeld(reason.replace("a meld of", "with this card, a meld of"))
    return new


def swap_wild(meld: Meld, place: int, card: Card) -> tuple[Meld, Card]:
    """``meld`` with natural ``card`` in place of the wild at ``place``, and that wild.

    Raises :class:`IllegalMeld` unless the place holds a wild and ``card`` is the natural it stands for.
    """
    card = ALL_CARDS[card]
    if not 0 <= place < len(meld.cards):
        raise IllegalMeld(f"This meld has no place {place + 1}: it has {len(meld.cards)} cards.")
    if meld.is_natural_at(place):
        raise IllegalMeld(f"The {meld.cards[place].name} there is a natural card: only wilds can be swapped out.")
    wanted = meld.natural_for(place)
    if wanted is None:
        ok = card < STANDARD_SIZE and card.rank == meld.rank  # a set of 2s takes a deuce
    else:
        ok = card == wanted
    if not ok:
        raise IllegalMeld(f"That wild stands for {meld.stands_for(place)}: only that natural card can replace it.")
    cards = meld.cards[:place] + (card,) + meld.cards[place + 1:]
    return Meld(meld.kind, cards, meld.rank, meld.suit), meld.cards[place]


"""Ratscrew's snap rules: small named predicates over the stack, in one registry.

Glossary:

* the **stack** is the face-up pile in the middle, held bottom-first (its last
  card is the top, the one laid last);
* the **call** of a card is the rank the game called out as it was laid in turn
  (ace, 2, ... king, ace again); see :func:`call_for`;
* a **count** (counting out) starts when a picture card is laid in turn: jack 1,
  queen 2, king 3, ace 4, lowered by one by each card laid in turn after it.

A snap rule is a function from a :class:`StackView` to the cards that make it
hold (the topmost instance), or ``()`` when it does not hold.  Adding a rule is
one function and one line in :data:`SNAP_RULES`; each rule becomes a house-rule
option of the same name, on by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..cards import Card, Rank, Suit

CALL_ORDER: tuple[Rank, ...] = (Rank.ACE,) + tuple(Rank(r) for r in range(2, 14))
"""The calls in the order the game makes them: ace, 2, ..., 10, jack, queen, king."""

COUNT_START: dict[Rank, int] = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.ACE: 4}
"""The count each picture card starts (an ace counts as a picture card here)."""

DARK_QUEEN = Card.of(Rank.QUEEN, Suit.SPADES)


def call_for(number: int) -> Rank:
    """The rank called for the ``number``-th card laid in turn (1 = ace, 14 = ace again)."""
    if number < 1:
        raise ValueError(f"calls are numbered from 1, not {number}")
    return CALL_ORDER[(number - 1) % len(CALL_ORDER)]


def is_picture(card: Card) -> bool:
    """Jacks, queens, kings and aces start a count."""
    return card.rank in COUNT_START


@dataclass(frozen=True, slots=True)
class Count:
    """A counting-out count: ``owner`` laid ``picture``; ``left`` cards to go before it runs out."""

    owner: int
    left: int
    picture: Card


@dataclass(frozen=True, slots=True)
class StackView:
    """What every snap rule looks at: the stack (bottom-first), the top card's call, the count."""

    cards: tuple[Card, ...]
    call: Rank | None = None  # called for the top card, if it was laid in turn
    count: Count | None = None


Cards = tuple[Card, ...]


def calling_out(view: StackView) -> Cards:
    """The last card laid has the rank called for it."""
    if view.cards and view.call is not None and view.cards[-1].rank == view.call:
        return view.cards[-1:]
    return ()


def standard(view: StackView) -> Cards:
    """Two cards of one rank side by side anywhere in the stack (the topmost pair)."""
    cards = view.cards
    for i in range(len(cards) - 2, -1, -1):
        if cards[i].rank == cards[i + 1].rank:
            return cards[i : i + 2]
    return ()


def sandwich(view: StackView) -> Cards:
    """Two cards of one rank with exactly one card between them (the topmost sandwich)."""
    cards = view.cards
    for i in range(len(cards) - 3, -1, -1):
        if cards[i].rank == cards[i + 2].rank:
            return cards[i : i + 3]
    return ()


def dark_queen(view: StackView) -> Cards:
    """The top card is the queen of spades."""
    return view.cards[-1:] if view.cards and view.cards[-1] == DARK_QUEEN else ()


def counting_out(view: StackView) -> Cards:
    """A count has run down to zero: the picture card and the cards laid after it."""
    count = view.count
    if count is None or count.left != 0 or count.picture not in view.cards:
        return ()
    return view.cards[view.cards.index(count.picture) :]


@dataclass(frozen=True, slots=True)
class SnapRule:
    """One way a snap is valid: its option key, the name shown, its test, and why it fails."""

    key: str
    label: str
    holds: Callable[[StackView], Cards]
    absent: str  # for a wrong snap: "no two cards of a rank side by side"
    help: str


SNAP_RULES: tuple[SnapRule, ...] = (
    SnapRule("calling_out", "Calling out", calling_out, "the last card is not the rank called for it",
             "The last card laid has the rank the game called for it."),
    SnapRule("standard", "Pair", standard, "no two cards of a rank lie side by side",
             "Two cards of the same rank next to each other anywhere in the stack."),
    SnapRule("sandwich", "Sandwich", sandwich, "no two cards of a rank have exactly one card between them",
             "Two cards of the same rank with exactly one card between them."),
    SnapRule("dark_queen", "Dark queen", dark_queen, "the top card is not the queen of spades",
             "The top card is the queen of spades."),
    SnapRule("counting_out", "Counting out", counting_out, "no count has run out",
             "A picture card's count has run down to zero while another snap shows."),
)

RULES_BY_KEY: dict[str, SnapRule] = {rule.key: rule for rule in SNAP_RULES}


@dataclass(frozen=True, slots=True)
class SnapReason:
    """A rule that holds and the cards that make it (the table lights them), in the order they were laid."""

    rule: str
    cards: Cards

    @property
    def label(self) -> str:
        return RULES_BY_KEY[self.rule].label

    def __str__(self) -> str:
        return f"{self.label}: {' '.join(str(c) for c in self.cards)}"


def find_snaps(view: StackView, rules: tuple[str, ...]) -> tuple[SnapReason, ...]:
    """Every rule of ``rules`` (keys, in registry order) that holds on ``view``, with its cards."""
    out = []
    for key in rules:
        cards = RULES_BY_KEY[key].holds(view)
        if cards:
            out.append(SnapReason(key, cards))
    return tuple(out)


def why_no_snap(view: StackView, rules: tuple[str, ...]) -> str:
    """A wrong snap's reason, the one thing a player needs: a snap that shows but is switched off in this game, else
    what the only rule in play was missing, else that no snap shows (listing every rule that did not hold buried
    it; the rules are in the game's help)."""
    if not rules:
        return "Wrong snap: every snap rule is switched off in this game."
    off = next((rule for rule in SNAP_RULES if rule.key not in rules and rule.holds(view)), None)
    if off is not None:
        return f"Wrong snap: {off.label} is switched off in this game."
    return f"Wrong snap: {RULES_BY_KEY[rules[0]].absent}." if len(rules) == 1 else "Wrong snap: no snap showing."

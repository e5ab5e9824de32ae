"""Sprint, Snap, Score's actions: what a player may do, when, why not, and how a record writes it.

:func:`legal_actions_for` lists them in a fixed order; :func:`refusal` says in a
player's words why one is not allowed (``None`` when it is).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Mapping, Union

from ..cards import ALL_CARDS, STANDARD_SIZE, Card, cards_of_mask, format_cards, mask_of, parse_cards
from ..melds import SPRINT_MELDS, describe_match, match_kind, matches_in, why_not_match


class Phase(Enum):
    """Where the current turn is."""

    DRAW = "draw"
    BUILD = "build"  # lay matches, then discard
    OVER = "over"


class Source(StrEnum):
    """The two piles a player may draw from."""

    STOCK = "stock"
    DISCARD = "discard"


# --- actions --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: Source

    def __post_init__(self) -> None:
        object.__setattr__(self, "source", Source(self.source))

    def __str__(self) -> str:
        return f"draw from the {'stock' if self.source is Source.STOCK else 'discard pile'}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay a match from hand; ``cards`` may be codes or cards, in any order."""

    cards: tuple[Card, ...]
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(sorted(parse_cards(self.cards)))
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "mask", mask_of(cards))

    def __str__(self) -> str:
        return f"lay {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card from hand face up on the discard pile, ending the turn."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card(self.card))

    def __str__(self) -> str:
        return f"discard {self.card}"


Action = Union[Draw, Lay, Discard]

DRAW_STOCK = Draw(Source.STOCK)
DRAW_DISCARD = Draw(Source.DISCARD)
_DISCARDS = tuple(Discard(c) for c in ALL_CARDS[:STANDARD_SIZE])
_LAYS: dict[int, Lay] = {}


def _lay(mask: int) -> Lay:
    """The shared :class:`Lay` of a match mask (memoised: there are 407 of them)."""
    lay = _LAYS.get(mask)
    if lay is None:
        lay = _LAYS[mask] = Lay(cards_of_mask(mask))
    return lay


# --- legality -------------------------------------------------------------


def legal_actions_for(phase: Phase, hand: int, stock_size: int, discard_size: int) -> list[Action]:
    """What a player holding ``hand`` may do, in a fixed order.

    Draw: stock, then discard pile.  Build: every match that leaves a card in
    hand (sets by rank, runs by suit), then every discard in card order.
    """
    if phase is Phase.DRAW:
        actions: list[Action] = []
        if stock_size:
            actions.append(DRAW_STOCK)
        if discard_size:
            actions.append(DRAW_DISCARD)
        return actions
    if phase is not Phase.BUILD:
        return []
    actions = [_lay(m) for m in matches_in(hand, SPRINT_MELDS, hand.bit_count() - 1)]
    discards = _DISCARDS
    while hand:
        low = hand & -hand
        actions.append(discards[low.bit_length() - 1])
        hand ^= low
    return actions


_DRAW_FIRST = "Draw a card first, from the stock or the discard pile."


def refusal(phase: Phase, hand: int, stock_size: int, discard_size: int, action: object) -> str | None:
    """Why ``action`` is not allowed for a player holding ``hand``, or ``None`` if it is."""
    if phase is Phase.OVER:
        return "The round is over."
    kind = type(action)
    if kind is Draw:
        assert isinstance(action, Draw)
        if phase is not Phase.DRAW:
            if not stock_size and not discard_size:
                return "Both piles are empty, so there is nothing to draw: lay a match or discard."
            return "You have already drawn this turn: lay a match or discard a card."
        if action.source is Source.STOCK and not stock_size:
            return "The stock is empty: take the top card of the discard pile."
        if action.source is Source.DISCARD and not discard_size:
            return "The discard pile is empty: draw from the stock."
        return None
    if kind is Lay:
        assert isinstance(action, Lay)
        if phase is not Phase.BUILD:
            return _DRAW_FIRST
        mask = action.mask
        missing = [c for c in action.cards if not hand >> c & 1]
        if missing:
            return f"You don't hold {format_cards(missing)}."
        if match_kind(mask) is None or len(action.cards) != mask.bit_count():
            return why_not_match(list(action.cards))
        size = mask.bit_count()
        if size >= hand.bit_count():
            if size == 2:
                return "With only 2 cards in hand you can't lay a pair: one card must stay in your hand."
            return "At least one card must stay in your hand: this match would lay them all."
        return None
    if kind is Discard:
        assert isinstance(action, Discard)
        if phase is not Phase.BUILD:
            return _DRAW_FIRST
        if not hand >> action.card & 1:
            return f"You don't hold {action.card}."
        return None
    return f"{action!r} is not an action of this game: draw, lay or discard."


def describe_action(action: Action) -> str:  # used by hints and the table's log
    """An action in a player's words."""
    if isinstance(action, Lay):
        return f"lay {describe_match(action.cards)}"
    if isinstance(action, Discard):
        return f"discard the {action.card.name}"
    return str(action)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a record writes it (without the seat)."""
    if isinstance(action, Draw):
        return {"type": "draw", "source": action.source.value}
    if isinstance(action, Lay):
        return {"type": "lay", "cards": [str(c) for c in action.cards]}
    return {"type": "discard", "card": str(action.card)}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """An action from its record form; ``ValueError`` saying what is wrong."""
    kind = data.get("type")
    if kind == "draw":
        source = data.get("source")
        if source not in (Source.STOCK.value, Source.DISCARD.value):
            raise ValueError(f"source: expected 'stock' or 'discard', got {str(source)[:20]!r}")
        return Draw(Source(source))
    if kind == "lay":
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise ValueError("cards: expected a list of card codes")
        return Lay(parse_cards(cards))
    if kind == "discard":
        card = data.get("card")
        if not isinstance(card, str):
            raise ValueError(f"card: expected a card code, got {str(card)[:20]!r}")
        return Discard(Card(card))
    raise ValueError(f"type: expected 'draw', 'lay' or 'discard', got {str(kind)[:20]!r}")

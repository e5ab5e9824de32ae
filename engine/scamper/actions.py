"""What a Scamper player can do, as small hashable values with a JSON codec.

Cards are named by value: equal cards from different packs are interchangeable
in a hand.  A meld on the table is named by its index (the order melds were
laid), a place in a meld by its position.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping, Union

from ..cards import Card, format_cards, parse_cards
from ..melds import arrange, IllegalMeld


class Source(StrEnum):
    STOCK = "stock"
    DISCARD = "discard"


def _cards(value: Any) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(Card(c) for c in value)


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top of the stock or of the discard pile (at the opening: take the face-up card)."""

    source: Source

    def __post_init__(self) -> None:
        object.__setattr__(self, "source", Source(self.source))


@dataclass(frozen=True, slots=True)
class PassCard:
    """At the opening: pass the face-up card to the player on the left."""


@dataclass(frozen=True, slots=True)
class LayContract:
    """Lay the round's contract, every meld at once; a run's cards in place order."""

    melds: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(_cards(m) for m in self.melds))


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Once down: lay one more meld; a run's cards in place order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards))


@dataclass(frozen=True, slots=True)
class AddToMeld:
    """Once down: add ``card`` to meld number ``meld`` (a run: at its bottom if ``low``, else its top)."""

    meld: int
    card: Card
    low: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", Card(self.card))


@dataclass(frozen=True, slots=True)
class SwapWild:
    """Once down: put natural ``card`` in place ``place`` of another player's meld, taking the wild there."""

    meld: int
    place: int
    card: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", Card(self.card))


@dataclass(frozen=True, slots=True)
class CallScamper:
    """Say "Scamper!": one card will be left after this turn's discard (Advanced rules)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` on the discard pile, ending the turn (a wild only as the last card)."""

    card: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", Card(self.card))


Action = Union[Draw, PassCard, LayContract, LayMeld, AddToMeld, SwapWild, CallScamper, Discard]

DRAW_STOCK = Draw(Source.STOCK)
DRAW_DISCARD = Draw(Source.DISCARD)
PASS = PassCard()
CALL = CallScamper()


def _meld_words(cards: tuple[Card, ...]) -> str:
    try:
        return arrange(cards, keep_majority=False).describe()
    except IllegalMeld:
        return format_cards(cards)


def describe_action(action: Action) -> str:
    """An action in a player's words."""
    if isinstance(action, Draw):
        return "draw from the stock" if action.source is Source.STOCK else "take the top discard"
    if isinstance(action, PassCard):
        return "pass the face-up card to the left"
    if isinstance(action, LayContract):
        return "lay the contract: " + ", ".join(_meld_words(m) for m in action.melds)
    if isinstance(action, LayMeld):
        return f"lay {_meld_words(action.cards)}"
    if isinstance(action, AddToMeld):
        return f"add the {action.card.name} to meld {action.meld + 1}" + (" at its bottom" if action.low else "")
    if isinstance(action, SwapWild):
        return f"swap the {action.card.name} for the wild in meld {action.meld + 1}"
    if isinstance(action, CallScamper):
        return 'call "Scamper!"'
    return f"discard the {action.card.name}"


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a record writes it (without the seat)."""
    if isinstance(action, Draw):
        return {"type": "draw", "source": action.source.value}
    if isinstance(action, PassCard):
        return {"type": "pass"}
    if isinstance(action, LayContract):
        return {"type": "lay-contract", "melds": [format_cards(m) for m in action.melds]}
    if isinstance(action, LayMeld):
        return {"type": "lay", "cards": format_cards(action.cards)}
    if isinstance(action, AddToMeld):
        return {"type": "add", "meld": action.meld, "card": str(action.card), "low": action.low}
    if isinstance(action, SwapWild):
        return {"type": "swap", "meld": action.meld, "place": action.place, "card": str(action.card)}
    if isinstance(action, CallScamper):
        return {"type": "call"}
    return {"type": "discard", "card": str(action.card)}


def _index(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1000:
        raise ValueError(f"{key}: expected a whole number from 0, got {str(value)[:20]!r}")
    return value


def _card_text(data: Mapping[str, Any], key: str) -> Card:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key}: expected a card code, got {str(value)[:20]!r}")
    return Card(value)


def _meld_text(value: Any, key: str) -> tuple[Card, ...]:
    if not isinstance(value, str) or len(value) > 400:
        raise ValueError(f"{key}: expected card codes separated by spaces")
    return parse_cards(value)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """An action from its record form; ``ValueError`` saying what is wrong."""
    kind = data.get("type")
    if kind == "draw":
        source = data.get("source")
        if source not in (Source.STOCK.value, Source.DISCARD.value):
            raise ValueError(f"source: expected 'stock' or 'discard', got {str(source)[:20]!r}")
        return Draw(Source(source))
    if kind == "pass":
        return PASS
    if kind == "lay-contract":
        melds = data.get("melds")
        if not isinstance(melds, list) or not 0 < len(melds) <= 20:
            raise ValueError("melds: expected a list of melds, each card codes separated by spaces")
        return LayContract(tuple(_meld_text(m, "melds") for m in melds))
    if kind == "lay":
        return LayMeld(_meld_text(data.get("cards"), "cards"))
    if kind == "add":
        low = data.get("low", False)
        if not isinstance(low, bool):
            raise ValueError("low: expected true or false")
        return AddToMeld(_index(data, "meld"), _card_text(data, "card"), low)
    if kind == "swap":
        return SwapWild(_index(data, "meld"), _index(data, "place"), _card_text(data, "card"))
    if kind == "call":
        return CALL
    if kind == "discard":
        return Discard(_card_text(data, "card"))
    raise ValueError(
        "type: expected one of 'draw', 'pass', 'lay-contract', 'lay', 'add', 'swap', 'call', 'discard', "
        f"got {str(kind)[:20]!r}"
    )

"""What happened, for the UI to animate: frozen values returned by ``apply``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..cards import Card
from .actions import Source


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """Round ``round_no`` (1-based) was dealt; ``face_up`` starts the discard pile.

    The cards of the game change when a round after an added pack is dealt.
    """

    round_no: int
    dealer: int
    first_player: int
    contract: str
    face_up: Card
    changes_inventory: bool = False


@dataclass(frozen=True, slots=True)
class Drew:
    """``player`` drew ``card``; a card from the stock is face down to the others (``None``)."""

    player: int
    source: Source
    card: Card | None


@dataclass(frozen=True, slots=True)
class PassedFaceUp:
    """At the opening ``player`` passed the face-up ``card`` to ``to``, who takes it and a stock card."""

    player: int
    to: int
    card: Card


@dataclass(frozen=True, slots=True)
class ContractLaid:
    """``player`` went down: ``melds`` are now table melds ``first`` onwards."""

    player: int
    melds: tuple[tuple[Card, ...], ...]
    first: int


@dataclass(frozen=True, slots=True)
class MeldLaid:
    player: int
    meld: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AddedToMeld:
    player: int
    meld: int
    card: Card
    low: bool


@dataclass(frozen=True, slots=True)
class WildSwapped:
    """``player`` put ``card`` in ``place`` of meld ``meld`` and took ``wild`` into hand."""

    player: int
    meld: int
    place: int
    card: Card
    wild: Card


@dataclass(frozen=True, slots=True)
class ScamperCalled:
    player: int


@dataclass(frozen=True, slots=True)
class Discarded:
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class PenaltyGiven:
    """``player`` gets ``points`` (Advanced rules: one card left and no "Scamper!" called)."""

    player: int
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class WentOut:
    """``player`` has no cards left: the round ends."""

    player: int


@dataclass(frozen=True, slots=True)
class StockRenewed:
    """The stock ran out: ``how`` is ``"add-pack"`` or ``"reshuffle"``; it now holds ``size`` cards."""

    how: str
    size: int
    changes_inventory: bool


@dataclass(frozen=True, slots=True)
class RoundVoided:
    """The stock ran out and the round is dealt again (no scores).

    ``stuck``: a renewed stock ran out with nothing laid, added or swapped since it was renewed.
    """

    round_no: int
    stuck: bool = False


@dataclass(frozen=True, slots=True)
class RoundScored:
    """The round's points per seat (the one who went out scores 0) and the running totals."""

    round_no: int
    points: tuple[int, ...]
    went_out: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    totals: tuple[int, ...]
    placings: tuple[int, ...]


Event = Union[RoundDealt, Drew, PassedFaceUp, ContractLaid, MeldLaid, AddedToMeld, WildSwapped, ScamperCalled,
              Discarded, PenaltyGiven, WentOut, StockRenewed, RoundVoided, RoundScored, GameOver]


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: a card another player draws from the stock stays face down."""
    if type(event) is Drew and event.source is Source.STOCK and event.player != seat:
        return Drew(event.player, event.source, None)
    return event

"""Snap's actions (flip, the two calls), the events they cause, and their JSON forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Union

from ..cards import Card
from ..core import Ms

SNAP = "snap"
SNAP_POT = "snap-pot"
SHARED = -1
"""The pile number of the shared pile (own piles are numbered by seat)."""


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn the top face-down card face up (on your turn)."""


@dataclass(frozen=True, slots=True)
class Snap:
    """Call "Snap!": two face-up tops match (own piles), or the shared pile's top two do."""

    kind = SNAP


@dataclass(frozen=True, slots=True)
class SnapPot:
    """Call "Snap Pot!": a face-up top matches the snap pot's top card."""

    kind = SNAP_POT


Call = Union[Snap, SnapPot]
Action = Union[Flip, Snap, SnapPot]
CALL_WORDS = {SNAP: "Snap!", SNAP_POT: "Snap Pot!"}
_BY_TYPE: dict[str, Action] = {"flip": Flip(), SNAP: Snap(), SNAP_POT: SnapPot()}


def action_type(action: Action) -> str:
    return "flip" if isinstance(action, Flip) else action.kind


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a record writes it (without the seat)."""
    return {"type": action_type(action)}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """An action from its record form; ``ValueError`` saying what is wrong."""
    kind = data.get("type") if isinstance(data, Mapping) else None
    if not isinstance(kind, str) or kind not in _BY_TYPE:
        raise ValueError(f"type: expected 'flip', 'snap' or 'snap-pot', got {str(kind)[:20]!r}")
    return _BY_TYPE[kind]


def describe_action(action: Action) -> str:
    return "Flip" if isinstance(action, Flip) else CALL_WORDS[action.kind]


# --- events ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flipped:
    """``seat`` turned ``card`` face up onto ``pile`` (its own number, or ``SHARED``)."""

    seat: int
    card: Card
    pile: int
    auto: bool = False


@dataclass(frozen=True, slots=True)
class PileTurnedOver:
    """``seat`` ran out of face-down cards and turned its face-up pile over (shuffled)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Called:
    """A correct call, waiting for its tie window to close; ``reaction_ms`` since the match showed."""

    seat: int
    call: str
    at: Ms
    reaction_ms: int
    joined: bool  # a tie with an earlier call of the same kind


@dataclass(frozen=True, slots=True)
class SnapWon:
    """``seat``'s call won: it takes ``cards`` (from ``piles`` and the pot) under its face-down cards."""

    seat: int
    call: str
    cards: tuple[Card, ...]
    piles: tuple[int, ...]
    from_pot: int
    reaction_ms: int


@dataclass(frozen=True, slots=True)
class SnapTied:
    """Calls tied: ``cards`` from ``piles`` went onto the snap pot, which now holds ``pot_size``."""

    seats: tuple[int, ...]
    call: str
    cards: tuple[Card, ...]
    piles: tuple[int, ...]
    pot_size: int


@dataclass(frozen=True, slots=True)
class CallLapsed:
    """The match was gone when the calls were judged (another call took it first)."""

    seats: tuple[int, ...]
    call: str


@dataclass(frozen=True, slots=True)
class FalseCall:
    """A wrong call: nothing to call, or the wrong word."""

    seat: int
    call: str
    reason: str


@dataclass(frozen=True, slots=True)
class PenaltyPaid:
    """``seat`` gave one face-down card to each of ``paid`` (under their face-down cards)."""

    seat: int
    paid: tuple[int, ...]
    owed: int


@dataclass(frozen=True, slots=True)
class Eliminated:
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class SeatStats:
    """A seat's calling record: correct calls, wins, their speed, false calls."""

    calls: int
    wins: int
    fastest_ms: int | None
    average_ms: int | None
    false_calls: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The end: ``winners`` (several on a draw or a shared lead), why, and everyone's calling record."""

    winners: tuple[int, ...]
    reason: str  # "last player", "draw", "time"
    stats: tuple[SeatStats, ...]


Event = Union[Flipped, PileTurnedOver, Called, SnapWon, SnapTied, CallLapsed, FalseCall, PenaltyPaid, Eliminated, GameOver]

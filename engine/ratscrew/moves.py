"""Ratscrew's two actions, their JSON codec, and the events the table animates.

Every event is public (the stack is face up, piles are counted, not shown), so
``seen_by`` gives events back unchanged; a card laid out of turn and kept is
never shown (its event carries no card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Union

from ..cards import Card, Rank
from .snaps import SnapReason

# --- actions --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay the top card of your pile on the stack (out of turn it is a penalty)."""

    def __str__(self) -> str:
        return "lay"


@dataclass(frozen=True, slots=True)
class Snap:
    """Claim the stack (a wrong snap bars you until someone else wins the stack)."""

    def __str__(self) -> str:
        return "snap"


Action = Union[Lay, Snap]
LAY = Lay()
SNAP = Snap()
_BY_TYPE: dict[str, Action] = {"lay": LAY, "snap": SNAP}


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a record writes it (without the seat or time)."""
    return {"type": str(action)}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """An action from its record form; ``ValueError`` saying what is wrong."""
    kind = data.get("type")
    action = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    if action is None:
        raise ValueError(f"type: expected 'lay' or 'snap', got {str(kind)[:20]!r}")
    extra = sorted(k for k in data if k != "type")
    if extra:
        raise ValueError(f"{extra[0]}: a {kind} takes no other fields")
    return action


def describe_action(action: Action) -> str:
    """An action in a player's words."""
    return "lay your top card on the stack" if isinstance(action, Lay) else "snap the stack"


# --- events ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardLaid:
    """``player`` laid ``card`` in turn and the game called ``call`` for it (the ``number``-th call)."""

    player: int
    card: Card
    call: Rank
    number: int


@dataclass(frozen=True, slots=True)
class LaidOutOfTurn:
    """``player`` laid out of turn: ``card`` went to the stack's bottom, or was kept (``card`` is None)."""

    player: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class SnapAccepted:
    """``player``'s snap at ``at`` was valid for these reasons; the stack goes to the earliest one."""

    player: int
    at: int
    reasons: tuple[SnapReason, ...]


@dataclass(frozen=True, slots=True)
class SnapWrong:
    """``player`` snapped with no snap showing: ``why`` says what was missing."""

    player: int
    why: str


@dataclass(frozen=True, slots=True)
class PlayerBarred:
    """``player`` may not snap until someone else wins the stack."""

    player: int
    why: str


@dataclass(frozen=True, slots=True)
class PlayersReleased:
    """These players may snap again: the stack was won, or everyone who may snap was barred."""

    players: tuple[int, ...]
    why: str


@dataclass(frozen=True, slots=True)
class CountChanged:
    """The counting-out badge: ``owner``'s ``picture`` with ``left`` to go; all None once the count is over."""

    owner: int | None
    left: int | None
    picture: Card | None


@dataclass(frozen=True, slots=True)
class StackWon:
    """``player`` took the stack: ``cards`` bottom-first, now face down under their pile.

    ``how`` is ``"snap"`` (earliest valid snap; ``beaten`` snapped at the same
    millisecond and lost the tie), ``"count"`` (a count ran out with no other
    snap showing) or ``"last card"`` (no one could lay and nothing showed).
    """

    player: int
    cards: tuple[Card, ...]
    how: str
    beaten: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """It is ``player``'s turn to lay."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """``player`` has no cards left to lay (they may still snap their way back in)."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayerBackIn:
    """``player`` had no cards and won a stack."""

    player: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """``winner`` holds every card."""

    winner: int


Event = Union[CardLaid, LaidOutOfTurn, SnapAccepted, SnapWrong, PlayerBarred, PlayersReleased, CountChanged,
              StackWon, TurnPassed, PlayerOut, PlayerBackIn, GameOver]

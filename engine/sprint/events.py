"""Sprint, Snap, Score's events: what ``Round.apply`` reports for the UI to animate, and what each seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..cards import Card
from ..melds import MatchKind
from .actions import Source


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """``player`` drew ``card``; a card from the stock is private (see :func:`seen_by`)."""

    player: int
    source: Source
    card: Card | None  # None: face down, as the other seats see it


@dataclass(frozen=True, slots=True)
class DrawSkipped:
    """Both piles were empty, so ``player`` drew nothing."""

    player: int


@dataclass(frozen=True, slots=True)
class MatchLaid:
    player: int
    cards: tuple[Card, ...]
    kind: MatchKind
    points: int


@dataclass(frozen=True, slots=True)
class ReplacementDrawn:
    """After a match ``player`` drew ``cards`` (fewer than ``wanted`` if the stock ran short)."""

    player: int
    cards: tuple[Card | None, ...]  # None: face down, as the other seats see it
    wanted: int


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """``player``'s turn ended (``discarded`` is False for a one-card turn end)."""

    player: int
    next_player: int | None
    discarded: bool


@dataclass(frozen=True, slots=True)
class FinalRoundStarted:
    """``player`` emptied the stock; ``more_turns`` turns follow this one (one each).

    ``Round.final_turns_left`` counts the current turn too, so it starts at ``more_turns + 1``.
    """

    player: int
    more_turns: int


@dataclass(frozen=True, slots=True)
class ScoreLine:
    player: int
    match_points: tuple[int, ...]
    cards_left: int
    total: int

    @property
    def laid_points(self) -> int:
        return sum(self.match_points)


@dataclass(frozen=True, slots=True)
class RoundOver:
    lines: tuple[ScoreLine, ...]
    winners: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(line.total for line in self.lines)


Event = Union[CardDrawn, DrawSkipped, MatchLaid, ReplacementDrawn, CardDiscarded, TurnPassed, FinalRoundStarted, RoundOver]


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: cards others took from the stock stay face down."""
    if type(event) is CardDrawn and event.source is Source.STOCK and event.player != seat:
        return CardDrawn(event.player, event.source, None)
    if type(event) is ReplacementDrawn and event.player != seat:
        return ReplacementDrawn(event.player, (None,) * len(event.cards), event.wanted)
    return event

"""What happens in Double or Nothing, as events for the UI to animate.

Events carry counts, never card lists.  Only :class:`Drew` holds something
private (which numbers a side drew); :func:`seen_by` hides it from the other
seat.  Events that make or remove cards by rule (a doubling, an upgrade that
adds cards, a second wind) say so with the class attribute
``changes_inventory``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Union

from .counts import Counts
from .plays import Play, Strength


@dataclass(frozen=True, slots=True)
class HandDealt:
    """Game ``game``'s hand ``hand`` (counted from 1 in each game) begins: each side drew ``sizes`` cards;
    ``leader`` leads."""

    game: int
    hand: int
    sizes: tuple[int, int]
    leader: int


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` drew ``cards`` from its deck (``counts``: which, or ``None`` as the other seat sees it)."""

    seat: int
    cards: int
    counts: Counts | None
    reason: str  # "hand" or "pass"


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    play: Play
    strength: Strength
    left_in_hand: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed and drew ``drew``; the play area went under ``to_seat``'s deck.

    ``salvaged`` cards (the Salvage upgrade) went under the passer's own deck instead; ``toll``
    cards (the Toll upgrade) went from the passer's deck under the runner's.
    """

    seat: int
    drew: int
    to_seat: int
    cards_under: int
    salvaged: int = 0
    toll: int = 0


@dataclass(frozen=True, slots=True)
class HandWon:
    """``seat`` emptied its hand: ``cards_taken`` (play area and the other hand) go under its deck."""

    seat: int
    cards_taken: int


@dataclass(frozen=True, slots=True)
class GameWon:
    """``seat`` won game ``game``: the other side could not draw a full hand."""

    seat: int
    game: int


@dataclass(frozen=True, slots=True)
class Doubled:
    """The runner's deck doubled to ``deck_size``; game ``game`` deals ``hand_size`` and passes draw ``pass_size``."""

    changes_inventory: ClassVar[bool] = True
    game: int
    deck_size: int
    hand_size: int
    pass_size: int


@dataclass(frozen=True, slots=True)
class UpgradesOffered:
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UpgradePicked:
    upgrade: str
    stacks: int


@dataclass(frozen=True, slots=True)
class CardsAdded:
    """An upgrade shuffled ``counts`` more cards into ``seat``'s deck."""

    changes_inventory: ClassVar[bool] = True
    seat: int
    counts: Counts


@dataclass(frozen=True, slots=True)
class SecondWind:
    """The runner lost game ``game`` but plays it again with fresh decks (once per run)."""

    changes_inventory: ClassVar[bool] = True
    game: int


@dataclass(frozen=True, slots=True)
class RunOver:
    """The run ended after ``games_won`` games won (``cleared``: the last game of the ladder won)."""

    games_won: int
    reached: int
    cleared: bool


@dataclass(frozen=True, slots=True)
class DuelOver:
    winner: int


Event = Union[HandDealt, Drew, Played, Passed, HandWon, GameWon, Doubled, UpgradesOffered, UpgradePicked,
              CardsAdded, SecondWind, RunOver, DuelOver]


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: the numbers the other side drew stay hidden."""
    if type(event) is Drew and event.seat != seat:
        return replace(event, counts=None)
    return event

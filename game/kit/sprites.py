"""Card sprites: a card on the table with an identity of its own.

A :class:`CardSprite` refers to an engine card; it is never the card.  Games with
several packs hold equal cards more than once (two seven of hearts in one hand),
so hands, selections, eased positions and flights are keyed by the sprite's
``id``, never by the card's value.  A :class:`Hand` or a :class:`Pile` is an
ordered list of sprites; :class:`CardsView` shows one as the cards it holds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Callable, Union, overload

import pygame

from engine.cards import Card

from game.base.cardart import CardArt, NumberCard

Face = Union[Card, NumberCard]
"""What a sprite shows face up: an engine card (jokers too) or a number card."""


@dataclass(eq=False, slots=True)
class CardSprite:
    """One card on the table; equal only to itself (two sprites may show the same card)."""

    id: int
    card: Face


class SpriteBook:
    """Hands out sprites with fresh ids."""

    def __init__(self) -> None:
        self._next = 1

    def new(self, card: Face) -> CardSprite:
        sprite = CardSprite(self._next, card)
        self._next += 1
        return sprite


class Hand(list[CardSprite]):
    """A seat's cards, in the order the player keeps them."""

    def find(self, card: Face, prefer: Callable[[CardSprite], bool] | None = None) -> CardSprite | None:
        """A sprite showing ``card``: the first one ``prefer`` likes (a selected or dragged one), else the first."""
        found = [s for s in self if s.card == card]
        if prefer is not None:
            for s in found:
                if prefer(s):
                    return s
        return found[0] if found else None

    def index_of(self, sprite_id: int) -> int | None:
        for i, s in enumerate(self):
            if s.id == sprite_id:
                return i
        return None

    def take(self, sprite: CardSprite) -> None:
        """Remove ``sprite`` if it is here."""
        i = self.index_of(sprite.id)
        if i is not None:
            del self[i]

    @property
    def cards(self) -> CardsView:
        return CardsView(self)


Pile = Hand
"""A pile (discard, a trick, a table stack) is an ordered list of sprites too; its top is last."""


class CardsView(Sequence[Face]):
    """The cards a hand or pile holds, live and read-only; equal to a list of the same cards."""

    def __init__(self, sprites: list[CardSprite]) -> None:
        self._sprites = sprites

    @overload
    def __getitem__(self, i: int) -> Face: ...
    @overload
    def __getitem__(self, i: slice) -> list[Face]: ...

    def __getitem__(self, i: int | slice) -> Face | list[Face]:
        if isinstance(i, slice):
            return [s.card for s in self._sprites[i]]
        return self._sprites[i].card

    def __len__(self) -> int:
        return len(self._sprites)

    def __iter__(self) -> Iterator[Face]:
        return (s.card for s in self._sprites)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (CardsView, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"CardsView({[str(c) for c in self]})"

    __hash__ = None  # type: ignore[assignment]


def blit_card(art: CardArt, surface: pygame.Surface, card: Face, rect: pygame.Rect, face_up: bool,
              shadow: bool = True) -> None:
    """A card face up or face down at ``rect`` (the one place that decides which art to use)."""
    if not face_up:
        art.blit_back(surface, rect, shadow=shadow)
    elif isinstance(card, NumberCard):
        art.blit_number(surface, card.value, rect, shadow=shadow)
    else:
        art.blit_face(surface, card, rect, shadow=shadow)

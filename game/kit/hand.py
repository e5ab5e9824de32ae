"""The hand widget: the bottom seat's cards fanned out, hovered, selected, dragged and reordered.

:class:`HandFan` keeps what the widget owns (the selection, each card's eased
position, a drag in progress), keyed by sprite id; the cards themselves are a
:class:`~game.kit.sprites.Hand` passed in, and the slots come from the layout (any :class:`HandSlots`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, MutableSet
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

import pygame

from engine.cards import STANDARD_SIZE
from game.base.cardart import CardArt
from game.kit.sprites import CardSprite, Face, Hand, blit_card
from game.kit.ui import GOLD, SELECT

LIT = (120, 230, 150)
"""The glow of a card that is part of a possible match (the "light possible matches" help)."""
SORTS: dict[str, Callable[[Any], tuple[int, int, int]]] = {
    "sort_rank": lambda c: (1, 0, 0) if c >= STANDARD_SIZE else (0, c.rank, c.suit),
    "sort_suit": lambda c: (1, 0, 0) if c >= STANDARD_SIZE else (0, c.suit, c.rank)}
"""A hand's two orders by their buttons' names (:meth:`HandFan.sort` keys); jokers go to the right end either way."""


class HandSlots(Protocol):
    """Where a hand's cards go (:class:`~game.kit.layout.TableLayout` is one; a table may bring its own)."""

    lift: int
    hand_card: tuple[int, int]

    def hand_rects(self, count: int, lifted: set[int] | None = None) -> list[pygame.Rect]: ...
    def hand_insert_index(self, x: int, count: int) -> int: ...


@dataclass
class Drag:
    """A card (``what`` = "hand", with its ``sprite``) or a pile's top card following the mouse."""

    what: str
    offset: tuple[int, int]
    sprite: CardSprite | None = None


class HandFan:
    """Selection, hover lift and eased positions of the cards in one hand."""

    EASE_RATE = 16.0  # how fast a card eases to its slot (per second, exponential)

    def __init__(self) -> None:
        self.selected: set[int] = set()
        self.pos: dict[int, list[float]] = {}
        self.lit: set[int] = set()  # cards in a possible match, glowing green (a help setting)
        self.pointed: set[int] = set()  # cards a hint points at: a gold arrow above each

    def forget(self) -> None:
        """Drop the selection, positions and marks (the hand changed owner, or the layout did)."""
        self.selected.clear()
        self.pos.clear()
        self.lit.clear()
        self.pointed.clear()

    def targets(self, hand: Hand, layout: HandSlots, hover: int | None = None) -> dict[int, pygame.Rect]:
        """Each card's slot by sprite id: selected cards lifted, the hovered one lifted a little."""
        lifted = {i for i, s in enumerate(hand) if s.id in self.selected}
        rects = layout.hand_rects(len(hand), lifted)
        out = {}
        for i, (s, r) in enumerate(zip(hand, rects)):
            if i == hover and i not in lifted:
                r = r.move(0, -layout.lift // 3)
            out[s.id] = r
        return out

    def place(self, sprite: CardSprite, rect: pygame.Rect) -> None:
        """``sprite`` has just landed at ``rect`` (it eases on from there)."""
        self.pos[sprite.id] = [rect.x, rect.y]

    def drop(self, sprite: CardSprite) -> None:
        """``sprite`` left the hand."""
        self.pos.pop(sprite.id, None)
        self.selected.discard(sprite.id)

    def ease(self, dt: float, hand: Hand, layout: HandSlots, hover: int | None, animate: bool = True) -> None:
        k = 1.0 - math.exp(-dt * self.EASE_RATE) if animate else 1.0
        for sid, r in self.targets(hand, layout, hover).items():
            pos = self.pos.get(sid)
            if pos is None:
                self.pos[sid] = [r.x, r.y]
                continue
            pos[0] += (r.x - pos[0]) * k
            pos[1] += (r.y - pos[1]) * k
            if abs(r.x - pos[0]) < 0.5 and abs(r.y - pos[1]) < 0.5:
                pos[0], pos[1] = r.x, r.y

    def moving(self, hand: Hand, layout: HandSlots, hover: int | None, skip: frozenset[int] | set[int] = frozenset()
               ) -> bool:
        """Whether a card (but those in ``skip``: drawn elsewhere, in the air) is still easing to its slot."""
        for sid, r in self.targets(hand, layout, hover).items():
            pos = self.pos.get(sid)
            if sid in skip:
                continue
            if pos is None or pos[0] != r.x or pos[1] != r.y:
                return True
        return False

    def rect_of(self, sprite: CardSprite, layout: HandSlots) -> pygame.Rect | None:
        """Where ``sprite`` is drawn now (its eased position), if it has one."""
        pos = self.pos.get(sprite.id)
        return pygame.Rect(round(pos[0]), round(pos[1]), *layout.hand_card) if pos else None

    def index_at(self, pos: tuple[int, int], hand: Hand, layout: HandSlots, hover: int | None) -> int | None:
        """The card under the mouse, topmost first; a lifted card also answers in the gap below it."""
        targets = self.targets(hand, layout, hover)
        for i in range(len(hand) - 1, -1, -1):
            r = targets[hand[i].id]
            if r.collidepoint(pos) or (hand[i].id in self.selected and r.union(r.move(0, layout.lift)).collidepoint(pos)):
                return i
        return None

    def toggle(self, sprite: CardSprite) -> None:
        self.selected.symmetric_difference_update({sprite.id})

    def selected_sprites(self, hand: Hand) -> list[CardSprite]:
        return [s for s in hand if s.id in self.selected]

    @staticmethod
    def move(hand: Hand, sprite: CardSprite, x: int, layout: HandSlots) -> None:
        """Reorder: ``sprite`` dropped at ``x`` goes to the slot there."""
        if hand.index_of(sprite.id) is None:
            return
        hand.take(sprite)
        hand.insert(layout.hand_insert_index(x, len(hand) + 1), sprite)

    @staticmethod
    def arrive(hand: Hand, sprite: CardSprite, x: int | None, layout: HandSlots) -> int:
        """Where a card coming into the hand goes: the slot under ``x`` (a card dragged from a pile lands where it
        was dropped), or the end if ``x`` is None; returns the index (the caller inserts when it lands)."""
        if x is None:
            return len(hand)
        return sum(1 for r in layout.hand_rects(len(hand)) if r.centerx < x)  # between the cards it was dropped on

    @staticmethod
    def sort(hand: Hand, key: Callable[[Any], Any]) -> None:
        """Sort by ``key`` of each card (the view changes, the game does not)."""
        hand.sort(key=lambda s: key(s.card))

    def draw(self, surface: pygame.Surface, art: CardArt, hand: Hand, layout: HandSlots, face_up: bool,
             hover: int | None, hover_glow: bool, skip: set[int]) -> None:
        """The cards at their eased positions, selected ones glowing; ``skip`` holds sprites drawn elsewhere."""
        draw_cards(surface, art, self.drawn(hand, layout, face_up, hover, hover_glow, skip), face_up)

    def drawn(self, hand: Hand, layout: HandSlots, face_up: bool, hover: int | None, hover_glow: bool,
              skip: set[int]) -> list[tuple[Any, pygame.Rect, tuple[int, int, int] | None, bool]]:
        """What :meth:`draw` draws, bottom card first: (card, rect, glow colour or None, pointed at)."""
        out = []
        targets = None
        for i, s in enumerate(hand):
            if s.id in skip:
                continue
            r = self.rect_of(s, layout)
            if r is None:
                targets = targets or self.targets(hand, layout, hover)
                r = targets[s.id]
            glow = None
            if face_up:
                glow = SELECT if s.id in self.selected else LIT if s.id in self.lit else \
                    (255, 255, 255) if i == hover and hover_glow else None
            out.append((s.card, r, glow, face_up and s.id in self.pointed))
        return out


def draw_cards(surface: pygame.Surface, art: CardArt, cards: list[tuple[Any, pygame.Rect, Any, bool]],
               face_up: bool) -> None:
    """A fan's cards as :meth:`HandFan.drawn` lists them."""
    for card, r, glow, pointed in cards:
        if glow is not None:
            art.blit_glow(surface, r, glow)
        blit_card(art, surface, card, r, face_up)
        if pointed:
            draw_pointer(surface, r)


def draw_pointer(surface: pygame.Surface, card: pygame.Rect) -> None:
    """A thick gold frame with a dark edge around ``card``: what a hint points at (kept on the card's own area)."""
    w = max(3, card.w // 22)
    radius = max(4, round(card.w * 0.09))
    pygame.draw.rect(surface, (30, 36, 34), card.inflate(2 * w + 2, 2 * w + 2), width=w + 2, border_radius=radius + w)
    pygame.draw.rect(surface, GOLD, card.inflate(2 * w, 2 * w), width=w, border_radius=radius + w)


class SelectedCards(MutableSet[Face]):
    """A hand's selection seen as cards (for single-pack games and tests; multi-pack tables use ids).

    Adding a card selects the first unselected sprite showing it; removing one
    unselects every sprite showing it.
    """

    def __init__(self, fan: HandFan, hand: Hand) -> None:
        self._fan = fan
        self._hand = hand

    def __contains__(self, card: object) -> bool:
        return any(s.card == card for s in self._fan.selected_sprites(self._hand))

    def __iter__(self) -> Iterator[Face]:
        return (s.card for s in self._fan.selected_sprites(self._hand))

    def __len__(self) -> int:
        return len(self._fan.selected_sprites(self._hand))

    def add(self, card: Face) -> None:
        s = self._hand.find(card, prefer=lambda s: s.id not in self._fan.selected)
        if s is not None:
            self._fan.selected.add(s.id)

    def discard(self, card: Face) -> None:
        for s in self._hand:
            if s.card == card:
                self._fan.selected.discard(s.id)

    def replace(self, cards: Iterable[Face]) -> None:
        self._fan.selected.clear()
        for c in cards:
            self.add(c)

    def __repr__(self) -> str:
        return f"SelectedCards({sorted(str(c) for c in self)})"

"""The steps every hidden-hand table shows the same way: the model of what it shows, the deal, a draw, a discard.

A step (:data:`~game.kit.flights.Step`) runs when the flights before it have
landed and returns its own flights; the table's model (a :class:`HandModel`)
catches up with the engine as they land.  A game's steps module keeps only what
is its own (matches, melds, wording) and builds on these; ``t`` is the
:class:`~game.kit.handtable.HiddenHandTable`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import pygame

from engine.cards import Card
from engine.wire import HIDDEN_CARD
from game.kit.flights import Flight, Later, Step
from game.kit.hand import HandFan
from game.kit.sprites import CardSprite, CardsView, Hand


@dataclass
class HandModel:
    """What a hidden-hand table shows right now: each seat's hand, the discard pile, the stock's size, whose turn."""

    held: list[Hand]
    pile: Hand = field(default_factory=Hand)
    stock: int = 0
    current: int = 0
    over: bool = False

    @property
    def hands(self) -> list[CardsView]:
        """Each seat's hand as cards, in the order the table shows them."""
        return [h.cards for h in self.held]

    @property
    def discard(self) -> CardsView:
        return self.pile.cards


def queue_steps(t: Any, events: Sequence[Any], steps: Mapping[type, Callable[[Any, Any], Step | None]]) -> None:
    """Queue each event's step by its type (an event with none, or whose maker returns None, shows nothing)."""
    for ev in events:
        make = steps.get(type(ev))
        step = make(t, ev) if make is not None else None
        if step is not None:
            t.motion.queue(step)


def note_step(t: Any, line: str, banner: bool | str | None = False, then: Callable[[], None] | None = None) -> Step:
    """A line in the log (and across the table with ``banner``: the line itself, or the words ``banner`` gives),
    then ``then()`` (what else changes with it)."""
    def step() -> list[Flight]:
        t.log.add(line)
        if banner:
            t.announce(line if banner is True else banner)
        if then is not None:
            then()
        return []
    return step


def turn_step(t: Any, seat: int) -> Step:
    """The model's turn passes to ``seat`` (once the steps queued before it have landed)."""
    def step() -> list[Flight]:
        t.model.current = seat
        return []
    return step


def over_step(t: Any, line: str) -> Step:
    """The end: the model is over, the log says so."""
    def step() -> list[Flight]:
        t.model.over = True
        t.log.add(line)
        return []
    return step


def lander(t: Any, seat: int, sprite: CardSprite, end: pygame.Rect, at: int | None = None) -> Callable[[], None]:
    """A card landing in ``seat``'s hand (at index ``at``, else at the end); in the bottom fan at ``end``."""
    def land() -> None:
        hand = t.model.held[seat]
        hand.insert(len(hand) if at is None else min(at, len(hand)), sprite)
        if seat == t.viewer:
            t.fan.place(sprite, end)
    return land


def lift(t: Any, seat: int, card: Card, chosen: set[int]) -> tuple[CardSprite, pygame.Rect]:
    """Take ``card`` out of ``seat``'s hand (a chosen sprite first, see ``t.chosen()``): the sprite and where it was."""
    sprite = t.held_sprite(seat, card, chosen)
    start = t.sprite_rect(seat, sprite)
    t.model.held[seat].take(sprite)
    t.fan.drop(sprite)
    return sprite, start


def deal_flights(t: Any, hands: Sequence[Sequence[Card]], first: int, face_up: Card | None, duration: float,
                 gap: float, count_down: bool) -> list[Flight | Later]:
    """The deal's flights: one card at a time round the table from seat ``first``, then ``face_up`` onto the
    discard pile, with the deal's sound.  Each landing takes a card off the stock's count with ``count_down`` (else the
    table set it)."""
    m, n = t.model, len(hands)
    t.app.sound.play("deal")
    size = max((len(h) for h in hands), default=0)
    order = [(r, (first + k) % n) for r in range(size) for k in range(n) if r < len(hands[(first + k) % n])]
    flights: list[Flight | Later] = []
    for i, (r, seat) in enumerate(order):
        def make(seat: int = seat, sprite: CardSprite = t.sprites.new(hands[seat][r]), r: int = r,
                 face: bool = t.shows_face(seat), delay: float = min(2.0, gap * i)) -> Flight:
            end = t.hand_slot(seat, r, len(hands[seat]))

            def land() -> None:
                m.held[seat].append(sprite)
                m.stock -= count_down
                if seat == t.viewer:
                    t.fan.place(sprite, end)
            return t.fly(sprite, face, t.layout.stock, end, duration, delay, land)

        flights.append(t.fly_later(min(2.0, gap * i), make))  # each made as it leaves the stock: not all at once
    if face_up is not None:
        top = t.sprites.new(face_up)

        def land_top() -> None:
            m.pile.append(top)
            m.stock -= 1

        delay = min(2.0, gap * len(order)) + 0.1
        flights.append(t.fly_later(delay, lambda: t.fly(top, True, t.layout.stock, t.layout.discard, 0.3, delay, land_top)))
    return flights


def draw_step(t: Any, player: int, card: Card | None, from_stock: bool, line: str, duration: float,
              drop_x: int | None = None, sound: str | None = "draw") -> Step:
    """A card drawn from the stock (``card`` None: a card this table may not see) or taken from the discard pile
    (or passed from it: no ``sound``); into the bottom fan under ``drop_x`` when it was dragged there.  A card the
    bottom seat sees coming is encoded ahead from now on (:meth:`~game.kit.handtable.HiddenHandTable.prime_coming`)."""
    if card is not None and card != HIDDEN_CARD:
        t.prime_coming(player, [card], (t.layout.stock if from_stock else t.layout.discard).size)

    def step() -> list[Flight]:
        m = t.model
        if sound:
            t.app.sound.play(sound)
        if from_stock:
            start, face_up = t.layout.stock, t.shows_face(player)
            m.stock -= 1
            sprite = t.sprites.new(card if card is not None else HIDDEN_CARD)
        else:
            start, face_up = t.layout.discard, True
            sprite = m.pile.pop() if m.pile else t.sprites.new(card)
        t.log.add(line)
        hand = m.held[player]
        at = HandFan.arrive(hand, sprite, drop_x, t.layout) if player == t.viewer else len(hand)
        end = t.hand_slot(player, at, len(hand) + 1)
        return [t.fly(sprite, face_up, start, end, duration, 0, lander(t, player, sprite, end, None if drop_x is None else at))]
    return step


def discard_step(t: Any, player: int, card: Card, line: str, duration: float) -> Step:
    """A card from ``player``'s hand onto the discard pile."""
    chosen = t.chosen()

    def step() -> list[Flight]:
        sprite, start = lift(t, player, card, chosen)
        t.prime_ahead([card], t.layout.pile_card, shadow=True)  # face up from now on: encoded ahead of its landing
        t.log.add(line)
        t.app.sound.play("discard")
        return [t.fly(sprite, True, start, t.layout.discard, duration, 0, lambda: t.model.pile.append(sprite))]
    return step

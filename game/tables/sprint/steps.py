"""Sprint's table model, and the engine's events turned into steps of flights and log lines.

The model is what the table shows right now: it lags the engine's
:class:`~engine.sprint.Round` while cards are in flight and catches up as they
land.  Hands and the discard pile hold sprites (:mod:`game.kit.sprites`); the
shell and the tests read them as cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine.cards import Card
from engine.melds import describe_match
from engine.sprint import (
    CardDiscarded, CardDrawn, DrawSkipped, Event, FinalRoundStarted, MatchLaid, ReplacementDrawn, RoundOver, Source,
    TurnPassed,
)

from game.kit.flights import Flight, Step
from game.kit.hand import HandFan
from game.kit.sprites import CardSprite, CardsView, Hand
from game.kit.wording import says

if TYPE_CHECKING:
    from game.tables.sprint.table import SprintTable

DECK = 52


@dataclass
class TableModel:
    """What the table shows right now (it catches up with the engine as flights land)."""

    held: list[Hand]
    stock: int
    pile: Hand
    laid: list[list[tuple[Card, ...]]]
    points: list[int]
    current: int
    final_left: int | None = None
    over: bool = False

    @classmethod
    def empty(cls, seats: int, current: int) -> TableModel:
        return cls([Hand() for _ in range(seats)], DECK, Hand(), [[] for _ in range(seats)], [0] * seats, current)

    @property
    def hands(self) -> list[CardsView]:
        """Each seat's hand as cards, in the order the table shows them."""
        return [h.cards for h in self.held]

    @property
    def discard(self) -> CardsView:
        return self.pile.cards


def queue_deal(t: SprintTable) -> None:
    """Deal six cards to each seat from the stock, then turn up the first discard."""
    state = t.state
    n = state.num_players
    hands = [list(state.hand(p)) for p in range(n)]
    first_discard = Card(str(t.record.deal.discard[0]))

    def deal() -> list[Flight]:
        t.app.sound.play("deal")
        flights = []
        order = [(r, (state.first_player + k) % n) for r in range(len(hands[0])) for k in range(n)]
        for i, (r, seat) in enumerate(order):
            sprite = t.sprites.new(hands[seat][r])

            def land(seat: int = seat, sprite: CardSprite = sprite, r: int = r) -> None:
                t.model.held[seat].append(sprite)
                if seat == t.viewer:
                    t.fan.place(sprite, t.hand_slot(seat, r, len(hands[seat])))

            end = t.hand_slot(seat, r, len(hands[seat]))
            flights.append(t.fly(sprite, t.shows_face(seat), t.layout.stock, end, 0.32, 0.045 * i, land))
        t.model.stock = DECK - n * len(hands[0])
        top = t.sprites.new(first_discard)

        def land_discard() -> None:
            t.model.pile.append(top)
            t.model.stock -= 1

        flights.append(t.fly(top, True, t.layout.stock, t.layout.discard, 0.3, 0.045 * len(order) + 0.1, land_discard))
        return flights

    t.motion.queue(deal)


def queue_events(t: SprintTable, events: list[Event]) -> None:
    """Turn engine events into queued steps of flights and log lines (a match and its replacement cards fly at once)."""
    for i, ev in enumerate(events):
        if isinstance(ev, ReplacementDrawn) and i and isinstance(events[i - 1], MatchLaid):
            continue  # flown together with its match (below)
        if isinstance(ev, MatchLaid) and i + 1 < len(events) and isinstance(events[i + 1], ReplacementDrawn):
            t.motion.queue(_together(_lay_step(t, ev), _replacement_step(t, events[i + 1], delay=0.15)))
            continue
        make = STEPS.get(type(ev))
        if make is not None:
            t.motion.queue(make(t, ev))


def _together(first: Step, second: Step) -> Step:
    """Two steps whose flights start at once (a match flies out while its replacement cards fly in):
    a chained bot turn of many lays used to take over 10 seconds at Normal speed."""
    def step() -> list[Flight]:
        return first() + second()
    return step


def _note_step(t: SprintTable, line: str) -> Step:
    def step() -> list[Flight]:
        t.log.add(line)
        return []
    return step


def _lander(t: SprintTable, seat: int, sprite: CardSprite, end: pygame.Rect, at: int | None = None
            ) -> Callable[[], None]:
    def land() -> None:
        hand = t.model.held[seat]
        hand.insert(len(hand) if at is None else min(at, len(hand)), sprite)
        if seat == t.viewer:
            t.fan.place(sprite, end)
    return land


def _draw_step(t: SprintTable, ev: CardDrawn) -> Step:
    drop_x, t.drop_x = (t.drop_x if ev.player == t.viewer else None), None  # a card dragged from a pile

    def step() -> list[Flight]:
        p, card = ev.player, ev.card
        t.app.sound.play("draw")
        if ev.source is Source.STOCK:
            start = t.layout.stock
            t.model.stock -= 1
            face_up = t.shows_face(p)
            sprite = t.sprites.new(card)
            t.log.add(f"{t.name(p)} drew from the stock.")
        else:
            start = t.layout.discard
            sprite = t.model.pile.pop() if t.model.pile else t.sprites.new(card)
            face_up = True
            t.log.add(f"{t.name(p)} took {card} from the discard pile.")
        hand = t.model.held[p]
        at = HandFan.arrive(hand, sprite, drop_x, t.layout) if p == t.viewer else len(hand)
        end = t.hand_slot(p, at, len(hand) + 1)
        return [t.fly(sprite, face_up, start, end, 0.4, 0, _lander(t, p, sprite, end, at))]
    return step


def _lay_step(t: SprintTable, ev: MatchLaid) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        p = ev.player
        laid = [t.held_sprite(p, c, chosen) for c in ev.cards]
        starts = [t.sprite_rect(p, sp) for sp in laid]
        for sp in laid:
            t.model.held[p].take(sp)
            t.fan.drop(sp)
        sizes = [len(m) for m in t.model.laid[p]] + [len(ev.cards)]
        ends = t.layout.match_rects(p, sizes)[-1]
        t.log.add(f"{t.name(p)} laid {describe_match(ev.cards)}: +{ev.points}")
        t.app.sound.play("lay")

        def land() -> None:
            t.model.laid[p].append(tuple(ev.cards))
            t.model.points[p] += ev.points
            r = ends[-1]
            t.floaters.add(f"+{ev.points}", (r.right + 4, r.centery))

        return [t.fly(sp, True, s, e, 0.5, 0.06 * i, land if i == len(laid) - 1 else None)
                for i, (sp, s, e) in enumerate(zip(laid, starts, ends))]
    return step


def _replacement_step(t: SprintTable, ev: ReplacementDrawn, delay: float = 0.0) -> Step:
    def step() -> list[Flight]:
        p = ev.player
        t.log.extend_last(f", drew {len(ev.cards)}" if ev.cards else ", the stock is empty")
        hand = t.model.held[p]
        flights = []
        total = len(hand) + len(ev.cards)
        for i, c in enumerate(ev.cards):
            end = t.hand_slot(p, len(hand) + i, total)
            sprite = t.sprites.new(c)
            flights.append(t.fly(sprite, t.shows_face(p), t.layout.stock, end, 0.4, delay + 0.08 * i,
                                 _lander(t, p, sprite, end)))
        t.model.stock -= len(ev.cards)
        return flights
    return step


def _discard_step(t: SprintTable, ev: CardDiscarded) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        p, card = ev.player, ev.card
        sprite = t.held_sprite(p, card, chosen)
        start = t.sprite_rect(p, sprite)
        t.model.held[p].take(sprite)
        t.fan.drop(sprite)
        t.log.add(f"{t.name(p)} discarded {card}.")
        t.app.sound.play("discard")
        return [t.fly(sprite, True, start, t.layout.discard, 0.4, 0, lambda: t.model.pile.append(sprite))]
    return step


def _turn_step(t: SprintTable, ev: TurnPassed, final_left: int | None) -> Step:
    def step() -> list[Flight]:
        if not ev.discarded:
            t.log.add(f"{says(t.name(ev.player), 'ends')} the turn holding one card.")
        if ev.next_player is not None:
            t.model.current = ev.next_player
        if t.model.final_left is not None:
            t.model.final_left = max(0, t.model.final_left - 1)
        return []
    return step


def _final_step(t: SprintTable, ev: FinalRoundStarted) -> Step:
    def step() -> list[Flight]:
        t.model.final_left = ev.more_turns + 1
        t.log.add(f"The stock is empty: {ev.more_turns} more turns after this one.")
        return []
    return step


def _over_step(t: SprintTable) -> Step:
    def step() -> list[Flight]:
        t.model.over = True
        t.log.add("The round is over.")
        return []
    return step


STEPS: dict[type, Callable[[Any, Any], Step]] = {
    CardDrawn: _draw_step,
    DrawSkipped: lambda t, ev: _note_step(t, f"{t.name(ev.player)} can't draw: both piles are empty."),
    MatchLaid: _lay_step,
    ReplacementDrawn: _replacement_step,
    CardDiscarded: _discard_step,
    TurnPassed: lambda t, ev: _turn_step(t, ev, t.state.final_turns_left),
    FinalRoundStarted: _final_step,
    RoundOver: lambda t, ev: _over_step(t),
}
"""Each event's step, by the event's type (an event with none shows nothing)."""

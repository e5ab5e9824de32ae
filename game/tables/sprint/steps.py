"""Sprint's table model, and the engine's events turned into steps of flights and log lines.

The model is what the table shows right now: it lags the engine's
:class:`~engine.sprint.Round` while cards are in flight and catches up as they
land.  Hands and the discard pile hold sprites (:mod:`game.kit.sprites`); the
shell and the tests read them as cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.cards import Card
from engine.melds import describe_match
from engine.sprint import (
    CardDiscarded, CardDrawn, DrawSkipped, Event, FinalRoundStarted, MatchLaid, ReplacementDrawn, RoundOver, Source,
    TurnPassed,
)

from game.kit.flights import Flight, OwnFrame, Step
from game.kit.handtable import HiddenHandTable
from game.kit.handsteps import (
    HandModel, deal_flights, discard_step, draw_step, lander, note_step, over_step, queue_steps,
)
from game.kit.sprites import Hand
from game.kit.wording import says

DECK = 52


@dataclass
class TableModel(HandModel):
    """What the table shows right now (it catches up with the engine as flights land): also the laid matches."""

    laid: list[list[tuple[Card, ...]]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    final_left: int | None = None

    @classmethod
    def empty(cls, seats: int, current: int) -> TableModel:
        return cls([Hand() for _ in range(seats)], stock=DECK, current=current, laid=[[] for _ in range(seats)],
                   points=[0] * seats)


def queue_deal(t: Any) -> None:
    """Deal six cards to each seat from the stock, then turn up the first discard."""
    state = t.state
    hands = [list(state.hand(p)) for p in range(state.num_players)]

    def deal() -> list[Flight]:
        t.model.stock = DECK - len(hands) * len(hands[0])
        return deal_flights(t, hands, state.first_player, Card(str(t.record.deal.discard[0])), 0.32, 0.045, False)

    t.motion.queue(deal)


def queue_events(t: HiddenHandTable, events: list[Event]) -> None:
    """Turn engine events into queued steps of flights and log lines (a match and its replacement cards fly at once)."""
    for i, ev in enumerate(events):
        if isinstance(ev, ReplacementDrawn) and i and isinstance(events[i - 1], MatchLaid):
            continue  # flown together with its match (below)
        if isinstance(ev, MatchLaid) and i + 1 < len(events) and isinstance(events[i + 1], ReplacementDrawn):
            t.motion.queue(_together(_lay_step(t, ev), _replacement_step(t, events[i + 1], delay=0.15)))
            continue
        queue_steps(t, [ev], STEPS)


def _together(first: Step, second: Step) -> Step:
    """Two steps whose flights start at once (a match flies out while its replacement cards fly in):
    a chained bot turn of many lays used to take over 10 seconds at Normal speed."""
    def step() -> list[Flight]:
        return first() + second()
    return step


def _draw_step(t: HiddenHandTable, ev: CardDrawn) -> Step:
    drop_x, t.drop_x = (t.drop_x if ev.player == t.viewer else None), None  # a card dragged from a pile
    took = "drew from the stock" if ev.source is Source.STOCK else f"took {ev.card} from the discard pile"
    return draw_step(t, ev.player, ev.card, ev.source is Source.STOCK, f"{t.name(ev.player)} {took}.", 0.4, drop_x)


def _lay_step(t: HiddenHandTable, ev: MatchLaid) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        p = ev.player
        laid = [t.held_sprite(p, c, chosen) for c in ev.cards]
        starts = [t.sprite_rect(p, sp) for sp in laid]  # all before any leaves the hand
        for sp in laid:
            t.model.held[p].take(sp)
            t.fan.drop(sp)
        sizes = [len(m) for m in t.model.laid[p]] + [len(ev.cards)]
        ends = t.layout.match_rects(p, sizes)[-1]
        t.prime_ahead([c for m in t.model.laid[p] for c in m] + list(ev.cards), ends[0].size)  # a smaller size, maybe
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


def _replacement_step(t: HiddenHandTable, ev: ReplacementDrawn, delay: float = 0.0) -> Step:
    t.prime_coming(ev.player, list(ev.cards), t.layout.stock.size)

    def step() -> list[Flight]:
        p = ev.player
        t.log.extend_last(f", drew {len(ev.cards)}" if ev.cards else ", the stock is empty")
        held, n = len(t.model.held[p]), len(ev.cards)
        t.model.stock -= n
        moves = [(t.sprites.new(c), t.hand_slot(p, held + i, held + n)) for i, c in enumerate(ev.cards)]
        return [t.fly(sp, t.shows_face(p), t.layout.stock, end, 0.4, delay + 0.08 * i, lander(t, p, sp, end))
                for i, (sp, end) in enumerate(moves)]
    return step


def _turn_step(t: HiddenHandTable, ev: TurnPassed) -> Step:
    """The turn goes on (rims, turn order, piles' glow, status lines): never on the frame the discard lands (its pile,
    the seat's count and the log repaint then), but on the next (:class:`~game.kit.flights.OwnFrame`)."""
    def step() -> list[Flight]:
        if not ev.discarded:
            t.log.add(f"{says(t.name(ev.player), 'ends')} the turn holding one card.")
        if ev.next_player is not None:
            t.model.current = ev.next_player
        if t.model.final_left is not None:
            t.model.final_left = max(0, t.model.final_left - 1)
        return []
    return OwnFrame(step)


STEPS: dict[type, Callable[[Any, Any], Step]] = {
    CardDrawn: _draw_step,
    DrawSkipped: lambda t, ev: note_step(t, f"{t.name(ev.player)} can't draw: both piles are empty."),
    MatchLaid: _lay_step,
    ReplacementDrawn: _replacement_step,
    CardDiscarded: lambda t, ev: discard_step(t, ev.player, ev.card, f"{t.name(ev.player)} discarded {ev.card}.", 0.4),
    TurnPassed: _turn_step,
    FinalRoundStarted: lambda t, ev: note_step(t, f"The stock is empty: {ev.more_turns} more turns after this one.",
                                               then=lambda: setattr(t.model, "final_left", ev.more_turns + 1)),
    RoundOver: lambda t, ev: over_step(t, "The round is over."),
}
"""Each event's step, by the event's type (an event with none shows nothing)."""

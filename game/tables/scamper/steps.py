"""Scamper's table model, and the engine's events turned into steps of flights and log lines.

The model is what the table shows right now: it lags the engine's
:class:`~engine.scamper.ScamperGame` while cards are in flight and catches up as
they land.  Hands, melds and the discard pile hold sprites keyed by id (several
packs are mixed: two sprites may show the same card).  Whatever a step needs
from the state is read when the step is queued, never when it runs, so a saved
game caught up without animation lands exactly where the engine is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import pygame

from engine.cards import Card
from engine.melds import arrange, IllegalMeld, read_meld
from engine.scamper import Event, Phase, Source
from engine.wire import HIDDEN_CARD
from engine.scamper.events import (
    AddedToMeld, ContractLaid, Discarded, Drew, GameOver, MeldLaid, PassedFaceUp, PenaltyGiven, RoundDealt, RoundScored,
    RoundVoided, ScamperCalled, StockRenewed, WentOut, WildSwapped,
)

from game.kit.flights import Flight, Step
from game.kit.sprites import CardSprite, CardsView, Hand
from game.kit.wording import YOU, says as name_says, whose

if TYPE_CHECKING:
    from game.tables.scamper.table import ScamperTable


@dataclass
class TableModel:
    """What the table shows right now (it catches up with the engine as flights land)."""

    held: list[Hand]
    melds: list[Hand] = field(default_factory=list)  # by the engine's meld number
    owners: list[int] = field(default_factory=list)
    pile: Hand = field(default_factory=Hand)
    stock: int = 0
    current: int = 0
    round_no: int = 1
    over: bool = False
    dealt: bool = False

    @classmethod
    def empty(cls, seats: int) -> TableModel:
        return cls([Hand() for _ in range(seats)])

    @property
    def hands(self) -> list[CardsView]:
        return [h.cards for h in self.held]

    @property
    def discard(self) -> CardsView:
        return self.pile.cards

    def melds_of(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s melds, in the order laid."""
        return [i for i, o in enumerate(self.owners) if o == seat]


def meld_words(cards: tuple[Card, ...]) -> str:
    """A table meld in words, its cards read in place order as the engine reads them (each wild where it stands):
    2C 6H 7H is "5 to 7 of hearts", never the "6 to 8" a fresh arrangement might make of them."""
    try:
        return read_meld(cards, keep_majority=False).describe()
    except IllegalMeld:
        try:
            return arrange(cards, keep_majority=False).describe()
        except IllegalMeld:
            return " ".join(str(c) for c in cards)


def says(t: ScamperTable, seat: int, verb: str) -> str:
    """``"Ada goes"``, but ``"You go"``."""
    return name_says(t.name(seat), verb)


def meld_owner(t: ScamperTable, seat: int, actor: int) -> str:
    """A seat's melds in the log: "their own" ("your own" for You), "your", "Ada's"."""
    if seat == actor:
        return "your own" if t.name(actor) == YOU else "their own"
    return whose(t.name(seat))


def queue_deal(t: ScamperTable) -> None:
    """Deal the round the state holds now (its hands, the face-up card, the stock); a round already under way
    (a network game's table opening on the host's picture) comes with its melds and its discard pile as they lie."""
    state = t.state
    n = state.num_players
    hands = [list(h) for h in state.hands]
    face_up = state.discard[-1] if state.discard else None
    under = list(state.discard[:-1])
    melds = [(tuple(meld.cards), owner) for meld, owner in zip(state.melds, state.owners)]
    stock = len(state.stock)
    first = state.current
    round_no = state.contract_no
    if state.phase is Phase.OPENING and not melds and not under and not any(state.passed):
        opening = f"Round {round_no}: {state_contract(t, round_no)}. {says(t, first, 'starts')}."
    else:  # a network game's table opening on a round under way: whoever is to play did not start it
        opening = f"Round {round_no} under way: {state_contract(t, round_no)}. {whose(t.name(first), True)} turn."

    def deal() -> list[Flight]:
        m = t.model
        m.held = [Hand() for _ in range(n)]
        m.melds = [Hand(t.sprites.new(c) for c in cards) for cards, _ in melds]
        m.owners = [owner for _, owner in melds]
        m.pile = Hand(t.sprites.new(c) for c in under)
        m.round_no = round_no
        m.current = first
        m.stock = stock + (face_up is not None) + sum(len(h) for h in hands)
        m.dealt = True
        t.fan.forget()
        t.app.sound.play("deal")
        flights = []
        size = max((len(h) for h in hands), default=0)
        order = [(r, (first + k) % n) for r in range(size) for k in range(n) if r < len(hands[(first + k) % n])]
        for i, (r, seat) in enumerate(order):
            sprite = t.sprites.new(hands[seat][r])
            end = t.hand_slot(seat, r, len(hands[seat]))

            def land(seat: int = seat, sprite: CardSprite = sprite, end: pygame.Rect = end) -> None:
                m.held[seat].append(sprite)
                m.stock -= 1
                if seat == t.viewer:
                    t.fan.place(sprite, end)

            flights.append(t.fly(sprite, t.shows_face(seat), t.layout.stock, end, 0.25, min(2.0, 0.02 * i), land))
        if face_up is not None:
            top = t.sprites.new(face_up)

            def land_top() -> None:
                m.pile.append(top)
                m.stock -= 1

            flights.append(t.fly(top, True, t.layout.stock, t.layout.discard, 0.3, min(2.0, 0.02 * len(order)) + 0.1,
                                 land_top))
        t.log.add(opening)
        return flights

    t.motion.queue(deal)


def state_contract(t: ScamperTable, round_no: int) -> str:
    from engine.scamper import CONTRACTS

    return CONTRACTS[round_no - 1].describe()


def queue_events(t: ScamperTable, events: list[Event]) -> None:
    """Turn engine events into queued steps of flights and log lines."""
    for ev in events:
        make = STEPS.get(type(ev))
        step = make(t, ev) if make is not None else None
        if step is not None:
            t.motion.queue(step)
    t.motion.queue(_turn_step(t, t.state.current))


def _note_step(t: ScamperTable, line: str, banner: bool = False) -> Step:
    def step() -> list[Flight]:
        t.log.add(line)
        if banner:
            t.announce(line)
        return []
    return step


def _turn_step(t: ScamperTable, seat: int) -> Step:
    def step() -> list[Flight]:
        t.model.current = seat
        return []
    return step


def _lander(t: ScamperTable, seat: int, sprite: CardSprite, end: pygame.Rect) -> Callable[[], None]:
    def land() -> None:
        t.model.held[seat].append(sprite)
        if seat == t.viewer:
            t.fan.place(sprite, end)
    return land


def _draw_step(t: ScamperTable, ev: Drew) -> Step:
    def step() -> list[Flight]:
        p, card = ev.player, ev.card
        m = t.model
        t.app.sound.play("draw")
        if ev.source is Source.STOCK:
            start = t.layout.stock
            m.stock -= 1
            face_up = t.shows_face(p)
            sprite = t.sprites.new(card if card is not None else HIDDEN_CARD)  # another seat's draw, as it saw it
            t.log.add(f"{t.name(p)} drew from the stock.")
        else:
            start = t.layout.discard
            sprite = m.pile.pop() if m.pile else t.sprites.new(card)
            face_up = True
            t.log.add(f"{t.name(p)} took the {card.name if card is not None else 'top card'} from the discard pile.")
        hand = m.held[p]
        end = t.hand_slot(p, len(hand), len(hand) + 1)
        return [t.fly(sprite, face_up, start, end, 0.35, 0, _lander(t, p, sprite, end))]
    return step


def _pass_step(t: ScamperTable, ev: PassedFaceUp) -> Step:
    def step() -> list[Flight]:
        m = t.model
        sprite = m.pile.pop() if m.pile else t.sprites.new(ev.card)
        t.log.add(f"{t.name(ev.player)} passed the {ev.card.name} to {t.name(ev.to)}.")
        hand = m.held[ev.to]
        end = t.hand_slot(ev.to, len(hand), len(hand) + 1)
        return [t.fly(sprite, True, t.layout.discard, end, 0.4, 0, _lander(t, ev.to, sprite, end))]
    return step


def _lay_step(t: ScamperTable, p: int, first: int, melds: tuple[tuple[Card, ...], ...], verb: str) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        m = t.model
        groups, starts = [], []
        for cards in melds:
            sprites, rects = [], []
            for c in cards:  # each taken at once: equal cards of several packs are different sprites
                sp = t.held_sprite(p, c, chosen)
                rects.append(t.sprite_rect(p, sp))
                m.held[p].take(sp)
                t.fan.drop(sp)
                sprites.append(sp)
            groups.append(sprites)
            starts.append(rects)
        sizes = [len(m.melds[i]) for i in m.melds_of(p)] + [len(c) for c in melds]
        rects = t.meld_layout(p, sizes)[-len(melds):]
        t.log.add(f"{t.name(p)} {verb} " + ", ".join(meld_words(c) for c in melds) + ".")
        t.app.sound.play("lay")

        def land() -> None:
            for k, g in enumerate(groups):
                while len(m.melds) < first + k:  # never expected: keep the numbering the engine's
                    m.melds.append(Hand())
                    m.owners.append(p)
                m.melds.insert(first + k, Hand(g))
                m.owners.insert(first + k, p)

        flights = []
        total = sum(len(g) for g in groups)
        i = 0
        for g, ss, es in zip(groups, starts, rects):
            for sp, s, e in zip(g, ss, es):
                i += 1
                flights.append(t.fly(sp, True, s, e, 0.45, 0.04 * i, land if i == total else None))
        return flights
    return step


def _meld_place_rect(t: ScamperTable, meld: int, place: int, grow: int) -> pygame.Rect:
    """Where place ``place`` of meld ``meld`` will be drawn once it has ``grow`` more cards."""
    m = t.model
    owner = m.owners[meld]
    mine = m.melds_of(owner)
    sizes = [len(m.melds[i]) + (grow if i == meld else 0) for i in mine]
    rects = t.meld_layout(owner, sizes)[mine.index(meld)]
    return rects[max(0, min(place, len(rects) - 1))]


def _add_step(t: ScamperTable, ev: AddedToMeld) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        m = t.model
        p = ev.player
        sprite = t.held_sprite(p, ev.card, chosen)
        start = t.sprite_rect(p, sprite)
        m.held[p].take(sprite)
        t.fan.drop(sprite)
        if ev.meld >= len(m.melds):
            return []
        end = _meld_place_rect(t, ev.meld, 0 if ev.low else len(m.melds[ev.meld]), 1)
        t.log.add(f"{t.name(p)} added the {ev.card.name} to {meld_owner(t, m.owners[ev.meld], p)}"
                  f" {meld_words(tuple(m.melds[ev.meld].cards))}.")  # the meld as it was: the card lands later
        t.app.sound.play("lay")

        def land() -> None:
            if ev.low:
                m.melds[ev.meld].insert(0, sprite)
            else:
                m.melds[ev.meld].append(sprite)

        return [t.fly(sprite, True, start, end, 0.4, 0, land)]
    return step


def _swap_step(t: ScamperTable, ev: WildSwapped) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        m = t.model
        p = ev.player
        sprite = t.held_sprite(p, ev.card, chosen)
        start = t.sprite_rect(p, sprite)
        m.held[p].take(sprite)
        t.fan.drop(sprite)
        meld = m.melds[ev.meld]
        wild = meld[ev.place]
        at = _meld_place_rect(t, ev.meld, ev.place, 0)
        hand = m.held[p]
        end = t.hand_slot(p, len(hand), len(hand) + 1)
        meld[ev.place] = sprite
        t.log.add(f"{t.name(p)} swapped the {ev.card.name} for the {ev.wild.name} in "
                  f"{meld_owner(t, m.owners[ev.meld], p)} "
                  f"{meld_words(tuple(s.card for s in meld))}.")
        t.app.sound.play("lay")
        return [t.fly(sprite, True, start, at, 0.4, 0),
                t.fly(wild, True, at, end, 0.45, 0.1, _lander(t, p, wild, end))]
    return step


def _discard_step(t: ScamperTable, ev: Discarded) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        p = ev.player
        sprite = t.held_sprite(p, ev.card, chosen)
        start = t.sprite_rect(p, sprite)
        t.model.held[p].take(sprite)
        t.fan.drop(sprite)
        t.log.add(f"{t.name(p)} discarded the {ev.card.name}.")
        t.app.sound.play("discard")
        return [t.fly(sprite, True, start, t.layout.discard, 0.35, 0, lambda: t.model.pile.append(sprite))]
    return step


def _renew_step(t: ScamperTable, ev: StockRenewed) -> Step:
    def step() -> list[Flight]:
        m = t.model
        if ev.how == "reshuffle":
            m.pile[:] = m.pile[-1:]
            line = f"The stock ran out: the discards are shuffled into a new stock of {ev.size}."
        else:
            line = f"The stock ran out: a new pack of {ev.size} cards makes the stock."
        t.log.add(line)
        m.stock = ev.size
        t.announce(line)
        return []
    return step


def _scored_step(t: ScamperTable, ev: RoundScored) -> Step:
    def step() -> list[Flight]:
        t.log.add(f"Round {ev.round_no} scored: " + ", ".join(
            f"{t.name(s)} {'out' if s == ev.went_out else '+' + str(p)}" for s, p in enumerate(ev.points)))
        t.round_ended(ev.round_no)
        return []
    return step


def _over_step(t: ScamperTable) -> Step:
    def step() -> list[Flight]:
        t.model.over = True
        t.log.add("The game is over.")
        return []
    return step


def _voided(t: ScamperTable, ev: RoundVoided) -> Step:
    why = "nothing was laid, added or swapped through a whole stock" if ev.stuck else "the stock ran out"
    return _note_step(t, f"{why.capitalize()}: round {ev.round_no} is dealt again.", banner=True)


def _dealt(t: ScamperTable, ev: RoundDealt) -> None:
    queue_deal(t)


STEPS: dict[type, Callable[[Any, Any], Step | None]] = {
    Drew: _draw_step,
    PassedFaceUp: _pass_step,
    ContractLaid: lambda t, ev: _lay_step(t, ev.player, ev.first, ev.melds, "went down with"),
    MeldLaid: lambda t, ev: _lay_step(t, ev.player, ev.meld, (ev.cards,), "laid"),
    AddedToMeld: _add_step,
    WildSwapped: _swap_step,
    ScamperCalled: lambda t, ev: _note_step(t, f'{says(t, ev.player, "calls")} "Scamper!"', banner=True),
    Discarded: _discard_step,
    PenaltyGiven: lambda t, ev: _note_step(t, f"{t.name(ev.player)}: +{ev.points}, {ev.reason}.", banner=True),
    WentOut: lambda t, ev: _note_step(t, f"{says(t, ev.player, 'goes')} out: Scamper!", banner=True),
    StockRenewed: _renew_step,
    RoundVoided: _voided,
    RoundScored: _scored_step,
    RoundDealt: _dealt,  # the deal queues its own steps
    GameOver: lambda t, ev: _over_step(t),
}
"""Each event's step, by the event's type (None: the step queued itself; an event with none shows nothing)."""

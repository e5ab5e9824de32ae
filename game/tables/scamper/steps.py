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
from typing import Any, Callable

import pygame

from engine.cards import Card
from engine.melds import arrange, IllegalMeld, read_meld
from engine.scamper import CONTRACTS, Event, Phase, Source
from engine.scamper.events import (
    AddedToMeld, ContractLaid, Discarded, Drew, GameOver, MeldLaid, PassedFaceUp, PenaltyGiven, RoundDealt, RoundScored,
    RoundVoided, ScamperCalled, StockRenewed, WentOut, WildSwapped,
)

from game.kit.flights import Flight, OwnFrame, Step
from game.kit.handsteps import (
    HandModel, deal_flights, discard_step, draw_step, lander, lift, note_step, over_step, queue_steps, turn_step,
)
from game.kit.handtable import HiddenHandTable
from game.kit.sprites import CardSprite, Hand
from game.kit.wording import YOU, says, whose


@dataclass
class TableModel(HandModel):
    """What the table shows right now (it catches up with the engine as flights land): also the melds down."""

    melds: list[Hand] = field(default_factory=list)  # by the engine's meld number
    owners: list[int] = field(default_factory=list)
    round_no: int = 1
    dealt: bool = False

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


def queue_deal(t: HiddenHandTable) -> None:
    """Deal the round the state holds now (its hands, the face-up card, the stock); a round already under way
    (a network game's table opening on the host's picture) comes with its melds and its discard pile as they lie."""
    state = t.state
    hands = [list(h) for h in state.hands]
    face_up = state.discard[-1] if state.discard else None
    under = list(state.discard[:-1])
    melds, owners = [tuple(meld.cards) for meld in state.melds], list(state.owners)
    stock = len(state.stock) + (face_up is not None) + sum(len(h) for h in hands)  # before the deal's flights
    first, round_no, contract = state.current, state.contract_no, CONTRACTS[state.contract_no - 1].describe()
    if state.phase is Phase.OPENING and not melds and not under and not any(state.passed):
        opening = f"Round {round_no}: {contract}. {says(t.name(first), 'starts')}."
        bonus = state.sheet.start[state.dealer] if round_no == 1 else 0  # said where the score shows it
        opening += f" {t.name(state.dealer)} dealt first: {bonus} points, the first dealer's bonus." if bonus else ""
    else:  # a network game's table opening on a round under way: whoever is to play did not start it
        opening = f"Round {round_no} under way: {contract}. {whose(t.name(first), True)} turn."

    def piles() -> list[Flight]:  # with the last round's lines, on their frame: the deal's own repaints the seats
        t.log.add(opening)
        t.model.pile, t.model.stock = Hand(t.sprites.new(c) for c in under), stock
        return []

    def deal() -> list[Flight]:
        m = t.model
        m.held = [Hand() for _ in hands]
        m.melds, m.owners = [Hand(t.sprites.new(c) for c in cards) for cards in melds], list(owners)
        m.round_no, m.current, m.dealt = round_no, first, True
        t.fan.forget()
        return deal_flights(t, hands, first, face_up, 0.25, 0.02, True)

    t.motion.queue(piles)
    t.motion.queue(OwnFrame(deal))


def queue_events(t: HiddenHandTable, events: list[Event]) -> None:
    """Turn engine events into queued steps of flights and log lines."""
    queue_steps(t, events, STEPS)
    t.motion.queue(turn_step(t, t.state.current))


def _draw_step(t: HiddenHandTable, ev: Drew) -> Step:
    name = ev.card.name if ev.card is not None else "top card"
    took = "drew from the stock" if ev.source is Source.STOCK else f"took the {name} from the discard pile"
    return draw_step(t, ev.player, ev.card, ev.source is Source.STOCK, f"{t.name(ev.player)} {took}.", 0.35)


def _lay_step(t: HiddenHandTable, p: int, melds: tuple[tuple[Card, ...], ...], verb: str) -> Step:
    chosen = t.chosen()

    def step() -> list[Flight]:
        m = t.model
        # each card taken at once: equal cards of several packs are different sprites
        groups = [[lift(t, p, c, chosen) for c in cards] for cards in melds]
        sizes = [len(m.melds[i]) for i in m.melds_of(p)] + [len(c) for c in melds]
        rects = t.meld_layout(p, sizes)[-len(melds):]
        t.log.add(f"{t.name(p)} {verb} " + ", ".join(meld_words(c) for c in melds) + ".")
        t.app.sound.play("lay")

        def land() -> None:
            # Steps land in order (the next starts once every card of this one landed; catching up lands each step's
            # cards before the next) and the engine only appends melds (numbered as laid, from 0 each deal, which sets
            # the model's): so the melds down here are the engine's 0 .. first-1 and these are the next ones.
            for g in groups:
                m.melds.append(Hand(sp for sp, _ in g))
                m.owners.append(p)

        moves = [(sp, start, end) for g, ends in zip(groups, rects) for (sp, start), end in zip(g, ends)]
        return [t.fly(sp, True, s, e, 0.45, 0.04 * (i + 1), land if i == len(moves) - 1 else None)
                for i, (sp, s, e) in enumerate(moves)]
    return step


def _meld_place_rect(t: HiddenHandTable, meld: int, place: int, grow: int) -> pygame.Rect:
    """Where place ``place`` of meld ``meld`` will be drawn once it has ``grow`` more cards."""
    m = t.model
    owner = m.owners[meld]
    mine = m.melds_of(owner)
    sizes = [len(m.melds[i]) + (grow if i == meld else 0) for i in mine]
    rects = t.meld_layout(owner, sizes)[mine.index(meld)]
    return rects[max(0, min(place, len(rects) - 1))]


def _onto_meld(t: HiddenHandTable, ev: AddedToMeld | WildSwapped, fly: Callable[..., list[Flight]]) -> Step:
    """``ev.card`` lifted from ``ev.player``'s hand for meld ``ev.meld``: ``fly(sprite, start, meld, whose)`` logs it
    (``whose``: the meld's owner in the player's words: "their own", "your own" for You, "your", "Ada's") and makes
    its flights."""
    chosen = t.chosen()

    def step() -> list[Flight]:
        m = t.model
        sprite, start = lift(t, ev.player, ev.card, chosen)  # meld ev.meld is down: every earlier step has landed
        t.app.sound.play("lay")
        owner, own = m.owners[ev.meld], "your own" if t.name(ev.player) == YOU else "their own"
        return fly(sprite, start, m.melds[ev.meld], own if owner == ev.player else whose(t.name(owner)))
    return step


def _add_step(t: HiddenHandTable, ev: AddedToMeld) -> Step:
    def fly(sprite: CardSprite, start: pygame.Rect, meld: Hand, whose: str) -> list[Flight]:
        end = _meld_place_rect(t, ev.meld, 0 if ev.low else len(meld), 1)
        t.log.add(f"{t.name(ev.player)} added the {ev.card.name} to {whose}"
                  f" {meld_words(tuple(meld.cards))}.")  # the meld as it was: the card lands later
        return [t.fly(sprite, True, start, end, 0.4, 0, lambda: meld.insert(0 if ev.low else len(meld), sprite))]
    return _onto_meld(t, ev, fly)


def _swap_step(t: HiddenHandTable, ev: WildSwapped) -> Step:
    def fly(sprite: CardSprite, start: pygame.Rect, meld: Hand, whose: str) -> list[Flight]:
        p, wild, held = ev.player, meld[ev.place], len(t.model.held[ev.player])
        at, end = _meld_place_rect(t, ev.meld, ev.place, 0), t.hand_slot(p, held, held + 1)
        meld[ev.place] = sprite
        t.log.add(f"{t.name(p)} swapped the {ev.card.name} for the {ev.wild.name} in {whose} "
                  f"{meld_words(tuple(s.card for s in meld))}.")
        return [t.fly(sprite, True, start, at, 0.4, 0),
                t.fly(wild, True, at, end, 0.45, 0.1, lander(t, p, wild, end))]
    return _onto_meld(t, ev, fly)


def _renew_step(t: HiddenHandTable, ev: StockRenewed) -> Step:
    def renew() -> None:
        if ev.how == "reshuffle":
            t.model.pile[:] = t.model.pile[-1:]
        t.model.stock = ev.size

    line = (f"The stock ran out: the discards are shuffled into a new stock of {ev.size}." if ev.how == "reshuffle"
            else f"The stock ran out: a new pack of {ev.size} cards makes the stock.")
    return note_step(t, line, banner=True, then=renew)


def _scored_step(t: HiddenHandTable, ev: RoundScored) -> Step:
    points = ", ".join(f"{t.name(s)} {'out' if s == ev.went_out else '+' + str(p)}" for s, p in enumerate(ev.points))
    return note_step(t, f"Round {ev.round_no} scored: {points}", then=lambda: t.round_ended(ev.round_no))


def _voided(t: HiddenHandTable, ev: RoundVoided) -> Step:
    why = "nothing was laid, added or swapped through a whole stock" if ev.stuck else "the stock ran out"
    return note_step(t, f"{why.capitalize()}: round {ev.round_no} is dealt again.", banner=True)


STEPS: dict[type, Callable[[Any, Any], Step | None]] = {
    Drew: _draw_step,
    PassedFaceUp: lambda t, ev: draw_step(t, ev.to, ev.card, False, f"{t.name(ev.player)} passed the {ev.card.name} to "
                                          f"{t.name(ev.to)}.", 0.4, sound=None),  # from the pile to the left
    ContractLaid: lambda t, ev: _lay_step(t, ev.player, ev.melds, "went down with"),
    MeldLaid: lambda t, ev: _lay_step(t, ev.player, (ev.cards,), "laid"),
    AddedToMeld: _add_step,
    WildSwapped: _swap_step,
    ScamperCalled: lambda t, ev: note_step(t, f'{says(t.name(ev.player), "calls")} "Scamper!"', banner=True),
    Discarded: lambda t, ev: discard_step(t, ev.player, ev.card, f"{t.name(ev.player)} discarded the {ev.card.name}.",
                                          0.35),
    PenaltyGiven: lambda t, ev: note_step(t, f"{t.name(ev.player)}: +{ev.points}, {ev.reason}.", banner=True),
    WentOut: lambda t, ev: note_step(t, f"{says(t.name(ev.player), 'goes')} out: Scamper!", banner=True),
    StockRenewed: _renew_step,
    RoundVoided: _voided,
    RoundScored: _scored_step,
    RoundDealt: lambda t, ev: queue_deal(t),  # the deal queues its own steps
    GameOver: lambda t, ev: over_step(t, "The game is over."),
}
"""Each event's step, by the event's type (None: the step queued itself; an event with none shows nothing)."""

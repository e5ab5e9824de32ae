"""Snap's table model: the face-up cards as sprites, face-down counts, and what the events show.

The model follows the engine's events one by one, so while it takes in an
event it holds exactly what the table held at that moment (the matching piles
of a call are lit from it).  Face-up cards change at once, never after an
animation: in a race, the picture must be the truth the moment it changes.
Flights (winnings, penalty cards, tied cards going to the pot) are drawn over
the piles and run side by side; a pile draws nothing of a sprite in the air.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from engine.cards import HIDDEN_CARD
from engine.snap import (
    SHARED, SNAP, CallLapsed, Called, Eliminated, FalseCall, Flipped, GameOver, PenaltyPaid,
    PileTurnedOver, SnapTied, SnapWon, pot_piles, snap_piles,
)
from engine.snap.actions import CALL_WORDS
from game.kit.flights import Flight, flight
from game.kit.racetable import run_steps
from game.kit.sprites import CardSprite, Pile, SpriteBook
from game.kit.wording import says, verb

POT = "pot"
GOOD = (255, 226, 110)
BAD = (235, 80, 70)
CALM = (200, 220, 210)
PLAIN_REASONS = {"no snap showing": "no pair is showing"}  # a wrong call's reason (the engine's) as its callout says it


@dataclass
class Callout:
    """A line in the middle of the table ("Ann: Snap! 312 ms"), fading after ``life`` seconds."""

    text: str
    colour: tuple[int, int, int]
    seat: int | None = None
    ms: int | None = None  # a call's reaction time (told again with the call's result)
    detail: str = ""  # a smaller line under it: what a false call costs
    age: float = 0.0
    life: float = 2.2


@dataclass
class SnapModel:
    num_seats: int
    variant: str
    down: list[int]
    up: list[Pile]
    shared: Pile
    pot: Pile
    out: list[bool]
    names: list[str]
    sprites: SpriteBook = field(default_factory=SpriteBook)
    flights: list[Flight] = field(default_factory=list)
    callouts: list[Callout] = field(default_factory=list)
    lit: dict[Any, float] = field(default_factory=dict)  # pile (seat, SHARED or POT) -> seconds left
    red: dict[int, float] = field(default_factory=dict)  # seat -> seconds of the red flash left
    popped: dict[Any, float] = field(default_factory=dict)  # pile -> seconds since a card landed face up on it
    banner: str | None = None  # the game's result, once it ends
    over: bool = False

    @classmethod
    def of(cls, state: Any, names: list[str]) -> SnapModel:
        """The model of ``state`` as it stands (no animation): a new table, or one caught up with a save."""
        book, n = SpriteBook(), state.num_seats
        return cls(n, state.variant, [len(d) for d in state.down], [Pile(map(book.new, p)) for p in state.up],
                   Pile(map(book.new, state.shared)), Pile(map(book.new, state.pot)), [not state.is_in(s) for s in range(n)],
                   names, book, over=state.is_over)

    def pile(self, key: Any) -> Pile:
        return self.pot if key == POT else self.shared if key == SHARED else self.up[key]

    def matches(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The piles a "Snap!" and a "Snap Pot!" would take now, as the table shows them."""
        up, shared = [list(p.cards) for p in self.up], list(self.shared.cards)
        return snap_piles(self.variant, up, shared), pot_piles(self.variant, up, shared, list(self.pot.cards))

    # --- time ---------------------------------------------------------------

    @property
    def still(self) -> bool:
        """Nothing on the table moves, fades or flashes."""
        return not (self.flights or self.callouts or self.lit or self.red or self.popped or self.banner)

    def update(self, dt: float, instant: bool = False) -> None:
        for f in self.flights:  # (no flight of Snap's waits on another: each goes as it lands)
            f.tween.update(dt if not instant else 1e6)
        self.flights = [f for f in self.flights if not f.tween.done]
        for c in self.callouts:
            c.age += dt
        self.callouts = [c for c in self.callouts if c.age < c.life][-4:]
        self.lit = {k: left - dt for k, left in self.lit.items() if left - dt > 0}
        self.red = {k: left - dt for k, left in self.red.items() if left - dt > 0}
        self.popped = {k: age + dt for k, age in self.popped.items() if age + dt <= 0.3}

    def flying(self) -> set[int]:
        return {f.sprite.id for f in self.flights}

    def leaving(self, pile: pygame.Rect) -> bool:
        """Cards fly away from ``pile`` (a face-up pile's placeholder words would show between them)."""
        return any(f.start == pile for f in self.flights)


Places = Callable[[Any], pygame.Rect]
"""Where a pile is drawn: (seat, SHARED or POT) -> rect; ("down", seat) -> that seat's face-down stack."""


@dataclass
class Intake:
    """What the steps of :func:`take_in` work with: the model, where piles are, the animation factor and what to do
    when a seat makes a mistake (``blame(seat)``: the table sounds a human's)."""

    model: SnapModel
    place: Places
    factor: float
    blame: Callable[[int], None] | None = None

    def fly(self, sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, delay: float) -> None:
        if self.factor > 0:
            self.model.flights.append(flight(sprite, face_up, start, end, 0.42, delay, None, self.factor))

    def say(self, callout: Callout) -> None:
        """One callout at a time: the newest replaces the older ones (a resolved call never stacks on its result)."""
        self.model.callouts[:] = [callout]


STAGGER = 0.035


def _flipped(t: Intake, event: Flipped) -> None:
    t.model.pile(event.pile).append(t.model.sprites.new(event.card))
    t.model.down[event.seat] -= 1
    t.model.popped[event.pile] = 0.0


def _turned_over(t: Intake, event: PileTurnedOver) -> None:
    t.model.up[event.seat].clear()
    t.model.down[event.seat] += event.count
    name = t.model.names[event.seat]
    t.say(Callout(f"{name} {verb(name, 'turns')} the pile over", CALM, event.seat, life=1.4))


def _called(t: Intake, event: Called) -> None:
    snaps, pots = t.model.matches()
    for key in (snaps if event.call == SNAP else (*pots, POT)):  # a pot call lights the pot too
        t.model.lit[key] = 1.2
    tie = "  (a tie?)" if event.joined else ""
    t.say(Callout(f"{t.model.names[event.seat]}: {CALL_WORDS[event.call]} {event.reaction_ms} ms{tie}", GOOD, event.seat,
                  event.reaction_ms))


def _won(t: Intake, event: SnapWon) -> None:
    model = t.model
    keys: list[Any] = list(event.piles) + ([POT] if event.from_pot else [])
    target = t.place(("down", event.seat))
    i = 0
    for key in keys:
        start = t.place(key)
        for sprite in list(model.pile(key)):
            t.fly(sprite, True, start, target, i * STAGGER)
            i += 1
        model.pile(key).clear()
        model.lit.pop(key, None)  # the pile changed hands: nothing left to glow
    model.down[event.seat] += len(event.cards)
    name, pot = model.names[event.seat], " and the pot" if event.from_pot else ""
    t.say(Callout(f"{name} {verb(name, 'takes')} {len(event.cards)} cards{pot} in {event.reaction_ms} ms!", GOOD,
                  event.seat))


def _tied(t: Intake, event: SnapTied) -> None:
    model = t.model
    target = t.place(POT)
    taken = [(sprite, key) for key in event.piles for sprite in model.pile(key)]
    for key in event.piles:
        model.pile(key).clear()
        model.lit.pop(key, None)
    for i, card in enumerate(event.cards):  # the pot's order: the matching cards end on top
        k = next(k for k, (sprite, _) in enumerate(taken) if sprite.card == card)
        sprite, key = taken.pop(k)
        model.pot.append(sprite)
        t.fly(sprite, True, t.place(key), target, i * STAGGER)
    who = " and ".join(model.names[s] for s in event.seats)
    t.say(Callout(f"Tie: {who}! The cards go to the snap pot ({event.pot_size}).", GOOD, None, life=2.6))


def _lapsed(t: Intake, event: CallLapsed) -> None:
    who = " and ".join(t.model.names[s] for s in event.seats)
    last = t.model.callouts[-1] if t.model.callouts else None
    if last is not None and last.colour == GOOD and last.ms is None and last.seat is not None:  # joins the win
        last.text += f"  ({who}: too late)"
    else:
        t.say(Callout(f"{who}: too late, the match is gone (no penalty)", CALM, None, life=1.6))


def _false_call(t: Intake, event: FalseCall) -> None:
    name = t.model.names[event.seat]
    t.model.red[event.seat] = 0.9
    plain = PLAIN_REASONS.get(event.reason, event.reason.split(": ", 1)[-1])  # "wrong word: X" -> "X"
    t.say(Callout(f"{name} called {CALL_WORDS[event.call]} but {plain}", BAD, event.seat, life=3.2,
                  detail=f"{says(name, 'pays')} a card to each other player."))  # the one place it is told
    if t.blame is not None:
        t.blame(event.seat)


def _penalty(t: Intake, event: PenaltyPaid) -> None:
    start = t.place(("down", event.seat))
    for i, other in enumerate(event.paid):
        t.model.down[event.seat] -= 1
        t.model.down[other] += 1
        t.fly(t.model.sprites.new(HIDDEN_CARD), False, start, t.place(("down", other)), i * 0.06)
    if (call := _false_call_of(t, event.seat)) is not None:  # what it cost, exactly: to whom, all of it or not
        n, name = len(event.paid), t.model.names[event.seat]
        to = f"{t.model.names[event.paid[0]]} a card" if n == event.owed == 1 else "a card to each other player"
        call.detail = f"{says(name, 'pays')} {to if n == event.owed else f'{n} of the {event.owed} cards owed'}."


def _eliminated(t: Intake, event: Eliminated) -> None:
    t.model.out[event.seat] = True  # told as a callout: a banner would cover the cards in play
    out = f"{says(t.model.names[event.seat], 'is')} out: {event.reason}."
    if (call := _false_call_of(t, event.seat)) is not None:  # the false call that put it out stays told, with this
        call.detail, call.life = f"{call.detail} {out}", 4.0
    else:
        t.say(Callout(out, BAD, event.seat, life=3.0))


def _false_call_of(t: Intake, seat: int) -> Callout | None:
    """The callout telling ``seat``'s false call, if it is the one showing."""
    last = t.model.callouts[-1] if t.model.callouts else None
    return last if last is not None and last.seat == seat and last.colour == BAD and last.detail else None


def _over(t: Intake, event: GameOver) -> None:
    t.model.over = True
    t.model.banner = result_line(event, t.model.names)


STEPS: dict[type, Callable[[Intake, Any], None]] = {
    Flipped: _flipped, PileTurnedOver: _turned_over, Called: _called, SnapWon: _won, SnapTied: _tied,
    CallLapsed: _lapsed, FalseCall: _false_call, PenaltyPaid: _penalty, Eliminated: _eliminated, GameOver: _over,
}
"""What each event does to the model (the events Snap's table shows)."""


def take_in(model: SnapModel, events: list[Any], place: Places, factor: float,
            blame: Callable[[int], None] | None = None) -> None:
    """Follow ``events`` (in order): change the model at once and start the flights and callouts they show."""
    run_steps(STEPS, events, Intake(model, place, factor, blame))


def result_line(event: GameOver, name: list[str]) -> str:
    who = " and ".join(name[s] for s in event.winners)
    wins = verb(who, "wins") if len(event.winners) == 1 else "share the win"
    if event.reason == "draw":
        return f"A draw between {who}: no match can happen any more." if len(event.winners) > 1 else f"{who} {wins}!"
    if event.reason == "time":
        return f"Time is up: {who} {wins} with the most cards!"
    return f"{who} {wins}: the last player with cards!"


def reason_line(reason: str, winners: int) -> str:
    """Why the game ended, without who won (the end screen's title already says that)."""
    if reason == "draw":
        return "No match can happen any more." if winners > 1 else "No match can happen any more: the most cards."
    if reason == "time":
        return "Time is up: the most cards win." if winners == 1 else "Time is up: the most cards, shared."
    return "The last player with cards."


def cards_line(state: Any, name: Callable[[int], str]) -> str:
    """Where every card is at the end: who holds how many, and the rest left on the table (nobody won them)."""
    piles = [(n, pile) for n, pile in ((len(state.shared), "the shared pile"), (len(state.pot), "the snap pot")) if n]
    live, rest = state.live_seats(), sum(n for n, _ in piles)
    held = sum(map(state.holding, live))
    where = f"in {piles[0][1]}" if len(piles) == 1 else ", ".join(f"{n} in {pile}" for n, pile in piles)
    who = says(name(live[0]), "holds") if len(live) == 1 else "The players hold" if live else "Nobody holds"
    return f"{who} {held} of the {held + rest} cards; the other {rest} stay on the table ({where}), won by nobody." if rest else ""

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

from engine.snap import (
    SHARED, SHARED_PILE, SNAP, CallLapsed, Called, Eliminated, FalseCall, Flipped, GameOver, PenaltyPaid,
    PileTurnedOver, SnapTied, SnapWon, pot_piles, snap_piles,
)
from engine.snap.actions import CALL_WORDS
from game.kit.flights import Flight, flight
from game.kit.sprites import CardSprite, Pile, SpriteBook
from game.kit.wording import says, verb

POT = "pot"
GOOD = (255, 226, 110)
BAD = (235, 80, 70)
CALM = (200, 220, 210)


@dataclass
class Callout:
    """A line in the middle of the table ("Ann: Snap! 312 ms"), fading after ``life`` seconds."""

    text: str
    colour: tuple[int, int, int]
    seat: int | None = None
    ms: int | None = None  # a call's reaction time (told again with the call's result)
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
    banner: tuple[str, float] | None = None
    over: bool = False

    @classmethod
    def of(cls, state: Any, names: list[str]) -> SnapModel:
        """The model of ``state`` as it stands (no animation): a new table, or one caught up with a save."""
        book = SpriteBook()

        def pile(cards: list[Any]) -> Pile:
            return Pile(book.new(c) for c in cards)

        n = state.num_seats
        return cls(n, state.variant, [len(d) for d in state.down], [pile(p) for p in state.up], pile(state.shared),
                   pile(state.pot), [not state.is_in(s) for s in range(n)], names, book, over=state.is_over)

    def pile(self, key: Any) -> Pile:
        if key == POT:
            return self.pot
        return self.shared if key == SHARED else self.up[key]

    def cards(self, key: Any) -> list[Any]:
        return list(self.pile(key).cards)

    def matches(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The piles a "Snap!" and a "Snap Pot!" would take now, as the table shows them."""
        up = [self.cards(s) for s in range(self.num_seats)]
        shared = self.cards(SHARED)
        return snap_piles(self.variant, up, shared), pot_piles(self.variant, up, shared, self.cards(POT))

    # --- time ---------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    @property
    def still(self) -> bool:
        """Nothing on the table moves, fades or flashes."""
        return not (self.flights or self.callouts or self.lit or self.red or self.popped or self.banner)

    def update(self, dt: float, instant: bool = False) -> None:
        for f in self.flights:
            f.tween.update(dt if not instant else 1e6)
            if f.tween.done and not f.landed:
                f.landed = True
                if f.on_land:
                    f.on_land()
        self.flights = [f for f in self.flights if not f.landed]
        for c in self.callouts:
            c.age += dt
        self.callouts = [c for c in self.callouts if c.age < c.life][-4:]
        for table in (self.lit, self.red):
            for k in list(table):
                table[k] -= dt
                if table[k] <= 0:
                    del table[k]
        for k in list(self.popped):
            self.popped[k] += dt
            if self.popped[k] > 0.3:
                del self.popped[k]
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 or self.over else None

    def flying(self) -> set[int]:
        return {f.sprite.id for f in self.flights}

    def finish(self) -> None:
        """Land every flight at once (catching up, or animation off)."""
        self.update(0.0, instant=True)


Places = Callable[[Any], pygame.Rect]
"""Where a pile is drawn: (seat, SHARED or POT) -> rect; ("down", seat) -> that seat's face-down stack."""


def take_in(model: SnapModel, events: list[Any], place: Places, factor: float, humans: list[int],
            toast: Callable[[str], None] | None = None) -> None:
    """Follow ``events`` (in order): change the model at once and start the flights and callouts they show."""
    name = model.names
    stagger = 0.035

    def fly(sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, delay: float,
            on_land: Callable[[], None] | None = None) -> None:
        if factor <= 0:
            if on_land:
                on_land()
            return
        model.flights.append(flight(sprite, face_up, start, end, 0.42, delay, on_land, factor))

    def say(callout: Callout) -> None:
        """One callout at a time: the newest replaces the older ones (a resolved call never stacks on its result)."""
        model.callouts[:] = [callout]

    for event in events:
        if isinstance(event, Flipped):
            key = event.pile
            model.pile(key).append(model.sprites.new(event.card))
            model.down[event.seat] -= 1
            model.popped[key] = 0.0
        elif isinstance(event, PileTurnedOver):
            model.up[event.seat].clear()
            model.down[event.seat] += event.count
            say(Callout(f"{name[event.seat]} {verb(name[event.seat], 'turns')} the pile over", CALM,
                                          event.seat, life=1.4))
        elif isinstance(event, Called):
            snaps, pots = model.matches()
            for key in (snaps if event.call == SNAP else pots):
                model.lit[key] = 1.2
            if event.call != SNAP:
                model.lit[POT] = 1.2
            word = CALL_WORDS[event.call]
            tie = "  (a tie?)" if event.joined else ""
            say(Callout(f"{name[event.seat]}: {word} {event.reaction_ms} ms{tie}", GOOD, event.seat, event.reaction_ms))
        elif isinstance(event, SnapWon):
            keys: list[Any] = list(event.piles) + ([POT] if event.from_pot else [])
            target = place(("down", event.seat))
            i = 0
            for key in keys:
                start = place(key)
                for sprite in list(model.pile(key)):
                    fly(sprite, True, start, target, i * stagger)
                    i += 1
                model.pile(key).clear()
            for key in keys:  # the piles changed hands: nothing left to glow
                model.lit.pop(key, None)
            model.down[event.seat] += len(event.cards)
            pot = " and the pot" if event.from_pot else ""
            took = f"{name[event.seat]} {verb(name[event.seat], 'takes')} {len(event.cards)} cards{pot}"
            say(Callout(f"{took} in {event.reaction_ms} ms!", GOOD, event.seat))
        elif isinstance(event, SnapTied):
            target = place(POT)
            taken = [(sprite, key) for key in event.piles for sprite in model.pile(key)]
            for key in event.piles:
                model.pile(key).clear()
                model.lit.pop(key, None)
            for i, card in enumerate(event.cards):  # the pot's order: the matching cards end on top
                k = next(k for k, (sprite, _) in enumerate(taken) if sprite.card == card)
                sprite, key = taken.pop(k)
                model.pot.append(sprite)
                fly(sprite, True, place(key), target, i * stagger)
            who = " and ".join(name[s] for s in event.seats)
            say(Callout(f"Tie: {who}! The cards go to the snap pot ({event.pot_size}).", GOOD, None, life=2.6))
        elif isinstance(event, CallLapsed):
            who = " and ".join(name[s] for s in event.seats)
            last = model.callouts[-1] if model.callouts else None
            if last is not None and last.colour == GOOD and last.ms is None and last.seat is not None:  # joins the win
                last.text += f"  ({who}: too late)"
            else:
                say(Callout(f"{who}: too late, the match is gone (no penalty)", CALM, None, life=1.6))
        elif isinstance(event, FalseCall):
            model.red[event.seat] = 0.9
            word = CALL_WORDS[event.call]
            say(Callout(f"{name[event.seat]}: {word} Wrong: {event.reason}", BAD, event.seat, life=2.6))
            if toast is not None and event.seat in humans:
                toast(f"{name[event.seat]}: wrong call ({event.reason}). One card to each player.")
        elif isinstance(event, PenaltyPaid):
            start = place(("down", event.seat))
            for i, other in enumerate(event.paid):
                model.down[event.seat] -= 1
                model.down[other] += 1
                fly(model.sprites.new(_BACK), False, start, place(("down", other)), i * 0.06)
        elif isinstance(event, Eliminated):
            model.out[event.seat] = True  # told as a callout: a banner would cover the cards in play
            say(Callout(f"{says(name[event.seat], 'is')} out: "
                                          f"{event.reason}.", BAD, event.seat, life=3.0))
        elif isinstance(event, GameOver):
            model.over = True
            model.banner = (result_line(event, name), 99.0)


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


class _Back:
    """What a face-down penalty card shows (never drawn face up)."""

    def __repr__(self) -> str:
        return "back"


_BACK: Any = _Back()

__all__ = ["SnapModel", "Callout", "take_in", "result_line", "reason_line", "POT", "SHARED", "SHARED_PILE"]

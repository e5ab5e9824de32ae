"""Flights: card sprites moving between places, in steps played one after another.

A table turns engine events into *steps*; a step, when its turn comes, moves the
model a little (a card leaves the stock) and returns the flights it starts.  The
next step starts when every flight of the current one has landed, and a flight's
``on_land`` puts the card where it arrived.  Time comes from ``dt`` only.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

import pygame

from game.base.cardart import CardArt
from game.kit.sprites import CardSprite, Face, blit_card
from game.kit.tweens import Tween, out_cubic


@dataclass
class Flight:
    """A sprite moving between two places; ``face_up`` is decided once, when the flight is made."""

    sprite: CardSprite
    face_up: bool
    start: pygame.Rect
    end: pygame.Rect
    tween: Tween
    on_land: Callable[[], None] | None = None
    landed: bool = False
    _at: tuple[float, ...] = field(default=(), repr=False, compare=False)  # the tween time and places of _rect
    _rect: pygame.Rect | None = field(default=None, repr=False, compare=False)

    @property
    def card(self) -> Face:
        return self.sprite.card

    @property
    def rect(self) -> pygame.Rect:
        """Where the card is now (worked out once per frame: a busy frame asks dozens of times)."""
        at = (self.tween.elapsed, *self.start, *self.end)
        if self._rect is None or self._at != at:
            self._rect, self._at = self._place(), at
        return pygame.Rect(self._rect)

    def _place(self) -> pygame.Rect:
        """Its size switches from the start size to the end size halfway
        (card art is cached per size, so a flight never renders a card at a new size each frame)."""
        x, y = self.tween.value
        size = self.start.size if self.tween.progress < 0.5 else self.end.size
        k = self.tween.ease(self.tween.progress)  # type: ignore[operator]
        cx = x + self.start.w / 2 + (self.end.w - self.start.w) / 2 * k
        cy = y + self.start.h / 2 + (self.end.h - self.start.h) / 2 * k
        r = pygame.Rect((0, 0), size)
        r.center = (round(cx), round(cy))
        return r


class Later(NamedTuple):
    """A flight made only when it is about to take off: ``make()`` once its step's clock (the time its eager flights'
    tweens have run) reaches ``delay``, its tween's own delay.  A step of many staggered flights (a deal) then builds
    each in the frame it leaves, not all of them in its first; the flight is the same, at the same tween time.  A
    step's later flights are made in order of ``delay`` (the order in its list where delays are equal), whatever
    their order in the list."""

    delay: float
    make: Callable[[], Flight]


Step = Callable[[], "list[Flight | Later]"]


class OwnFrame(NamedTuple):
    """A step that never starts on the frame the last step's flights landed, but on the next (when animated): a
    deal after a round's last card lands repaints every panel, and the landing frame has its own repaints (the
    pile, the log's lines, the headers).  The next frame plays it at the same tween time the landing frame's
    start would have reached, so every later frame is the same; only the landing frame still shows the table
    as the last card left it."""

    step: Step

    def __call__(self) -> "list[Flight | Later]":
        return self.step()


def flight(sprite: CardSprite, face_up: bool, start: pygame.Rect, end: pygame.Rect, duration: float,
           delay: float = 0.0, on_land: Callable[[], None] | None = None, factor: float = 1.0) -> Flight:
    """A flight of ``duration`` seconds after ``delay``, both scaled by the animation ``factor``."""
    tween = Tween((start.x, start.y), (end.x, end.y), duration * factor, delay * factor, out_cubic)
    return Flight(sprite, face_up, pygame.Rect(start), pygame.Rect(end), tween, on_land)


class FlightQueue:
    """The queued steps and the flights in the air."""

    def __init__(self) -> None:
        self.steps: deque[Step] = deque()
        self.flights: list[Flight] = []
        self.later: deque[Later] = deque()  # the current step's flights not made yet (:class:`Later`)
        self._clock = 0.0  # the current step's time, as its flights' tweens count it

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.steps or self.later)

    def queue(self, step: Step) -> None:
        self.steps.append(step)

    def update(self, dt: float, instant: bool = False, landed: bool = False) -> None:
        """Start the next step when the air is clear (an :class:`OwnFrame` not on a frame a flight ``landed``), move
        every flight and land those that arrive."""
        while not self.flights and not self.later and self.steps:
            if landed and not instant and isinstance(self.steps[0], OwnFrame):
                break
            made = self.steps.popleft()()
            self.flights = [f for f in made if not isinstance(f, Later)]
            self.later = deque(sorted((f for f in made if isinstance(f, Later)), key=lambda f: f.delay))
            self._clock = 0.0
            if instant:
                for f in self.flights:
                    f.tween.elapsed = f.tween.delay + f.tween.duration
        while self.later and (instant or self.later[0].delay <= self._clock + dt):  # it takes off this frame
            f = self.later.popleft().make()
            f.tween.elapsed = f.tween.delay + f.tween.duration if instant else self._clock
            self.flights.append(f)
        self._clock += dt
        for f in self.flights:
            f.tween.update(dt)
            if f.tween.done and not f.landed:
                f.landed = True
                if f.on_land:
                    f.on_land()
        if self.flights and not self.later and all(f.landed for f in self.flights):
            self.flights = []
            if self.steps:
                self.update(0.0, instant, landed=True)

    def finish(self) -> None:
        """Play every queued step at once and land every card (catching up with a saved game)."""
        while self.steps:
            for f in self.steps.popleft()():
                f = f.make() if isinstance(f, Later) else f
                if f.on_land:
                    f.on_land()
        self.flights, self.later = [], deque()

    def flying(self) -> set[int]:
        """The ids of the sprites in the air (their places draw nothing while they fly)."""
        return {f.sprite.id for f in self.flights}

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        for f in self.flights:
            blit_card(art, surface, f.card, f.rect, f.face_up)

"""Flights: card sprites moving between places, in steps played one after another.

A table turns engine events into *steps*; a step, when its turn comes, moves the
model a little (a card leaves the stock) and returns the flights it starts.  The
next step starts when every flight of the current one has landed, and a flight's
``on_land`` puts the card where it arrived.  Time comes from ``dt`` only.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable

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


Step = Callable[[], list[Flight]]


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

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.steps)

    def queue(self, step: Step) -> None:
        self.steps.append(step)

    def update(self, dt: float, instant: bool = False) -> None:
        """Start the next step when the air is clear, move every flight and land those that arrive."""
        while not self.flights and self.steps:
            self.flights = self.steps.popleft()()
            if instant:
                for f in self.flights:
                    f.tween.elapsed = f.tween.delay + f.tween.duration
        for f in self.flights:
            f.tween.update(dt)
            if f.tween.done and not f.landed:
                f.landed = True
                if f.on_land:
                    f.on_land()
        if self.flights and all(f.landed for f in self.flights):
            self.flights = []
            if self.steps:
                self.update(0.0, instant)

    def finish(self) -> None:
        """Play every queued step at once and land every card (catching up with a saved game)."""
        while self.steps:
            for f in self.steps.popleft()():
                if f.on_land:
                    f.on_land()
        self.flights = []

    def flying(self) -> set[int]:
        """The ids of the sprites in the air (their places draw nothing while they fly)."""
        return {f.sprite.id for f in self.flights}

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        for f in self.flights:
            blit_card(art, surface, f.card, f.rect, f.face_up)

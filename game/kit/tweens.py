"""Time-based tweens with easing; everything that moves on screen moves through these."""

from __future__ import annotations

from dataclasses import dataclass


def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def linear(t: float) -> float:
    return t


@dataclass
class Tween:
    """A value going from ``start`` to ``end`` over ``duration`` seconds after ``delay``."""

    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    ease: object = out_cubic
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> tuple[float, float]:
        k = self.ease(self.progress)  # type: ignore[operator]
        return (self.start[0] + (self.end[0] - self.start[0]) * k, self.start[1] + (self.end[1] - self.start[1]) * k)

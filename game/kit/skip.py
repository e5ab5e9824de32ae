"""Skip to the end: once every human at a race table is out, the bots' game is played on at once.

Game-neutral.  The table's own driver plays the engine on exactly as if the
game were watched (the same bots' actions at their own sampled times, the
engine's timers), only without waiting in real time: game time goes forward in
fixed steps of :data:`STEP_MS`, :data:`STEPS_PER_FRAME` of them each frame (the
window keeps answering), and nothing is animated.  The record, the result and
the statistics are the watched game's; a table's frame-timed guards (Ratscrew's
stall re-roll) see steps of :data:`STEP_MS`, as they would at that frame time.

The offer comes :data:`OFFER_AFTER_S` after the last human went out, so a
click or key meant for the game can't take it by accident.
"""

from __future__ import annotations

from typing import Callable

import pygame

STEP_MS = 100
STEPS_PER_FRAME = 200
"""20 s of game time a frame: a long bot game ends in a few seconds."""
OFFER_AFTER_S = 1.5
LABEL = "Skip to the end"
KEY = pygame.K_END
KEY_NAME = "End"


class SkipToEnd:
    """The offer (once every human is out) and the skipping (once taken)."""

    def __init__(self) -> None:
        self.out_for = 0.0  # seconds every human has been out
        self.skipping = False

    def watch(self, humans_out: bool, dt: float) -> None:
        """Called each frame: whether every human seat is out of the game now."""
        self.out_for = self.out_for + dt if humans_out else 0.0

    @property
    def offered(self) -> bool:
        return not self.skipping and self.out_for >= OFFER_AFTER_S

    def take(self) -> bool:
        """The player asked to skip: True if it was on offer (skipping starts with the next frame)."""
        if not self.offered:
            return False
        self.skipping = True
        return True

    def run(self, step: Callable[[float], None], over: Callable[[], bool]) -> None:
        """This frame's share: ``step(seconds)`` plays :data:`STEP_MS` of game time, until ``over()``."""
        for _ in range(STEPS_PER_FRAME):
            if over():
                return
            step(STEP_MS / 1000)


__all__ = ["SkipToEnd", "STEP_MS", "STEPS_PER_FRAME", "OFFER_AFTER_S", "LABEL", "KEY", "KEY_NAME"]

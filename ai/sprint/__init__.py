"""Opponents for Sprint, Snap, Score: four levels, hints, the arena and the turn scheduler.

* :func:`make_bot` builds a bot of a level in :data:`LEVELS`; bots decide from an
  :class:`~engine.sprint.Observation` alone, never from the full state.
* :func:`hint` suggests an action with a one-line reason (the UI's Hint button).
* :mod:`ai.scheduler` runs bots between frames; ``python -m ai.arena`` measures them.

Importing this package does no work and never imports pygame.
"""

from __future__ import annotations

from engine.games import GAMES

from .bots import Apprentice, Bot, Standard, Strategist
from .hints import Hint, hint
from .master import Master

LEVELS = ("apprentice", "standard", "strategist", "master")

_INFO = GAMES["sprint"]
LEVEL_NAMES = {lv.id: lv.name for lv in _INFO.levels}
LEVEL_BLURBS = {lv.id: lv.blurb for lv in _INFO.levels}
"""Names and blurbs come from the registry (:mod:`engine.games`), the one place menus read them."""


def make_bot(level: str, seed: int | None = None, think_ms: int = 1000) -> Bot:
    """A bot of ``level`` (an id from :data:`LEVELS`); ``think_ms`` is Master's budget."""
    if level == "apprentice":
        return Apprentice(seed)
    if level == "standard":
        return Standard(seed)
    if level == "strategist":
        return Strategist(seed)
    if level == "master":
        return Master(seed, think_ms=think_ms)
    known = ", ".join(LEVELS)
    raise ValueError(f"unknown AI level {level!r}: choose one of {known}")


__all__ = [
    "LEVELS", "LEVEL_NAMES", "LEVEL_BLURBS", "make_bot", "hint", "Hint",
    "Bot", "Apprentice", "Standard", "Strategist", "Master",
]

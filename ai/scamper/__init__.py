"""Scamper opponents (Easy, Standard, Hard; and Expert, measured but not offered), their arena and their timing.

Bots decide from an :class:`~engine.scamper.Observation` alone.  Importing this
package does no work and never imports pygame.
"""

from __future__ import annotations

from typing import Any

from .bots import Bot, Easy, Hard, HoldRule, Standard
from .expert import Expert, ExpertParams

LEVELS = ("easy", "standard", "hard")
"""The levels the game offers (the registry's, :mod:`engine.games`)."""

STUDY_LEVELS = ("expert",)
"""Built and measured, not offered: Expert did not measurably beat Hard (README, Scamper's bots)."""

BOT_LEVELS = LEVELS + STUDY_LEVELS
"""Every level :func:`make_bot`, the arena and the timing know."""

_CLASSES: dict[str, type[Bot]] = {"easy": Easy, "standard": Standard, "hard": Hard, "expert": Expert}


def bot_class(level: str) -> type[Bot]:
    try:
        return _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown Scamper level {level!r}: choose one of {', '.join(_CLASSES)}") from None


def make_bot(level: str, seed: int | None = None, hold: bool | HoldRule = True, **settings: Any) -> Bot:
    """A bot of ``level`` (one of :data:`BOT_LEVELS`).  Hard and Expert hold by the :class:`HoldRule`, another rule
    given as ``hold``, or never (``hold=False``); Expert takes other weights as ``params``
    (:class:`ExpertParams`).  Other settings (a table's ``think_ms``) are accepted and ignored.
    """
    cls = bot_class(level)
    rule = HoldRule() if hold is True else hold or None
    if issubclass(cls, Expert) and "params" in settings:
        return cls(seed, hold=rule, params=settings["params"])
    if issubclass(cls, Hard):
        return cls(seed, hold=rule)
    return cls(seed)


__all__ = ["LEVELS", "STUDY_LEVELS", "BOT_LEVELS", "make_bot", "bot_class", "Bot", "Easy", "Standard", "Hard", "HoldRule", "Expert", "ExpertParams"]

"""Scamper opponents (Easy, Standard, Hard), their arena and their timing.

Bots decide from an :class:`~engine.scamper.Observation` alone.  Importing this
package does no work and never imports pygame.
"""

from __future__ import annotations

from typing import Any

from .bots import Bot, Easy, Hard, HoldRule, Standard, bot_class

LEVELS = ("easy", "standard", "hard")


def make_bot(level: str, seed: int | None = None, hold: bool | HoldRule = True, **settings: Any) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`).  Hard holds by its :class:`HoldRule`, another rule given
    as ``hold``, or never (``hold=False``).  Other settings (a table's ``think_ms``) are accepted and ignored.
    """
    cls = bot_class(level)
    if issubclass(cls, Hard):
        return cls(seed, hold=HoldRule() if hold is True else hold or None)
    return cls(seed)


__all__ = ["LEVELS", "make_bot", "Bot", "Easy", "Standard", "Hard", "HoldRule"]

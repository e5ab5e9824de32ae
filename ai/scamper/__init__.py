"""Scamper opponents (Easy, Standard, Hard), their arena and their timing.

Bots decide from an :class:`~engine.scamper.Observation` alone.  Importing this
package does no work and never imports pygame.
"""

from __future__ import annotations

from typing import Any

from .bots import Bot, Easy, Hard, Standard, bot_class

LEVELS = ("easy", "standard", "hard")


def make_bot(level: str, seed: int | None = None, **settings: Any) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`); settings are accepted and ignored (none yet)."""
    return bot_class(level)(seed)


__all__ = ["LEVELS", "make_bot", "Bot", "Easy", "Standard", "Hard"]

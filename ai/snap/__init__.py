"""Snap's bots (:mod:`.bots`) and its part of the one arena (:mod:`.arena`).

Importing this package does no work and never imports pygame.
"""

from __future__ import annotations

from .bots import LEVELS, SnapEye, make_bot

__all__ = ["SnapEye", "make_bot", "LEVELS"]

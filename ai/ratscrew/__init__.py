"""Ratscrew's bots (:mod:`.bots`) and its part of the one arena (:mod:`.arena`).

Importing this package does no work and never imports pygame.
"""

from __future__ import annotations

from .bots import (
    DEPTH_COST,
    LEVELS,
    MAX_FACTOR,
    RECOGNITION,
    RatscrewBot,
    can_snap,
    depth,
    lay_due,
    make_bot,
    recognition_factor,
    valid_snaps,
)

__all__ = ["RECOGNITION", "DEPTH_COST", "MAX_FACTOR", "LEVELS", "RatscrewBot", "make_bot", "recognition_factor",
           "valid_snaps", "can_snap", "lay_due", "depth"]

"""The end of a game at a table: the winning or the losing sound for the local humans."""

from __future__ import annotations

from typing import Any


def play_end_sound(table: Any) -> None:
    """The winning sound if a local human placed first (the engine's outcome), else the losing one; none at a table
    with no local human (bots only, or a replay: it has none)."""
    if table.humans:
        won = any(table.state.outcome().placings[s] == 1 for s in table.humans)
        table.app.sound.play("round_won" if won else "round_lost")

"""Scamper's "the state moved on" key for the game-neutral :class:`ai.scheduler.TurnScheduler`.

Scamper's table runs its bots with ``TurnScheduler(bots, delay, key=scamper_key,
timed=True)``: its bots decide in one go (their ``think`` generator finishes at
its first step) and each decision's time is kept so the headless bench can
report its p99 at the table.
"""

from __future__ import annotations

from typing import Any


def scamper_key(state: Any) -> tuple[object, ...]:
    """The round object, round, seat, phase and the sizes of the piles it could change."""
    seat = state.current
    return (id(state), state.round_index, seat, state.phase, len(state.hands[seat]), len(state.stock),
            len(state.discard), len(state.melds), state.called)

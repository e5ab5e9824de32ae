"""Snap's bots: they watch the face-up cards, call, miss and blunder at their level's rates, and flip at a human pace.

The level's reaction times and error rates live in :data:`ai.reflex.REFLEXES`;
:func:`make_bot` wraps :class:`SnapEye` in a :class:`~ai.reflex.ReflexScheduler`
that the table (or a headless tool) drives with :func:`ai.reflex.run_until`.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.snap import SNAP, SNAP_POT, Flip, Observation, Phase, Snap, SnapPot

from ..matched import ReactionProfile, scheduler_for
from ..reflex import Intent, ReflexScheduler, Urge

LEVELS = ("easy", "medium", "hard", "custom", "matched-gentle", "matched-even", "matched-tough")


class SnapEye:
    """What a Snap player would do on seeing an observation (before reflexes and errors)."""

    def may_call(self, observation: Observation, seat: int) -> bool:
        """Whether ``seat`` may call at all now (still in): a Matched bot learns only from matches they could call."""
        return not observation.out[seat]

    def reactions(self, observation: Any) -> list[Intent]:
        obs: Observation = observation
        if obs.phase is Phase.OVER or obs.out[obs.seat]:
            return []
        intents = []
        if obs.pot_piles():
            if not obs.has_called(SNAP_POT):
                intents.append(Intent(SnapPot(), Urge.CLAIM))  # the pot is the bigger prize
        elif obs.snap_piles():
            if not obs.has_called(SNAP):
                intents.append(Intent(Snap(), Urge.CLAIM))
        elif not obs.calls:
            intents.append(Intent(Snap(), Urge.MISTAKE))
        if obs.can_flip:
            intents.append(Intent(Flip(), Urge.PACE))
        return intents


def make_bot(level: str, seed: int | None = None, mean_ms: float | None = None,
             opponents: Mapping[int, ReactionProfile] | None = None, **settings: Any) -> ReflexScheduler:
    """A Snap bot of ``level`` ("easy", "medium", "hard", or "custom" with ``mean_ms``;
    a Matched level, "matched-even" ..., learning the humans of ``opponents``), ready for ``run_until``."""
    return scheduler_for(SnapEye(), level, seed, mean_ms, opponents)


__all__ = ["SnapEye", "make_bot", "LEVELS"]

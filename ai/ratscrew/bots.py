"""Ratscrew's bots: they watch the stack, snap at their level's speed and error rates, and lay at a human pace.

A bot sees only its :class:`~engine.ratscrew.Observation` (the face-up stack,
the calls, the count and the pile sizes).  :class:`RatscrewBot` says what it
would do; :func:`make_bot` wraps it in the shared
:class:`~ai.reflex.ReflexScheduler` (the real-time core, as Snap's bots), which
the table or a headless tool drives with :func:`ai.reflex.run_until`.

* Each snap pattern showing is its own event (its ``cue``: the rule and the
  cards that make it).  When a pattern first shows, the scheduler draws a
  reaction time for the bot's level (:data:`ai.reflex.REFLEXES`) and scales it
  by the pattern's recognition factor: the rule's base (:data:`RECOGNITION`: a
  dark queen is seen at a glance, a sandwich takes a second look), made
  :data:`DEPTH_COST` longer per card lying above the pattern, at most
  :data:`MAX_FACTOR`.  A pattern still showing keeps its moment (or its miss)
  as more cards are laid; a new pattern is a new chance.  The first pattern
  the bot reacts to is its snap; once it has snapped it waits.
* Misses and false snaps are the scheduler's, at the level's rates: on every
  change with nothing to snap, a bot that may snap blurts out a wrong snap at
  the level's false-call rate, and is barred for it like anyone.
* It lays in turn after a human-like pause (the level's pace), never out of
  turn, and never while a snap is being settled.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.ratscrew import LAY, SNAP, Observation, Phase, SnapReason

from ..matched import ReactionProfile, scheduler_for
from ..reflex import Intent, ReflexScheduler, Urge

RECOGNITION: dict[str, float] = {
    "dark_queen": 0.8,  # one distinctive card on top
    "calling_out": 0.9,  # the call was just heard and the card just seen
    "standard": 1.0,  # two equal ranks side by side
    "counting_out": 1.1,  # needs the count kept in mind, and another snap beside it
    "sandwich": 1.25,  # equal ranks with a card between them
}
"""Base recognition factor per snap rule (1.0 = the level's plain reaction time)."""

UNKNOWN_RULE = 1.3
"""The factor of a rule not in :data:`RECOGNITION` (a house rule added later)."""

DEPTH_COST = 0.08
"""Extra factor per card lying above a pattern: a pair deep in the stack is seen later."""

MAX_FACTOR = 2.5

LEVELS = ("easy", "medium", "hard", "custom", "matched-gentle", "matched-even", "matched-tough")


def depth(reason: SnapReason, stack: tuple[Any, ...]) -> int:
    """How many cards lie above the topmost card of ``reason``."""
    top = max(stack.index(card) for card in reason.cards)
    return len(stack) - 1 - top


def recognition_factor(reason: SnapReason, stack: tuple[Any, ...]) -> float:
    """How long ``reason`` takes to recognise, relative to a plain reaction (see the module docstring)."""
    base = RECOGNITION.get(reason.rule, UNKNOWN_RULE)
    return min(MAX_FACTOR, base * (1.0 + DEPTH_COST * depth(reason, stack)))


def can_snap(obs: Observation) -> bool:
    """Whether a snap by this seat would be judged at all (not barred, not already in, something to snap)."""
    return (obs.phase is not Phase.OVER and bool(obs.stack) and not obs.barred[obs.seat]
            and obs.seat not in obs.claimed_by)


def valid_snaps(obs: Observation) -> list[tuple[SnapReason, float]]:
    """Every snap this seat could make now, with its recognition factor, quickest first."""
    if not can_snap(obs):
        return []
    found = [(reason, recognition_factor(reason, obs.stack)) for reason in obs.snaps()]
    return sorted(found, key=lambda pair: pair[1])


def lay_due(obs: Observation) -> bool:
    """It is this seat's turn, it has a card, and no snap is being settled."""
    return obs.phase is Phase.PLAY and obs.turn == obs.seat and obs.pile_sizes[obs.seat] > 0


class RatscrewBot:
    """What a Ratscrew player would do on seeing an observation (before reflexes and errors): a :class:`~ai.reflex.ReflexBot`."""

    def claims(self, observation: Observation) -> list[tuple[SnapReason, float]]:
        """Every snap pattern this seat could claim now, with its recognition factor, quickest first."""
        return valid_snaps(observation)

    def wants_to_lay(self, observation: Observation) -> bool:
        """Whether the bot should lay (at a human pace) now."""
        return lay_due(observation)

    def may_call(self, observation: Observation, seat: int) -> bool:
        """Whether ``seat`` may snap at all now (not barred): a Matched bot learns only from matches they could call."""
        return not observation.barred[seat]

    def reactions(self, observation: Any) -> list[Intent]:
        obs: Observation = observation
        intents = [Intent(SNAP, Urge.CLAIM, (reason.rule, reason.cards), factor) for reason, factor in self.claims(obs)]
        if not intents and can_snap(obs):
            intents.append(Intent(SNAP, Urge.MISTAKE))
        if self.wants_to_lay(obs):
            intents.append(Intent(LAY, Urge.PACE))
        return intents


def make_bot(level: str, seed: int | None = None, mean_ms: float | None = None,
             opponents: Mapping[int, ReactionProfile] | None = None, **settings: Any) -> ReflexScheduler:
    """A Ratscrew bot of ``level`` ("easy", "medium", "hard", or "custom" with ``mean_ms``;
    a Matched level, "matched-even" ..., learning the humans of ``opponents``), ready for ``run_until``."""
    return scheduler_for(RatscrewBot(), level, seed, mean_ms, opponents)


__all__ = ["RECOGNITION", "DEPTH_COST", "MAX_FACTOR", "LEVELS", "RatscrewBot", "make_bot", "recognition_factor",
           "valid_snaps", "can_snap", "lay_due", "depth"]

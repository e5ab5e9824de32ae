"""Ratscrew bots, the pure part: which snaps a seat can see, how quickly each is recognised, when to lay.

A bot sees only its :class:`~engine.ratscrew.Observation` (the face-up stack
and the pile sizes).  Timing is not decided here: the shared reflex scheduler
(Snap's real-time core) draws a reaction time per event for the bot's level and
scales it by the recognition factor of the claim.  A factor is the rule's base
(:data:`RECOGNITION`: a dark queen is seen at a glance, a sandwich takes a
second look) times :data:`DEPTH_COST` per card lying above the pattern, up to
:data:`MAX_FACTOR`.  Misses and false calls are the scheduler's, per level.

:class:`RatscrewBot` is what the scheduler plugs in:
``claims(observation) -> list[(action, recognition_factor)]`` and
``wants_to_lay(observation) -> bool``.
"""

from __future__ import annotations

from typing import Any

from engine.ratscrew import SNAP, Action, Observation, Phase, SnapReason

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

LEVELS = ("easy", "medium", "hard")


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
    """A Ratscrew opponent for the reflex scheduler; it never lays out of turn or snaps at nothing by itself."""

    def __init__(self, level: str = "medium", seed: int | None = None, **settings: Any) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")
        self.level = level
        self.seed = seed
        self.settings = settings  # for the scheduler (e.g. a custom mean reaction time)

    def claims(self, observation: Observation) -> list[tuple[Action, float]]:
        """The snap to claim now and its recognition factor (the quickest-seen valid rule), or nothing."""
        found = valid_snaps(observation)
        return [(SNAP, found[0][1])] if found else []

    def wants_to_lay(self, observation: Observation) -> bool:
        """Whether the bot should lay (at a human pace) now."""
        return lay_due(observation)


def make_bot(level: str, seed: int | None = None, **settings: Any) -> RatscrewBot:
    """The registry's bot factory (``GameInfo.bots``)."""
    return RatscrewBot(level, seed, **settings)

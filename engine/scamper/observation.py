"""What one seat may know.  Bots decide from this alone; the engine checks legality on it."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .rules import legal_actions, refusal
from .seen import Seen


@dataclass(frozen=True, slots=True)
class Observation(Seen):
    """One seat's view (the fields are :class:`~engine.scamper.seen.Seen`'s), with its legality."""

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions in a fixed order (empty when it is not its turn)."""
        return legal_actions(self)

    def why_illegal(self, action: object) -> str | None:
        return refusal(self, action)

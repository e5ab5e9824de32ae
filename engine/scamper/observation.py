"""What one seat may know.  Bots decide from this alone; the engine checks legality on it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .rules import legal_actions, refusal
from .seen import Seen


@dataclass(frozen=True, slots=True)
class Observation(Seen):
    """One seat's view (the fields are :class:`~engine.scamper.seen.Seen`'s), with its legality.

    The legal actions are a function of the fields alone, so they are worked out once per observation and kept
    on it (``_legal``: not a field of the view -- not compared, not shown, not copied by ``dataclasses.replace``,
    which builds a new observation with its own): the turn scheduler counting the choices and the bot deciding
    share one listing.
    """

    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions in a fixed order (empty when it is not its turn); a new list each call."""
        legal = self._legal
        if legal is None:
            legal = tuple(legal_actions(self))
            object.__setattr__(self, "_legal", legal)  # a memo of a pure function of the frozen fields
        return list(legal)

    def why_illegal(self, action: object) -> str | None:
        return refusal(self, action)

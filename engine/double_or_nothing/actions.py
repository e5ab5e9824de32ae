"""The words of Double or Nothing: its modes, its phases and the actions besides plays.

A :class:`~.plays.Play` is an action too; with :class:`Pass` and :class:`Pick`
it makes :data:`Action`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Sequence, Union

from .plays import Play, Rules, Strength, legal_plays, wrapped_answer_refused


class Mode(StrEnum):
    RUN = "run"
    DUEL = "duel"


class Phase(Enum):
    PLAY = "play"  # the side to move leads or answers
    PICK = "pick"  # the runner picks an upgrade
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the trick: draw the pass size; the other side takes the play area and leads."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Pick:
    """The runner takes one of the offered upgrades."""

    upgrade: str

    def __str__(self) -> str:
        return f"pick {self.upgrade}"


PASS = Pass()
Action = Union[Play, Pass, Pick]


def legal_actions_for(phase: Phase, offer: Sequence[str], hand: Sequence[int], rules: Rules,
                      top: Strength | None) -> list[Action]:
    """The mover's actions in a fixed order: the offer when picking; else plays, then Pass when answering.

    An answer wraps from 8 to 1 only as ``rules.wrap_answers`` allows (Round the Bend).
    """
    if phase is Phase.PICK:
        return [Pick(u) for u in offer]
    if phase is Phase.OVER:
        return []
    plays = legal_plays(hand, rules, top)
    if top is not None and rules.wrap and rules.wrap_answers != 1:
        plays = [p for p in plays if not p.wraps or wrapped_answer_refused(p, rules) is None]
    actions: list[Action] = list(plays)
    if top is not None:
        actions.append(PASS)
    return actions


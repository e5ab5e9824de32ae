"""Ratscrew's house rules: each snap rule on or off, how calls run, where an out-of-turn card goes.

:data:`OPTIONS` are the :class:`~engine.core.Option` s on the New game screen
(one per snap rule in :data:`~engine.ratscrew.snaps.SNAP_RULES`, so a new rule
gets its switch for free); :class:`HouseRules` is the same choice as the
engine reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..core import EDITION, Option, edition_option, resolve_options
from .snaps import SNAP_RULES

ON_OFF = ((True, "On"), (False, "Off"))
CALLS_OVER_GAME = "game"
CALLS_PER_STACK = "stack"
OUT_OF_TURN_BOTTOM = "bottom"
OUT_OF_TURN_KEPT = "kept"

OPTIONS: tuple[Option, ...] = tuple(
    Option(rule.key, rule.label, ON_OFF, True, rule.help) for rule in SNAP_RULES
) + (
    Option("calls", "Calls", ((CALLS_OVER_GAME, "Run over the whole game"), (CALLS_PER_STACK, "Restart with each new stack")),
           CALLS_OVER_GAME, "Whether the call goes back to ace when a stack is won."),
    Option("out_of_turn", "Laying out of turn",
           ((OUT_OF_TURN_BOTTOM, "The card goes under the stack"), (OUT_OF_TURN_KEPT, "The card is kept")),
           OUT_OF_TURN_BOTTOM, "Where the card goes when someone lays out of turn (they are barred either way)."),
    edition_option(2, "bars were lifted once everyone still holding cards was barred"),
)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The house rules of one game, as the engine reads them."""

    snap_rules: tuple[str, ...] = tuple(rule.key for rule in SNAP_RULES)  # keys of the rules in play
    calls_per_stack: bool = False
    out_of_turn_kept: bool = False
    edition: int = 2  # 1: the first rules (bars lifted when everyone holding cards is barred)

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None) -> HouseRules:
        """From option values (missing ones take their default); ``ValueError`` on a bad one."""
        values = resolve_options(OPTIONS, options)
        return cls(
            tuple(rule.key for rule in SNAP_RULES if values[rule.key]),
            values["calls"] == CALLS_PER_STACK,
            values["out_of_turn"] == OUT_OF_TURN_KEPT,
            values[EDITION],
        )

    @property
    def counting_out(self) -> bool:
        return "counting_out" in self.snap_rules

"""Sprint, Snap, Score's engine: the round (:mod:`.game`), its actions (:mod:`.actions`), events
(:mod:`.events`), what a seat sees (:mod:`.observation`) and its script (:mod:`.script`).

Everything public is importable from here, as from the one module it was before the package.
"""

from __future__ import annotations

from .actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    Action,
    Discard,
    Draw,
    Lay,
    Phase,
    Source,
    action_from_json,
    action_to_json,
    describe_action,
    legal_actions_for,
    refusal,
)
from .events import (
    CardDiscarded,
    CardDrawn,
    DrawSkipped,
    Event,
    FinalRoundStarted,
    MatchLaid,
    ReplacementDrawn,
    RoundOver,
    ScoreLine,
    TurnPassed,
    seen_by,
)
from .game import GAME_ID, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Round, check_deal, new_game, shuffle_hidden
from .observation import Observation

WIRE_HIDDEN: tuple[tuple[str, str], ...] = (("hands", "seat_mask"), ("stock", "cards"))
"""What of the state some seats may not see, for network play: (field, how it is hidden) (see :mod:`engine.wire`)."""


__all__ = [
    "WIRE_HIDDEN",
    "HAND_SIZE", "MIN_PLAYERS", "MAX_PLAYERS", "GAME_ID", "Phase", "Source", "Draw", "Lay", "Discard", "Action",
    "DRAW_STOCK", "DRAW_DISCARD", "CardDrawn", "DrawSkipped", "MatchLaid", "ReplacementDrawn", "CardDiscarded",
    "TurnPassed", "FinalRoundStarted", "ScoreLine", "RoundOver", "Event", "seen_by", "legal_actions_for", "refusal",
    "Round", "check_deal", "Observation", "describe_action", "new_game", "action_to_json", "action_from_json",
    "shuffle_hidden",
]

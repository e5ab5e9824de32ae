"""Sprint, Snap, Score: the engine (:mod:`.game`: the round, its actions and events) and its script (:mod:`.script`).

Everything public of :mod:`engine.sprint.game` is importable from here, as before the package.
"""

from __future__ import annotations

from .game import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GAME_ID,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    CardDiscarded,
    CardDrawn,
    Discard,
    Draw,
    DrawSkipped,
    Event,
    FinalRoundStarted,
    Lay,
    MatchLaid,
    Observation,
    Phase,
    ReplacementDrawn,
    Round,
    RoundOver,
    ScoreLine,
    Source,
    TurnPassed,
    action_from_json,
    action_to_json,
    check_deal,
    describe_action,
    legal_actions_for,
    new_game,
    refusal,
    seen_by,
    shuffle_hidden,
)

__all__ = [
    "HAND_SIZE", "MIN_PLAYERS", "MAX_PLAYERS", "GAME_ID", "Phase", "Source", "Draw", "Lay", "Discard", "Action",
    "DRAW_STOCK", "DRAW_DISCARD", "CardDrawn", "DrawSkipped", "MatchLaid", "ReplacementDrawn", "CardDiscarded",
    "TurnPassed", "FinalRoundStarted", "ScoreLine", "RoundOver", "Event", "seen_by", "legal_actions_for", "refusal",
    "Round", "check_deal", "Observation", "describe_action", "new_game", "action_to_json", "action_from_json",
    "shuffle_hidden",
]

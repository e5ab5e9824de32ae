"""Scamper Sets N' Runs: ten contract rounds with wild cards, lay-offs and swaps, for 2 to 10 players.

The rules module of the registry (id ``scamper``, records ``scamper/1``, lowest
total wins).  Modules: :mod:`~engine.scamper.table` (contracts, packs, points,
options), :mod:`~engine.scamper.actions`, :mod:`~engine.scamper.events`,
:mod:`~engine.scamper.rules` (legality), :mod:`~engine.scamper.observation`,
:mod:`~engine.scamper.sheet` (the score sheet) and :mod:`~engine.scamper.game`
(the state).  Meld logic lives in :mod:`engine.melds`.  The rules have versions
(option ``edition``): records made before issue 22 replay under the first
rules (see :mod:`engine.scamper.game` and :mod:`engine.versions`).
"""

from __future__ import annotations

from typing import Any, Mapping

from .actions import (
    CALL, DRAW_DISCARD, DRAW_STOCK, PASS, Action, AddToMeld, CallScamper, Discard, Draw, LayContract, LayMeld,
    PassCard, Source, SwapWild, action_from_json, action_to_json, describe_action,
)
from .events import Event, seen_by
from .game import ScamperGame, draw_for_dealer, pack, shuffle_hidden
from .observation import Observation
from .sheet import ScoreSheet, SheetLine
from .table import CONTRACTS, GAME_ID, MAX_SEATS, MIN_SEATS, OPTIONS, Phase, Rules, StockOut, card_points, hand_size, packs_for


def new_game(num_seats: int, options: Mapping[str, Any], seed: int) -> ScamperGame:
    """A new game for ``num_seats`` from ``seed``: the first dealer drawn and round 1 dealt."""
    return ScamperGame(num_seats, Rules.from_options(options), seed)


WIRE_HIDDEN: tuple[tuple[str, str], ...] = (("hands", "seat_cards"), ("stock", "cards"), ("seed", "drop_int"))
"""What of the state some seats may not see, for network play: (field, how it is hidden) (see :mod:`engine.wire`)."""


__all__ = [
    "WIRE_HIDDEN",
    "new_game", "action_to_json", "action_from_json", "describe_action", "shuffle_hidden", "seen_by",
    "ScamperGame", "Observation", "Rules", "StockOut", "Phase", "ScoreSheet", "SheetLine", "Event",
    "Action", "Draw", "PassCard", "LayContract", "LayMeld", "AddToMeld", "SwapWild", "CallScamper", "Discard", "Source",
    "DRAW_STOCK", "DRAW_DISCARD", "PASS", "CALL", "CONTRACTS", "OPTIONS", "GAME_ID", "MIN_SEATS", "MAX_SEATS",
    "card_points", "hand_size", "packs_for", "draw_for_dealer", "pack",
]

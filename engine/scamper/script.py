"""Scamper's hooks for ``python -m engine.script``: the game the seed deals, its whole state after each action.

Each round is shuffled again from the seed as it starts, so a script starts
from the seed alone (no ``deck`` or ``state``).  :func:`script_state` gives
``{"round", "contract", "dealer", "current", "phase", "hands", "down",
"stock" (top first), "discard" (top first), "melds": [{"owner", "cards"}],
"scores" (each seat's total so far), "winner"}``: every card, for tests and
tools (a seat's own view is its observation).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import Card
from .game import ScamperGame
from .table import Rules


def script_start(num_seats: int, options: Mapping[str, Any], seed: int, deck: list[Card] | None,
                 state: Mapping[str, Any] | None) -> ScamperGame:
    """The game ``seed`` deals (each round is shuffled from it as it starts)."""
    if deck is not None or state is not None:
        raise ValueError("Scamper shuffles each round from the seed: leave out deck and state and give a seed")
    return ScamperGame(num_seats, Rules.from_options(options), seed)


def _codes(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def script_state(state: ScamperGame) -> dict[str, Any]:
    """The whole game as one JSON object (see the module docstring)."""
    outcome = state.outcome()
    return {
        "round": state.round_index + 1,
        "contract": state.contract_no,
        "dealer": state.dealer,
        "current": state.current,
        "phase": state.phase.value,
        "hands": [_codes(h) for h in state.hands],
        "down": list(state.down),
        "stock": _codes(reversed(state.stock)),
        "discard": _codes(reversed(state.discard)),
        "melds": [{"owner": owner, "cards": _codes(meld.cards)} for meld, owner in zip(state.melds, state.owners)],
        "scores": list(state.sheet.totals),
        "winner": None if outcome is None else list(outcome.winners),
    }

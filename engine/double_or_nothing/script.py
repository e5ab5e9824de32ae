"""Double or Nothing's hooks for ``python -m engine.script``: the game the seed deals, its state after each action.

Hands, decks and the play area are counts per number (1 to 8), so a script
starts from the seed and options alone (``"rules": {"mode": "duel",
"game_number": 3}``; no ``deck`` or ``state``).  :func:`script_state` gives
``{"mode", "phase", "game", "hand", "to_move", "hands" (counts per number, by
seat), "decks" (sizes), "area" (counts), "top" (the play to beat), "top_seat",
"upgrades", "offer", "games_won", "winner"}``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import Card
from ..script import to_json
from . import new_game
from .run import Run


def script_start(num_seats: int, options: Mapping[str, Any], seed: int, deck: list[Card] | None,
                 state: Mapping[str, Any] | None) -> Run:
    """The game ``seed`` deals with these options."""
    if deck is not None or state is not None:
        raise ValueError("Double or Nothing deals counts from the seed: leave out deck and state and give a seed")
    return new_game(num_seats, options, seed)


def script_state(state: Run) -> dict[str, Any]:
    """Both seats' picture as one JSON object (see the module docstring)."""
    seen = [state.observation(seat) for seat in (0, 1)]
    return {
        "mode": to_json(seen[0].mode),
        "phase": to_json(seen[0].phase),
        "game": seen[0].game,
        "hand": seen[0].hand_number,
        "to_move": list(seen[0].to_move),
        "hands": [list(o.hand) for o in seen],
        "decks": [o.deck_size for o in seen],
        "area": list(seen[0].area),
        "top": to_json(seen[0].top),
        "top_seat": seen[0].top_seat,
        "upgrades": to_json(seen[0].upgrades),
        "offer": list(seen[0].offer),
        "games_won": seen[0].games_won,
        "winner": seen[0].winner,
    }
